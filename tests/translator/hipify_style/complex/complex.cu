// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// CHECK: #include <hip/hip_complex.h>
#include <cuComplex.h>
// CHECK-NOT: #include <cuComplex.h>

// CHECK: __device__ hipFloatComplex rotate(hipFloatComplex z, float angle) {
__device__ cuFloatComplex rotate(cuFloatComplex z, float angle) {
  // CHECK: hipFloatComplex w = make_hipFloatComplex(cosf(angle), sinf(angle));
  cuFloatComplex w = make_cuFloatComplex(cosf(angle), sinf(angle));
  // CHECK: return hipCmulf(z, w);
  return cuCmulf(z, w);
}

// CHECK: __host__ __device__ hipDoubleComplex combine(hipDoubleComplex a, hipDoubleComplex b) {
__host__ __device__ cuDoubleComplex combine(cuDoubleComplex a, cuDoubleComplex b) {
  // CHECK: hipDoubleComplex c = hipCadd(a, hipCmul(a, b));
  cuDoubleComplex c = cuCadd(a, cuCmul(a, b));
  // CHECK: return make_hipDoubleComplex(hipCreal(c), 0.0);
  return make_cuDoubleComplex(cuCreal(c), 0.0);
}

int main() {
  // CHECK: hipComplex z = make_hipComplex(1.0f, 2.0f);
  cuComplex z = make_cuComplex(1.0f, 2.0f);
  // CHECK: float r = hipCrealf(z) + hipCimagf(z) + hipCabsf(hipConjf(z));
  float r = cuCrealf(z) + cuCimagf(z) + cuCabsf(cuConjf(z));
  // CHECK: hipFloatComplex q = hipCdivf(hipCsubf(z, z), hipCaddf(z, z));
  cuFloatComplex q = cuCdivf(cuCsubf(z, z), cuCaddf(z, z));
  // CHECK: hipDoubleComplex d = hipComplexFloatToDouble(q);
  cuDoubleComplex d = cuComplexFloatToDouble(q);
  // CHECK: q = hipComplexDoubleToFloat(d);
  q = cuComplexDoubleToFloat(d);
  return r > 0.0f ? 0 : 1;
}
