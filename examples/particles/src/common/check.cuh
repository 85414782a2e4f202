// Error checking shared by the library and its users.
#pragma once
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                        \
    do {                                                                        \
        cudaError_t status_ = (call);                                           \
        if (status_ != cudaSuccess) {                                           \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,             \
                         cudaGetErrorString(status_));                          \
            return status_;                                                     \
        }                                                                       \
    } while (0)
