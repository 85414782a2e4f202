// Included by include_dirs.cu through -I: decides which branch that file takes.
#pragma once
#define GPU_BACKEND_STREAMS 1
