// check: hipcc
// A project's HIP compatibility header, included only by its HIP build: every name it
// defines is its own and keeps its spelling; only uses are renamed.
#include <hip/hip_runtime.h>

#define cudaMemcpyDefault hipMemcpyDefault
#define cudaStreamNonBlocking hipStreamNonBlocking
#define __shfl_down_sync(mask, value, delta) __shfl_down(value, delta)
#define hipHostFree cudaFreeHost
using cudaEvent_t = hipEvent_t;
typedef hipError_t cudaError_t;

__device__ inline unsigned long long __activemask() { return __ballot(1); }

// A redeclaration of the CUDA API itself is CUDA's: it is translated.
hipError_t hipDeviceSynchronize(void);

__global__ void reduce_pairs(float *data) {
  data[threadIdx.x] += __shfl_down_sync(0xffffffffffffffff, data[threadIdx.x], 1);
}

int copy_back(float *host, const float *device, size_t bytes) {
  hipStream_t stream;
  hipStreamCreateWithFlags(&stream, hipStreamNonBlocking);
  hipMemcpyAsync(host, device, bytes, hipMemcpyDefault, stream);
  return hipStreamSynchronize(stream) == hipSuccess;
}
