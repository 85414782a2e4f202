/* CUDA declarations for rocport's semantic analysis (not for compiling).
 * Parsed with clang -x cuda --cuda-host-only -nocudainc, -include'd before every file as
 * nvcc -include's cuda_runtime.h. Like CUDA's headers, it brings in the real C and C++
 * library (math.h, cmath, stdlib.h, stdio.h, string.h, assert.h, new) and never
 * redeclares a standard function: it adds device overloads beside the host ones, as
 * clang's own CUDA wrapper does, so files that include <cmath> or <iostream> parse.
 * CUDA's names are declared with their usual types; what is only named here (library
 * handles, enumerators) is declared by clang.py from the name table. */
#pragma once
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
/* __noinline__ is a keyword of clang's CUDA mode (libstdc++ spells the attribute so). */
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __cudart_builtin__
#define __grid_constant__
#define CUDART_CB
#define CUDA_CB
#define CUDARTAPI
#define CUDAAPI
/* Before the standard headers, as in nvcc: libstdc++ then leaves out __float128. */
#define __CUDACC__ 1
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif
#define CUDA_VERSION CUDART_VERSION
#include "__clang_cuda_builtin_vars.h"
#include "__clang_cuda_math_forward_declares.h"
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>
#include <assert.h>
#include <cmath>
#include <cstdlib>
#include <new>

/* Device sides of the C library functions kernels may call (CUDA declares them
 * __host__ __device__; host code keeps the library's own declarations). */
extern "C" {
__device__ int printf(const char *, ...);
__device__ void free(void *) __attribute((nothrow));
__device__ void *malloc(size_t) __attribute((nothrow)) __attribute__((malloc));
__device__ void *memcpy(void *, const void *, size_t);
__device__ void *memset(void *, int, size_t);
__device__ void __assertfail(const char *, const char *, unsigned, const char *, size_t);
__device__ void __assert_fail(const char *, const char *, unsigned, const char *);
__device__ void __trap(void);
__device__ void __brkpt(void);
}
namespace std { __device__ void free(void *); __device__ void *malloc(size_t); }

/* Device overloads of the C math functions without one in clang's forward declarations
 * (the float spellings), and CUDA's own math functions. */
