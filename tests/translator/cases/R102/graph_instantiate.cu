// check: nvcc hipcc
#include <cuda_runtime.h>

void instantiate(cudaGraph_t graph, cudaGraphExec_t *exec) {
  cudaGraphInstantiate(exec, graph, 0);
  cudaGraphInstantiate(exec, graph);
  cudaGraphInstantiate(exec, graph, cudaGraphInstantiateFlagAutoFreeOnLaunch);
  cudaGraphInstantiate(exec, graph, NULL, NULL, 0);
}
