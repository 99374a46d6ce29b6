// Chooses between the textbook, sparse and blocked engines for the graph at hand.
#include "apsp/cpu_engines.hpp"
#include "apsp/engine_support.hpp"

namespace pathscope {

namespace {

// Seconds per unit of work on one core of the reference machine (Xeon, AVX-512), measured
// with `bench apsp` on random graphs of n = 2,000 and 6,000 and degrees 2..128:
// Dijkstra from every source costs about n^2 node visits and n*m arc scans, blocked
// Floyd-Warshall n^3 min-plus updates. Both scale with the thread count alike, so only the
// ratio matters; BFS (unit costs) visits and scans about twice as fast as Dijkstra.
constexpr double kSecondsPerNodeVisit = 20e-9;
constexpr double kSecondsPerArcScan = 5e-9;
constexpr double kSecondsPerMinPlusUpdate = 0.036e-9;

// Up to this many nodes the one-thread triple loop is quick whatever the density, while the
// threaded engines can lose far more than its whole run waiting for their threads on a busy
// machine (docs/performance.md has the measurement).
constexpr std::int32_t kTextbookMaxNodes = 256;

}  // namespace

// The crossover this gives is near m = n * (0.0072 n - 4): about 8 arcs a node at n = 2,000,
// 20 at n = 3,353, 40 at n = 6,000; below n of about 550 blocked always wins. How the choice
// fared on real graphs is in docs/performance.md.
std::string auto_engine_choice(const Graph& g) {
  if (g.n <= kTextbookMaxNodes) return "textbook";
  if (g.has_negative_weights()) return "blocked";
  const double n = g.n;
  const double m = static_cast<double>(g.arc_count());
  double sparse_seconds = n * (n * kSecondsPerNodeVisit + m * kSecondsPerArcScan);
  if (g.unit_weights) sparse_seconds /= 2;
  const double blocked_seconds = n * n * n * kSecondsPerMinPlusUpdate;
  return sparse_seconds < blocked_seconds ? "sparse" : "blocked";
}

namespace detail {

namespace {

class AutoEngine final : public ApspEngine {
 public:
  std::string name() const override { return "auto"; }
  std::string description() const override {
    return "textbook for tiny graphs, else sparse or blocked, whichever a cost model says is faster for this graph";
  }
  // Both engines it picks from compute these.
  bool supports(DistType t) const override {
    return t == DistType::Int32 || t == DistType::Int64 || t == DistType::Float32;
  }

  ApspResult run(const Graph& g, const ApspOptions& options, const JobContext& job) const override {
    if (!supports(options.dist))
      throw Error(std::string("engine 'auto' does not compute ") + dist_type_name(options.dist) + " distances");
    const std::string choice = auto_engine_choice(g);
    const auto engine = choice == "textbook" ? make_textbook_engine()
                        : choice == "sparse" ? make_sparse_engine()
                                             : make_blocked_engine();
    ApspResult r = engine->run(g, options, job);
    r.timing.engine = "auto(" + choice + ")";
    return r;
  }
};

}  // namespace

std::unique_ptr<ApspEngine> make_auto_engine() { return std::make_unique<AutoEngine>(); }

}  // namespace detail

}  // namespace pathscope
