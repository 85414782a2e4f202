// check:
#include <nvrtc.h>
#include <cstdio>

int compile(const char *source) {
  nvrtcProgram program;
  nvrtcCreateProgram(&program, source, "kernel.cu", 0, nullptr, nullptr);
  const char *options[] = {"--std=c++17"};
  nvrtcResult result = nvrtcCompileProgram(program, 1, options);
  if (result != NVRTC_SUCCESS) {
    size_t size = 0;
    nvrtcGetProgramLogSize(program, &size);
    std::printf("%s\n", nvrtcGetErrorString(result));
  }
  size_t code_size = 0;
  nvrtcGetPTXSize(program, &code_size);
  nvrtcDestroyProgram(&program);
  return result == NVRTC_SUCCESS ? 0 : 1;
}
