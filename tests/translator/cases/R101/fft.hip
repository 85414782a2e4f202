// check:
#include <hipfft/hipfft.h>

int transform(hipfftComplex *data, int n, int batch) {
  hipfftHandle plan;
  if (hipfftPlan1d(&plan, n, HIPFFT_C2C, batch) != HIPFFT_SUCCESS) return 1;
  hipfftResult result = hipfftExecC2C(plan, data, data, HIPFFT_FORWARD);
  hipfftExecC2C(plan, data, data, HIPFFT_BACKWARD);
  hipfftDoubleComplex *wide = nullptr;
  hipfftHandle plan2;
  hipfftPlan2d(&plan2, n, n, HIPFFT_Z2Z);
  hipfftExecZ2Z(plan2, wide, wide, HIPFFT_FORWARD);
  hipfftDestroy(plan2);
  hipfftDestroy(plan);
  return result == HIPFFT_SUCCESS ? 0 : 2;
}
