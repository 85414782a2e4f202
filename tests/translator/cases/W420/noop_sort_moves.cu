// A per-thread bubble sort moves neighbouring items of two arrays at one distance: not
// the halving steps of a warp-synchronous reduction.
#include <cuda_runtime.h>

__device__ void sort_pairs(float *keys, int *values, int count) {
  for (int i = 0; i < count - 1; ++i) {
    for (int j = 0; j < count - i - 1; ++j) {
      if (keys[j + 1] < keys[j]) {
        float key = keys[j];
        int value = values[j];
        keys[j] = keys[j + 1];
        values[j] = values[j + 1];
        keys[j + 1] = key;
        values[j + 1] = value;
      }
    }
  }
}
