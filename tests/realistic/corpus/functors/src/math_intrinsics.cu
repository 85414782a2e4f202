// Fast-math and bit intrinsics compared with their precise counterparts; the
// table of maximum errors is printed by the host.
#include <math_constants.h>

#include <cmath>
#include <cstdio>

#include <cuda_runtime.h>

#include "fx/hd.h"

enum Probe { SIN, EXP, DIV, RSQRT, POW, SINCOS, ERFCINV, NORMCDF, NUM_PROBES };

__global__ void probe_errors(float *max_err, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = -CUDART_PI_F + 2.0f * CUDART_PI_F * i / n;
  float err[NUM_PROBES];
  err[SIN] = fabsf(__sinf(x) - sinf(x));
  err[EXP] = fabsf(__expf(x) - expf(x)) / expf(x);
  err[DIV] = fabsf(__fdividef(1.0f, x + 4.0f) - 1.0f / (x + 4.0f));
  err[RSQRT] = fabsf(rsqrtf(x + 4.0f) - 1.0f / sqrtf(x + 4.0f));
  err[POW] = fabsf(__powf(2.0f, x) - exp2f(x));
  float s, c;
  __sincosf(x, &s, &c);
  float s2, c2;
  sincosf(x, &s2, &c2);
  err[SINCOS] = fmaxf(fabsf(s - s2), fabsf(c - c2));
  float p = __saturatef((x + CUDART_PI_F) / (2.0f * CUDART_PI_F));
  err[ERFCINV] = fabsf(erfc(erfcinvf(fmaxf(p, 1e-3f) * 1.9f)) - fmaxf(p, 1e-3f) * 1.9f);
  err[NORMCDF] = fabsf(normcdff(x) - 0.5f * erfcf(-x * CUDART_SQRT_HALF_F));
  for (int k = 0; k < NUM_PROBES; k++) {
    // Non-negative floats order like their bit patterns.
    atomicMax(reinterpret_cast<int *>(&max_err[k]), __float_as_int(err[k]));
  }
}

__global__ void bit_tricks(const unsigned int *in, unsigned int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned int v = in[i];
    unsigned int r = __brev(v) ^ (unsigned)__clz(v) ^ (unsigned)__ffs(v) ^ (unsigned)__popc(v);
    r ^= __umulhi(v, 0x9e3779b9u) ^ (unsigned)__mul24((int)(v & 0xffff), 3);
    r ^= (unsigned)__popcll(((unsigned long long)v << 32) | v) ^ __byte_perm(v, r, 0x3210);
    r += (unsigned)__float2int_rn(__int_as_float(0x3f800000)) + __funnelshift_l(v, r, 7);
    out[i] = r + (unsigned)__double2int_rz(__hiloint2double(0, (int)v)) + __sad(v, r, 0u);
  }
}

int main() {
  const int n = 1 << 16;
  float *d_err;
  unsigned int *d_in, *d_out;
  cudaMalloc(&d_err, NUM_PROBES * sizeof(float));
  cudaMemset(d_err, 0, NUM_PROBES * sizeof(float));
  cudaMalloc(&d_in, n * sizeof(unsigned int));
  cudaMalloc(&d_out, n * sizeof(unsigned int));
  cudaMemset(d_in, 0x5a, n * sizeof(unsigned int));
  probe_errors<<<n / 256, 256>>>(d_err, n);
  bit_tricks<<<n / 256, 256>>>(d_in, d_out, n);
  float h_err[NUM_PROBES];
  cudaMemcpy(h_err, d_err, sizeof(h_err), cudaMemcpyDeviceToHost);
  const char *names[NUM_PROBES] = {"sin", "exp", "div", "rsqrt", "pow", "sincos", "erfcinv", "normcdf"};
  for (int k = 0; k < NUM_PROBES; k++) printf("%-8s %.3e\n", names[k], h_err[k]);
  cudaFree(d_err);
  cudaFree(d_in);
  cudaFree(d_out);
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
