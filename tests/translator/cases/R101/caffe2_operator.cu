// A Caffe2 operator: its names follow Caffe2's HIP port.
#include "caffe2/core/context_gpu.h"

namespace caffe2 {
class ScaleOp final : public Operator<CUDAContext> {};
REGISTER_CUDA_OPERATOR(Scale, ScaleOp);
}  // namespace caffe2
