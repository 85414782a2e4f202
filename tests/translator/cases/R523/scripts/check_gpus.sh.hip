#!/bin/sh
set -e
rocm-smi
rocm-smi --showproductname
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
