// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --roc %clang_args

// With --roc, cuRAND becomes rocRAND.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <rocrand/rocrand.h>
#include <curand.h>
// CHECK: #include <rocrand/rocrand_kernel.h>
#include <curand_kernel.h>

// CHECK: __global__ void sample(rocrand_state_philox4x32_10 *states, float *out) {
__global__ void sample(curandStatePhilox4_32_10_t *states, float *out) {
  int id = threadIdx.x;
  // CHECK: rocrand_init(11, id, 0, &states[id]);
  curand_init(11, id, 0, &states[id]);
  // CHECK: out[id] = rocrand_uniform(&states[id]) + rocrand_normal(&states[id]);
  out[id] = curand_uniform(&states[id]) + curand_normal(&states[id]);
}

int main() {
  float *data;
  cudaMalloc(&data, 1024 * sizeof(float));
  // CHECK: rocrand_generator generator;
  curandGenerator_t generator;
  // CHECK: rocrand_status status = rocrand_create_generator(&generator, ROCRAND_RNG_PSEUDO_XORWOW);
  curandStatus_t status = curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_XORWOW);
  // CHECK: if (status != ROCRAND_STATUS_SUCCESS) return 1;
  if (status != CURAND_STATUS_SUCCESS) return 1;
  // CHECK: rocrand_set_seed(generator, 99ULL);
  curandSetPseudoRandomGeneratorSeed(generator, 99ULL);
  // CHECK: rocrand_generate_uniform(generator, data, 1024);
  curandGenerateUniform(generator, data, 1024);
  // CHECK: rocrand_generate_normal(generator, data, 1024, 0.0f, 1.0f);
  curandGenerateNormal(generator, data, 1024, 0.0f, 1.0f);
  // CHECK: rocrand_destroy_generator(generator);
  curandDestroyGenerator(generator);
  return 0;
}
