#pragma once
// All-pairs shortest paths: one interface, several engines (CPU and GPU), chosen by name.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/distance.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/engine_registry.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/job.hpp"
#include "pathscope/runtime/result_vector.hpp"

namespace pathscope {

class MatrixSink;  // matrix_sink.hpp
class ProcessJob;  // cluster/process_job.hpp

struct ApspOptions : EngineResources {
  DistType dist = DistType::Int32;
  bool next_hop = false;  // also return the n x n next-hop matrix
  // Where the distance rows go, when not into the result's vectors (a .npy file being
  // written, matrix_sink.hpp). Engines that can hand rows over as they finish do so and set
  // ApspResult::rows_in_sink; the others fill the vectors as usual, and the caller passes
  // them on (put_result_rows). Null: the vectors.
  MatrixSink* sink = nullptr;
  // The job of several processes this process is one rank of (one GPU each), or null. Only
  // gpu-blocked runs so; each process then hands its share of the rows (row_share.hpp, bands
  // of sink->row_band()) to its sink, and no process holds the whole matrix.
  ProcessJob* job = nullptr;
};

// The distance matrix, row-major, row = source. Exactly one of d32/d64/df/d16 is filled,
// according to dist. Unreachable cells hold the type's unreachable value (distance.hpp).
struct ApspResult {
  std::int32_t n = 0;
  DistType dist = DistType::Int32;
  ResultVector<std::int32_t> d32;
  ResultVector<std::int64_t> d64;
  ResultVector<float> df;
  ResultVector<std::uint16_t> d16;
  // Present only when asked for: next[u*n+v] is the node after u on a shortest u->v path,
  // -1 when v is unreachable or v == u.
  ResultVector<std::int32_t> next;
  Timing timing;
  // The distance rows went to ApspOptions::sink and the distance vectors are empty.
  bool rows_in_sink = false;
  // The matrix's checksum (checksum.hpp), when the engine took it itself: a job's run, whose
  // rows no one process holds. matrix_checksum() returns it.
  std::optional<std::uint64_t> checksum;

  bool reachable(std::int32_t u, std::int32_t v) const;
  double distance(std::int32_t u, std::int32_t v) const;  // +inf when unreachable; int64 beyond 2^53 rounded
};

// Bytes of an all-pairs result: n^2 distances, plus n^2 int32 next hops if asked.
std::uint64_t apsp_result_bytes(std::int64_t n, DistType dist, bool next_hop);

class ApspEngine : public Engine {
 public:
  virtual bool supports(DistType t) const = 0;
  // Throws NegativeCycle, OverBudget, Cancelled or Error; never returns wrong distances.
  virtual ApspResult run(const Graph& g, const ApspOptions& options, const JobContext& job) const = 0;
};

class NegativeCycle : public Error {
 public:
  explicit NegativeCycle(std::int32_t node);
  std::int32_t node() const { return node_; }  // a node on (or reaching) a negative cycle

 private:
  std::int32_t node_;
};

// The family's registry: "textbook", "blocked", "sparse", "auto" (CPU) and "gpu-naive",
// "gpu-blocked", "gpu-sparse" (GPU: blocked Floyd-Warshall on the device, out of core when the
// matrix does not fit, over several GPUs with --gpus; "gpu-naive" one launch per pivot;
// "gpu-sparse" a search from every source, for costs of 0 or more, without next hops).
EngineRegistry<ApspEngine>& apsp_engines();
std::vector<std::string> apsp_engine_names();
// Throws Error for an unknown name; GPU engines exist even without a GPU (see unavailable_reason).
std::unique_ptr<ApspEngine> make_apsp_engine(std::string_view name);

// What "auto" picks for this graph: "textbook" up to 256 nodes (any density or sign), then
// "sparse" for sparse graphs with non-negative weights, "blocked" otherwise.
std::string auto_engine_choice(const Graph& g);

// Throws Error when int32 distances could overflow on this graph (|w| * (n-1) too large)
// or when the weights are not whole numbers. check_int64_distances is the same for int64.
// Which type a graph needs is answered by choose_distance_type (distance_choice.hpp).
void check_int32_distances(const Graph& g);
void check_int64_distances(const Graph& g);

// Throws Error when float distances could pass the largest float (|w| * (n-1) above it): such a
// sum becomes +inf, which reads as "unreachable" although a path exists.
void check_float32_distances(const Graph& g);

// Throws NegativeCycle naming the lowest node whose self-loop costs less than 0. Loops are kept
// off the arcs (Graph::self_loops), so no engine would find this cycle of one arc by itself:
// every all-pairs engine, CPU and GPU, calls this before computing.
void refuse_negative_self_loops(const Graph& g);

}  // namespace pathscope
