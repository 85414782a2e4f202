#pragma once
#include <cuda_runtime.h>

void scatter_add(const int *index, const float *values, float *out, int n, cudaStream_t stream);
void sum_gradients(float *gradients, int n, cudaStream_t stream);
