// What the libstack libraries offer to host code (app/bench.cpp): plain pointers and
// streams, no library types, so that a host-only translation unit can call them.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace libstack {

// gemm_batched.cu: C[i] = A[i] * B[i] for `batch` column-major m x k by k x n products.
void batched_gemm(const float *A, const float *B, float *C, int m, int n, int k, int batch,
                  cudaStream_t stream);
// gemm_batched.cu: half-precision inputs, float accumulation and output.
void mixed_gemm(const void *A_half, const void *B_half, float *C, int m, int n, int k,
                cudaStream_t stream);
// gemm_lt.cu: D = relu(A * B + bias) with the heuristic's first algorithm.
bool fused_gemm_bias_relu(const float *A, const float *B, const float *bias, float *D, int m,
                          int n, int k, void *workspace, std::size_t workspace_bytes,
                          cudaStream_t stream);
// factorize.cu: solves the symmetric positive-definite system A x = b in place (b -> x).
int cholesky_solve(double *A, double *b, int n, int nrhs, cudaStream_t stream);
// factorize.cu: LU with partial pivoting, then solves; returns cuSOLVER's info.
int lu_solve(float *A, float *b, int n, cudaStream_t stream);
// spectral.cu: circular convolution of two real signals of length n through the FFT.
void fft_convolve(const float *signal, const float *kernel, float *out, int n,
                  cudaStream_t stream);
// sparse_generic.cu: y = A x and Y = A X for a CSR matrix.
void csr_multiply(int rows, int cols, int nnz, const int *row_offsets, const int *columns,
                  const float *values, const float *x, float *y, const float *X, float *Y,
                  int x_columns, cudaStream_t stream);
// sampling.cu: fills with N(mean, stddev) on the host API, then perturbs on the device.
void sample_gaussian(float *values, std::size_t count, float mean, float stddev,
                     std::uint64_t seed, cudaStream_t stream);
// cub_kernels.cu: per-block sums, a device-wide sum and an exclusive scan.
float block_and_device_sum(const float *values, float *block_sums, float *prefix, int count,
                           cudaStream_t stream);
// cub_kernels.cu: sorts keys and carries values along.
void sort_pairs(const unsigned *keys_in, unsigned *keys_out, const int *values_in,
                int *values_out, int count, cudaStream_t stream);
// thrust_stats.cu: mean and variance of the values, and a sorted copy.
void summarize(const float *values, int count, float *mean, float *variance, float *sorted);
// allreduce.cu: sums each GPU's buffer across all GPUs of this process.
void allreduce_all_devices(float **buffers, std::size_t count, int device_count);
// conv_dnn.cu: a 3x3 convolution and a ReLU over an NCHW batch.
void conv_relu(const float *input, const float *filter, float *output, int n, int c, int h,
               int w, int k);

}  // namespace libstack
