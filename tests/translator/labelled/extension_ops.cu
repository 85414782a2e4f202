// Kernels in the style of a Python extension: qualifier macros with empty host
// alternatives, chained macros, device lambdas through a macro, a kernel whose
// signature differs between #if alternatives, NVIDIA-only branches and host reference
// code that imitates warp lanes.
// Labels: "hazard: <category>" on lines a porting engineer must look at.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

#ifdef __CUDACC__
#define OPS_HOST_DEVICE __host__ __device__
#define OPS_DEVICE __device__
#else
#define OPS_HOST_DEVICE
#define OPS_DEVICE
#endif
#define OPS_INLINE OPS_DEVICE __forceinline__
#define OPS_LAMBDA OPS_DEVICE
#ifndef OPS_USE_BIAS
#define OPS_USE_BIAS 1
#endif

struct Shape {
  int rows;
  int cols;
  OPS_HOST_DEVICE int size() const { return rows * cols; }
};

// Lane of a flat index inside its 32-thread group.
OPS_HOST_DEVICE inline int group_lane(int tid) { return tid % 32; }  // hazard: warp-size

OPS_INLINE float group_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)  // hazard: warp-size
    v += __shfl_down_sync(0xffffffff, v, offset);  // hazard: lane-mask
  return v;
}

template <typename F>
__global__ void for_each_index(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

#if OPS_USE_BIAS
__global__ void row_sums(const float *in, const float *bias, float *out, Shape s) {
  float b = bias[blockIdx.x];
#else
__global__ void row_sums(const float *in, float *out, Shape s) {
  float b = 0.0f;
#endif
  float v = 0.0f;
  for (int c = threadIdx.x; c < s.cols; c += blockDim.x) v += in[blockIdx.x * s.cols + c];
  v = group_sum(v);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  // Hopper-only path: never compiled for an AMD GPU.
  if ((threadIdx.x & 31) == 0) atomicAdd(&out[blockIdx.x], v + b);
#else
  if (threadIdx.x % warpSize == 0) atomicAdd(&out[blockIdx.x], v + b);
#endif
}

// CPU reference: emulates the lanes of a warp on the host to check the kernel.
void row_sums_reference(const std::vector<float> &in, std::vector<float> &out, Shape s) {
  for (int r = 0; r < s.rows; ++r) {
    float lanes[32] = {};
    for (int tid = 0; tid < s.cols; ++tid) {
      int lane = tid % 32;
      lanes[lane] += in[r * s.cols + tid];
    }
    float total = 0.0f;
    for (float x : lanes) total += x;
    out[r] = total;
  }
}

struct DeviceBuffers {
  float *values;
  float *bias;
};

int main() {
  Shape s = {256, 1024};
  std::vector<float> host(s.size(), 1.0f), sums(s.rows), reference(s.rows);
  float *values = host.data();  // host memory with the name of a member below
  DeviceBuffers dev;
  cudaMalloc(&dev.values, s.size() * sizeof(float));
  cudaMalloc(&dev.bias, s.rows * sizeof(float));
  values[0] = 2.0f;
  float *d_out;
  cudaMalloc(&d_out, s.rows * sizeof(float));
  cudaMemcpy(dev.values, values, s.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dev.bias, 0, s.rows * sizeof(float));
  for_each_index<<<1, 256>>>(s.rows, [=] OPS_LAMBDA(int i) { d_out[i] = 0.0f; });
  row_sums<<<s.rows, 256>>>(dev.values, dev.bias, d_out, s);
  cudaMemcpy(sums.data(), d_out, s.rows * sizeof(float), cudaMemcpyDeviceToHost);
  row_sums_reference(host, reference, s);
  std::printf("%f %f\n", sums[0], d_out[0]);  // hazard: host-deref
  cudaFree(d_out);
  cudaFree(dev.values);
  cudaFree(dev.bias);
  return 0;
}
