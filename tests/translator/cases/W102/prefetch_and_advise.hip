#include <hip/hip_runtime.h>

void warm(float *data, size_t bytes, int device, hipStream_t stream) {
  hipMemAdvise(data, bytes, hipMemAdviseSetReadMostly, device);
  hipMemPrefetchAsync(data, bytes, device, stream);
}
