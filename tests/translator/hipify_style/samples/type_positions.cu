// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// CUDA types wherever a type can appear: members, template arguments, casts, sizeof,
// function pointers, typedefs and using-declarations.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <map>
#include <vector>

struct Context {
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  // CHECK: hipEvent_t events[4];
  cudaEvent_t events[4];
  // CHECK: std::vector<hipStream_t> workers;
  std::vector<cudaStream_t> workers;
  // CHECK: std::map<int, hipDeviceProp_t> properties;
  std::map<int, cudaDeviceProp> properties;
};

// CHECK: typedef hipError_t (*allocator)(void **, size_t);
typedef cudaError_t (*allocator)(void **, size_t);
// CHECK: using stream_type = hipStream_t;
using stream_type = cudaStream_t;

// CHECK: template <typename T = hipEvent_t>
template <typename T = cudaEvent_t>
struct Holder { T value; };

int main() {
  Context context;
  // CHECK: allocator allocate = hipMalloc;
  allocator allocate = cudaMalloc;
  // CHECK: context.stream = (hipStream_t)0;
  context.stream = (cudaStream_t)0;
  // CHECK: hipError_t status = static_cast<hipError_t>(0);
  cudaError_t status = static_cast<cudaError_t>(0);
  // CHECK: size_t size = sizeof(hipStream_t) + sizeof(hipDeviceProp_t);
  size_t size = sizeof(cudaStream_t) + sizeof(cudaDeviceProp);
  // CHECK: Holder<hipStream_t> holder;
  Holder<cudaStream_t> holder;
  // CHECK: auto *event = new hipEvent_t[2];
  auto *event = new cudaEvent_t[2];
  delete[] event;
  return (int)status + (int)size;
}
