// check:
#include <cufft.h>

int transform(cufftComplex *data, int n, int batch) {
  cufftHandle plan;
  if (cufftPlan1d(&plan, n, CUFFT_C2C, batch) != CUFFT_SUCCESS) return 1;
  cufftResult result = cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  cufftExecC2C(plan, data, data, CUFFT_INVERSE);
  cufftDoubleComplex *wide = nullptr;
  cufftHandle plan2;
  cufftPlan2d(&plan2, n, n, CUFFT_Z2Z);
  cufftExecZ2Z(plan2, wide, wide, CUFFT_FORWARD);
  cufftDestroy(plan2);
  cufftDestroy(plan);
  return result == CUFFT_SUCCESS ? 0 : 2;
}
