#include <nccl.h>
#include "nccl.h"
ncclComm_t comm;
