// A namespace alias defines the project's own name; its uses are renamed.
#include <cuda_runtime.h>
#include <hipcub/hipcub.hpp>

namespace cub = hipcub;

void sum(const int *in, int *out, int count, cudaStream_t stream) {
  void *scratch = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(scratch, bytes, in, out, count, stream);
}
