#include <mpi.h>
#include "sweep.h"

// Exchange the boundary particles with the neighbouring ranks.
void exchange_halo(Particle *device_edge, Particle *host_edge, int count) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  SWEEP_CHECK(cudaMemcpy(host_edge, device_edge, count * sizeof(Particle),
                         cudaMemcpyDeviceToHost));
  int next = (rank + 1) % size;
  int previous = (rank + size - 1) % size;
  MPI_Sendrecv_replace(host_edge, count * static_cast<int>(sizeof(Particle)), MPI_BYTE, next,
                       0, previous, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  SWEEP_CHECK(cudaMemcpy(device_edge, host_edge, count * sizeof(Particle),
                         cudaMemcpyHostToDevice));
}
