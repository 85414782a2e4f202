SRCS := main.hip kernels.hip helper.cpp
OBJS := $(SRCS:.hip=.o)
%.o: %.hip
	hipcc -c $< -o $@
# main.cu stays in comments
