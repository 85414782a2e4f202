// Circular convolution through the FFT: forward real-to-complex transforms of both
// signals, a pointwise product, and the inverse. A batch of planes goes through the
// 64-bit Xt planning interface.
#include <cufft.h>
#include <cufftXt.h>

#include "libstack/api.h"
#include "libstack/device_buffer.cuh"

#define CUFFT_CALL(call) LS_EXPECT(call, CUFFT_SUCCESS)

namespace libstack {
namespace {

__global__ void multiply_spectra(cufftComplex *a, const cufftComplex *b, int bins, float scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < bins) {
    cufftComplex x = a[i], y = b[i];
    a[i].x = (x.x * y.x - x.y * y.y) * scale;
    a[i].y = (x.x * y.y + x.y * y.x) * scale;
  }
}

}  // namespace

void fft_convolve(const float *signal, const float *kernel, float *out, int n,
                  cudaStream_t stream) {
  const int bins = n / 2 + 1;
  DeviceBuffer<cufftComplex> signal_bins(bins), kernel_bins(bins);

  cufftHandle forward, inverse;
  CUFFT_CALL(cufftPlan1d(&forward, n, CUFFT_R2C, 1));
  CUFFT_CALL(cufftPlan1d(&inverse, n, CUFFT_C2R, 1));
  CUFFT_CALL(cufftSetStream(forward, stream));
  CUFFT_CALL(cufftSetStream(inverse, stream));

  CUFFT_CALL(cufftExecR2C(forward, const_cast<float *>(signal), signal_bins.data()));
  CUFFT_CALL(cufftExecR2C(forward, const_cast<float *>(kernel), kernel_bins.data()));
  multiply_spectra<<<(bins + 255) / 256, 256, 0, stream>>>(signal_bins.data(),
                                                           kernel_bins.data(), bins, 1.0f / n);
  CUFFT_CALL(cufftExecC2R(inverse, signal_bins.data(), out));
  LS_CUDA_CHECK(cudaStreamSynchronize(stream));

  cufftDestroy(forward);
  cufftDestroy(inverse);
}

// Forward transforms of `planes` complex planes of rows x cols, planned with 64-bit sizes.
size_t transform_planes(cufftComplex *data, long long rows, long long cols, long long planes,
                        cudaStream_t stream) {
  cufftHandle plan;
  CUFFT_CALL(cufftCreate(&plan));
  CUFFT_CALL(cufftSetAutoAllocation(plan, 1));
  long long sizes[2] = {rows, cols};
  size_t work = 0;
  CUFFT_CALL(cufftXtMakePlanMany(plan, 2, sizes, nullptr, 1, rows * cols, CUDA_C_32F, nullptr, 1,
                                 rows * cols, CUDA_C_32F, planes, &work, CUDA_C_32F));
  CUFFT_CALL(cufftSetStream(plan, stream));
  CUFFT_CALL(cufftXtExec(plan, data, data, CUFFT_FORWARD));
  cufftDestroy(plan);
  return work;
}

}  // namespace libstack
