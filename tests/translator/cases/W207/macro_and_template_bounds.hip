#include <hip/hip_runtime.h>

#define WARPS 2
#define BOUNDS(threads, blocks) __launch_bounds__(threads, blocks)
#define SMALL_BOUNDS __launch_bounds__(64, 8)

__global__ void __launch_bounds__(WARPS * 32, 8) by_expression(float *x) { x[threadIdx.x] = 0; }

__global__ void BOUNDS(64, 4) by_function_macro(float *x) { x[threadIdx.x] = 0; }

__global__ void SMALL_BOUNDS by_object_macro(float *x) { x[threadIdx.x] = 0; }

template <int kThreads, int kBlocks>
__global__ void __launch_bounds__(kThreads, kBlocks) instantiated(float *x) {
  x[threadIdx.x] = 0;
}

template <int kThreads>
__global__ void __launch_bounds__(kThreads, 3) library(float *x) { x[threadIdx.x] = 0; }

void run(float *x) {
  instantiated<128, 4><<<1, 128>>>(x);
  instantiated<256, 2><<<1, 256>>>(x);
}
