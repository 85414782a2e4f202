// check: nvcc
// NVTX names in comments, strings and member accesses are left alone:
// nvtxRangePushA("x"); nvtxRangePop();
#include <cstdio>
struct Timer { int nvtxMarkA; };  // a member sharing an NVTX name
int main() {
  std::puts("nvtxMarkA");
  Timer timer;
  timer.nvtxMarkA = 0;
  return timer.nvtxMarkA;
}
