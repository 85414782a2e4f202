// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void count(int *counter, unsigned *ticket, float *sum, double *dsum, unsigned long long *big) {
  // CHECK: atomicAdd(counter, 1);
  atomicAdd(counter, 1);
  // CHECK: atomicAdd(sum, 0.5f);
  atomicAdd(sum, 0.5f);
  // CHECK: atomicAdd(dsum, 0.25);
  atomicAdd(dsum, 0.25);
  // CHECK: atomicSub(counter, 1);
  atomicSub(counter, 1);
  // CHECK: atomicExch(counter, 7);
  atomicExch(counter, 7);
  // CHECK: atomicMin(counter, 3);
  atomicMin(counter, 3);
  // CHECK: atomicMax(counter, 9);
  atomicMax(counter, 9);
  // CHECK: atomicInc(ticket, 100u);
  atomicInc(ticket, 100u);
  // CHECK: atomicDec(ticket, 100u);
  atomicDec(ticket, 100u);
  // CHECK: atomicCAS(counter, 0, 1);
  atomicCAS(counter, 0, 1);
  // CHECK: atomicCAS(big, 0ull, 1ull);
  atomicCAS(big, 0ull, 1ull);
  // CHECK: atomicAnd(counter, 1);
  atomicAnd(counter, 1);
  // CHECK: atomicOr(counter, 2);
  atomicOr(counter, 2);
  // CHECK: atomicXor(counter, 4);
  atomicXor(counter, 4);
  // CHECK: atomicAdd_system(counter, 1);
  atomicAdd_system(counter, 1);
}
