// Element-wise functors shared by the GPU kernels and the CPU reference.
#pragma once

#include <cmath>
#include <type_traits>

#include "fx/hd.h"

namespace fx {

template <typename T>
struct saxpy_functor {
  T a;
  FX_HOST_DEVICE T operator()(const T &x, const T &y) const { return a * x + y; }
};

template <typename T>
struct relu {
  FX_HOST_DEVICE T operator()(T x) const { return x > T(0) ? x : T(0); }
};

struct sigmoid {
  template <typename T>
  FX_HOST_DEVICE T operator()(T x) const {
    if constexpr (std::is_same_v<T, float>) {
#if FX_ON_DEVICE
      return 1.0f / (1.0f + __expf(-x));
#else
      return 1.0f / (1.0f + std::exp(-x));
#endif
    } else {
      return T(1) / (T(1) + exp(-x));
    }
  }
};

// Composition: g(f(x)).
template <typename F, typename G>
struct compose {
  F f;
  G g;
  template <typename T>
  FX_HOST_DEVICE auto operator()(T x) const -> decltype(g(f(x))) {
    return g(f(x));
  }
};

template <typename F, typename G>
FX_HOST_DEVICE compose<F, G> make_compose(F f, G g) {
  return compose<F, G>{f, g};
}

}  // namespace fx
