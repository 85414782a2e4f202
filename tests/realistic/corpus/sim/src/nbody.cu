// All-pairs N-body with shared-memory tiles of bodies; the softening factor
// and time step live in constant memory.
#include <cmath>
#include <cstdio>
#include <vector>

#include "../util/cuda_utils.cuh"

#define BLOCK_SIZE 256

__constant__ float c_softening2;
__constant__ float c_dt;

__device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + c_softening2;
  float invDist = rsqrtf(distSqr);
  float invDist3 = invDist * invDist * invDist;
  float s = bj.w * invDist3;  // w holds the mass
  ai.x = __fmaf_rn(r.x, s, ai.x);
  ai.y = __fmaf_rn(r.y, s, ai.y);
  ai.z = __fmaf_rn(r.z, s, ai.z);
  return ai;
}

__global__ void integrateBodies(float4 *__restrict__ newPos, float4 *__restrict__ oldPos, float4 *vel,
                                int numBodies) {
  __shared__ float4 shPosition[BLOCK_SIZE];
  int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  float4 myPos = (gtid < numBodies) ? oldPos[gtid] : make_float4(0.f, 0.f, 0.f, 0.f);
  float3 acc = {0.0f, 0.0f, 0.0f};

  for (int tile = 0; tile < gridDim.x; tile++) {
    int idx = tile * blockDim.x + threadIdx.x;
    shPosition[threadIdx.x] = (idx < numBodies) ? oldPos[idx] : make_float4(0.f, 0.f, 0.f, 0.f);
    __syncthreads();
#pragma unroll 8
    for (int j = 0; j < BLOCK_SIZE; j++) {
      acc = bodyBodyInteraction(myPos, shPosition[j], acc);
    }
    __syncthreads();
  }
  if (gtid < numBodies) {
    float4 v = vel[gtid];
    v.x += acc.x * c_dt;
    v.y += acc.y * c_dt;
    v.z += acc.z * c_dt;
    myPos.x += v.x * c_dt;
    myPos.y += v.y * c_dt;
    myPos.z += v.z * c_dt;
    newPos[gtid] = myPos;
    vel[gtid] = v;
  }
}

int main(int argc, char **argv) {
  int nBodies = argc > 1 ? atoi(argv[1]) : 30000;
  int nIters = 10;
  const float softening = 1e-9f, dt = 0.01f;
  float softening2 = softening * softening;
  gpuErrchk(cudaMemcpyToSymbol(c_softening2, &softening2, sizeof(float)));
  gpuErrchk(cudaMemcpyToSymbol(c_dt, &dt, sizeof(float), 0, cudaMemcpyHostToDevice));

  std::vector<float4> hPos(nBodies), hVel(nBodies);
  for (int i = 0; i < nBodies; i++) {
    hPos[i] = make_float4(rand() / (float)RAND_MAX, rand() / (float)RAND_MAX, rand() / (float)RAND_MAX, 1.0f);
    hVel[i] = make_float4(0.f, 0.f, 0.f, 0.f);
  }
  float4 *dPos[2], *dVel;
  size_t bytes = nBodies * sizeof(float4);
  gpuErrchk(cudaMalloc(&dPos[0], bytes));
  gpuErrchk(cudaMalloc(&dPos[1], bytes));
  gpuErrchk(cudaMalloc(&dVel, bytes));
  gpuErrchk(cudaMemcpy(dPos[0], hPos.data(), bytes, cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemcpy(dVel, hVel.data(), bytes, cudaMemcpyHostToDevice));

  int nBlocks = (nBodies + BLOCK_SIZE - 1) / BLOCK_SIZE;
  GpuTimer timer;
  timer.Start();
  for (int iter = 0; iter < nIters; iter++) {
    integrateBodies<<<nBlocks, BLOCK_SIZE>>>(dPos[(iter + 1) % 2], dPos[iter % 2], dVel, nBodies);
    cudaCheckErrors("integrateBodies launch");
  }
  timer.Stop();
  float ms = timer.Elapsed();
  double interactions = (double)nBodies * nBodies * nIters;
  printf("%d bodies: %.3f ms/iter, %.1f billion interactions/s\n", nBodies, ms / nIters,
         interactions / (ms * 1e-3) / 1e9);

  float dtRead = 0.0f;
  gpuErrchk(cudaMemcpyFromSymbol(&dtRead, c_dt, sizeof(float)));
  gpuErrchk(cudaMemcpy(hPos.data(), dPos[nIters % 2], bytes, cudaMemcpyDeviceToHost));
  printf("dt %.3f, first body at (%.4f, %.4f, %.4f)\n", dtRead, hPos[0].x, hPos[0].y, hPos[0].z);
  cudaFree(dPos[0]);
  cudaFree(dPos[1]);
  cudaFree(dVel);
  return 0;
}
