// check: rocm-6.4
// Block sizes written as braced lists in the launch configuration: nvcc reads each as
// the dim3 it initialises. A braced list among the kernel's own arguments, in a comment
// (<<<grid, {8, 8}>>>) or in a macro body stays as written.
#include <hip/hip_runtime.h>

struct Span { int first, count; };

template <int WIDE, int HIGH>
__global__ void smooth(float *field, Span rows)
{
    int y = rows.first + blockIdx.y * HIGH + threadIdx.y;
    if (y < rows.first + rows.count) field[y * WIDE * gridDim.x + blockIdx.x * WIDE + threadIdx.x] *= 0.5f;
}

#define LAUNCH_WIDE(grid, stream, field) smooth<32, 1><<<grid, {32, 1, 1}, 0, stream>>>(field, Span{0, 1})

void run(float *field, hipStream_t stream, unsigned columns, unsigned rows)
{
    constexpr unsigned wide = 16, high = 4;
    dim3 grid(columns / wide, rows / high);
    smooth<wide, high><<<grid, dim3{wide, high, 1}, 0, stream>>>(field, Span{0, static_cast<int>(rows)});
    smooth<8, 8><<<dim3{columns / 8, rows / 8}, dim3{8, 8}>>>(field, {0, 8});
}
