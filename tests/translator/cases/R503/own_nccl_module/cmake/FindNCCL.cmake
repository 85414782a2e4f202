# NCCL from NCCL_HOME or the system.
find_path(NCCL_INCLUDE_DIR NAMES nccl.h HINTS $ENV{NCCL_HOME}/include)
find_library(NCCL_LIBRARY NAMES nccl HINTS $ENV{NCCL_HOME}/lib)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(NCCL DEFAULT_MSG NCCL_INCLUDE_DIR NCCL_LIBRARY)
if(NCCL_FOUND)
  set(NCCL_INCLUDE_DIRS ${NCCL_INCLUDE_DIR})
  set(NCCL_LIBRARIES ${NCCL_LIBRARY})
endif()
