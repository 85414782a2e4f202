#!/usr/bin/env bash
# nvcc in a comment stays
hipcc -O2 --offload-arch=gfx942 main.cu -o app
echo "nvcc_version"
