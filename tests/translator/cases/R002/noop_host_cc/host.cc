// Host code in a .cc file: the runtime API and a kernel named in a comment
// (__global__ void k(), k<<<1, 1>>>()) or a string need no runtime header.
#include <cstdio>
#include "host.h"

static const char *note = "launch with <<<grid, block>>>";

void report() { std::puts(note); }
