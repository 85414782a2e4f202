// check: nvcc hipcc
// A callback needs CUDART_CB on Windows; CUDAAPI marks driver entry points.
const char *note = "CUDART_CB CUDAAPI";
int MY_CUDART_CB_COUNT = 0;
