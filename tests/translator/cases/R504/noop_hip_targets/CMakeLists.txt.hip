find_package(hiprand REQUIRED)
target_link_libraries(app hip::hiprand)
