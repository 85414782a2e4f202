// Block sizes given as braced lists in the launch configuration (nvcc accepts them).
#include <hip/hip_runtime.h>

__global__ void blur(float *out) { out[threadIdx.y * blockDim.x + threadIdx.x] = 0.0f; }

void run(float *out, int rows, hipStream_t stream) {
  const int WIDE = 16;
  blur<<<rows, dim3{WIDE, 6, 1}, 0, stream>>>(out);   // 96 threads
  blur<<<rows, dim3{WIDE, 16}, 0, stream>>>(out);     // 256 threads: fine
  dim3 block = {8, 4, 1};                          // 32 threads
  blur<<<rows, block>>>(out);
}
