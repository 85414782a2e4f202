// check: nvcc rocm-6.4
// A portability header that tells nvcc from clang's CUDA compiler and stops any other
// compiler. hipcc, a clang, must pass as the CUDA compiler: nvcc's test becomes the HIP
// compiler's even though its block names an intrinsic HIP lacks (its #else is #error),
// "CUDA but not nvcc" stays clang's test, and clang's CUDA macro becomes its HIP one.
#include <cuda_runtime.h>

#if defined(__NVCC__)
#define GPU_COMPILER 1
#define LANE_SUM(v) __reduce_add_sync(0xffffffffu, (v))
#else
#error "wrong compiler detected: build this file with a CUDA compiler"
#endif

#if defined(__CUDACC__) && !defined(__NVCC__)
#define CLANG_GPU_COMPILER 1
#endif

#if defined(__clang__) && defined(__CUDA__)
#define CLANG_CUDA_MODE 1
#endif

#ifndef __NVCC__
#define HOST_ONLY_BUILD 1
#endif

__global__ void fill(int *out) { out[threadIdx.x] = GPU_COMPILER; }
