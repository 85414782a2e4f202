// check: nvcc
// Attributes, domains and the C++ API have no roctx counterpart: reported, left.
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvtx3.hpp>

int annotated() {
  nvtxEventAttributes_t attributes = {};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attributes.message.ascii = "colored";
  nvtxRangePushEx(&attributes);
  nvtx3::scoped_range range{"scoped"};
  return nvtxRangePop();
}
