// Guards of CUDA headers HIP's counterparts have no documented macro for stay as
// written, and so do the guards in comments (#ifdef CUBLAS_API_H_) and strings.
#include <cuda_fp16.h>

#ifdef __CUDA_FP16_H__
#define HAVE_HALF 1
#endif

const char *kGuard = "CUBLAS_API_H_";
