// Random numbers both ways cuRAND offers them: a host-API generator fills the buffer,
// then Philox states on the device add a small uniform jitter per element.
#include <curand.h>
#include <curand_kernel.h>

#include "libstack/api.h"
#include "libstack/status.h"

#define CURAND_CALL(x) LS_EXPECT(x, CURAND_STATUS_SUCCESS)

namespace libstack {
namespace {

__global__ void jitter(float *values, std::size_t count, unsigned long long seed, float width) {
  const std::size_t id = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  curandStatePhilox4_32_10_t state;
  curand_init(seed, id, 0, &state);
  for (std::size_t i = id * 4; i < count; i += 4ull * gridDim.x * blockDim.x) {
    float4 u = curand_uniform4(&state);
    values[i] += (u.x - 0.5f) * width;
    if (i + 1 < count) values[i + 1] += (u.y - 0.5f) * width;
    if (i + 2 < count) values[i + 2] += (u.z - 0.5f) * width;
    if (i + 3 < count) values[i + 3] += (u.w - 0.5f) * width;
  }
}

}  // namespace

void sample_gaussian(float *values, std::size_t count, float mean, float stddev,
                     std::uint64_t seed, cudaStream_t stream) {
  curandGenerator_t generator;
  CURAND_CALL(curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CURAND_CALL(curandSetStream(generator, stream));
  CURAND_CALL(curandSetPseudoRandomGeneratorSeed(generator, seed));
  CURAND_CALL(curandSetGeneratorOffset(generator, 0));
  // curandGenerateNormal wants an even count.
  const std::size_t even = count & ~static_cast<std::size_t>(1);
  CURAND_CALL(curandGenerateNormal(generator, values, even, mean, stddev));
  if (even != count) CURAND_CALL(curandGenerateUniform(generator, values + even, 1));
  CURAND_CALL(curandDestroyGenerator(generator));

  jitter<<<64, 256, 0, stream>>>(values, count, seed ^ 0x9e3779b97f4a7c15ull, 1e-3f * stddev);
  LS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace libstack
