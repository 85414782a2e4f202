NVCCFLAGS = -O2 -ffast-math -fopenmp -Wall
RDC = -fgpu-rdc -gline-tables-only -fgpu-default-stream=per-thread
DEVICE = -fgpu-rdc -c
