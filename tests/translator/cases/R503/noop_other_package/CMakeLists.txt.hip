find_package(OpenMP REQUIRED)
# find_package(CUDA) is not needed
