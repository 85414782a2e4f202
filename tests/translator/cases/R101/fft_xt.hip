// check: rocm-6.4
#include <hipfft/hipfftXt.h>

// cuFFT's Xt API: hipFFT declares it (hipfftXt.h), though HIPIFY 6.3 marks it unsupported.
hipfftResult transform(hipfftHandle plan, long long n, hipfftComplex *host, size_t *work) {
  long long sizes[1] = {n};
  hipfftResult result = hipfftXtMakePlanMany(plan, 1, sizes, nullptr, 1, n, HIP_C_32F, nullptr,
                                           1, n, HIP_C_32F, 1, work, HIP_C_32F);
  if (result != HIPFFT_SUCCESS) return result;
  hipLibXtDesc *data = nullptr;
  result = hipfftXtMalloc(plan, &data, HIPFFT_XT_FORMAT_INPLACE);
  if (result != HIPFFT_SUCCESS) return result;
  hipfftXtMemcpy(plan, data, host, HIPFFT_COPY_HOST_TO_DEVICE);
  result = hipfftXtExecDescriptor(plan, data, data, HIPFFT_FORWARD);
  hipfftXtMemcpy(plan, host, data, HIPFFT_COPY_DEVICE_TO_HOST);
  hipfftXtFree(data);
  return result;
}
