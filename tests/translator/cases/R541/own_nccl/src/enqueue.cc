// One of the library's units: it implements the API its own nccl.h declares.
#include "nccl.h"
#include "include/comm.h"

ncclResult_t ncclCommCount(const ncclComm_t comm, int *count) {
  *count = comm->nRanks;
  return cudaStreamQuery(comm->stream) == cudaSuccess ? ncclSuccess : ncclUnhandledCudaError;
}
