// Error checking and device selection shared by every sample in this folder.
// Include after cuda_runtime.h (and cuda.h for the driver API samples).
#ifndef SAMPLES_COMMON_HELPER_CUDA_H_
#define SAMPLES_COMMON_HELPER_CUDA_H_

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

static const char *_cudaGetErrorEnum(cudaError_t error) {
  return cudaGetErrorName(error);
}

#ifdef CUDA_DRIVER_API
// Driver API results have their own names.
static const char *_cudaGetErrorEnum(CUresult error) {
  static char unknown[] = "<unknown>";
  const char *ret = NULL;
  cuGetErrorName(error, &ret);
  return ret ? ret : unknown;
}
#endif

template <typename T>
void check(T result, char const *const func, const char *const file,
           int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line,
            static_cast<unsigned int>(result), _cudaGetErrorEnum(result), func);
    exit(EXIT_FAILURE);
  }
}

// Wraps a runtime or driver call and aborts with file and line on failure.
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

// Checks the error state after a kernel launch.
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)

inline void __getLastCudaError(const char *errorMessage, const char *file,
                               const int line) {
  cudaError_t err = cudaGetLastError();
  if (cudaSuccess != err) {
    fprintf(stderr,
            "%s(%i) : getLastCudaError() CUDA error :"
            " %s : (%d) %s.\n",
            file, line, errorMessage, static_cast<int>(err),
            cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}

#ifndef MAX
#define MAX(a, b) (a > b ? a : b)
#endif

// Cores per multiprocessor for the architectures the samples were tuned on.
inline int _ConvertSMVer2Cores(int major, int minor) {
  typedef struct {
    int SM;  // 0xMm (hexadecimal notation), M = SM Major version, m = minor
    int Cores;
  } sSMtoCores;

  sSMtoCores nGpuArchCoresPerSM[] = {
      {0x60, 64},  {0x61, 128}, {0x62, 128}, {0x70, 64},  {0x72, 64},
      {0x75, 64},  {0x80, 64},  {0x86, 128}, {0x87, 128}, {0x89, 128},
      {0x90, 128}, {0xa0, 128}, {-1, -1}};

  int index = 0;
  while (nGpuArchCoresPerSM[index].SM != -1) {
    if (nGpuArchCoresPerSM[index].SM == ((major << 4) + minor)) {
      return nGpuArchCoresPerSM[index].Cores;
    }
    index++;
  }
  printf("MapSMtoCores for SM %d.%d is undefined.  Default to use %d Cores/SM\n",
         major, minor, nGpuArchCoresPerSM[index - 1].Cores);
  return nGpuArchCoresPerSM[index - 1].Cores;
}

// The device with the highest estimated throughput that is not prohibited.
inline int gpuGetMaxGflopsDeviceId() {
  int current_device = 0, sm_per_multiproc = 0;
  int max_perf_device = 0;
  int device_count = 0;
  int devices_prohibited = 0;
  uint64_t max_compute_perf = 0;
  checkCudaErrors(cudaGetDeviceCount(&device_count));
  if (device_count == 0) {
    fprintf(stderr, "gpuGetMaxGflopsDeviceId() CUDA error: no devices supporting CUDA.\n");
    exit(EXIT_FAILURE);
  }
  for (current_device = 0; current_device < device_count; ++current_device) {
    int computeMode = -1, major = 0, minor = 0;
    checkCudaErrors(cudaDeviceGetAttribute(&computeMode, cudaDevAttrComputeMode, current_device));
    checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, current_device));
    checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, current_device));
    if (computeMode == cudaComputeModeProhibited) {
      devices_prohibited++;
      continue;
    }
    sm_per_multiproc = (major == 9999 && minor == 9999) ? 1 : _ConvertSMVer2Cores(major, minor);
    int multiProcessorCount = 0, clockRate = 0;
    checkCudaErrors(cudaDeviceGetAttribute(&multiProcessorCount, cudaDevAttrMultiProcessorCount,
                                           current_device));
    checkCudaErrors(cudaDeviceGetAttribute(&clockRate, cudaDevAttrClockRate, current_device));
    uint64_t compute_perf = (uint64_t)multiProcessorCount * sm_per_multiproc * clockRate;
    if (compute_perf > max_compute_perf) {
      max_compute_perf = compute_perf;
      max_perf_device = current_device;
    }
  }
  if (devices_prohibited == device_count) {
    fprintf(stderr, "gpuGetMaxGflopsDeviceId() CUDA error: all devices have compute mode prohibited.\n");
    exit(EXIT_FAILURE);
  }
  return max_perf_device;
}

// Picks the device named by -device=N, else the fastest one, and makes it current.
inline int findCudaDevice(int argc, const char **argv) {
  int devID = -1;
  for (int i = 1; i < argc; ++i) {
    if (strncmp(argv[i], "-device=", 8) == 0) {
      devID = atoi(argv[i] + 8);
    }
  }
  if (devID < 0) {
    devID = gpuGetMaxGflopsDeviceId();
  }
  checkCudaErrors(cudaSetDevice(devID));
  int major = 0, minor = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, devID));
  checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, devID));
  printf("GPU Device %d: with compute capability %d.%d\n\n", devID, major, minor);
  return devID;
}

#endif  // SAMPLES_COMMON_HELPER_CUDA_H_
