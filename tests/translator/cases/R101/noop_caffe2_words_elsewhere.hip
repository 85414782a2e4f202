// A memory-manager library has its own stream class with a Caffe2 word for a name;
// this file never touches Caffe2, so the word stays.
#include <rmm/cuda_stream.hpp>

void make_streams() {
  rmm::cuda_stream owned;
  auto other = rmm::cuda_stream{};
}
