// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// CUDA names in macro definitions are translated; macro names stay.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>

// CHECK: #define CUDA_CALL(x) do { hipError_t err = (x); if (err != hipSuccess) { printf("error %d\n", (int)err); return 1; } } while (0)
#define CUDA_CALL(x) do { cudaError_t err = (x); if (err != cudaSuccess) { printf("error %d\n", (int)err); return 1; } } while (0)
// CHECK: #define ALLOC(ptr, bytes) hipMalloc((void **)&(ptr), (bytes))
#define ALLOC(ptr, bytes) cudaMalloc((void **)&(ptr), (bytes))
// CHECK: #define COPY_IN(dst, src, bytes) \
// CHECK-NEXT: hipMemcpy((dst), (src), (bytes), hipMemcpyHostToDevice)
#define COPY_IN(dst, src, bytes) \
  cudaMemcpy((dst), (src), (bytes), cudaMemcpyHostToDevice)
// CHECK: #define STREAM_TYPE hipStream_t
#define STREAM_TYPE cudaStream_t

int main() {
  float *d, h[4] = {0};
  // CHECK: CUDA_CALL(ALLOC(d, sizeof(h)));
  CUDA_CALL(ALLOC(d, sizeof(h)));
  // CHECK: CUDA_CALL(COPY_IN(d, h, sizeof(h)));
  CUDA_CALL(COPY_IN(d, h, sizeof(h)));
  STREAM_TYPE s;
  // CHECK: CUDA_CALL(hipStreamCreate(&s));
  CUDA_CALL(cudaStreamCreate(&s));
  return 0;
}
