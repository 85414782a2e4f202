# Finds cuDNN: CUDNN_FOUND, CUDNN_INCLUDE_DIR, CUDNN_LIBRARY, CUDNN_VERSION_MAJOR.
set(CUDNN_ROOT "$ENV{CUDNN_ROOT}" CACHE PATH "Where cuDNN is installed")

find_path(CUDNN_INCLUDE_DIR NAMES cudnn.h
          HINTS ${CUDNN_ROOT} ${CUDAToolkit_INCLUDE_DIRS}
          PATH_SUFFIXES include)
find_library(CUDNN_LIBRARY NAMES cudnn
             HINTS ${CUDNN_ROOT} ${CUDAToolkit_LIBRARY_DIR}
             PATH_SUFFIXES lib lib64)

if(CUDNN_INCLUDE_DIR AND EXISTS "${CUDNN_INCLUDE_DIR}/cudnn_version.h")
  file(STRINGS "${CUDNN_INCLUDE_DIR}/cudnn_version.h" _cudnn_major
       REGEX "^#define CUDNN_MAJOR [0-9]+")
  string(REGEX REPLACE "^#define CUDNN_MAJOR ([0-9]+)" "\\1" CUDNN_VERSION_MAJOR
         "${_cudnn_major}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CUDNN DEFAULT_MSG CUDNN_INCLUDE_DIR CUDNN_LIBRARY)
mark_as_advanced(CUDNN_INCLUDE_DIR CUDNN_LIBRARY)
