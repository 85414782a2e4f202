// check: rocm-6.4
// A cuSPARSE file (no cuBLAS, no cuSOLVER): with --roc its complex data take
// rocSPARSE's complex types, which rocSPARSE's functions take.
#include <cstdio>
#include <cuComplex.h>
#include <cusparse.h>

int axpy(cusparseHandle_t handle, int nnz, const cuComplex *values, const int *indices,
         cuComplex *y) {
  cuComplex alpha = make_cuComplex(2.0f, 0.0f);
  cusparseStatus_t status = cusparseCaxpyi(handle, nnz, &alpha, values, indices, y,
                                           CUSPARSE_INDEX_BASE_ZERO);
  cuDoubleComplex wide = cuComplexFloatToDouble(alpha);
  std::printf("alpha %f%+fi, |alpha| %f, wide %f\n", cuCrealf(alpha), cuCimagf(alpha),
              cuCabsf(alpha), cuCreal(wide));
  return status == CUSPARSE_STATUS_SUCCESS ? 0 : 1;
}
