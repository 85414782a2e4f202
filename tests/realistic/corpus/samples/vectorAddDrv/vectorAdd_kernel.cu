// Device code for vectorAddDrv, compiled to a fatbin that the host program
// loads with the driver API (nvcc -fatbin vectorAdd_kernel.cu).
extern "C" __global__ void VecAdd_kernel(const float *A, const float *B, float *C, int N) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}
