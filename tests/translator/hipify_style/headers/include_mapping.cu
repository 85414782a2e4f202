// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Each CUDA header becomes its HIP header; the user's delimiters are kept.

// CHECK: #include "hip/hip_runtime.h"
#include "cuda_runtime.h"
// CHECK: #include <hip/hip_fp16.h>
#include <cuda_fp16.h>
// CHECK: #include <hip/hip_vector_types.h>
#include <vector_types.h>
// CHECK: #include <hip/hip_math_constants.h>
#include <math_constants.h>
// CHECK: #include <hip/hip_texture_types.h>
#include <cuda_texture_types.h>
// CHECK: #include <hip/channel_descriptor.h>
#include <channel_descriptor.h>
// CHECK: #include <hip/driver_types.h>
#include <driver_types.h>
// CHECK: #include <hip/library_types.h>
#include <library_types.h>
// CHECK: #include <hip/hip_cooperative_groups.h>
#include <cooperative_groups.h>
// CHECK: #include <hiprand/hiprand.h>
#include <curand.h>
// CHECK: #include <hiprand/hiprand_kernel.h>
#include <curand_kernel.h>
// CHECK: #include <hipfft/hipfft.h>
#include <cufft.h>
// CHECK: #include <hipcub/hipcub.hpp>
#include <cub/cub.cuh>
// Headers that are not CUDA's stay.
// CHECK: #include <stdio.h>
#include <stdio.h>
// CHECK: #include "my_cuda_helpers.h"
#include "my_cuda_helpers.h"

__global__ void k() {}
