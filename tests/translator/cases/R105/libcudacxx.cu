// check: nvcc
#include <cuda/std/atomic>
#include <cuda/std/cmath>
#include <cuda/barrier>
#include <cuda_runtime.h>

__global__ void count(cuda::std::atomic<int> *counter, float *x) {
  counter->fetch_add(1, cuda::std::memory_order_relaxed);
  x[threadIdx.x] = cuda::std::sqrt(x[threadIdx.x]);  // cuda::std::sqrt in a comment stays
  __shared__ cuda :: barrier<cuda::thread_scope_block> *bar;
  (void)bar;
}

static void pulled_in() {
  using namespace cuda::std;  // a using-directive does not declare the namespace
}

int main() {
  pulled_in();
  float *x;
  cudaMalloc(&x, 32 * sizeof(float));
  const char *name = "cuda::std::atomic";
  (void)name;
  return 0;
}
