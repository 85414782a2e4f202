#!/bin/sh
export PYTORCH_ROCM_ARCH="gfx942"
PYTORCH_ROCM_ARCH="gfx942" python setup.py build_ext --inplace
echo "building for $PYTORCH_ROCM_ARCH"
