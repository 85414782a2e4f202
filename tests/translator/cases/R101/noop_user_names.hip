// check: nvcc hipcc
// Names that contain or resemble CUDA API names but belong to the user.
#include <cstdio>

struct Settings {
  int cudaMalloc;  // a member that shares an API name
  int cudaFree;
};

static int my_cudaMemcpy(int x) { return x + 1; }
static int cudaMallocCount = 0;

int main() {
  Settings s;
  s.cudaMalloc = 1;
  Settings *p = &s;
  p->cudaFree = my_cudaMemcpy(s.cudaMalloc);
  const char *text = "cudaMalloc cudaFree cudaStream_t";
  char c = 'c';
  /* cudaDeviceSynchronize(); */
  // cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice);
  std::printf("%s %c %d %d\n", text, c, p->cudaFree, cudaMallocCount);
  return 0;
}
