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
template <class T> cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemset(void *ptr, int value, size_t count);
template <class T> cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T> cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__host__ __device__ cudaError_t cudaDeviceSynchronize(void);
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
/* CUDA's atomics are overloads for each type: T comes from the pointer alone and the
 * value converts, as it does in CUDA (atomicCAS(ull *, long long, ...) is fine). */
template <class T> struct __rocport_value { typedef T type; };
template <class T> using __rocport_value_t = typename __rocport_value<T>::type;
template <class T> __device__ T atomicAdd(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicSub(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicMax(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicMin(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicExch(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicCAS(T *address, __rocport_value_t<T> compare, __rocport_value_t<T> value);
template <class T> __device__ T __ldg(const T *address);
extern __device__ const int warpSize;

/* Declarations hazard rules look at (runtime API, device intrinsics, texture
 * references, cooperative groups and WMMA), so that files using them parse cleanly. */
typedef __INT8_TYPE__ int8_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __INT16_TYPE__ int16_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __INT32_TYPE__ int32_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT64_TYPE__ uint64_t;
__host__ __device__ float fmaxf(float a, float b);
__host__ __device__ float fminf(float a, float b);
__host__ __device__ float fabsf(float a);
__host__ __device__ float sqrtf(float a);
__host__ __device__ float expf(float a);
__host__ __device__ float logf(float a);
__host__ __device__ float rsqrtf(float a);
__host__ __device__ double fmax(double a, double b);
__host__ __device__ double fmin(double a, double b);
__host__ __device__ double sqrt(double a);
__host__ __device__ double exp(double a);
struct __half { unsigned short __x; };
typedef __half half;
struct __nv_bfloat16 { unsigned short __x; };
typedef __nv_bfloat16 nv_bfloat16;
struct __half2 { __half x, y; };
typedef __half2 half2;
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __nv_bfloat162 nv_bfloat162;
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
struct int2 { int x, y; };
struct int4 { int x, y, z, w; };
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1, cudaSharedMemBankSizeEightByte = 2 };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
enum cudaMemoryAdvise { cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2, cudaMemAdviseSetPreferredLocation = 3, cudaMemAdviseUnsetPreferredLocation = 4, cudaMemAdviseSetAccessedBy = 5, cudaMemAdviseUnsetAccessedBy = 6 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
#define cudaHostAllocDefault 0
#define cudaHostAllocPortable 1
#define cudaHostAllocMapped 2
#define cudaMemAttachGlobal 1
#define cudaCpuDeviceId (-1)
struct cudaDeviceProp { char name[256]; size_t totalGlobalMem; size_t sharedMemPerBlock; int regsPerBlock; int warpSize; int maxThreadsPerBlock; int multiProcessorCount; int major; int minor; };
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
template <class T> cudaError_t cudaMallocPitch(T **ptr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t stream);
template <class T> cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaStream_t stream);
cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream);
cudaError_t cudaHostGetDevicePointer(void **device, void *host, unsigned int flags);
template <class T> cudaError_t cudaHostGetDevicePointer(T **device, void *host, unsigned int flags);
cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count, cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count, int device, cudaStream_t stream = 0);
cudaError_t cudaMemAdvise(const void *ptr, size_t count, cudaMemoryAdvise advice, int device);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *ptr, size_t length = 0, unsigned int flags = 4);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config);
cudaError_t cudaFuncSetCacheConfig(const void *func, cudaFuncCache config);
template <class T> cudaError_t cudaFuncSetCacheConfig(T *func, cudaFuncCache config);
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
template <class T> cudaError_t cudaFuncSetAttribute(T *func, cudaFuncAttribute attr, int value);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaThreadExit(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared = 0, cudaStream_t stream = 0);
template <class T> cudaError_t cudaLaunchKernel(T *func, dim3 grid, dim3 block, void **args, size_t shared = 0, cudaStream_t stream = 0);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared = 0, cudaStream_t stream = 0);
template <class T> cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 grid, dim3 block, void **args, size_t shared = 0, cudaStream_t stream = 0);
template <class T> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, T func, int block, size_t shared);
template <class T, int dim = 1, int mode = cudaReadModeElementType> struct texture { int normalized; };
template <class T, int dim = 1> struct surface { int unused; };
struct textureReference;
template <class T, int dim, int mode> cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, mode> &tex, const void *ptr, size_t size = ~(size_t)0);
template <class T, int dim, int mode> cudaError_t cudaUnbindTexture(const texture<T, dim, mode> &tex);
template <class T, int dim, int mode> __device__ T tex1Dfetch(texture<T, dim, mode> tex, int x);
typedef unsigned long long cudaTextureObject_t;
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t tex, int x);
__device__ long long clock64(void);
__device__ long clock(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ unsigned __ballot(int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);
template <class T> __device__ unsigned __match_any_sync(unsigned mask, T value);
__device__ unsigned __reduce_add_sync(unsigned mask, unsigned value);
__device__ int __clzll(long long x);
__device__ unsigned __brev(unsigned x);
template <class T> __device__ T atomicAdd_system(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicAnd(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicOr(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicInc(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicDec(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicXor(T *address, __rocport_value_t<T> value);
__device__ float __fdividef(float x, float y);
__device__ float __expf(float x);
__device__ float __shfl_sync(unsigned mask, float var, int src, int width = 32);

namespace cooperative_groups {
struct thread_group { __device__ void sync() const; __device__ unsigned size() const; __device__ unsigned thread_rank() const; };
struct thread_block : thread_group { __device__ dim3 group_index() const; __device__ dim3 thread_index() const; };
struct grid_group : thread_group { __device__ bool is_valid() const; };
struct coalesced_group : thread_group { template <class T> __device__ T shfl(T v, int src) const; __device__ unsigned long long ballot(int p) const; };
template <unsigned N> struct thread_block_tile : thread_group {
  template <class T> __device__ T shfl(T v, int src) const;
  template <class T> __device__ T shfl_down(T v, unsigned delta) const;
  template <class T> __device__ T shfl_xor(T v, unsigned mask) const;
  __device__ unsigned long long ballot(int p) const;
  __device__ int any(int p) const;
  __device__ int all(int p) const;
  __device__ unsigned meta_group_rank() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned N, class G> __device__ thread_block_tile<N> tiled_partition(const G &g);
__device__ thread_group tiled_partition(const thread_group &g, unsigned n);
template <class G> __device__ void sync(const G &g);
template <class T> struct plus { __device__ T operator()(T a, T b) const; };
template <class T> struct less { __device__ T operator()(T a, T b) const; };
template <class T> struct greater { __device__ T operator()(T a, T b) const; };
template <class G, class T, class Op> __device__ T reduce(const G &g, T v, Op op);
template <class G, class T, class Op> __device__ T inclusive_scan(const G &g, T v, Op op);
template <class G, class T, class Op> __device__ T exclusive_scan(const G &g, T v, Op op);
template <class G, class T> __device__ void memcpy_async(const G &g, T *dst, const T *src, size_t n);
template <class G> __device__ void wait(const G &g);
}  // namespace cooperative_groups

namespace nvcuda { namespace wmma {
struct matrix_a {}; struct matrix_b {}; struct accumulator {};
struct row_major {}; struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
template <class Use, int M, int N, int K, class T, class Layout = void> struct fragment { T x[8]; int num_elements; };
template <class F, class T> __device__ void load_matrix_sync(F &a, const T *p, unsigned ldm);
template <class F, class T> __device__ void load_matrix_sync(F &a, const T *p, unsigned ldm, layout_t layout);
template <class F, class T> __device__ void store_matrix_sync(T *p, const F &a, unsigned ldm, layout_t layout);
template <class F, class T> __device__ void fill_fragment(F &a, T v);
template <class D, class A, class B, class C> __device__ void mma_sync(D &d, const A &a, const B &b, const C &c);
}}  // namespace nvcuda::wmma
/* Reduced-precision conversions and the bit casts of cuda_fp16.h, cuda_bf16.h and the
 * device library: common in kernels, and an unknown call stops clang from typing the
 * expression around it. */
__host__ __device__ __half __float2half(float a);
__host__ __device__ __half __float2half_rn(float a);
__host__ __device__ float __half2float(__half a);
__host__ __device__ __half2 __float2half2_rn(float a);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ float2 __half22float2(__half2 a);
__device__ __half __hadd(__half a, __half b);
__device__ __half __hmul(__half a, __half b);
__device__ __half __hfma(__half a, __half b, __half c);
__device__ __half2 __hadd2(__half2 a, __half2 b);
__device__ __half2 __hmul2(__half2 a, __half2 b);
__device__ __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__host__ __device__ __nv_bfloat16 __float2bfloat16(float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float a);
__host__ __device__ float __bfloat162float(__nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2 a);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162 a);
__device__ __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b);
__device__ float __int_as_float(int a);
__device__ int __float_as_int(float a);
__device__ double __longlong_as_double(long long a);
__device__ long long __double_as_longlong(double a);
