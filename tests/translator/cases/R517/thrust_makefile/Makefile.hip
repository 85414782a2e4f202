NVCC = hipcc
NVCCFLAGS = -O2 -std=c++14
CXXFLAGS = -O2 --std=gnu++14
# -std=c++11 in a comment stays
NOTSTD = -fstd=c++11

reduce: reduce.cu
	$(NVCC) $(NVCCFLAGS) -o $@ $<
