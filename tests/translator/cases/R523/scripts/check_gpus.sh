#!/bin/sh
set -e
nvidia-smi
nvidia-smi -L
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
