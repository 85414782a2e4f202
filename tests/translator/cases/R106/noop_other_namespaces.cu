// thrust::cuda in a comment, "thrust/system/cuda/" in a string, other namespaces named
// cuda, and Thrust's generic headers stay as written.
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

namespace mythrust { namespace cuda { struct policy {}; } }
namespace cv { namespace cuda { struct GpuMat {}; } }

const char *kBackendHeader = "thrust/system/cuda/execution_policy.h";

int count(thrust::device_vector<int> &v) {
  mythrust::cuda::policy p;
  cv::cuda::GpuMat m;
  (void)p;
  (void)m;
  return static_cast<int>(v.size());
}
