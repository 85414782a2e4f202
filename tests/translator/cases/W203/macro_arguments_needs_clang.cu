// Launches and opt-ins written inside the arguments of function-like macros: an
// error-check wrapper and a type-dispatch macro whose argument is a lambda.
#include <cuda_runtime.h>

#define CHECK(call) do { cudaError_t status_ = (call); if (status_ != cudaSuccess) return; } while (0)
#define DISPATCH(NAME, ...) [&] { using scalar_t = float; __VA_ARGS__(); }()

struct Tile { float cells[96][256]; };  // 96 KiB: only clang knows sizeof(Tile)

__global__ void stencil(float *out) { extern __shared__ float tile[]; out[0] = tile[0]; }

void run(float *out, cudaStream_t stream) {
  CHECK(cudaFuncSetAttribute(stencil, cudaFuncAttributeMaxDynamicSharedMemorySize, sizeof(Tile)));
  DISPATCH("run", [&] {
    const size_t bytes = sizeof(Tile);
    stencil<<<1, 256, bytes, stream>>>(out);
    stencil<<<1, 256, sizeof(Tile), stream>>>(out);
  });
}
