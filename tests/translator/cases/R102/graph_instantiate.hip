// check: nvcc hipcc
#include <hip/hip_runtime.h>

void instantiate(hipGraph_t graph, hipGraphExec_t *exec) {
  hipGraphInstantiateWithFlags(exec, graph, 0);
  hipGraphInstantiateWithFlags(exec, graph, 0);
  hipGraphInstantiateWithFlags(exec, graph, hipGraphInstantiateFlagAutoFreeOnLaunch);
  hipGraphInstantiate(exec, graph, NULL, NULL, 0);
}
