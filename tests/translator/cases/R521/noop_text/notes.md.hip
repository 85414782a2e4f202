Set CUDA_VISIBLE_DEVICES before running.
