// check:
#include <hip/hip_runtime.h>

void flags(hipGraphExec_t exec, hipGraphNode_t node, hipGraphNodeParams *parameters) {
  cuuint64_t value = 0;
  hipGraphExecGetFlags(exec, &value);
  hipGraphNodeSetParams(node, parameters);
}
