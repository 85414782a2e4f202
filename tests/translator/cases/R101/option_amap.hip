// check:
#include <hip/hip_runtime.h>

void unsupported(hipCtx_t context, hipDevice_t device) {
  CUexecAffinityParam parameter;
  cuCtxGetExecAffinity(&parameter, CU_EXEC_AFFINITY_TYPE_SM_COUNT);
  cuDeviceGetTexture1DLinearMaxWidth(nullptr, HIP_AD_FORMAT_FLOAT, 1, device);
}
