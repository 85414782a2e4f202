NVCC := $(shell which hipcc) -DHIP_ENABLE_WARP_SYNC_BUILTINS
HAVE_NVCC := $(shell command -v hipcc)
scan: scan.cu
	$(NVCC) -O2 $< -o $@
