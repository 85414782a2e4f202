#include <hip/hip_runtime.h>

__global__ void child(int *data) { data[threadIdx.x] += 1; }

__global__ void parent(int *data) {
  if (threadIdx.x == 0) {
    child<<<1, 64>>>(data);
    hipDeviceSynchronize();
  }
}
