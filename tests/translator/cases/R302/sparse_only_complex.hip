// check: rocm-6.4
// A cuSPARSE file (no cuBLAS, no cuSOLVER): with --roc its complex data take
// rocSPARSE's complex types, which rocSPARSE's functions take.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <hip/hip_complex.h>
#include <rocsparse/rocsparse.h>

int axpy(rocsparse_handle handle, int nnz, const rocsparse_float_complex *values, const int *indices,
         rocsparse_float_complex *y) {
  rocsparse_float_complex alpha = rocsparse_float_complex(2.0f, 0.0f);
  rocsparse_status status = rocsparse_caxpyi(handle, nnz, &alpha, values, indices, y,
                                           rocsparse_index_base_zero);
  rocsparse_double_complex wide = rocsparse_double_complex(alpha);
  std::printf("alpha %f%+fi, |alpha| %f, wide %f\n", std::real(alpha), std::imag(alpha),
              std::abs(alpha), std::real(wide));
  return status == rocsparse_status_success ? 0 : 1;
}
