// check: nvcc hipcc
// Already portable, or not a pragma: _Pragma written out, a pragma line of its own, a
// "#pragma unroll" in a string, and "#" stringizing a parameter named pragma.
#define PORTABLE_UNROLL _Pragma("unroll")
#define AS_TEXT(pragma) #pragma
#pragma GCC diagnostic push

static const char *doc = "#define X #pragma unroll";

int sum(const int *values) {
  int total = 0;
  PORTABLE_UNROLL
  for (int i = 0; i < 8; ++i) total += values[i];
  return total;
}

const char *name() { return AS_TEXT(unroll); }
#pragma GCC diagnostic pop
