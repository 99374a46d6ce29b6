#pragma once
// The rendezvous over MPI (MPI_Bcast, MPI_Allgather(v), MPI_Barrier on MPI_COMM_WORLD), built
// only when CMake found MPI (PATHSCOPE_HAVE_MPI); MPI's own launcher has already met the ranks.
#include <memory>

#include "pathscope/cluster/rendezvous.hpp"

namespace pathscope::detail {

// Initialises MPI when nobody has (and finalises it when the last rendezvous goes); throws
// when MPI's rank or size differ from the placement's, or when the build has no MPI.
std::unique_ptr<Rendezvous> join_mpi_rendezvous(const ProcessPlacement& placement);

}  // namespace pathscope::detail
