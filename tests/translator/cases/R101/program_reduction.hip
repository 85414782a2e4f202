// check: nvcc hipcc
// Sum of a large array: block-level reduction with warp shuffles and shared memory,
// a second pass over the partial sums, and timing with CUDA events.
//
// Build: nvcc -O3 -o reduction program_reduction.cu
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                 \
  do {                                                                              \
    hipError_t status_ = (call);                                                   \
    if (status_ != hipSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
                   hipGetErrorString(status_));                                    \
      std::exit(EXIT_FAILURE);                                                      \
    }                                                                               \
  } while (0)

constexpr int kBlock = 256;
constexpr int kWarp = 32;

// Reduce a value across the warp: every lane ends with the warp's sum.
__device__ __forceinline__ float warp_reduce(float value) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2) {
    value += __shfl_down(value, offset);
  }
  return value;
}

// One partial sum per block: warps reduce, lane 0 of each warp writes to shared
// memory, then the first warp reduces the warp sums.
__global__ void __launch_bounds__(kBlock) partial_sums(const float *__restrict__ in,
                                                       float *__restrict__ out, size_t n) {
  __shared__ float warp_sums[kBlock / kWarp];
  float sum = 0.0f;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += static_cast<size_t>(blockDim.x) * gridDim.x) {
    sum += in[i];
  }
  sum = warp_reduce(sum);
  const int lane = threadIdx.x % kWarp;
  const int warp = threadIdx.x / kWarp;
  if (lane == 0) warp_sums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < blockDim.x / kWarp ? warp_sums[lane] : 0.0f;
    sum = warp_reduce(sum);
    if (lane == 0) out[blockIdx.x] = sum;
  }
}

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : (1u << 24);
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, device));
  const int blocks = 4 * prop.multiProcessorCount;

  std::vector<float> host(n, 1.0f);
  float *d_in = nullptr, *d_partial = nullptr, *d_total = nullptr;
  CHECK(hipMalloc(&d_in, n * sizeof(float)));
  CHECK(hipMalloc(&d_partial, blocks * sizeof(float)));
  CHECK(hipMalloc(&d_total, sizeof(float)));
  CHECK(hipMemcpy(d_in, host.data(), n * sizeof(float), hipMemcpyHostToDevice));

  hipEvent_t start, stop;
  CHECK(hipEventCreate(&start));
  CHECK(hipEventCreate(&stop));
  CHECK(hipEventRecord(start));
  partial_sums<<<blocks, kBlock>>>(d_in, d_partial, n);
  CHECK(hipGetLastError());
  partial_sums<<<1, kBlock>>>(d_partial, d_total, blocks);
  CHECK(hipGetLastError());
  CHECK(hipEventRecord(stop));
  CHECK(hipEventSynchronize(stop));

  float milliseconds = 0.0f, total = 0.0f;
  CHECK(hipEventElapsedTime(&milliseconds, start, stop));
  CHECK(hipMemcpy(&total, d_total, sizeof(float), hipMemcpyDeviceToHost));
  std::printf("sum of %zu values: %.1f in %.3f ms (%.1f GB/s)\n", n, total, milliseconds,
              n * sizeof(float) / milliseconds / 1e6);

  CHECK(hipEventDestroy(start));
  CHECK(hipEventDestroy(stop));
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_partial));
  CHECK(hipFree(d_total));
  return total == static_cast<float>(n) ? 0 : 1;
}
