// check: nvcc hipcc
// Streaming stores (__stcs(p, v)) skip L2 residency; __ldcs(p) is their load.
const char *hint = "__ldcs(p)";
struct Loader {
  float __ldcs_value;
};
