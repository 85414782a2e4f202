#include <hip/hip_runtime.h>

#include "hiprand/hiprand.h"

#include <vector>
// #include <cuda_runtime.h> in a comment stays
const char *header = "#include <cuda.h>";

int main() { return 0; }
