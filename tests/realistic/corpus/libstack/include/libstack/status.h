// Error checks shared by the libstack units. Each library's status type is checked
// against its own success value with LS_EXPECT; CUDA runtime calls with LS_CUDA_CHECK.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define LS_CUDA_CHECK(call)                                                         \
  do {                                                                              \
    cudaError_t ls_status_ = (call);                                                \
    if (ls_status_ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,            \
                   cudaGetErrorString(ls_status_));                                 \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)

namespace libstack {

template <typename Status>
inline void expect(Status status, Status success, const char *call, const char *file,
                   int line) {
  if (status != success) {
    std::fprintf(stderr, "%s:%d: %s returned %d\n", file, line, call,
                 static_cast<int>(status));
    std::abort();
  }
}

}  // namespace libstack

#define LS_EXPECT(call, success) ::libstack::expect((call), (success), #call, __FILE__, __LINE__)
