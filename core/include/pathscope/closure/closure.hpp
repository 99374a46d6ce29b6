#pragma once
// Reachability as a matrix: the transitive closure of a graph, packed one bit per node pair,
// computed by one of several engines (CPU and GPU) chosen by name.
//
// Definition: the closure is R+, the non-reflexive transitive closure. Bit j of row i is set
// exactly when there is a path i -> ... -> j of length >= 1. A node therefore reaches itself
// only when it lies on a cycle (a self-loop counts). The reflexive closure R* (every node also
// reaches itself) is offered by the queries in reach.hpp, not stored.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/engine_registry.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/job.hpp"
#include "pathscope/runtime/result_vector.hpp"

namespace pathscope {

// n rows of words_per_row() = ceil(n/64) 64-bit words, row-major. Bit j of row i is bit
// (j % 64) of word (j / 64) of row i, least significant bit first. The unused high bits of
// each row's last word are always zero, so rows compare and hash as plain words.
class BitMatrix {
 public:
  BitMatrix() = default;
  explicit BitMatrix(std::int32_t n);  // all zero; the caller checks the memory budget first
  // Adopts rows already laid out as above (n * words_for(n) words, unused high bits zero), such
  // as a result vector the GPU engine sized with huge pages while the device computed.
  BitMatrix(std::int32_t n, ResultVector<std::uint64_t> words);

  static std::int64_t words_for(std::int64_t n) { return (n + 63) / 64; }
  static std::uint64_t bytes_for(std::int64_t n) {
    return static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(words_for(n)) * 8u;
  }

  std::int32_t size() const { return n_; }
  std::int64_t words_per_row() const { return words_per_row_; }
  std::uint64_t* row(std::int32_t i) { return words_.data() + static_cast<std::size_t>(i) * words_per_row_; }
  const std::uint64_t* row(std::int32_t i) const {
    return words_.data() + static_cast<std::size_t>(i) * words_per_row_;
  }
  bool test(std::int32_t i, std::int32_t j) const { return (row(i)[j >> 6] >> (j & 63)) & 1u; }
  void set(std::int32_t i, std::int32_t j) { row(i)[j >> 6] |= std::uint64_t{1} << (j & 63); }
  std::int64_t row_count(std::int32_t i) const;  // how many nodes row i reaches

  ResultVector<std::uint64_t>& words() { return words_; }
  const ResultVector<std::uint64_t>& words() const { return words_; }
  friend bool operator==(const BitMatrix& a, const BitMatrix& b) {
    return a.n_ == b.n_ && a.words_ == b.words_;
  }

 private:
  std::int32_t n_ = 0;
  std::int64_t words_per_row_ = 0;
  ResultVector<std::uint64_t> words_;
};

struct ClosureOptions : EngineResources {};

struct ClosureResult {
  BitMatrix reach;  // R+, see the top of this file
  Timing timing;    // updates = n^3, the boolean steps of Warshall's formulation, for every
                    // engine, so that "relations/s" compares engines like their times do
};

class ClosureEngine : public Engine {
 public:
  // Throws OverBudget (checked before allocating), Cancelled or Error.
  virtual ClosureResult run(const Graph& g, const ClosureOptions& options, const JobContext& job) const = 0;
};

// The family's registry: "textbook", "bitset", "scc", "gpu", "auto". "gpu" searches from 32
// sources a thread block in one launch up to 8,192 nodes, and reaches through the condensation
// (strong components on the host) above that (docs/reachability.md). The registry holds the engines as they compute, reading the arcs only: create engines
// with make_closure_engine, which adds the self-loops.
EngineRegistry<ClosureEngine>& closure_engines();
std::vector<std::string> closure_engine_names();
// Throws Error for an unknown name; "gpu" exists without a GPU (see unavailable_reason).
// Every engine it returns sets the diagonal bit of each node with a self-loop
// (Graph::self_loops), which the engines themselves never see.
std::unique_ptr<ClosureEngine> make_closure_engine(std::string_view name);
// What "auto" runs on this graph here: "gpu" when a GPU is usable and the graph has 2,000 to
// 8,192 nodes (the GPU's one-launch path), at least 20,000, or 4,000 with a mean degree of 6 or
// more (measured crossovers); otherwise "scc" for sparse graphs, "bitset" for dense ones.
std::string auto_closure_choice(const Graph& g);

// Host bytes of the closure of an n-node graph (n * ceil(n/64) * 8, about n^2/8).
std::uint64_t closure_bytes(std::int64_t n);
// Throws OverBudget when the closure of g would not fit the options' budget (0 = default).
void require_closure_within_budget(const Graph& g, const ClosureOptions& options);
// True when it fits; the queries in reach.hpp use BFS per query otherwise.
bool closure_fits_budget(const Graph& g, const ClosureOptions& options);

// Equal checksums mean equal matrices (same n, same bits), whichever engine made them.
std::uint64_t closure_checksum(const BitMatrix& r);

// NumPy .npy of the packed words: dtype '<u8', shape (n, ceil(n/64)), C order, the layout of
// BitMatrix above. Written to a temporary name and renamed (AtomicFile).
void write_closure_npy(const std::string& path, const BitMatrix& r);

}  // namespace pathscope
