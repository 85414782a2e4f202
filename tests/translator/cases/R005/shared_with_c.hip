// check: nvcc hipcc
#ifndef SOLVER_API_H
#define SOLVER_API_H
#ifdef __cplusplus
extern "C" {
#endif
#ifdef __cplusplus
extern "C++" {
#endif
#include <hip/hip_runtime_api.h>
#ifdef __cplusplus
}
#endif
int solver_init(hipStream_t stream);
#ifdef __cplusplus
}
#endif
#endif
