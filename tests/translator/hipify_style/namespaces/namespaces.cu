// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Thrust keeps its namespace and headers (rocThrust uses the same), but its CUDA
// system is rocThrust's HIP system: thrust::cuda becomes thrust::hip, and the CUDA
// backend namespace thrust::cuda_cub becomes rocThrust's thrust::hip_rocprim. As with hipify-clang, which renames identifier tokens, a
// CUDA name is renamed wherever it appears, declarations in a user's namespace
// included, so the user's code stays consistent.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <thrust/device_vector.h>
#include <thrust/device_vector.h>
// CHECK: #include <thrust/sort.h>
#include <thrust/sort.h>
#include <thrust/execution_policy.h>

// CHECK: namespace mine {
// CHECK-NEXT: int hipMalloc(void **p, size_t n) { return 0; }
// CHECK-NEXT: struct hipStream_t {};
namespace mine {
int cudaMalloc(void **p, size_t n) { return 0; }
struct cudaStream_t {};
}

int main() {
  // CHECK: thrust::device_vector<int> values(16, 1);
  thrust::device_vector<int> values(16, 1);
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  // CHECK: thrust::sort(thrust::hip::par.on(stream), values.begin(), values.end());
  thrust::sort(thrust::cuda::par.on(stream), values.begin(), values.end());
  // CHECK: thrust::sort(thrust::hip_rocprim::par.on(stream), values.begin(), values.end());
  thrust::sort(thrust::cuda_cub::par.on(stream), values.begin(), values.end());
  void *p;
  // CHECK: mine::hipMalloc(&p, 4);
  mine::cudaMalloc(&p, 4);
  // CHECK: mine::hipStream_t own;
  mine::cudaStream_t own;
  // CHECK: ::hipMalloc(&p, 4);
  ::cudaMalloc(&p, 4);
  // CHECK: ::hipFree(p);
  ::cudaFree(p);
  return 0;
}
