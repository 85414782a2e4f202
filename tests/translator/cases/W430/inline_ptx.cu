#include <cuda_runtime.h>

__device__ unsigned lane_id() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ float load_nc(const float *p) {
  float v;
  asm("ld.global.nc.f32 %0, [%1];\n\t" : "=f"(v) : "l"(p));
  return v;
}
