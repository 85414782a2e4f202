// Allocates the buffer on the GPU.
hipError_t allocate(float** buffer);
int n = s.cudaMalloc; // a member stays
