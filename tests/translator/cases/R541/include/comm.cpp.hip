#include <rccl/rccl.h>
#include <rccl/rccl.h>
ncclComm_t comm;
