#include "mesh.h"
#ifdef MESH_WITH_NCCL
#include <nccl.h>
#endif

#ifdef MESH_WITH_NCCL
namespace {
ncclComm_t *shared_comm() {
  static ncclComm_t comm = nullptr;
  return &comm;
}
}  // namespace
#endif

void sum_gradients(float *gradients, int n, cudaStream_t stream) {
#ifdef MESH_WITH_NCCL
  ncclAllReduce(gradients, gradients, n, ncclFloat, ncclSum, *shared_comm(), stream);
#else
  (void)gradients;
  (void)n;
  cudaStreamSynchronize(stream);
#endif
}
