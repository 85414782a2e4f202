// check: nvcc
// The file's own nvtx-looking names are left alone, and so are comments and strings.
#include <cstdio>
static void nvtxRangePushA(const char *name) { std::printf("push %s\n", name); }
struct Timer { int nvtxMarkA; };  // a member sharing an NVTX name
#define NVTX_SCOPE(name) nvtxRangePushA(name)
int main() {
  NVTX_SCOPE("main");  // nvtxRangePop() would follow
  std::puts("nvtxMarkA");
  Timer timer;
  timer.nvtxMarkA = 0;
  return timer.nvtxMarkA;
}
