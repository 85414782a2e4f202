cmake_minimum_required(VERSION 3.18)
project(comms LANGUAGES CXX)
# NCCL speeds up the multi-GPU path; without it one GPU is used.
find_package(rccl QUIET)
if(rccl_FOUND)
  add_compile_definitions(COMMS_WITH_NCCL)
  include_directories(${rccl_INCLUDE_DIRS})
endif()
