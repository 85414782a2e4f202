#include <hip/hip_runtime.h>

struct Particle { float x, y, z, mass; };

void upload(const Particle *host) {
  const int count = 1000;
  Particle *device;
  hipMalloc(&device, count * sizeof(Particle));
  hipMemcpy(device, host, count, hipMemcpyHostToDevice);
}