#define __ROCPORT_F1(name) __device__ float name(float);
#define __ROCPORT_F2(name) __device__ float name(float, float);
#define __ROCPORT_D1(name) __host__ __device__ double name(double);
#define __ROCPORT_CUDA_F1(name) __host__ __device__ float name(float);
__ROCPORT_F1(acosf) __ROCPORT_F1(acoshf) __ROCPORT_F1(asinf) __ROCPORT_F1(asinhf)
__ROCPORT_F1(atanf) __ROCPORT_F1(atanhf) __ROCPORT_F1(cbrtf) __ROCPORT_F1(ceilf)
__ROCPORT_F1(cosf) __ROCPORT_F1(coshf) __ROCPORT_F1(erff) __ROCPORT_F1(erfcf)
__ROCPORT_F1(expf) __ROCPORT_F1(exp2f) __ROCPORT_F1(expm1f) __ROCPORT_F1(fabsf)
__ROCPORT_F1(floorf) __ROCPORT_F1(lgammaf) __ROCPORT_F1(logf) __ROCPORT_F1(log10f)
__ROCPORT_F1(log1pf) __ROCPORT_F1(log2f) __ROCPORT_F1(logbf) __ROCPORT_F1(nearbyintf)
__ROCPORT_F1(rintf) __ROCPORT_F1(roundf) __ROCPORT_F1(sinf) __ROCPORT_F1(sinhf)
__ROCPORT_F1(sqrtf) __ROCPORT_F1(tanf) __ROCPORT_F1(tanhf) __ROCPORT_F1(tgammaf)
__ROCPORT_F1(truncf)
__ROCPORT_F2(atan2f) __ROCPORT_F2(copysignf) __ROCPORT_F2(fdimf) __ROCPORT_F2(fmaxf)
__ROCPORT_F2(fminf) __ROCPORT_F2(fmodf) __ROCPORT_F2(hypotf) __ROCPORT_F2(nextafterf)
__ROCPORT_F2(powf) __ROCPORT_F2(remainderf)
__device__ float fmaf(float, float, float);
__device__ float ldexpf(float, int);
__device__ float frexpf(float, int *);
__device__ float modff(float, float *);
__device__ float scalbnf(float, int);
__device__ long lroundf(float);
__device__ long long llroundf(float);
__device__ long lrintf(float);
__device__ long long llrintf(float);
__device__ int ilogbf(float);
__device__ void sincosf(float, float *, float *);
__device__ bool isnan(float);
__device__ bool isinf(float);
__device__ bool isfinite(float);
__device__ bool signbit(float);
__device__ bool isnan(double);
__device__ bool isinf(double);
__device__ bool isfinite(double);
__ROCPORT_CUDA_F1(rsqrtf) __ROCPORT_CUDA_F1(rcbrtf) __ROCPORT_CUDA_F1(sinpif)
__ROCPORT_CUDA_F1(cospif) __ROCPORT_CUDA_F1(erfinvf)
__ROCPORT_CUDA_F1(erfcinvf) __ROCPORT_CUDA_F1(normcdff) __ROCPORT_CUDA_F1(normcdfinvf)
__ROCPORT_CUDA_F1(erfcxf) __ROCPORT_CUDA_F1(__saturatef)
__ROCPORT_D1(rsqrt) __ROCPORT_D1(rcbrt) __ROCPORT_D1(sinpi) __ROCPORT_D1(cospi)
__ROCPORT_D1(erfinv) __ROCPORT_D1(erfcinv) __ROCPORT_D1(normcdf)
__ROCPORT_D1(normcdfinv) __ROCPORT_D1(erfcx)
/* GNU extensions that glibc declares for the host: device overloads only. */
__ROCPORT_F1(exp10f) __ROCPORT_F1(j0f) __ROCPORT_F1(j1f) __ROCPORT_F1(y0f) __ROCPORT_F1(y1f)
__device__ double exp10(double);
__host__ __device__ void sincospif(float, float *, float *);
__host__ __device__ void sincospi(double, double *, double *);
__device__ void sincos(double, double *, double *);
__host__ __device__ float rhypotf(float, float);
__host__ __device__ double rhypot(double, double);
__host__ __device__ float norm3df(float, float, float);
__host__ __device__ float rnorm3df(float, float, float);
__host__ __device__ float norm4df(float, float, float, float);
__host__ __device__ float rnorm4df(float, float, float, float);
__host__ __device__ float normf(int, const float *);
__host__ __device__ float rnormf(int, const float *);
__host__ __device__ double norm(int, const double *);
__host__ __device__ double rnorm(int, const double *);
__host__ __device__ float fdividef(float, float);
/* CUDA's min and max: overloads for both sides (crt/math_functions.hpp). */
#define __ROCPORT_MINMAX(T) __host__ __device__ T min(T, T); __host__ __device__ T max(T, T);
__ROCPORT_MINMAX(int) __ROCPORT_MINMAX(unsigned int) __ROCPORT_MINMAX(long)
__ROCPORT_MINMAX(unsigned long) __ROCPORT_MINMAX(long long)
__ROCPORT_MINMAX(unsigned long long) __ROCPORT_MINMAX(float) __ROCPORT_MINMAX(double)
__host__ __device__ unsigned int min(int, unsigned int);
__host__ __device__ unsigned int min(unsigned int, int);
__host__ __device__ unsigned int max(int, unsigned int);
__host__ __device__ unsigned int max(unsigned int, int);
__host__ __device__ double min(double, float);
__host__ __device__ double min(float, double);
__host__ __device__ double max(double, float);
__host__ __device__ double max(float, double);
#undef __ROCPORT_F1
#undef __ROCPORT_F2
#undef __ROCPORT_D1
#undef __ROCPORT_CUDA_F1
#undef __ROCPORT_MINMAX

/* vector_types.h: the built-in vector types, their alignment and make_ functions. */
#define __ROCPORT_VECTORS(T, name, a2, a4) \
  struct name##1 { T x; }; \
  struct __align__(a2) name##2 { T x, y; }; \
  struct name##3 { T x, y, z; }; \
  struct __align__(a4) name##4 { T x, y, z, w; }; \
  __host__ __device__ name##1 make_##name##1(T x); \
  __host__ __device__ name##2 make_##name##2(T x, T y); \
  __host__ __device__ name##3 make_##name##3(T x, T y, T z); \
  __host__ __device__ name##4 make_##name##4(T x, T y, T z, T w);
