// #include <nccl.h> was here
#include <rccl/rccl.h>
