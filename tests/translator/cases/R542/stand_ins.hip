// check: nvcc
// A project that builds without NVTX defines stand-ins; they are renamed with the calls,
// so that both branches stay consistent.
#ifdef USE_NVTX
#include <roctracer/roctx.h>
#else
#define roctxRangePushA(name) ((void)(name))
#define roctxRangePop() ((void)0)
#endif
#include <cstdio>

int main() {
  roctxRangePushA("main");
  std::puts("working");
  roctxRangePop();
  return 0;
}
