set(GPU_TARGETS "gfx942" CACHE STRING "AMD GPU targets to compile for")
find_package(hip REQUIRED)
link_libraries(hip::device)
find_package(hiprand REQUIRED)
find_package(hipsparse REQUIRED)
target_link_libraries(app PRIVATE
    hip::host
    hip::hiprand roc::hipsparse)
find_package(hipblas REQUIRED)
find_package(rccl REQUIRED)
target_link_libraries(tool hip::host roc::hipblas rccl::rccl)
target_link_libraries(traced CUDA::nvToolsExt)
