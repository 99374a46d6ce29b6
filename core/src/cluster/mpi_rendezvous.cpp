#include "mpi_rendezvous.hpp"

#include "pathscope/runtime/error.hpp"

#if PATHSCOPE_HAVE_MPI
// The C interface only: Open MPI's and MPICH's old C++ bindings warn under -Wextra.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <climits>
#endif

namespace pathscope {

#if PATHSCOPE_HAVE_MPI

bool mpi_rendezvous_built() { return true; }

namespace {

void check(int status, const char* call) {
  if (status == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(status, text, &length);
  throw Error(std::string("rendezvous over MPI: ") + call + " failed: " + std::string(text, std::size_t(length)));
}

// MPI's calls count in int: a length past it could not be sent.
int count_of(std::size_t size) {
  if (size > kMaxRendezvousMessage || size > std::size_t(INT_MAX))
    throw Error("rendezvous over MPI: a message of " + std::to_string(size) + " bytes; the most is " +
                std::to_string(kMaxRendezvousMessage));
  return static_cast<int>(size);
}

class MpiRendezvous final : public Rendezvous {
 public:
  explicit MpiRendezvous(const ProcessPlacement& placement) {
    int initialised = 0;
    check(MPI_Initialized(&initialised), "MPI_Initialized");
    if (!initialised) {
      int provided = 0;
      check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
      owns_mpi_ = true;
    }
    check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
    check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
    if (rank_ != placement.rank || size_ != placement.world_size)
      throw Error("rendezvous over MPI: MPI says rank " + std::to_string(rank_) + " of " + std::to_string(size_) +
                  ", the launcher's variables rank " + std::to_string(placement.rank) + " of " +
                  std::to_string(placement.world_size));
  }
  ~MpiRendezvous() override {
    int finalised = 0;
    if (owns_mpi_ && MPI_Finalized(&finalised) == MPI_SUCCESS && !finalised) MPI_Finalize();
  }

  int rank() const override { return rank_; }
  int world_size() const override { return size_; }
  std::string transport() const override { return "mpi"; }

  Bytes broadcast_from_rank0(const Bytes& blob) override {
    int length = rank_ == 0 ? count_of(blob.size()) : 0;
    check(MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD), "MPI_Bcast");
    if (length < 0 || std::size_t(length) > kMaxRendezvousMessage)
      throw Error("rendezvous over MPI: rank 0 announced " + std::to_string(length) + " bytes");
    Bytes out = rank_ == 0 ? blob : Bytes(std::size_t(length));
    if (length > 0) check(MPI_Bcast(out.data(), length, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Bcast");
    return out;
  }

  std::vector<Bytes> all_gather(const Bytes& mine) override {
    const int length = count_of(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(size_));
    check(MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD), "MPI_Allgather");
    std::vector<int> offsets(static_cast<std::size_t>(size_));
    std::size_t total = 0;
    for (int r = 0; r < size_; ++r) {
      if (lengths[std::size_t(r)] < 0) throw Error("rendezvous over MPI: a negative length from rank " + std::to_string(r));
      offsets[std::size_t(r)] = static_cast<int>(total);
      total += std::size_t(lengths[std::size_t(r)]);
      if (total > kMaxRendezvousMessage)
        throw Error("rendezvous over MPI: the gathered records pass " + std::to_string(kMaxRendezvousMessage) + " bytes");
    }
    Bytes packed(total);
    check(MPI_Allgatherv(mine.data(), length, MPI_BYTE, packed.data(), lengths.data(), offsets.data(), MPI_BYTE,
                         MPI_COMM_WORLD),
          "MPI_Allgatherv");
    std::vector<Bytes> all;
    for (int r = 0; r < size_; ++r) {
      const auto begin = packed.begin() + offsets[std::size_t(r)];
      all.emplace_back(begin, begin + lengths[std::size_t(r)]);
    }
    return all;
  }

  void barrier() override { check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier"); }

 private:
  int rank_ = 0;
  int size_ = 1;
  bool owns_mpi_ = false;
};

}  // namespace

std::unique_ptr<Rendezvous> detail::join_mpi_rendezvous(const ProcessPlacement& placement) {
  return std::make_unique<MpiRendezvous>(placement);
}

#else

bool mpi_rendezvous_built() { return false; }

std::unique_ptr<Rendezvous> detail::join_mpi_rendezvous(const ProcessPlacement&) {
  throw Error("this pathscope was built without MPI (CMake found none): the rendezvous goes over TCP");
}

#endif

}  // namespace pathscope
