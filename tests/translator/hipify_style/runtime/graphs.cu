// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void step(float *x) { x[threadIdx.x] += 1.0f; }

int main() {
  float *x;
  cudaMalloc(&x, 256);
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  // CHECK: hipGraph_t graph;
  cudaGraph_t graph;
  // CHECK: hipGraphExec_t instance;
  cudaGraphExec_t instance;
  // CHECK: hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal);
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
  step<<<1, 64, 0, stream>>>(x);
  // CHECK: hipStreamEndCapture(stream, &graph);
  cudaStreamEndCapture(stream, &graph);
  // CHECK: hipGraphInstantiate(&instance, graph, nullptr, nullptr, 0);
  cudaGraphInstantiate(&instance, graph, nullptr, nullptr, 0);
  // CHECK: hipGraphLaunch(instance, stream);
  cudaGraphLaunch(instance, stream);
  // CHECK: hipGraph_t built;
  cudaGraph_t built;
  // CHECK: hipGraphCreate(&built, 0);
  cudaGraphCreate(&built, 0);
  // CHECK: hipGraphNode_t first, second;
  cudaGraphNode_t first, second;
  // CHECK: hipGraphAddEmptyNode(&first, built, nullptr, 0);
  cudaGraphAddEmptyNode(&first, built, nullptr, 0);
  // CHECK: hipKernelNodeParams params = {};
  cudaKernelNodeParams params = {};
  void *arguments[] = {&x};
  params.func = (void *)step;
  params.gridDim = dim3(1);
  params.blockDim = dim3(64);
  params.kernelParams = arguments;
  // CHECK: hipGraphAddKernelNode(&second, built, &first, 1, &params);
  cudaGraphAddKernelNode(&second, built, &first, 1, &params);
  // CHECK: hipGraphExec_t built_instance;
  cudaGraphExec_t built_instance;
  // CHECK: hipGraphInstantiateWithFlags(&built_instance, built, 0);
  cudaGraphInstantiateWithFlags(&built_instance, built, 0);
  // CHECK: hipGraphExecDestroy(instance);
  cudaGraphExecDestroy(instance);
  // CHECK: hipGraphDestroy(graph);
  cudaGraphDestroy(graph);
  return 0;
}
