if(WITH_GPU)
  enable_language(CUDA)
endif()
