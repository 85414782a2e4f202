// All-reduce across the GPUs of one process with NCCL: one communicator per device from
// ncclCommInitAll, the collectives grouped so that one thread can drive every device.
#include <nccl.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "libstack/api.h"
#include "libstack/status.h"

#define NCCLCHECK(cmd)                                                              \
  do {                                                                              \
    ncclResult_t r = cmd;                                                           \
    if (r != ncclSuccess) {                                                         \
      std::printf("NCCL failure %s:%d '%s'\n", __FILE__, __LINE__, ncclGetErrorString(r)); \
      std::exit(EXIT_FAILURE);                                                      \
    }                                                                               \
  } while (0)

namespace libstack {

void allreduce_all_devices(float **buffers, std::size_t count, int device_count) {
  std::vector<ncclComm_t> comms(device_count);
  std::vector<int> devices(device_count);
  for (int i = 0; i < device_count; ++i) devices[i] = i;
  NCCLCHECK(ncclCommInitAll(comms.data(), device_count, devices.data()));

  std::vector<cudaStream_t> streams(device_count);
  for (int i = 0; i < device_count; ++i) {
    LS_CUDA_CHECK(cudaSetDevice(i));
    LS_CUDA_CHECK(cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking));
  }

  NCCLCHECK(ncclGroupStart());
  for (int i = 0; i < device_count; ++i) {
    NCCLCHECK(ncclAllReduce(buffers[i], buffers[i], count, ncclFloat, ncclSum, comms[i],
                            streams[i]));
  }
  NCCLCHECK(ncclGroupEnd());

  // Device 0's result is the reference: broadcast it so every copy is bit-identical.
  NCCLCHECK(ncclGroupStart());
  for (int i = 0; i < device_count; ++i) {
    NCCLCHECK(ncclBroadcast(buffers[i], buffers[i], count, ncclFloat, 0, comms[i],
                            streams[i]));
  }
  NCCLCHECK(ncclGroupEnd());

  for (int i = 0; i < device_count; ++i) {
    LS_CUDA_CHECK(cudaSetDevice(i));
    LS_CUDA_CHECK(cudaStreamSynchronize(streams[i]));
    LS_CUDA_CHECK(cudaStreamDestroy(streams[i]));
  }
  int version = 0;
  NCCLCHECK(ncclGetVersion(&version));
  for (ncclComm_t comm : comms) ncclCommDestroy(comm);
  std::printf("all-reduce of %zu floats on %d devices (NCCL %d)\n", count, device_count, version);
}

}  // namespace libstack
