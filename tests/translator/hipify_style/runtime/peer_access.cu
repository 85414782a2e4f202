// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
  int can = 0;
  // CHECK: hipDeviceCanAccessPeer(&can, 0, 1);
  cudaDeviceCanAccessPeer(&can, 0, 1);
  if (can) {
    // CHECK: hipError_t e = hipDeviceEnablePeerAccess(1, 0);
    cudaError_t e = cudaDeviceEnablePeerAccess(1, 0);
    // CHECK: if (e == hipErrorPeerAccessAlreadyEnabled) hipGetLastError();
    if (e == cudaErrorPeerAccessAlreadyEnabled) cudaGetLastError();
  }
  int attribute = 0;
  // CHECK: hipDeviceGetP2PAttribute(&attribute, hipDevP2PAttrAccessSupported, 0, 1);
  cudaDeviceGetP2PAttribute(&attribute, cudaDevP2PAttrAccessSupported, 0, 1);
  void *a, *b;
  // CHECK: hipMemcpyPeer(b, 1, a, 0, 64);
  cudaMemcpyPeer(b, 1, a, 0, 64);
  // CHECK: hipMemcpyPeerAsync(b, 1, a, 0, 64, 0);
  cudaMemcpyPeerAsync(b, 1, a, 0, 64, 0);
  // CHECK: hipDeviceDisablePeerAccess(1);
  cudaDeviceDisablePeerAccess(1);
  return 0;
}
