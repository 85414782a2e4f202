// check:
#include <cuda.h>
#include <nvrtc.h>

#include <vector>

CUmodule load(nvrtcProgram prog) {
  size_t size = 0;
  nvrtcGetCUBINSize(prog, &size);
  std::vector<char> binary(size);
  nvrtcGetCUBIN(prog, binary.data());
  CUmodule module;
  cuModuleLoadData(&module, binary.data());
  return module;
}
