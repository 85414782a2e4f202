// check: nvcc
// Thrust's CUDA backend named explicitly: rocThrust's backend namespace is hip_rocprim.
#include <thrust/device_vector.h>
#include <thrust/sort.h>

void sort_keys(thrust::device_vector<int> &keys, hipStream_t stream) {
  thrust::sort(thrust::hip_rocprim::par.on(stream), keys.begin(), keys.end());
}
