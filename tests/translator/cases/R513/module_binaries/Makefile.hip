kernels.fatbin: kernels.cu
	hipcc --offload-arch=gfx942 --genco -o $@ $<
kernels.cubin: kernels.cu
	hipcc --genco --offload-arch=gfx942 -o $@ $<
