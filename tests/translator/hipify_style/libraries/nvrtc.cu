// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// NVRTC becomes hipRTC. HIPIFY 6.3's table names the header hiprtc.h; rocport uses
// hip/hiprtc.h, where HIP installs it.

// CHECK: #include <hip/hiprtc.h>
#include <nvrtc.h>
#include <string>
#include <vector>

const char *source = "extern \"C\" __global__ void k(float *x) { x[0] = 1.0f; }";

int main() {
  // CHECK: hiprtcProgram program;
  nvrtcProgram program;
  // CHECK: hiprtcCreateProgram(&program, source, "k.cu", 0, nullptr, nullptr);
  nvrtcCreateProgram(&program, source, "k.cu", 0, nullptr, nullptr);
  // CHECK: hiprtcResult result = hiprtcCompileProgram(program, 0, nullptr);
  nvrtcResult result = nvrtcCompileProgram(program, 0, nullptr);
  // CHECK: if (result != HIPRTC_SUCCESS) {
  if (result != NVRTC_SUCCESS) {
    size_t log_size;
    // CHECK: hiprtcGetProgramLogSize(program, &log_size);
    nvrtcGetProgramLogSize(program, &log_size);
    std::string log(log_size, '\0');
    // CHECK: hiprtcGetProgramLog(program, &log[0]);
    nvrtcGetProgramLog(program, &log[0]);
    // CHECK: puts(hiprtcGetErrorString(result));
    puts(nvrtcGetErrorString(result));
  }
  size_t size;
  // CHECK: hiprtcGetCodeSize(program, &size);
  nvrtcGetPTXSize(program, &size);
  std::vector<char> code(size);
  // CHECK: hiprtcGetCode(program, code.data());
  nvrtcGetPTX(program, code.data());
  // CHECK: hiprtcDestroyProgram(&program);
  nvrtcDestroyProgram(&program);
  return 0;
}
