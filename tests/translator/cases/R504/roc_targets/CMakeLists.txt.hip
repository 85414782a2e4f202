find_package(rocrand REQUIRED)
find_package(rocblas REQUIRED)
target_link_libraries(app roc::rocrand roc::rocblas)
