# Finds NCCL from NCCL_HOME, CUDA_HOME or the system folders.
#   NCCL_FOUND, NCCL_INCLUDE_DIRS, NCCL_LIBRARIES
find_path(NCCL_INCLUDE_DIR NAMES nccl.h
          HINTS $ENV{NCCL_HOME}/include $ENV{CUDA_HOME}/include)
find_library(NCCL_LIBRARY NAMES nccl
             HINTS $ENV{NCCL_HOME}/lib $ENV{CUDA_HOME}/lib64)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(NCCL DEFAULT_MSG NCCL_INCLUDE_DIR NCCL_LIBRARY)
if(NCCL_FOUND)
  set(NCCL_INCLUDE_DIRS ${NCCL_INCLUDE_DIR})
  set(NCCL_LIBRARIES ${NCCL_LIBRARY})
endif()
mark_as_advanced(NCCL_INCLUDE_DIR NCCL_LIBRARY)