__ROCPORT_VECTORS(signed char, char, 2, 4)
__ROCPORT_VECTORS(unsigned char, uchar, 2, 4)
__ROCPORT_VECTORS(short, short, 4, 8)
__ROCPORT_VECTORS(unsigned short, ushort, 4, 8)
__ROCPORT_VECTORS(int, int, 8, 16)
__ROCPORT_VECTORS(unsigned int, uint, 8, 16)
__ROCPORT_VECTORS(long, long, 16, 16)
__ROCPORT_VECTORS(unsigned long, ulong, 16, 16)
__ROCPORT_VECTORS(long long, longlong, 16, 16)
__ROCPORT_VECTORS(unsigned long long, ulonglong, 16, 16)
__ROCPORT_VECTORS(float, float, 8, 16)
__ROCPORT_VECTORS(double, double, 16, 16)
#undef __ROCPORT_VECTORS
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ operator uint3() const { return uint3{x, y, z}; }
};
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef enum cudaError : int { cudaSuccess = 0, cudaErrorMemoryAllocation = 2 } cudaError_t;
enum cudaMemcpyKind : int { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
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
/* cuda_fp16.h and cuda_bf16.h: 16-bit floats convert from and to float and have
 * arithmetic and comparison operators; the pairs have them too. */
#define __ROCPORT_HALF(T, T2, raw, raw2) \
  struct raw { unsigned short x; }; \
  struct raw2 { unsigned short x, y; }; \
  struct __align__(2) T { \
    unsigned short __x; \
    T() = default; \
    __host__ __device__ T(const raw &r); \
    __host__ __device__ T(float f); \
    __host__ __device__ T(double f); \
    __host__ __device__ T(int i); \
    __host__ __device__ T(unsigned int i); \
    __host__ __device__ T(short i); \
    __host__ __device__ T(unsigned short i); \
    __host__ __device__ T(long long i); \
    __host__ __device__ T(unsigned long long i); \
    __host__ __device__ operator float() const; \
    __host__ __device__ operator raw() const; \
    __host__ __device__ T &operator=(float f); \
    __host__ __device__ T &operator=(double f); \
  }; \
  struct __align__(4) T2 { \
    T x, y; \
    T2() = default; \
    __host__ __device__ T2(const T &a, const T &b) : x(a), y(b) {} \
    __host__ __device__ T2(const raw2 &r); \
    __host__ __device__ operator raw2() const; \
  }; \
  __host__ __device__ T operator+(const T &a, const T &b); \
  __host__ __device__ T operator-(const T &a, const T &b); \
  __host__ __device__ T operator*(const T &a, const T &b); \
  __host__ __device__ T operator/(const T &a, const T &b); \
  __host__ __device__ T &operator+=(T &a, const T &b); \
  __host__ __device__ T &operator-=(T &a, const T &b); \
  __host__ __device__ T &operator*=(T &a, const T &b); \
  __host__ __device__ T &operator/=(T &a, const T &b); \
  __host__ __device__ T operator-(const T &a); \
  __host__ __device__ T operator+(const T &a); \
  __host__ __device__ T &operator++(T &a); \
  __host__ __device__ T &operator--(T &a); \
  __host__ __device__ bool operator==(const T &a, const T &b); \
  __host__ __device__ bool operator!=(const T &a, const T &b); \
  __host__ __device__ bool operator<(const T &a, const T &b); \
  __host__ __device__ bool operator>(const T &a, const T &b); \
  __host__ __device__ bool operator<=(const T &a, const T &b); \
  __host__ __device__ bool operator>=(const T &a, const T &b); \
  __host__ __device__ T2 operator+(const T2 &a, const T2 &b); \
  __host__ __device__ T2 operator-(const T2 &a, const T2 &b); \
  __host__ __device__ T2 operator*(const T2 &a, const T2 &b); \
  __host__ __device__ T2 operator/(const T2 &a, const T2 &b); \
  __host__ __device__ T2 &operator+=(T2 &a, const T2 &b); \
  __host__ __device__ T2 &operator-=(T2 &a, const T2 &b); \
  __host__ __device__ T2 &operator*=(T2 &a, const T2 &b); \
  __host__ __device__ T2 &operator/=(T2 &a, const T2 &b); \
  __host__ __device__ T2 operator-(const T2 &a); \
  __host__ __device__ bool operator==(const T2 &a, const T2 &b); \
  __host__ __device__ bool operator!=(const T2 &a, const T2 &b);
__ROCPORT_HALF(__half, __half2, __half_raw, __half2_raw)
__ROCPORT_HALF(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw, __nv_bfloat162_raw)
#undef __ROCPORT_HALF
typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
/* The 8-bit floats of cuda_fp8.h: convert from and to float. */
#define __ROCPORT_FP8(T) \
  struct T { unsigned char __x; T() = default; \
    template <class V> __host__ __device__ explicit T(V v); \
    __host__ __device__ T(float f); __host__ __device__ T(__half h); \
    __host__ __device__ operator float() const; __host__ __device__ explicit operator __half() const; };
__ROCPORT_FP8(__nv_fp8_e4m3) __ROCPORT_FP8(__nv_fp8_e5m2) __ROCPORT_FP8(__nv_fp8_e8m0)
#undef __ROCPORT_FP8
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE };
enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 };
enum cudaFuncCache : int { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
enum cudaSharedMemConfig : int { cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1, cudaSharedMemBankSizeEightByte = 2 };
enum cudaFuncAttribute : int { cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
enum cudaMemoryAdvise : int { cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2, cudaMemAdviseSetPreferredLocation = 3, cudaMemAdviseUnsetPreferredLocation = 4, cudaMemAdviseSetAccessedBy = 5, cudaMemAdviseUnsetAccessedBy = 6 };
enum cudaTextureReadMode : int { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
#define cudaHostAllocDefault 0
#define cudaHostAllocPortable 1
#define cudaHostAllocMapped 2
#define cudaMemAttachGlobal 1
#define cudaCpuDeviceId (-1)
struct cudaUUID_st { char bytes[16]; };
typedef cudaUUID_st cudaUUID_t;
struct cudaDeviceProp {
  char name[256]; cudaUUID_t uuid; char luid[8]; unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem; size_t sharedMemPerBlock; int regsPerBlock; int warpSize;
  size_t memPitch; int maxThreadsPerBlock; int maxThreadsDim[3]; int maxGridSize[3];
  int clockRate; size_t totalConstMem; int major; int minor; size_t textureAlignment;
  size_t texturePitchAlignment; int deviceOverlap; int multiProcessorCount;
  int kernelExecTimeoutEnabled; int integrated; int canMapHostMemory; int computeMode;
  int maxTexture1D; int maxTexture2D[2]; int maxTexture3D[3]; size_t surfaceAlignment;
  int concurrentKernels; int ECCEnabled; int pciBusID; int pciDeviceID; int pciDomainID;
  int tccDriver; int asyncEngineCount; int unifiedAddressing; int memoryClockRate;
  int memoryBusWidth; int l2CacheSize; int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor; int streamPrioritiesSupported; int globalL1CacheSupported;
  int localL1CacheSupported; size_t sharedMemPerMultiprocessor; int regsPerMultiprocessor;
  int managedMemory; int isMultiGpuBoard; int multiGpuBoardGroupID;
  int hostNativeAtomicSupported; int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess; int concurrentManagedAccess; int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem; int cooperativeLaunch; int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin; int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost; int maxBlocksPerMultiProcessor; int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock; int hostRegisterSupported; int sparseCudaArraySupported;
  int memoryPoolsSupported; int gpuDirectRDMASupported; int clusterLaunch;
};
const char *cudaGetErrorName(cudaError_t error);
__host__ __device__ cudaError_t cudaGetDeviceCount(int *count);
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
  __device__ unsigned meta_group_size() const;
  __device__ unsigned num_threads() const;
  template <class T> __device__ T shfl_up(T v, unsigned delta) const;
  __device__ unsigned match_any(unsigned long long v) const;
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
__host__ __device__ __half __float2half_rz(float a);
__host__ __device__ __half __float2half_rd(float a);
__host__ __device__ __half __float2half_ru(float a);
__host__ __device__ __half __double2half(double a);
__host__ __device__ __half __int2half_rn(int a);
__host__ __device__ __half __uint2half_rn(unsigned a);
__host__ __device__ int __half2int_rn(__half a);
__host__ __device__ int __half2int_rz(__half a);
__host__ __device__ __half2 __half2half2(__half a);
__host__ __device__ __half2 __halves2half2(__half a, __half b);
__host__ __device__ __half __low2half(__half2 a);
__host__ __device__ __half __high2half(__half2 a);
__host__ __device__ float __low2float(__half2 a);
__host__ __device__ float __high2float(__half2 a);
__host__ __device__ __half2 __lows2half2(__half2 a, __half2 b);
__host__ __device__ __half2 __highs2half2(__half2 a, __half2 b);
__host__ __device__ __half2 __float22half2_rn(float2 a);
__host__ __device__ __half2 __low2half2(__half2 a);
__host__ __device__ __half2 __high2half2(__half2 a);
__host__ __device__ __half2 make_half2(__half x, __half y);
__host__ __device__ __half __ushort_as_half(unsigned short a);
__host__ __device__ unsigned short __half_as_ushort(__half a);
__device__ __half __hsub(__half a, __half b);
__device__ __half __hdiv(__half a, __half b);
__device__ __half __hneg(__half a);
__device__ __half __habs(__half a);
__device__ __half __hmax(__half a, __half b);
__device__ __half __hmin(__half a, __half b);
__device__ bool __heq(__half a, __half b);
__device__ bool __hne(__half a, __half b);
__device__ bool __hlt(__half a, __half b);
__device__ bool __hle(__half a, __half b);
__device__ bool __hgt(__half a, __half b);
__device__ bool __hge(__half a, __half b);
__device__ bool __hisnan(__half a);
__device__ __half2 __hsub2(__half2 a, __half2 b);
__device__ __half2 __h2div(__half2 a, __half2 b);
__device__ __half2 __hneg2(__half2 a);
__device__ __half2 __habs2(__half2 a);
__device__ __half2 __hmax2(__half2 a, __half2 b);
__device__ __half2 __hmin2(__half2 a, __half2 b);
__device__ __half hexp(__half a);
__device__ __half hlog(__half a);
__device__ __half hsqrt(__half a);
__device__ __half hrsqrt(__half a);
__device__ __half hrcp(__half a);
__device__ __half htanh(__half a);
__device__ __half2 h2exp(__half2 a);
__device__ __half2 h2log(__half2 a);
__device__ __half2 h2sqrt(__half2 a);
__device__ __half2 h2rsqrt(__half2 a);
__device__ __half2 __shfl_xor_sync(unsigned mask, __half2 var, int lane_mask, int width = 32);
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
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float a);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y);
__device__ __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b);
__device__ float __int_as_float(int a);
__device__ int __float_as_int(float a);
__device__ double __longlong_as_double(long long a);
__device__ long long __double_as_longlong(double a);

