// RUN: %run_test hipify "%s" "%t" %hipify_args 2 --amap --skip-excluded-preprocessor-conditional-blocks %clang_args

// --amap ("as much as possible") translates excluded branches too: hipify-clang's --amap
// ignores --skip-excluded-preprocessor-conditional-blocks (--default-preprocessor).

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
#if CUDA_VERSION < 9000
  // CHECK: hipDeviceSynchronize();
  cudaThreadSynchronize();
#endif
#if 0
  // CHECK: hipDeviceReset();
  cudaDeviceReset();
#endif
  return 0;
}
