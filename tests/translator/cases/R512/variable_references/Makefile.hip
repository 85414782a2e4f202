SMS ?= 70 80 90
GENCODE_FLAGS := $(foreach sm,$(SMS),--offload-arch=gfx942)
ARCH := $(if $(SM),--offload-arch=gfx942,--offload-arch=gfx942)
