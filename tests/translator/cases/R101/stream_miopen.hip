// check: nvcc rocm-6.4
#include <hip/hip_runtime.h>

// --miopen changes cuDNN names only: a stream in code without cuDNN stays hipStream_t
// (MIOpen's miopenAcceleratorQueue_t is declared only by miopen.h).
void copy_async(float *to, const float *from, size_t count, hipStream_t stream) {
  hipMemcpyAsync(to, from, count * sizeof(float), hipMemcpyDeviceToDevice, stream);
}
