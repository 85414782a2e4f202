set(GPU_TARGETS "gfx90a;gfx942" CACHE STRING "AMD GPU targets to compile for")
