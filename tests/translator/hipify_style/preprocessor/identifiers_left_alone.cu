// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Names in comments and strings, member names and user identifiers that only contain
// a CUDA name are not renamed.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

struct Wrapper {
  int cudaMalloc_calls;
  void *cudaStream;
};

int my_cudaMalloc(void **p, size_t n) { return 0; }

int main() {
  Wrapper w;
  // CHECK: w.cudaMalloc_calls = 0;
  w.cudaMalloc_calls = 0;
  // CHECK: w.cudaStream = nullptr;
  w.cudaStream = nullptr;
  void *p;
  // CHECK: my_cudaMalloc(&p, 4);
  my_cudaMalloc(&p, 4);
  // CHECK: const char *name = "cudaMalloc";
  const char *name = "cudaMalloc";
  /* cudaFree(p) in a block comment stays as well */
  // CHECK: hipFree(p);
  cudaFree(p);
  return 0;
}
