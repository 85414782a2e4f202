#!/bin/sh
# nvidia-smi shows the GPUs on a CUDA machine
echo "see nvidia-smi-output.txt"
