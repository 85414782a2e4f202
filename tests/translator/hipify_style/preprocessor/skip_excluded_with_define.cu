// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --skip-excluded-preprocessor-conditional-blocks %clang_args -DUSE_STREAMS -DLEVEL=2

// With --skip-excluded-preprocessor-conditional-blocks only the branches the
// preprocessor takes (with the -D definitions given to clang) are translated.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
  float *p;
#ifdef USE_STREAMS
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  // CHECK: hipStreamCreate(&stream);
  cudaStreamCreate(&stream);
#else
  // CHECK: cudaDeviceSynchronize();
  cudaDeviceSynchronize();
#endif
#if LEVEL > 1
  // CHECK: hipMalloc(&p, 64);
  cudaMalloc(&p, 64);
#elif LEVEL == 1
  // CHECK: cudaMallocManaged(&p, 64);
  cudaMallocManaged(&p, 64);
#else
  // CHECK: cudaMallocHost(&p, 64);
  cudaMallocHost(&p, 64);
#endif
#if 0
  // CHECK: cudaFree(p);
  cudaFree(p);
#endif
#ifndef USE_STREAMS
  // CHECK: cudaStreamSynchronize(0);
  cudaStreamSynchronize(0);
#endif
  // CHECK: hipFree(p);
  cudaFree(p);
  return 0;
}
