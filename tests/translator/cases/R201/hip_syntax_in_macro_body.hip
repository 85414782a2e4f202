// check: nvcc hipcc
#include <hip/hip_runtime.h>

__global__ void step(float *state, int n) {
  if (threadIdx.x < n) state[threadIdx.x] += 1.0f;
}

#define RUN_STEP(state, n, stream)                      \
  hipLaunchKernelGGL(step, dim3(((n) + 127) / 128), dim3(128), 0, (stream), (state),                                          \
      (n))

int main() {
  float *state = nullptr;
  hipMalloc(&state, 128 * sizeof(float));
  RUN_STEP(state, 128, 0);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
