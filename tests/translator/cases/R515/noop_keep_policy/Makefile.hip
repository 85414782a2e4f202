SRCS := main.cu
