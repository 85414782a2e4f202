# cuDNN from CUDNN_ROOT or next to the CUDA toolkit.
find_path(CUDNN_INCLUDE_DIR NAMES cudnn.h HINTS $ENV{CUDNN_ROOT} PATH_SUFFIXES include)
find_library(CUDNN_LIBRARY NAMES cudnn libcudnn.so HINTS $ENV{CUDNN_ROOT} PATH_SUFFIXES lib64)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CUDNN DEFAULT_MSG CUDNN_INCLUDE_DIR CUDNN_LIBRARY)
