# project(old LANGUAGES CUDA) was the CUDA build
project(tool LANGUAGES C CXX)
