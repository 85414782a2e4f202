#!/usr/bin/env bash
# nvcc in a comment stays
nvcc -O2 -arch=sm_80 main.cu -o app
echo "nvcc_version"
