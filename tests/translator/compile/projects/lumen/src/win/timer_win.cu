#include <windows.h>
#include <cuda_runtime.h>

// Kernel timing with the Windows performance counter.
double lumen_elapsed_ms(cudaEvent_t start, cudaEvent_t stop) {
  LARGE_INTEGER frequency;
  QueryPerformanceFrequency(&frequency);
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  return static_cast<double>(ms);
}
