// check: nvcc hipcc
#include <cuComplex.h>

__global__ void rotate(cuFloatComplex *values, cuFloatComplex by, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] = cuCmulf(values[i], by);
}

__host__ __device__ float magnitude(cuDoubleComplex z) {
  cuDoubleComplex conj = cuConj(z);
  cuDoubleComplex product = cuCmul(z, conj);
  return static_cast<float>(cuCreal(product)) + cuCabsf(make_cuFloatComplex(0.0f, 0.0f));
}

cuComplex unit() {
  cuComplex one = make_cuComplex(1.0f, 0.0f);
  cuDoubleComplex wide = cuComplexFloatToDouble(one);
  return cuCaddf(one, make_cuFloatComplex(cuCimagf(one), (float)cuCreal(wide)));
}
