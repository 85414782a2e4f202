#!/bin/sh
# Build the extension in place for the GPUs this machine has.
set -e
nvidia-smi --query-gpu=name,compute_cap --format=csv
export TORCH_CUDA_ARCH_LIST="${TORCH_CUDA_ARCH_LIST:-8.0;9.0}"
python setup.py build_ext --inplace
