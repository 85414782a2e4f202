// check:
#include <hip/hip_runtime.h>

void unsupported(hipCtx_t context, hipDevice_t device) {
  hipExecAffinityParam parameter;
  hipCtxGetExecAffinity(&parameter, hipExecAffinityTypeSmCount);
  hipDeviceGetTexture1DLinearMaxWidth(nullptr, HIP_AD_FORMAT_FLOAT, 1, device);
}
