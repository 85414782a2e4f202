#include <cuda_runtime.h>
#include <cuda.h>
#include "curand.h"
#include <device_launch_parameters.h>
#include <vector>
// #include <cuda_runtime.h> in a comment stays
const char *header = "#include <cuda.h>";

int main() { return 0; }
