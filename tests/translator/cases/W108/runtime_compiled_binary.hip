// check:
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

#include <vector>

hipModule_t load(hiprtcProgram prog) {
  size_t size = 0;
  hiprtcGetBitcodeSize(prog, &size);
  std::vector<char> binary(size);
  hiprtcGetBitcode(prog, binary.data());
  hipModule_t module;
  hipModuleLoadData(&module, binary.data());
  return module;
}
