# Finds NCCL: NCCL_FOUND, NCCL_INCLUDE_DIRS, NCCL_LIBRARIES.
# Looks in NCCL_ROOT, then next to the CUDA toolkit, then in the system folders.
set(NCCL_ROOT "$ENV{NCCL_ROOT}" CACHE PATH "Where NCCL is installed")

find_path(NCCL_INCLUDE_DIR NAMES nccl.h
          HINTS ${NCCL_ROOT} ${CUDAToolkit_INCLUDE_DIRS}
          PATH_SUFFIXES include)
find_library(NCCL_LIBRARY NAMES nccl
             HINTS ${NCCL_ROOT} ${CUDAToolkit_LIBRARY_DIR}
             PATH_SUFFIXES lib lib64)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(NCCL DEFAULT_MSG NCCL_INCLUDE_DIR NCCL_LIBRARY)

if(NCCL_FOUND)
  set(NCCL_INCLUDE_DIRS ${NCCL_INCLUDE_DIR})
  set(NCCL_LIBRARIES ${NCCL_LIBRARY})
endif()
mark_as_advanced(NCCL_INCLUDE_DIR NCCL_LIBRARY)
