/* Minimal CUDA declarations for rocport's semantic analysis (not for compiling).
 * Parsed with clang -x cuda -nocudainc; enough for kernels, launches, the common
 * runtime API and warp intrinsics to resolve. Unknown names still parse with errors,
 * which the engine reports as a note and tolerates. */
#pragma once
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __CUDACC__ 1
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif
#define CUDA_VERSION CUDART_VERSION
#include "__clang_cuda_builtin_vars.h"

typedef __SIZE_TYPE__ size_t;
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef enum cudaError { cudaSuccess = 0, cudaErrorMemoryAllocation = 2 } cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
extern "C" int __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared = 0, cudaStream_t stream = 0);

cudaError_t cudaMalloc(void **ptr, size_t size);
template <class T> cudaError_t cudaMalloc(T **ptr, size_t size);
cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned int flags = 1);
template <class T> cudaError_t cudaMallocManaged(T **ptr, size_t size, unsigned int flags = 1);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaMallocHost(void **ptr, size_t size, unsigned int flags);
template <class T> cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemset(void *ptr, int value, size_t count);
template <class T> cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T> cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaFuncSetAttribute(const void *func, int attr, int value);

__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ void __syncwarp(unsigned mask = 0xffffffff);
__device__ void __threadfence(void);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ unsigned __activemask(void);
__device__ int __all_sync(unsigned mask, int predicate);
__device__ int __any_sync(unsigned mask, int predicate);
template <class T> __device__ T __shfl_sync(unsigned mask, T var, int src, int width = 32);
template <class T> __device__ T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32);
template <class T> __device__ T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32);
template <class T> __device__ T __shfl(T var, int src, int width = 32);
template <class T> __device__ T __shfl_up(T var, unsigned delta, int width = 32);
template <class T> __device__ T __shfl_down(T var, unsigned delta, int width = 32);
template <class T> __device__ T __shfl_xor(T var, int lane_mask, int width = 32);
__device__ int __popc(unsigned x);
__device__ int __popcll(unsigned long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ int __clz(int x);
template <class T> __device__ T atomicAdd(T *address, T value);
template <class T> __device__ T atomicSub(T *address, T value);
template <class T> __device__ T atomicMax(T *address, T value);
template <class T> __device__ T atomicMin(T *address, T value);
template <class T> __device__ T atomicExch(T *address, T value);
template <class T> __device__ T atomicCAS(T *address, T compare, T value);
template <class T> __device__ T __ldg(const T *address);
extern __device__ const int warpSize;
