#!/bin/sh
export TORCH_CUDA_ARCH_LIST="8.0;8.6;9.0+PTX"
TORCH_CUDA_ARCH_LIST="7.5 8.0" python setup.py build_ext --inplace
echo "building for $TORCH_CUDA_ARCH_LIST"
