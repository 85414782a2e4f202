// Allocates the buffer on the GPU.
cudaError_t allocate(float** buffer);
int n = s.cudaMalloc; // a member stays
