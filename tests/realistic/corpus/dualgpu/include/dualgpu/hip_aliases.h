#pragma once
// CUDA spellings used by the sources, as HIP names. Only the HIP build includes this.
#define cudaError_t hipError_t
#define cudaSuccess hipSuccess
#define cudaGetErrorString hipGetErrorString
#define cudaGetLastError hipGetLastError
#define cudaStream_t hipStream_t
#define cudaMalloc hipMalloc
#define cudaFree hipFree
#define cudaMemcpyAsync hipMemcpyAsync
#define cudaMemsetAsync hipMemsetAsync
#define cudaMemcpyHostToDevice hipMemcpyHostToDevice
#define cudaMemcpyDeviceToHost hipMemcpyDeviceToHost

// Wavefronts run in lockstep here: the lane masks of the *_sync shuffles are dropped.
#define __shfl_down_sync(mask, value, delta) __shfl_down(value, delta)
#define __shfl_xor_sync(mask, value, lane_mask) __shfl_xor(value, lane_mask)
