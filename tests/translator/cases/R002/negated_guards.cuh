// check:
#pragma once

#ifndef __CUDACC__
#define __host__
#define __device__
#endif

#if !defined(__CUDACC__) || defined(FORCE_HOST)
inline int host_only() { return 1; }
#endif

#if defined(__CUDACC__)
// Nothing CUDA-specific in this branch.
inline int compiled_by_nvcc() { return 1; }
#endif
