// check:
#include <cuda.h>

void flags(CUgraphExec exec, CUgraphNode node, CUgraphNodeParams *parameters) {
  cuuint64_t value = 0;
  cuGraphExecGetFlags(exec, &value);
  cuGraphNodeSetParams(node, parameters);
}
