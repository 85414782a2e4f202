// check: rocm-6.4
#include <hip/hip_runtime.h>


// Names HIP 6.4 declares that HIPIFY 6.3 marks unsupported or misspells.
int record(hipStream_t stream, hipEvent_t event, int device) {
  size_t heap = 0;
  hipDeviceGetLimit(&heap, hipLimitMallocHeapSize);
  hipDeviceSetLimit(hipLimitMallocHeapSize, heap);
  int blocks = 0, group = 0;
  hipDeviceGetAttribute(&blocks, hipDeviceAttributeMaxBlocksPerMultiProcessor, device);
  hipDeviceGetAttribute(&group, hipDeviceAttributeMultiGpuBoardGroupID, device);
  hipError_t status = hipEventRecordWithFlags(event, stream, hipEventRecordExternal);
  if (status == hipErrorInvalidTexture) return 1;
  hipPointerAttribute_t attributes;
  hipPointerGetAttributes(&attributes, &heap);
  return attributes.type == hipMemoryTypeUnregistered ? blocks + group : 0;
}
