// check: nvcc
// Without a libcu++ header or cuda::std::, cuda:: is a project's own namespace;
// after another ::, it is a library's (cv::cuda, at::cuda).
namespace lib { namespace cuda { inline int devices() { return 1; } } }
namespace cuda { inline int helper() { return 2; } }

int main() { return lib::cuda::devices() + cuda::helper() - 3; }
