// check: nvcc hipcc
// Host code keeps std::printf; "std::printf(" in a comment or string is text.
#include <cstdio>
#include <hip/hip_runtime.h>

// __device__ code would call printf, not std::printf(...)
int main() {
  std::printf("%s\n", "std::printf(");
  return 0;
}
