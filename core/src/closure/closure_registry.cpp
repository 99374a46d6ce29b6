#include "closure/closure_engines.hpp"
#include "pathscope/gpu_closure.hpp"

namespace pathscope {
namespace {

// Below this many nodes the GPU's start-up and copies outweigh its speed.
constexpr std::int32_t kGpuMinNodes = 2048;
// Mean out-degree up to which the condensation beats packed Warshall: its DAG pass costs
// about (arcs between components) * (components / 64) word operations.
constexpr double kSparseDegree = 32;

std::unique_ptr<ClosureEngine> make_loop_free_engine(std::string_view name);

// Self-loops are kept off the arcs the engines read (Graph::self_loops), and a loop adds
// exactly one pair to R+: its node reaches itself. Every engine's result, CPU and GPU alike,
// passes through here on its way out of make_closure_engine and gets those diagonal bits.
class SelfLoopsAdded final : public ClosureEngine {
 public:
  explicit SelfLoopsAdded(std::unique_ptr<ClosureEngine> engine) : engine_(std::move(engine)) {}
  std::string name() const override { return engine_->name(); }
  std::string description() const override { return engine_->description(); }
  std::string unavailable_reason() const override { return engine_->unavailable_reason(); }
  ClosureResult run(const Graph& g, const ClosureOptions& options, const JobContext& job) const override {
    ClosureResult result = engine_->run(g, options, job);
    for (const auto& loop : g.self_loops) result.reach.set(loop.node, loop.node);
    return result;
  }

 private:
  std::unique_ptr<ClosureEngine> engine_;
};

class AutoClosureEngine final : public ClosureEngine {
 public:
  std::string name() const override { return "auto"; }
  std::string description() const override {
    return "gpu for large graphs when a GPU is usable, scc for sparse graphs, bitset otherwise";
  }
  ClosureResult run(const Graph& g, const ClosureOptions& options, const JobContext& job) const override {
    return make_loop_free_engine(auto_closure_choice(g))->run(g, options, job);
  }
};

std::unique_ptr<ClosureEngine> make_loop_free_engine(std::string_view name) {
  if (name == "textbook") return detail::make_textbook_closure_engine();
  if (name == "bitset") return detail::make_bitset_closure_engine();
  if (name == "scc") return detail::make_scc_closure_engine();
  if (name == "gpu") return make_gpu_closure_engine();
  if (name == "auto") return std::make_unique<AutoClosureEngine>();
  std::string known;
  for (const auto& n : closure_engine_names()) known += (known.empty() ? "" : ", ") + n;
  throw Error("unknown closure engine '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace

std::vector<std::string> closure_engine_names() { return {"textbook", "bitset", "scc", "gpu", "auto"}; }

std::unique_ptr<ClosureEngine> make_closure_engine(std::string_view name) {
  return std::make_unique<SelfLoopsAdded>(make_loop_free_engine(name));
}

std::string auto_closure_choice(const Graph& g) {
  if (g.n >= kGpuMinNodes && make_gpu_closure_engine()->unavailable_reason().empty()) return "gpu";
  const double degree = g.n > 0 ? static_cast<double>(g.arc_count()) / g.n : 0;
  return degree <= kSparseDegree ? "scc" : "bitset";
}

}  // namespace pathscope
