// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Names whose HIP counterpart is experimental stay as they are without --experimental.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
  // CHECK: hipGraphNode_t node;
  cudaGraphNode_t node;
  // CHECK: hipGraphNodeParams params = {};
  cudaGraphNodeParams params = {};
  // CHECK: cudaGraphNodeSetParams(node, &params);
  cudaGraphNodeSetParams(node, &params);
  // CHECK: hipGraphExec_t exec;
  cudaGraphExec_t exec;
  unsigned long long flags;
  // CHECK: cudaGraphExecGetFlags(exec, &flags);
  cudaGraphExecGetFlags(exec, &flags);
  return 0;
}
