// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Warp-level intrinsics keep their names (HIP 6.2 and later have the *_sync forms). The
// full 32-lane mask literal is widened to the 64-lane wavefront (issue 3); hipify-clang
// keeps 0xffffffff. __syncwarp, which HIP lacks, becomes the wavefront barrier builtin.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void reduce(const float *in, float *out, int *votes) {
  float v = in[threadIdx.x];
  // CHECK: for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffffffffff, v, offset);
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  // CHECK: float first = __shfl_sync(0xffffffffffffffff, v, 0);
  float first = __shfl_sync(0xffffffff, v, 0);
  // CHECK: float next = __shfl_xor_sync(0xffffffffffffffff, v, 1);
  float next = __shfl_xor_sync(0xffffffff, v, 1);
  // CHECK: float up = __shfl_up_sync(0xffffffffffffffff, v, 1);
  float up = __shfl_up_sync(0xffffffff, v, 1);
  // CHECK: votes[0] = __all_sync(0xffffffffffffffff, v > 0) + __any_sync(0xffffffffffffffff, v < 0);
  votes[0] = __all_sync(0xffffffff, v > 0) + __any_sync(0xffffffff, v < 0);
  // CHECK: votes[1] = __popcll(__ballot_sync(0xffffffffffffffff, v > first));
  votes[1] = __popc(__ballot_sync(0xffffffff, v > first));
  // CHECK: votes[2] = __activemask() != 0;
  votes[2] = __activemask() != 0;
  // CHECK: __builtin_amdgcn_wave_barrier();
  __syncwarp();
  // CHECK: if (threadIdx.x % warpSize == 0) out[blockIdx.x] = v + next + up;
  if (threadIdx.x % warpSize == 0) out[blockIdx.x] = v + next + up;
}
