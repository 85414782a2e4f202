// The library's own view of a communicator: it includes its own public header.
#pragma once
#include "nccl.h"

struct ncclComm {
  int rank;
  int nRanks;
  cudaStream_t stream;
};
