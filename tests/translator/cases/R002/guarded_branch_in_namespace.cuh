// check: hipcc
// The __CUDACC__ branch that needs CUDA's keywords lies inside a namespace, where an
// include cannot go: the runtime's include goes at the top, guarded the same way.
#pragma once

namespace numeric {
#ifdef __CUDACC__
template <typename T> struct epsilon;
template <> struct epsilon<float> {
  static __host__ __device__ float value() { return 1.0e-7f; }
};
#endif
inline int digits() { return 7; }
}  // namespace numeric
