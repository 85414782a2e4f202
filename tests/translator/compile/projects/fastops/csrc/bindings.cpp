#include "ops.h"

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("fused_bias_gelu", &fused_bias_gelu, "GELU(input + bias)");
  m.def("row_softmax", &row_softmax, "softmax over the last dimension");
}
