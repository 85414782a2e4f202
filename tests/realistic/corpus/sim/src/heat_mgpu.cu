// 1D heat equation split across every GPU; halos exchanged with peer copies
// on one stream per device.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "../util/cuda_utils.cuh"

__global__ void heat_step(const double *u, double *unew, int n, double r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;  // skip the left halo
  if (i <= n) unew[i] = u[i] + r * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
}

int main() {
  int ngpus = 0;
  gpuErrchk(cudaGetDeviceCount(&ngpus));
  ngpus = std::max(1, std::min(ngpus, 8));
  const int n_total = 1 << 22, steps = 200;
  const int n = n_total / ngpus;
  const double r = 0.25;

  std::vector<double *> u(ngpus), unew(ngpus);
  std::vector<cudaStream_t> streams(ngpus);
  for (int g = 0; g < ngpus; g++) {
    gpuErrchk(cudaSetDevice(g));
    gpuErrchk(cudaStreamCreate(&streams[g]));
    gpuErrchk(cudaMalloc(&u[g], (n + 2) * sizeof(double)));
    gpuErrchk(cudaMalloc(&unew[g], (n + 2) * sizeof(double)));
    gpuErrchk(cudaMemset(u[g], 0, (n + 2) * sizeof(double)));
    gpuErrchk(cudaMemset(unew[g], 0, (n + 2) * sizeof(double)));
    for (int p = 0; p < ngpus; p++) {
      int can = 0;
      if (p != g && cudaDeviceCanAccessPeer(&can, g, p) == cudaSuccess && can) {
        cudaError_t err = cudaDeviceEnablePeerAccess(p, 0);
        if (err == cudaErrorPeerAccessAlreadyEnabled) cudaGetLastError();  // clear it
      }
    }
  }
  double spike = 1.0e6;
  gpuErrchk(cudaSetDevice(0));
  gpuErrchk(cudaMemcpy(u[0] + n / 2, &spike, sizeof(double), cudaMemcpyHostToDevice));

  for (int s = 0; s < steps; s++) {
    for (int g = 0; g < ngpus; g++) {
      gpuErrchk(cudaSetDevice(g));
      heat_step<<<(n + 255) / 256, 256, 0, streams[g]>>>(u[g], unew[g], n, r);
    }
    for (int g = 0; g < ngpus; g++) gpuErrchk(cudaStreamSynchronize(streams[g]));
    // Exchange halos: my last interior cell -> right neighbour's left halo, and back.
    for (int g = 0; g + 1 < ngpus; g++) {
      gpuErrchk(cudaMemcpyPeerAsync(unew[g + 1], g + 1, unew[g] + n, g, sizeof(double), streams[g]));
      gpuErrchk(cudaMemcpyPeerAsync(unew[g] + n + 1, g, unew[g + 1] + 1, g + 1, sizeof(double), streams[g + 1]));
    }
    for (int g = 0; g < ngpus; g++) {
      gpuErrchk(cudaSetDevice(g));
      gpuErrchk(cudaStreamSynchronize(streams[g]));
      std::swap(u[g], unew[g]);
    }
  }

  double total = 0.0;
  std::vector<double> h(n + 2);
  for (int g = 0; g < ngpus; g++) {
    gpuErrchk(cudaSetDevice(g));
    gpuErrchk(cudaMemcpy(h.data(), u[g], (n + 2) * sizeof(double), cudaMemcpyDeviceToHost));
    for (int i = 1; i <= n; i++) total += h[i];
    cudaFree(u[g]);
    cudaFree(unew[g]);
    cudaStreamDestroy(streams[g]);
  }
  printf("%d GPU(s), heat %.1f\n", ngpus, total);
  return 0;
}
