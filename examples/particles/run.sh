#!/bin/sh
# Runs the app on the first GPU.
export CUDA_VISIBLE_DEVICES=0
./build/particles_app "$@"
