// check: nvcc hipcc
// HIP spells out arguments that CUDA's C++ API defaults.
#include <hip/hip_runtime.h>
__constant__ float table[16];
__device__ float out[16];
int main() {
  float h[16] = {};
  hipStream_t s; hipEvent_t e;
  hipStreamCreate(&s); hipEventCreate(&e);
  hipStreamWaitEvent(s, e, 0);
  hipMemcpyToSymbolAsync(HIP_SYMBOL(table), h, sizeof(h), 0, hipMemcpyHostToDevice);
  hipMemcpyToSymbolAsync(HIP_SYMBOL(table), h, sizeof(h), 0, hipMemcpyHostToDevice);
  hipMemcpyToSymbolAsync(HIP_SYMBOL(table), h, sizeof(h), 0, hipMemcpyHostToDevice, s);
  hipMemcpyFromSymbolAsync(h, HIP_SYMBOL(out), sizeof(h), 0, hipMemcpyDeviceToHost);
  hipArray_t a; hipChannelFormatDesc d = hipCreateChannelDesc<float>();
  hipMalloc3DArray(&a, &d, make_hipExtent(4, 4, 4), 0);
  hipGraph_t g; hipGraphExec_t ge; hipGraphCreate(&g, 0);
  hipGraphInstantiateWithFlags(&ge, g, 0);
  return 0;
}
