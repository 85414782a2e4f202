// check: nvcc hipcc
// One argument, an equal reading (256 threads: 4 waves over 4 SIMDs), a value known only
// at run time elsewhere, and an AMD branch written by hand are not reported.
#include <cuda_runtime.h>
__global__ void __launch_bounds__(256) one_argument(float *x) { x[threadIdx.x] = 1.0f; }
__global__ void __launch_bounds__(256, 2) same_reading(float *x) { x[threadIdx.x] = 2.0f; }
#ifdef __HIP_PLATFORM_AMD__
__global__ void __launch_bounds__(64, 2) per_platform(float *x) { x[threadIdx.x] = 3.0f; }
#else
__global__ void __launch_bounds__(64, 8) per_platform(float *x) { x[threadIdx.x] = 3.0f; }
#endif
