// check: nvcc hipcc
#include <cstdio>

#include <cuda.h>
#include <cuda_runtime.h>

void CUDART_CB report(void *data) { printf("done %d\n", *static_cast<int *>(data)); }

void CUDART_CB on_stream(cudaStream_t stream, cudaError_t status, void *data) {
  (void)stream;
  (void)status;
  report(data);
}

typedef CUresult (CUDAAPI *PFN_init)(unsigned int flags);

void enqueue(cudaStream_t stream, int *value) {
  cudaLaunchHostFunc(stream, report, value);
  cudaStreamAddCallback(stream, on_stream, value, 0);
  PFN_init init = cuInit;
  init(0);
}
