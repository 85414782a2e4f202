// cudaMalloc and cudaFree in a comment
struct Api { int cudaMalloc; };
int my_cudaMalloc(int x) { return x; }
int main() {
  Api api;
  api.cudaMalloc = 1;
  const char *name = "cudaMalloc";
  return my_cudaMalloc(api.cudaMalloc) + (name[0] == 'c');
}
