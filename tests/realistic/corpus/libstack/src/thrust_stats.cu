// Summary statistics with Thrust: device vectors, a transform-reduce for the variance,
// a sort, and a functor and a device lambda in transforms.
#include <thrust/copy.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

#include "libstack/api.h"

namespace libstack {
namespace {

struct squared_deviation {
  float mean;
  __host__ __device__ float operator()(float x) const { return (x - mean) * (x - mean); }
};

}  // namespace

void summarize(const float *values, int count, float *mean, float *variance, float *sorted) {
  thrust::device_ptr<const float> begin(values);
  thrust::device_vector<float> data(begin, begin + count);

  const float sum = thrust::reduce(data.begin(), data.end(), 0.0f, thrust::plus<float>());
  *mean = sum / count;
  *variance = thrust::transform_reduce(data.begin(), data.end(), squared_deviation{*mean},
                                       0.0f, thrust::plus<float>()) / count;

  // Ranks of the values, for a stable order of equal keys.
  thrust::device_vector<int> ranks(count);
  thrust::sequence(ranks.begin(), ranks.end());
  thrust::sort_by_key(thrust::device, data.begin(), data.end(), ranks.begin());

  const float shift = *mean;
  thrust::transform(data.begin(), data.end(), data.begin(),
                    [shift] __device__(float x) { return x - shift; });
  thrust::copy(data.begin(), data.end(), thrust::device_pointer_cast(sorted));
}

}  // namespace libstack
