// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hiprand/hiprand.h>
#include <curand.h>

int main() {
  const size_t n = 1 << 20;
  float *data;
  double *doubles;
  unsigned int *bits;
  // CHECK: hipMalloc(&data, n * sizeof(float));
  cudaMalloc(&data, n * sizeof(float));
  // CHECK: hiprandGenerator_t generator;
  curandGenerator_t generator;
  // CHECK: hiprandStatus_t status = hiprandCreateGenerator(&generator, HIPRAND_RNG_PSEUDO_DEFAULT);
  curandStatus_t status = curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_DEFAULT);
  // CHECK: if (status != HIPRAND_STATUS_SUCCESS) return 1;
  if (status != CURAND_STATUS_SUCCESS) return 1;
  // CHECK: hiprandSetPseudoRandomGeneratorSeed(generator, 1234ULL);
  curandSetPseudoRandomGeneratorSeed(generator, 1234ULL);
  // CHECK: hiprandSetGeneratorOffset(generator, 0);
  curandSetGeneratorOffset(generator, 0);
  // CHECK: hiprandGenerateUniform(generator, data, n);
  curandGenerateUniform(generator, data, n);
  // CHECK: hiprandGenerateNormal(generator, data, n, 0.0f, 1.0f);
  curandGenerateNormal(generator, data, n, 0.0f, 1.0f);
  // CHECK: hiprandGenerateLogNormal(generator, data, n, 0.0f, 1.0f);
  curandGenerateLogNormal(generator, data, n, 0.0f, 1.0f);
  // CHECK: hiprandGenerateUniformDouble(generator, doubles, n);
  curandGenerateUniformDouble(generator, doubles, n);
  // CHECK: hiprandGeneratePoisson(generator, bits, n, 4.0);
  curandGeneratePoisson(generator, bits, n, 4.0);
  // CHECK: hiprandGenerate(generator, bits, n);
  curandGenerate(generator, bits, n);
  // CHECK: hiprandGenerator_t quasi, host;
  curandGenerator_t quasi, host;
  // CHECK: hiprandCreateGenerator(&quasi, HIPRAND_RNG_QUASI_SOBOL32);
  curandCreateGenerator(&quasi, CURAND_RNG_QUASI_SOBOL32);
  // CHECK: hiprandCreateGeneratorHost(&host, HIPRAND_RNG_PSEUDO_MRG32K3A);
  curandCreateGeneratorHost(&host, CURAND_RNG_PSEUDO_MRG32K3A);
  // CHECK: hiprandDestroyGenerator(generator);
  curandDestroyGenerator(generator);
  return 0;
}
