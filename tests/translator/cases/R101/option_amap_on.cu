// check:
#include <cuda.h>

void unsupported(CUcontext context, CUdevice device) {
  CUexecAffinityParam parameter;
  cuCtxGetExecAffinity(&parameter, CU_EXEC_AFFINITY_TYPE_SM_COUNT);
  cuDeviceGetTexture1DLinearMaxWidth(nullptr, CU_AD_FORMAT_FLOAT, 1, device);
}
