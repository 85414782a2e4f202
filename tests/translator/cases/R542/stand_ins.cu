// check: nvcc
// A project that builds without NVTX defines stand-ins; they are renamed with the calls,
// so that both branches stay consistent.
#ifdef USE_NVTX
#include <nvtx3/nvToolsExt.h>
#else
#define nvtxRangePushA(name) ((void)(name))
#define nvtxRangePop() ((void)0)
#endif
#include <cstdio>

int main() {
  nvtxRangePushA("main");
  std::puts("working");
  nvtxRangePop();
  return 0;
}
