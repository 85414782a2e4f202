# cuDNN from CUDNN_ROOT or next to the CUDA toolkit.
find_path(CUDNN_INCLUDE_DIR NAMES miopen/miopen.h HINTS $ENV{CUDNN_ROOT} PATH_SUFFIXES include)
find_library(CUDNN_LIBRARY NAMES MIOpen libMIOpen.so HINTS $ENV{CUDNN_ROOT} PATH_SUFFIXES lib64)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CUDNN DEFAULT_MSG CUDNN_INCLUDE_DIR CUDNN_LIBRARY)