/* Texture and surface objects, and the descriptions that create them. */
enum cudaChannelFormatKind { cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1, cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3 };
struct cudaChannelFormatDesc { int x, y, z, w; cudaChannelFormatKind f; };
template <class T> __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void);
cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f);
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaResourceType { cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1, cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3 };
enum cudaTextureAddressMode { cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2, cudaAddressModeBorder = 3 };
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
struct cudaResourceDesc {
  cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { cudaMipmappedArray_t mipmap; } mipmap;
    struct { void *devPtr; cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct { void *devPtr; cudaChannelFormatDesc desc; size_t width; size_t height; size_t pitchInBytes; } pitch2D;
  } res;
};
struct cudaTextureDesc {
  cudaTextureAddressMode addressMode[3]; cudaTextureFilterMode filterMode;
  cudaTextureReadMode readMode; int sRGB; float borderColor[4]; int normalizedCoords;
  unsigned int maxAnisotropy; cudaTextureFilterMode mipmapFilterMode; float mipmapLevelBias;
  float minMipmapLevelClamp; float maxMipmapLevelClamp; int disableTrilinearOptimization;
  int seamlessCubemap;
};
struct cudaResourceViewDesc;
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *tex, const cudaResourceDesc *res, const cudaTextureDesc *desc, const cudaResourceViewDesc *view);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *surf, const cudaResourceDesc *res);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surf);
cudaError_t cudaMallocArray(cudaArray_t *array, const cudaChannelFormatDesc *desc, size_t width, size_t height = 0, unsigned int flags = 0);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count, cudaMemcpyKind kind);
template <class T> __device__ T tex1D(cudaTextureObject_t tex, float x);
template <class T> __device__ T tex2D(cudaTextureObject_t tex, float x, float y);
template <class T> __device__ T tex3D(cudaTextureObject_t tex, float x, float y, float z);
template <class T> __device__ T tex2DLod(cudaTextureObject_t tex, float x, float y, float level);
template <class T> __device__ T tex1DLayered(cudaTextureObject_t tex, float x, int layer);
template <class T> __device__ T tex2DLayered(cudaTextureObject_t tex, float x, float y, int layer);
template <class T, int dim, int mode> __device__ T tex1D(texture<T, dim, mode> tex, float x);
template <class T, int dim, int mode> __device__ T tex2D(texture<T, dim, mode> tex, float x, float y);
template <class T, int dim, int mode> __device__ T tex3D(texture<T, dim, mode> tex, float x, float y, float z);
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };
template <class T> __device__ T surf1Dread(cudaSurfaceObject_t surf, int x, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t surf, int x, int y, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dread(T *data, cudaSurfaceObject_t surf, int x, int y, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dwrite(T data, cudaSurfaceObject_t surf, int x, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dwrite(T data, cudaSurfaceObject_t surf, int x, int y, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf3Dwrite(T data, cudaSurfaceObject_t surf, int x, int y, int z, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);

/* Memory, pointers and kernels: the structures code reads fields of. */
struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaPitchedPtr { void *ptr; size_t pitch; size_t xsize; size_t ysize; };
__host__ cudaExtent make_cudaExtent(size_t w, size_t h, size_t d);
__host__ cudaPos make_cudaPos(size_t x, size_t y, size_t z);
__host__ cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz);
struct cudaMemcpy3DParms { cudaArray_t srcArray; cudaPos srcPos; cudaPitchedPtr srcPtr; cudaArray_t dstArray; cudaPos dstPos; cudaPitchedPtr dstPtr; cudaExtent extent; cudaMemcpyKind kind; };
enum cudaMemoryType { cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1, cudaMemoryTypeDevice = 2, cudaMemoryTypeManaged = 3 };
struct cudaPointerAttributes { cudaMemoryType type; int device; void *devicePointer; void *hostPointer; };
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *attributes, const void *ptr);
struct cudaFuncAttributes { size_t sharedSizeBytes; size_t constSizeBytes; size_t localSizeBytes; int maxThreadsPerBlock; int numRegs; int ptxVersion; int binaryVersion; int cacheModeCA; int maxDynamicSharedSizeBytes; int preferredShmemCarveout; };
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, const void *func);
template <class T> cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, T *func);
struct cudaIpcMemHandle_st { char reserved[64]; };
typedef cudaIpcMemHandle_st cudaIpcMemHandle_t;
struct cudaIpcEventHandle_st { char reserved[64]; };
typedef cudaIpcEventHandle_st cudaIpcEventHandle_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
struct cudaKernelNodeParams { void *func; dim3 gridDim; dim3 blockDim; unsigned int sharedMemBytes; void **kernelParams; void **extra; };
typedef void (*cudaHostFn_t)(void *userData);
struct cudaHostNodeParams { cudaHostFn_t fn; void *userData; };
struct cudaMemsetParams { void *dst; size_t pitch; unsigned int value; unsigned int elementSize; size_t width; size_t height; };
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count, cudaStream_t stream = 0);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *p);
cudaError_t cudaMalloc3D(cudaPitchedPtr *ptr, cudaExtent extent);
template <class T> cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol);
template <class T> cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset, cudaMemcpyKind kind, cudaStream_t stream = 0);
template <class T> cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset, cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData, unsigned int flags);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);
template <class T> cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0);

