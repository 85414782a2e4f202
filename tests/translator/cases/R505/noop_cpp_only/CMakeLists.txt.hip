add_executable(tool main.cpp)
