"""Fused element-wise and softmax kernels for PyTorch."""

from fastops._C import fused_bias_gelu, row_softmax  # noqa: F401
