#!/bin/sh
cmake -S . -B build -DCMAKE_CUDA_ARCHITECTURES=80