/* Loads and stores with cache hints, rounding intrinsics, integer intrinsics. */
template <class T> __device__ T __ldcg(const T *p);
template <class T> __device__ T __ldca(const T *p);
template <class T> __device__ T __ldcs(const T *p);
template <class T> __device__ T __ldlu(const T *p);
template <class T> __device__ T __ldcv(const T *p);
template <class T> __device__ void __stwb(T *p, T v);
template <class T> __device__ void __stcg(T *p, T v);
template <class T> __device__ void __stcs(T *p, T v);
template <class T> __device__ void __stwt(T *p, T v);
#define __ROCPORT_ROUNDED(r) \
  __device__ float __fadd_##r(float, float); __device__ float __fsub_##r(float, float); \
  __device__ float __fmul_##r(float, float); __device__ float __fdiv_##r(float, float); \
  __device__ float __fmaf_##r(float, float, float); __device__ float __frcp_##r(float); \
  __device__ float __fsqrt_##r(float); __device__ double __dadd_##r(double, double); \
  __device__ double __dsub_##r(double, double); __device__ double __dmul_##r(double, double); \
  __device__ double __ddiv_##r(double, double); __device__ double __fma_##r(double, double, double); \
  __device__ double __drcp_##r(double); __device__ double __dsqrt_##r(double); \
  __device__ int __float2int_##r(float); __device__ unsigned __float2uint_##r(float); \
  __device__ long long __float2ll_##r(float); __device__ unsigned long long __float2ull_##r(float); \
  __device__ int __double2int_##r(double); __device__ unsigned __double2uint_##r(double); \
  __device__ long long __double2ll_##r(double); __device__ float __double2float_##r(double); \
  __device__ float __int2float_##r(int); __device__ float __uint2float_##r(unsigned); \
  __device__ float __ll2float_##r(long long); __device__ double __ll2double_##r(long long);
