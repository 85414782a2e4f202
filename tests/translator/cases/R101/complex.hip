// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>

__global__ void rotate(hipFloatComplex *values, hipFloatComplex by, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] = hipCmulf(values[i], by);
}

__host__ __device__ float magnitude(hipDoubleComplex z) {
  hipDoubleComplex conj = hipConj(z);
  hipDoubleComplex product = hipCmul(z, conj);
  return static_cast<float>(hipCreal(product)) + hipCabsf(make_hipFloatComplex(0.0f, 0.0f));
}

hipComplex unit() {
  hipComplex one = make_hipComplex(1.0f, 0.0f);
  hipDoubleComplex wide = hipComplexFloatToDouble(one);
  return hipCaddf(one, make_hipFloatComplex(hipCimagf(one), (float)hipCreal(wide)));
}
