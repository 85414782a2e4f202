// The lambda qualifiers come from headers this tree does not carry (a deep-learning
// framework's and a sorting library's): a name between the capture list and the
// parameters can only be such a macro, so these lambdas run on the device.
#include <hip/hip_runtime.h>
#include <framework/macros.h>
#include <sortlib/launch.hxx>

void scale_on_device(float *host_out, int count, float factor) {
  float *buffer = nullptr;
  hipMalloc(&buffer, count * sizeof(float));
  for_each_index(count, [=] FRAMEWORK_HOST_DEVICE(int i) { buffer[i] *= factor; });
  sortlib::transform(count, [=] SORTLIB_DEVICE(int i) mutable { buffer[i] += 1.0f; });
  auto square = [buffer] GPU_LAMBDA(int i) -> float { return buffer[i] * buffer[i]; };
  run_kernel(count, square);
  hipMemcpy(host_out, buffer, count * sizeof(float), hipMemcpyDeviceToHost);
  hipFree(buffer);
}
