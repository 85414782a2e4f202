CFLAGS = -O2 -fopenmp -Wall
