// Portability macros: the same headers are compiled by nvcc and by the host
// compiler (for the CPU reference implementation).
#pragma once

#if defined(__CUDACC__)
#define FX_HOST_DEVICE __host__ __device__
#define FX_DEVICE __device__
#define FX_INLINE __forceinline__
#else
#define FX_HOST_DEVICE
#define FX_DEVICE
#define FX_INLINE inline
#endif

#if defined(__CUDA_ARCH__)
#define FX_ON_DEVICE 1
#else
#define FX_ON_DEVICE 0
#endif

namespace fx {

template <typename T>
FX_HOST_DEVICE FX_INLINE constexpr T clamp(T v, T lo, T hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

constexpr int kMaxDims = 4;

}  // namespace fx
