// Error checking and timing helpers used by every simulation.
#ifndef SIM_CUDA_UTILS_CUH
#define SIM_CUDA_UTILS_CUH

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

// Checks the error state after kernel launches and asynchronous calls.
#define cudaCheckErrors(msg)                                                                   \
  do {                                                                                         \
    cudaError_t __err = cudaGetLastError();                                                    \
    if (__err != cudaSuccess) {                                                                \
      fprintf(stderr, "Fatal error: %s (%s at %s:%d)\n", msg, cudaGetErrorString(__err), __FILE__, \
              __LINE__);                                                                       \
      fprintf(stderr, "*** FAILED - ABORTING\n");                                              \
      exit(1);                                                                                 \
    }                                                                                          \
  } while (0)

#define gpuErrchk(ans) \
  { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
    if (abort) exit(code);
  }
}

// Times a stretch of GPU work on a stream with a pair of events.
struct GpuTimer {
  cudaEvent_t start_, stop_;
  cudaStream_t stream_;
  explicit GpuTimer(cudaStream_t stream = 0) : stream_(stream) {
    cudaEventCreate(&start_);
    cudaEventCreate(&stop_);
  }
  ~GpuTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  void Start() { cudaEventRecord(start_, stream_); }
  void Stop() { cudaEventRecord(stop_, stream_); }
  float Elapsed() {
    float elapsed;
    cudaEventSynchronize(stop_);
    cudaEventElapsedTime(&elapsed, start_, stop_);
    return elapsed;
  }
};

#ifdef __CUDACC__
#define SIM_HD __host__ __device__
#else
#define SIM_HD
#endif

SIM_HD inline int idx2d(int x, int y, int pitch) { return y * pitch + x; }

#endif  // SIM_CUDA_UTILS_CUH
