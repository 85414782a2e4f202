#pragma once
#include "dualgpu/gpu_vendor.h"

template <typename T>
__device__ T lane_group_sum(T value) {
  for (int offset = kReductionLanes / 2; offset > 0; offset /= 2) {
    value += __shfl_down_sync(0xffffffffu, value, offset);
  }
  return value;
}

// Device-wide sums come from CUB, or from hipCUB under its CUB name where it is installed.
#if defined(DUALGPU_USE_HIP)
#if __has_include(<hipcub/hipcub.hpp>)
#include <hipcub/hipcub.hpp>
namespace cub = hipcub;
#define DUALGPU_HAVE_DEVICE_REDUCE 1
#endif
#else
#include <cub/cub.cuh>
#define DUALGPU_HAVE_DEVICE_REDUCE 1
#endif
