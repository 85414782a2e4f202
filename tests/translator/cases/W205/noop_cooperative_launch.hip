#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void stencil(float *x) {
  cg::this_grid().sync();
  x[threadIdx.x] += 1.0f;
}

__global__ void plain(float *x) { cg::this_thread_block().sync(); }

void run(float *x) {
  void *args[] = {&x};
  hipLaunchCooperativeKernel((void *)stencil, dim3(80), dim3(256), args, 0, 0);
  plain<<<80, 256>>>(x);
}
