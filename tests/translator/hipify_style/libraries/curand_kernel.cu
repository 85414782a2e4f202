// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hiprand/hiprand_kernel.h>
#include <curand_kernel.h>

// CHECK: __global__ void setup(hiprandState *states, unsigned long long seed) {
__global__ void setup(curandState *states, unsigned long long seed) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  // CHECK: hiprand_init(seed, id, 0, &states[id]);
  curand_init(seed, id, 0, &states[id]);
}

// CHECK: __global__ void draw(hiprandState_t *states, float *uniform, float *normal, unsigned int *raw) {
__global__ void draw(curandState_t *states, float *uniform, float *normal, unsigned int *raw) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  // CHECK: hiprandState_t local = states[id];
  curandState_t local = states[id];
  // CHECK: uniform[id] = hiprand_uniform(&local);
  uniform[id] = curand_uniform(&local);
  // CHECK: normal[id] = hiprand_normal(&local);
  normal[id] = curand_normal(&local);
  // CHECK: raw[id] = hiprand(&local) + hiprand_poisson(&local, 2.0);
  raw[id] = curand(&local) + curand_poisson(&local, 2.0);
  states[id] = local;
}

// CHECK: __global__ void philox(hiprandStatePhilox4_32_10_t *states, float4 *out) {
__global__ void philox(curandStatePhilox4_32_10_t *states, float4 *out) {
  int id = threadIdx.x;
  // CHECK: hiprand_init(7, id, 0, &states[id]);
  curand_init(7, id, 0, &states[id]);
  // CHECK: out[id] = hiprand_uniform4(&states[id]);
  out[id] = curand_uniform4(&states[id]);
}

// CHECK: __global__ void mrg(hiprandStateMRG32k3a_t *states, double *out) {
__global__ void mrg(curandStateMRG32k3a_t *states, double *out) {
  int id = threadIdx.x;
  // CHECK: out[id] = hiprand_uniform_double(&states[id]) + hiprand_normal_double(&states[id]);
  out[id] = curand_uniform_double(&states[id]) + curand_normal_double(&states[id]);
}

int main() {
  // CHECK: hiprandState *states;
  curandState *states;
  // CHECK: hipMalloc(&states, 256 * sizeof(hiprandState));
  cudaMalloc(&states, 256 * sizeof(curandState));
  setup<<<1, 256>>>(states, 42ULL);
  return 0;
}
