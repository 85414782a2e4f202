// check:
#include "hip/hip_runtime.h"
#include <hip/hip_runtime_api.h>
#include <hipblas/hipblas.h>

#include <hiprand/hiprand_kernel.h>
#include <hipsparse/hipsparse.h>
#include <hipsolver/hipsolver.h>
#include <hipfft/hipfft.h>
#include <cudnn.h>
#include <hip/hiprtc.h>
#include <hipcub/hipcub.hpp>
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp16.h>
#include <hip/hip_math_constants.h>

#include <vector>
#include "my_kernels.cuh"
