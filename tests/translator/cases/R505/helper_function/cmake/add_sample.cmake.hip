# A helper that each sample folder calls with its own .cu file: the file itself names no
# CUDA source, but the target it builds is a CUDA target (CUDA_ARCHITECTURES). As in any
# file with CUDA targets, a target of a sources variable is marked whole: the host tool's
# C++ sources are compiled as C++ either way.
function(add_sample NAME SOURCES)
    add_executable(${NAME} ${SOURCES})
    set_source_files_properties(${SOURCES} PROPERTIES LANGUAGE CXX)
    set_property(TARGET ${NAME} PROPERTY HIP_ARCHITECTURES "gfx942")
    target_link_libraries(${NAME} PRIVATE cublas)
endfunction()

function(add_host_tool NAME SOURCES)
    add_library(${NAME} STATIC ${SOURCES})
    set_source_files_properties(${SOURCES} PROPERTIES LANGUAGE CXX)
endfunction()
