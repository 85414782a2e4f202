# Device code kept in .cc files: the build names the language on the command line.
GPUFLAGS := -std=c++14 -x hip -O2
ALTFLAGS = -x hip -x hip
# Near misses stay: another language, a longer word, a host compiler's -x c++.
HOSTFLAGS = -x c++ -x cubin --x=cuh
kernels.o: kernels.cc
	hipcc $(GPUFLAGS) -c $< -o $@
