// check: rocm-6.4
#include <cufftXt.h>

// cuFFT's Xt API: hipFFT declares it (hipfftXt.h), though HIPIFY 6.3 marks it unsupported.
cufftResult transform(cufftHandle plan, long long n, cufftComplex *host, size_t *work) {
  long long sizes[1] = {n};
  cufftResult result = cufftXtMakePlanMany(plan, 1, sizes, nullptr, 1, n, CUDA_C_32F, nullptr,
                                           1, n, CUDA_C_32F, 1, work, CUDA_C_32F);
  if (result != CUFFT_SUCCESS) return result;
  cudaLibXtDesc *data = nullptr;
  result = cufftXtMalloc(plan, &data, CUFFT_XT_FORMAT_INPLACE);
  if (result != CUFFT_SUCCESS) return result;
  cufftXtMemcpy(plan, data, host, CUFFT_COPY_HOST_TO_DEVICE);
  result = cufftXtExecDescriptor(plan, data, data, CUFFT_FORWARD);
  cufftXtMemcpy(plan, host, data, CUFFT_COPY_DEVICE_TO_HOST);
  cufftXtFree(data);
  return result;
}
