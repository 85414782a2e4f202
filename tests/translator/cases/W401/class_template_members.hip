#include <hip/hip_runtime.h>

#if defined(__HIPCC__)
#define LIB_DEVICE __device__ __forceinline__
#else
#define LIB_DEVICE inline
#endif

namespace lib {

template <typename T, int kWidth = 32>
struct WarpTools {
  LIB_DEVICE static int lane() { return threadIdx.x % 32; }
  LIB_DEVICE static int warp() { return threadIdx.x / 32; }
  static int host_lanes(int tid) { return tid % 32; }
};

}  // namespace lib

#ifdef FAST_PATH
__global__ void pick(int *out, int n) {
#else
__global__ void pick(int *out) {
#endif
  out[threadIdx.x] = lib::WarpTools<int>::lane() + lib::WarpTools<int>::warp();
}

int reference(int tid) { return tid % 32; }

#if defined(__HIP_DEVICE_COMPILE__) && 0
__device__ int hopper_lane() { return threadIdx.x & 31; }
#endif
