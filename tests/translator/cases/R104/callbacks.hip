// check: nvcc hipcc
#include <cstdio>

#include <hip/hip_runtime.h>


void report(void *data) { printf("done %d\n", *static_cast<int *>(data)); }

void on_stream(hipStream_t stream, hipError_t status, void *data) {
  (void)stream;
  (void)status;
  report(data);
}

typedef hipError_t (*PFN_init)(unsigned int flags);

void enqueue(hipStream_t stream, int *value) {
  hipLaunchHostFunc(stream, report, value);
  hipStreamAddCallback(stream, on_stream, value, 0);
  PFN_init init = hipInit;
  init(0);
}
