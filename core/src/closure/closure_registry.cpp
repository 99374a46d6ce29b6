// The closure family's registry: the CPU engines, "auto", and the "gpu" name the CUDA back end
// takes over while the program starts; every engine made here gets the self-loops added.
#include "closure/closure_engines.hpp"

namespace pathscope {
namespace {

// Where the GPU engine beats the CPU "scc" engine (docs/reachability.md, "GPU closure of small
// graphs", H200 host with 16 cores). Its direct path (one launch, no condensation, up to 8,192
// nodes) wins from about 2,000 nodes on every shape measured (random, mean degree 3: 0.13
// against 0.15-0.17 ms at 2,000, 0.48 against 0.80 ms at 5,000; random DAGs 4x-14x) and loses
// below (0.097 against 0.072-0.085 ms at 1,500). Past it the condensation path has a few
// milliseconds of fixed cost: on a giant component "scc" is even at 12,000 nodes (2.6 against
// 3.0 ms) and loses at 20,000 (32 against 8.8 ms); with 10 arcs a node the GPU wins from 4,000.
constexpr std::int32_t kGpuMinNodes = 20000;
constexpr std::int32_t kGpuDirectMinNodes = 2000;
constexpr std::int32_t kGpuDirectMaxNodes = 8192;  // the engine's direct-path size (docs/reachability.md)
constexpr std::int32_t kGpuMinNodesDense = 4000;
constexpr double kGpuDenseDegree = 6;
// Mean out-degree up to which the condensation beats packed Warshall: its DAG pass costs
// about (arcs between components) * (components / 64) word operations.
constexpr double kSparseDegree = 32;

// The registry holds the engines as they compute, without the self-loops.
std::unique_ptr<ClosureEngine> make_loop_free_engine(std::string_view name) { return closure_engines().make(name); }

// What "gpu" is in a program without the CUDA back end: listed, and saying why it cannot run.
class MissingGpuClosureEngine final : public ClosureEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string description() const override { return "GPU bit-packed closure (unavailable in this build)"; }
  std::string unavailable_reason() const override { return no_gpu_backend_reason(); }
  ClosureResult run(const Graph&, const ClosureOptions&, const JobContext&) const override {
    throw Error("gpu: " + no_gpu_backend_reason());
  }
};

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
    return "gpu for large graphs (from 20,000 nodes, or 4,000 with 6 arcs a node) when a GPU is usable, scc for "
           "sparse graphs, bitset otherwise";
  }
  ClosureResult run(const Graph& g, const ClosureOptions& options, const JobContext& job) const override {
    return make_loop_free_engine(auto_closure_choice(g))->run(g, options, job);
  }
};

EngineRegistry<ClosureEngine> make_registry() {
  EngineRegistry<ClosureEngine> registry("closure engine");
  registry.add("textbook", detail::make_textbook_closure_engine);
  registry.add("bitset", detail::make_bitset_closure_engine);
  registry.add("scc", detail::make_scc_closure_engine);
  registry.add("gpu", [] { return std::make_unique<MissingGpuClosureEngine>(); });
  registry.add("auto", [] { return std::make_unique<AutoClosureEngine>(); });
  return registry;
}

}  // namespace

EngineRegistry<ClosureEngine>& closure_engines() {
  static EngineRegistry<ClosureEngine> registry = make_registry();
  return registry;
}

std::vector<std::string> closure_engine_names() { return closure_engines().names(); }

std::unique_ptr<ClosureEngine> make_closure_engine(std::string_view name) {
  return std::make_unique<SelfLoopsAdded>(make_loop_free_engine(name));
}

std::string auto_closure_choice(const Graph& g) {
  const double degree = g.n > 0 ? static_cast<double>(g.arc_count()) / g.n : 0;
  const bool direct = g.n >= kGpuDirectMinNodes && g.n <= kGpuDirectMaxNodes;
  const bool large = g.n >= kGpuMinNodes || (g.n >= kGpuMinNodesDense && degree >= kGpuDenseDegree);
  if ((direct || large) && make_loop_free_engine("gpu")->available()) return "gpu";
  return degree <= kSparseDegree ? "scc" : "bitset";
}

}  // namespace pathscope
