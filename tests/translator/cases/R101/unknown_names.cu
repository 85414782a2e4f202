// check:
#include <cuda_runtime.h>
#include <cstdio>

#define CUDA_CHECK(call)                                                  \
  do {                                                                    \
    cudaError_t cudaStatus = (call);                                      \
    if (cudaStatus != cudaSuccess) std::printf("%s\n", #call);            \
  } while (0)

static int cudaHelperCount = 0;

static void cudaHelper(int value) { cudaHelperCount += value; }

int main() {
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaHelper(1);
  int cudaStatus = cudaHelperCount;
  return cudaStatus + cudaFutureApi(3) + CU_FUTURE_FLAG;
}

namespace vendor { namespace cuda_detail { inline int cudaVendorCall() { return 0; } } }
int vendor_call() { return vendor::cuda_detail::cudaVendorCall() + ::cudaNotReallyGlobal; }
