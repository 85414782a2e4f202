// check:
#include <hip/hiprtc.h>
#include <cstdio>

int compile(const char *source) {
  hiprtcProgram program;
  hiprtcCreateProgram(&program, source, "kernel.cu", 0, nullptr, nullptr);
  const char *options[] = {"--std=c++17"};
  hiprtcResult result = hiprtcCompileProgram(program, 1, options);
  if (result != HIPRTC_SUCCESS) {
    size_t size = 0;
    hiprtcGetProgramLogSize(program, &size);
    std::printf("%s\n", hiprtcGetErrorString(result));
  }
  size_t code_size = 0;
  hiprtcGetCodeSize(program, &code_size);
  hiprtcDestroyProgram(&program);
  return result == HIPRTC_SUCCESS ? 0 : 1;
}
