// Host-only timing of the scale kernel through the runtime API's events.
#include <chrono>
#include <cstdio>

#include "tensorlib/tensor.cuh"

int main() {
  tl::DeviceArray<double> data(1 << 22);
  cudaEvent_t start, stop;
  TL_TRY(cudaEventCreate(&start));
  TL_TRY(cudaEventCreate(&stop));
  TL_TRY(cudaEventRecord(start));
  TL_TRY(cudaMemset(data.data(), 0, data.size() * sizeof(double)));
  TL_TRY(cudaEventRecord(stop));
  TL_TRY(cudaEventSynchronize(stop));
  float ms = 0;
  TL_TRY(cudaEventElapsedTime(&ms, start, stop));
  std::printf("memset of %zu doubles: %.3f ms\n", data.size(), ms);
  return 0;
}
