NVCCFLAGS = -O3 -ffast-math
