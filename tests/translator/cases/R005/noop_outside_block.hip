// check: nvcc hipcc
#include <hip/hip_runtime.h>
extern "C" {
#include <stdlib.h>
int solver_free(void *p);
}
extern "C" int solver_free(void *p) { return hipFree(p) == hipSuccess ? 0 : 1; }
// extern "C" { #include <cuda.h> } in a comment
