// check: nvcc hipcc
// HIP's cooperative groups header needs the runtime before it.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void sync_all(int *flag) {
  cg::thread_block block = cg::this_thread_block();
  block.sync();
  if (block.thread_rank() == 0) *flag = 1;
}
