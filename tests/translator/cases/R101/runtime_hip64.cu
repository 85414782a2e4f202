// check: rocm-6.4
#include <cuda_runtime.h>
#include <cuda.h>

// Names HIP 6.4 declares that HIPIFY 6.3 marks unsupported or misspells.
int record(cudaStream_t stream, cudaEvent_t event, int device) {
  size_t heap = 0;
  cudaThreadGetLimit(&heap, cudaLimitMallocHeapSize);
  cudaThreadSetLimit(cudaLimitMallocHeapSize, heap);
  int blocks = 0, group = 0;
  cudaDeviceGetAttribute(&blocks, cudaDevAttrMaxBlocksPerMultiprocessor, device);
  cuDeviceGetAttribute(&group, CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID, device);
  cudaError_t status = cudaEventRecordWithFlags(event, stream, cudaEventRecordExternal);
  if (status == cudaErrorInvalidTexture) return 1;
  cudaPointerAttributes attributes;
  cudaPointerGetAttributes(&attributes, &heap);
  return attributes.type == cudaMemoryTypeUnregistered ? blocks + group : 0;
}
