// A variable named like an API type keeps its name at its declaration and at every use.
int check(int cublasStatus) { return cublasStatus != 0 ? cublasStatus : 0; }

int first(const int *values) {
  int cudaStream = values[0];
  return cudaStream + 1;
}
