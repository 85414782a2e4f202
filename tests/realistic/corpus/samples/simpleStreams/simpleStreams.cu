// Overlaps kernel execution with copies using several streams, and reports
// progress through a host callback.
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "helper_cuda.h"

__global__ void init_array(int *g_data, int *factor, int num_iterations) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < num_iterations; i++) {
    g_data[idx] += *factor;  // non-coalesced on purpose, to burn time
  }
}

struct CallbackData {
  int stream_id;
  int *completed;
};

void CUDART_CB streamDone(void *userData) {
  CallbackData *data = static_cast<CallbackData *>(userData);
  __atomic_add_fetch(data->completed, 1, __ATOMIC_SEQ_CST);
  printf("stream %d finished\n", data->stream_id);
}

bool correct_data(int *a, const int n, const int c) {
  for (int i = 0; i < n; i++) {
    if (a[i] != c) {
      printf("%d: %d %d\n", i, a[i], c);
      return false;
    }
  }
  return true;
}

int main(int argc, char **argv) {
  int cuda_device = findCudaDevice(argc, (const char **)argv);
  int nstreams = 4;
  int nreps = 10;
  int n = 16 * 1024 * 1024;
  int nbytes = n * sizeof(int);
  dim3 threads, blocks;
  float elapsed_time, time_memcpy, time_kernel;
  float scale_factor = 1.0f;

  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, cuda_device));
  if (!deviceProp.asyncEngineCount) {
    printf("Device cannot overlap copies and kernels; results will not show overlap.\n");
  }
  printf("> Device %d: %s, %d SMs\n", cuda_device, deviceProp.name, deviceProp.multiProcessorCount);

  // Blocking sync lets the CPU yield while waiting on events.
  checkCudaErrors(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));

  int c = 5;
  int *a = 0;
  checkCudaErrors(cudaMallocHost((void **)&a, nbytes));
  int *d_a = 0, *d_c = 0;
  checkCudaErrors(cudaMalloc((void **)&d_a, nbytes));
  checkCudaErrors(cudaMalloc((void **)&d_c, sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_c, &c, sizeof(int), cudaMemcpyHostToDevice));

  std::vector<cudaStream_t> streams(nstreams);
  for (int i = 0; i < nstreams; i++) {
    checkCudaErrors(cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking));
  }
  int leastPriority = 0, greatestPriority = 0;
  checkCudaErrors(cudaDeviceGetStreamPriorityRange(&leastPriority, &greatestPriority));
  cudaStream_t urgent;
  checkCudaErrors(cudaStreamCreateWithPriority(&urgent, cudaStreamNonBlocking, greatestPriority));

  cudaEvent_t start_event, stop_event;
  checkCudaErrors(cudaEventCreateWithFlags(&start_event, cudaEventBlockingSync));
  checkCudaErrors(cudaEventCreateWithFlags(&stop_event, cudaEventBlockingSync));

  // time memcopy from device
  checkCudaErrors(cudaEventRecord(start_event, 0));
  checkCudaErrors(cudaMemcpyAsync(a, d_a, nbytes, cudaMemcpyDeviceToHost, streams[0]));
  checkCudaErrors(cudaEventRecord(stop_event, 0));
  checkCudaErrors(cudaEventSynchronize(stop_event));
  checkCudaErrors(cudaEventElapsedTime(&time_memcpy, start_event, stop_event));
  printf("memcopy:\t%.2f\n", time_memcpy);

  // time kernel
  threads = dim3(512, 1);
  blocks = dim3(n / threads.x, 1);
  checkCudaErrors(cudaEventRecord(start_event, 0));
  init_array<<<blocks, threads, 0, streams[0]>>>(d_a, d_c, nreps);
  checkCudaErrors(cudaEventRecord(stop_event, 0));
  checkCudaErrors(cudaEventSynchronize(stop_event));
  checkCudaErrors(cudaEventElapsedTime(&time_kernel, start_event, stop_event));
  printf("kernel:\t\t%.2f\n", time_kernel);

  // Asynchronously launch nstreams kernels, each operating on its own portion of data,
  // followed by the copy of that portion back to the host.
  int completed = 0;
  std::vector<CallbackData> callbacks(nstreams);
  threads = dim3(512, 1);
  blocks = dim3(n / (nstreams * threads.x), 1);
  memset(a, 255, nbytes);
  checkCudaErrors(cudaMemset(d_a, 0, nbytes));
  checkCudaErrors(cudaEventRecord(start_event, 0));
  for (int i = 0; i < nstreams; i++) {
    init_array<<<blocks, threads, 0, streams[i]>>>(d_a + i * n / nstreams, d_c, nreps);
  }
  for (int i = 0; i < nstreams; i++) {
    checkCudaErrors(cudaMemcpyAsync(a + i * n / nstreams, d_a + i * n / nstreams, nbytes / nstreams,
                                    cudaMemcpyDeviceToHost, streams[i]));
    callbacks[i] = CallbackData{i, &completed};
    checkCudaErrors(cudaLaunchHostFunc(streams[i], streamDone, &callbacks[i]));
  }
  checkCudaErrors(cudaEventRecord(stop_event, 0));
  checkCudaErrors(cudaEventSynchronize(stop_event));
  checkCudaErrors(cudaEventElapsedTime(&elapsed_time, start_event, stop_event));

  // The urgent stream waits on the last regular stream before touching the data.
  cudaEvent_t last_done;
  checkCudaErrors(cudaEventCreateWithFlags(&last_done, cudaEventDisableTiming));
  checkCudaErrors(cudaEventRecord(last_done, streams[nstreams - 1]));
  checkCudaErrors(cudaStreamWaitEvent(urgent, last_done, 0));
  checkCudaErrors(cudaMemsetAsync(d_c, 0, sizeof(int), urgent));
  checkCudaErrors(cudaStreamSynchronize(urgent));
  if (cudaStreamQuery(streams[0]) == cudaErrorNotReady) {
    printf("stream 0 still busy\n");
  }

  printf("%d streams:\t%.2f (%.2f expected with compute capability 1.1 or later)\n", nstreams,
         elapsed_time / nreps, time_kernel + time_memcpy / nstreams);
  bool bResults = correct_data(a, n, c * nreps * (int)scale_factor);

  for (int i = 0; i < nstreams; i++) {
    checkCudaErrors(cudaStreamDestroy(streams[i]));
  }
  checkCudaErrors(cudaStreamDestroy(urgent));
  checkCudaErrors(cudaEventDestroy(start_event));
  checkCudaErrors(cudaEventDestroy(stop_event));
  checkCudaErrors(cudaEventDestroy(last_done));
  checkCudaErrors(cudaFreeHost(a));
  checkCudaErrors(cudaFree(d_a));
  checkCudaErrors(cudaFree(d_c));
  checkCudaErrors(cudaDeviceReset());
  return bResults ? EXIT_SUCCESS : EXIT_FAILURE;
}
