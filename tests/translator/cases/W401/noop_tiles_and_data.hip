#include <hip/hip_runtime.h>
#define TILE 32

__global__ void tiles(const float *in, float *out, int n) {
  int row = threadIdx.x / 32;
  int col = threadIdx.x % 32;
  int lane = threadIdx.x % warpSize;
  int data = n % 32;  // data value, not a lane
  int bank = threadIdx.x % 32;  // one of 32 LDS banks
  for (int i = 0; i < 32; i++) out[i] = in[i];
  // threadIdx.x % 32 in a comment
  const char *s = "threadIdx.x % 32";
  out[row * TILE + col] = in[lane] + data + bank;
}

int host_only(int x) { return x / 32; }
