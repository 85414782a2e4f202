// check: nvcc hipcc
#ifndef SOLVER_API_H
#define SOLVER_API_H
#ifdef __cplusplus
extern "C" {
#endif
#include <cuda_runtime_api.h>
int solver_init(cudaStream_t stream);
#ifdef __cplusplus
}
#endif
#endif
