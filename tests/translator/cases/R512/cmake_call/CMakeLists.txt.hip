add_compile_options( -std=c++17 --offload-arch=gfx942)
list(APPEND FLAGS --offload-arch=gfx942)
