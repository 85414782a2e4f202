// Compiles a SAXPY kernel at run time with NVRTC and launches it through the
// driver API, for the architecture of the current device.
#include <cuda.h>
#include <cuda_runtime.h>
#include <nvrtc.h>

#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#define NVRTC_SAFE_CALL(x)                                                                   \
  do {                                                                                       \
    nvrtcResult result = x;                                                                  \
    if (result != NVRTC_SUCCESS) {                                                           \
      std::cerr << "\nerror: " #x " failed with error " << nvrtcGetErrorString(result) << '\n'; \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

#define CUDA_SAFE_CALL(x)                                                    \
  do {                                                                       \
    CUresult result = x;                                                     \
    if (result != CUDA_SUCCESS) {                                            \
      const char *msg;                                                       \
      cuGetErrorName(result, &msg);                                          \
      std::cerr << "\nerror: " #x " failed with error " << msg << '\n';     \
      exit(1);                                                               \
    }                                                                        \
  } while (0)

const char *saxpy = R"(
extern "C" __global__
void saxpy(float a, float *x, float *y, float *out, size_t n)
{
  size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n) {
    out[tid] = a * x[tid] + y[tid];
  }
}
)";

int main() {
  const unsigned int NUM_THREADS = 128;
  const unsigned int NUM_BLOCKS = 32;

  int device = 0, major = 0, minor = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  std::string arch = "--gpu-architecture=sm_" + std::to_string(major * 10 + minor);

  nvrtcProgram prog;
  NVRTC_SAFE_CALL(nvrtcCreateProgram(&prog, saxpy, "saxpy.cu", 0, NULL, NULL));
  const char *opts[] = {arch.c_str(), "--fmad=false", "-default-device"};
  nvrtcResult compileResult = nvrtcCompileProgram(prog, 3, opts);
  size_t logSize;
  NVRTC_SAFE_CALL(nvrtcGetProgramLogSize(prog, &logSize));
  std::string log(logSize, '\0');
  NVRTC_SAFE_CALL(nvrtcGetProgramLog(prog, &log[0]));
  if (logSize > 1) std::cout << log << '\n';
  if (compileResult != NVRTC_SUCCESS) exit(1);

  size_t codeSize;
  NVRTC_SAFE_CALL(nvrtcGetCUBINSize(prog, &codeSize));
  std::vector<char> code(codeSize);
  NVRTC_SAFE_CALL(nvrtcGetCUBIN(prog, code.data()));
  NVRTC_SAFE_CALL(nvrtcDestroyProgram(&prog));

  CUdevice cuDevice;
  CUcontext context;
  CUmodule module;
  CUfunction kernel;
  CUDA_SAFE_CALL(cuInit(0));
  CUDA_SAFE_CALL(cuDeviceGet(&cuDevice, device));
  CUDA_SAFE_CALL(cuDevicePrimaryCtxRetain(&context, cuDevice));
  CUDA_SAFE_CALL(cuCtxSetCurrent(context));
  CUDA_SAFE_CALL(cuModuleLoadDataEx(&module, code.data(), 0, 0, 0));
  CUDA_SAFE_CALL(cuModuleGetFunction(&kernel, module, "saxpy"));

  size_t n = NUM_THREADS * NUM_BLOCKS;
  size_t bufferSize = n * sizeof(float);
  float a = 5.1f;
  std::vector<float> hX(n), hY(n), hOut(n);
  for (size_t i = 0; i < n; ++i) {
    hX[i] = static_cast<float>(i);
    hY[i] = static_cast<float>(i * 2);
  }
  CUdeviceptr dX, dY, dOut;
  CUDA_SAFE_CALL(cuMemAlloc(&dX, bufferSize));
  CUDA_SAFE_CALL(cuMemAlloc(&dY, bufferSize));
  CUDA_SAFE_CALL(cuMemAlloc(&dOut, bufferSize));
  CUDA_SAFE_CALL(cuMemcpyHtoD(dX, hX.data(), bufferSize));
  CUDA_SAFE_CALL(cuMemcpyHtoD(dY, hY.data(), bufferSize));

  void *args[] = {&a, &dX, &dY, &dOut, &n};
  CUDA_SAFE_CALL(cuLaunchKernel(kernel, NUM_BLOCKS, 1, 1, NUM_THREADS, 1, 1, 0, NULL, args, 0));
  CUDA_SAFE_CALL(cuCtxSynchronize());
  CUDA_SAFE_CALL(cuMemcpyDtoH(hOut.data(), dOut, bufferSize));

  int errors = 0;
  for (size_t i = 0; i < n; ++i) {
    if (std::fabs(hOut[i] - (a * hX[i] + hY[i])) > 1e-3f) errors++;
  }
  std::cout << (errors ? "FAILED" : "PASSED") << '\n';

  CUDA_SAFE_CALL(cuMemFree(dX));
  CUDA_SAFE_CALL(cuMemFree(dY));
  CUDA_SAFE_CALL(cuMemFree(dOut));
  CUDA_SAFE_CALL(cuModuleUnload(module));
  CUDA_SAFE_CALL(cuDevicePrimaryCtxRelease(cuDevice));
  return errors ? 1 : 0;
}