__ROCPORT_ROUNDED(rn) __ROCPORT_ROUNDED(rz) __ROCPORT_ROUNDED(ru) __ROCPORT_ROUNDED(rd)
#undef __ROCPORT_ROUNDED
__device__ float __fmaf_ieee_rn(float, float, float);
__device__ float __frsqrt_rn(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __tanf(float);
__device__ float __logf(float);
__device__ float __log2f(float);
__device__ float __log10f(float);
__device__ float __exp10f(float);
__device__ float __powf(float, float);
__device__ void __sincosf(float, float *, float *);
__device__ int __mul24(int, int);
__device__ unsigned __umul24(unsigned, unsigned);
__device__ int __mulhi(int, int);
__device__ unsigned __umulhi(unsigned, unsigned);
__device__ long long __mul64hi(long long, long long);
__device__ unsigned long long __umul64hi(unsigned long long, unsigned long long);
__device__ unsigned __sad(int, int, unsigned);
__device__ unsigned __usad(unsigned, unsigned, unsigned);
__device__ int __hadd(int, int);
__device__ int __rhadd(int, int);
__device__ unsigned __uhadd(unsigned, unsigned);
__device__ unsigned __urhadd(unsigned, unsigned);
__device__ unsigned __byte_perm(unsigned, unsigned, unsigned);
__device__ unsigned __funnelshift_l(unsigned, unsigned, unsigned);
__device__ unsigned __funnelshift_r(unsigned, unsigned, unsigned);
__device__ unsigned __funnelshift_lc(unsigned, unsigned, unsigned);
__device__ unsigned __funnelshift_rc(unsigned, unsigned, unsigned);
__device__ unsigned long long __brevll(unsigned long long);
__device__ int __ffsll(long long);
__device__ unsigned __lanemask_lt(void);
__device__ unsigned __lanemask_le(void);
__device__ unsigned __lanemask_gt(void);
__device__ unsigned __lanemask_ge(void);
__device__ unsigned __lanemask_eq(void);
__device__ void __nanosleep(unsigned);
__device__ unsigned int __vabsdiffu4(unsigned, unsigned);
__device__ int __dp4a(int, int, int);
__device__ unsigned __dp4a(unsigned, unsigned, unsigned);
__device__ long long int __ll_as_longlong(long long);
__device__ float __uint_as_float(unsigned);
__device__ unsigned __float_as_uint(float);
__device__ int __hiloint2double(int, int);
__device__ int __double2hiint(double);
__device__ int __double2loint(double);
__device__ unsigned long long __globaltimer(void);
__device__ unsigned __smid(void);
template <class T> __device__ T atomicAdd_block(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicSub_block(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicMax_block(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicMin_block(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicExch_block(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicCAS_block(T *address, __rocport_value_t<T> compare, __rocport_value_t<T> value);
template <class T> __device__ T atomicAnd_block(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicOr_block(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicSub_system(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicMax_system(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicMin_system(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicExch_system(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicCAS_system(T *address, __rocport_value_t<T> compare, __rocport_value_t<T> value);
template <class T> __device__ T atomicOr_system(T *address, __rocport_value_t<T> value);
template <class T> __device__ T atomicAnd_system(T *address, __rocport_value_t<T> value);
__device__ unsigned __match_all_sync(unsigned mask, unsigned value, int *pred);
__device__ unsigned __reduce_min_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_max_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_and_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_or_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_xor_sync(unsigned mask, unsigned value);
__device__ bool __isShared(const void *p);
__device__ bool __isGlobal(const void *p);
__device__ unsigned __cvta_generic_to_shared(const void *p);
/* The complex numbers of cuComplex.h. */
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
__host__ __device__ float cuCrealf(cuFloatComplex x);
__host__ __device__ float cuCimagf(cuFloatComplex x);
__host__ __device__ cuFloatComplex make_cuFloatComplex(float r, float i);
__host__ __device__ cuComplex make_cuComplex(float r, float i);
__host__ __device__ cuFloatComplex cuConjf(cuFloatComplex x);
__host__ __device__ cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y, cuFloatComplex d);
__host__ __device__ float cuCabsf(cuFloatComplex x);
__host__ __device__ double cuCreal(cuDoubleComplex x);
__host__ __device__ double cuCimag(cuDoubleComplex x);
__host__ __device__ cuDoubleComplex make_cuDoubleComplex(double r, double i);
__host__ __device__ cuDoubleComplex cuConj(cuDoubleComplex x);
__host__ __device__ cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d);
__host__ __device__ double cuCabs(cuDoubleComplex x);
/* cuRAND's device API: the states are structs, the generators templates over them. */
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag; int boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
typedef curandStateXORWOW curandState_t;
typedef curandStateXORWOW curandState;
struct curandStatePhilox4_32_10 { uint4 ctr; uint4 output; uint2 key; unsigned int STATE; int boxmuller_flag; int boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
typedef curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateMRG32k3a { double s1[3]; double s2[3]; int boxmuller_flag; int boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
typedef curandStateMRG32k3a curandStateMRG32k3a_t;
template <class S> __device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, S *state);
template <class S> __device__ unsigned int curand(S *state);
template <class S> __device__ float curand_uniform(S *state);
template <class S> __device__ double curand_uniform_double(S *state);
template <class S> __device__ float curand_normal(S *state);
template <class S> __device__ double curand_normal_double(S *state);
template <class S> __device__ float2 curand_normal2(S *state);
template <class S> __device__ double2 curand_normal2_double(S *state);
template <class S> __device__ float4 curand_uniform4(S *state);
template <class S> __device__ float4 curand_normal4(S *state);
template <class S> __device__ uint4 curand4(S *state);
template <class S> __device__ float curand_log_normal(S *state, float mean, float stddev);
template <class S> __device__ unsigned int curand_poisson(S *state, double lambda);
/* math_constants.h */
#define CUDART_PI_F 3.141592654f
#define CUDART_PI 3.1415926535897931e+0
#define CUDART_INF_F __builtin_huge_valf()
#define CUDART_INF __builtin_huge_val()
#define CUDART_NAN_F __builtin_nanf("")
#define CUDART_NAN __builtin_nan("")
#define CUDART_SQRT_2PI_F 2.506628275f
#define CUDART_SQRT_HALF_F 0.707106781f
/* Extended launches (cudaLaunchKernelEx). */
enum cudaLaunchAttributeID { cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeCooperative = 2, cudaLaunchAttributeClusterDimension = 4, cudaLaunchAttributeProgrammaticStreamSerialization = 6, cudaLaunchAttributePriority = 8 };
union cudaLaunchAttributeValue { char pad[64]; int cooperative; struct { unsigned int x, y, z; } clusterDim; int priority; int programmaticStreamSerializationAllowed; };
struct cudaLaunchAttribute { cudaLaunchAttributeID id; char pad[4]; cudaLaunchAttributeValue val; };
struct cudaLaunchConfig_t { dim3 gridDim; dim3 blockDim; size_t dynamicSmemBytes; cudaStream_t stream; cudaLaunchAttribute *attrs; unsigned int numAttrs; };
template <class... P, class... A> cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(P...), A &&...args);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
/* CUB (cub/cub.cuh): the device-wide algorithms take any arguments; the block and warp
 * collectives have their TempStorage and take any arguments too. */
namespace cub {
#define __ROCPORT_ALGORITHMS \
  template <class... A> static cudaError_t Sum(A &&...); template <class... A> static cudaError_t Min(A &&...); \
  template <class... A> static cudaError_t Max(A &&...); template <class... A> static cudaError_t ArgMin(A &&...); \
  template <class... A> static cudaError_t ArgMax(A &&...); template <class... A> static cudaError_t Reduce(A &&...); \
  template <class... A> static cudaError_t ReduceByKey(A &&...); template <class... A> static cudaError_t InclusiveSum(A &&...); \
  template <class... A> static cudaError_t ExclusiveSum(A &&...); template <class... A> static cudaError_t InclusiveScan(A &&...); \
  template <class... A> static cudaError_t ExclusiveScan(A &&...); template <class... A> static cudaError_t SortKeys(A &&...); \
  template <class... A> static cudaError_t SortPairs(A &&...); template <class... A> static cudaError_t SortKeysDescending(A &&...); \
  template <class... A> static cudaError_t SortPairsDescending(A &&...); template <class... A> static cudaError_t Flagged(A &&...); \
  template <class... A> static cudaError_t If(A &&...); template <class... A> static cudaError_t Unique(A &&...); \
  template <class... A> static cudaError_t Encode(A &&...); template <class... A> static cudaError_t HistogramEven(A &&...); \
  template <class... A> static cudaError_t HistogramRange(A &&...); template <class... A> static cudaError_t Transform(A &&...); \
  template <class... A> static cudaError_t ForEach(A &&...); template <class... A> static cudaError_t Partition(A &&...);
struct DeviceReduce { __ROCPORT_ALGORITHMS };
struct DeviceSegmentedReduce { __ROCPORT_ALGORITHMS };
struct DeviceScan { __ROCPORT_ALGORITHMS };
struct DeviceRadixSort { __ROCPORT_ALGORITHMS };
struct DeviceSegmentedRadixSort { __ROCPORT_ALGORITHMS };
struct DeviceMergeSort { __ROCPORT_ALGORITHMS };
struct DeviceSelect { __ROCPORT_ALGORITHMS };
struct DevicePartition { __ROCPORT_ALGORITHMS };
struct DeviceHistogram { __ROCPORT_ALGORITHMS };
struct DeviceRunLengthEncode { __ROCPORT_ALGORITHMS };
struct DeviceFor { __ROCPORT_ALGORITHMS };
#undef __ROCPORT_ALGORITHMS
#define __ROCPORT_COLLECTIVE(name) \
  template <class T, auto... P> struct name { \
    struct TempStorage { T storage[1]; }; \
    __device__ name(); __device__ name(TempStorage &storage); \
    template <class... A> __device__ T Sum(A &&...); template <class... A> __device__ T Reduce(A &&...); \
    template <class... A> __device__ void InclusiveSum(A &&...); template <class... A> __device__ void ExclusiveSum(A &&...); \
    template <class... A> __device__ void InclusiveScan(A &&...); template <class... A> __device__ void ExclusiveScan(A &&...); \
    template <class... A> __device__ void Load(A &&...); template <class... A> __device__ void Store(A &&...); \
    template <class... A> __device__ void Sort(A &&...); template <class... A> __device__ void SortDescending(A &&...); \
    template <class... A> __device__ void SortBlockedToStriped(A &&...); \
  };
__ROCPORT_COLLECTIVE(BlockReduce) __ROCPORT_COLLECTIVE(BlockScan) __ROCPORT_COLLECTIVE(BlockLoad)
__ROCPORT_COLLECTIVE(BlockStore) __ROCPORT_COLLECTIVE(BlockRadixSort) __ROCPORT_COLLECTIVE(WarpReduce)
__ROCPORT_COLLECTIVE(WarpScan) __ROCPORT_COLLECTIVE(BlockExchange) __ROCPORT_COLLECTIVE(BlockHistogram)
#undef __ROCPORT_COLLECTIVE
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE };
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE };
struct Sum { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
struct Max { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
struct Min { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class K, class V> struct KeyValuePair { K key; V value; };
}  // namespace cub
