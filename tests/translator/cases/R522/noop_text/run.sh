#!/bin/sh
# TORCH_CUDA_ARCH_LIST is set by the caller; this script only reports the version 8.0.
echo "python 3.11"
