NVCCFLAGS := -O3 --offload-arch=gfx942
ARCHFLAGS = --offload-arch=gfx942
legacy: ; hipcc --offload-arch=gfx942 x.cu
