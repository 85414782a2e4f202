// CPU reference of the transforms, built by the host compiler: the shared
// functor headers must compile without nvcc.
#include <cstdio>
#include <vector>

#include "fx/functors.h"

int main() {
  std::vector<float> v(16);
  fx::saxpy_functor<float> saxpy{2.0f};
  auto f = fx::make_compose(fx::relu<float>{}, fx::sigmoid{});
  float total = 0.0f;
  for (size_t i = 0; i < v.size(); i++) {
    v[i] = f(saxpy((float)i - 8.0f, 1.0f));
    total += fx::clamp(v[i], 0.0f, 1.0f);
  }
  std::printf("reference total %.4f (device code: %d)\n", total, FX_ON_DEVICE);
  return 0;
}
