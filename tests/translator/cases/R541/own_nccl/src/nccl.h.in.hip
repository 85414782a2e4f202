/* The collective library's public header, from which the build writes nccl.h
 * (the version numbers are filled in by the build). */
#ifndef NCCL_H_
#define NCCL_H_

#include <cuda_runtime.h>

#define NCCL_MAJOR ${nccl:Major}
#define NCCL_MINOR ${nccl:Minor}

typedef struct ncclComm *ncclComm_t;
typedef enum { ncclSuccess = 0, ncclUnhandledCudaError = 1 } ncclResult_t;

ncclResult_t ncclCommCount(const ncclComm_t comm, int *count);
ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count, int datatype,
                           int op, ncclComm_t comm, cudaStream_t stream);

#endif
