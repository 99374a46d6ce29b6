// pathscope.closure and pathscope.reach: the transitive closure as packed bits over the
// result's memory, and reachable-from / reaching queries.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "job_pump.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/reach/reach.hpp"
#include "pathscope/runtime/error.hpp"
#include "views.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

struct ClosureRun {
  ClosureResult result;
};

struct ReachRun {
  std::shared_ptr<const LoadedGraph> loaded;
  ReachSet set;
  std::string method;  // how the answer was found
};

py::array bits_view(const py::object& self) {
  const BitMatrix& r = self.cast<const ClosureRun&>().result.reach;
  return view_of(r.words().data(), {r.size(), static_cast<py::ssize_t>(r.words_per_row())}, self);
}

ClosureOptions closure_options(const EngineResources& resources) {
  ClosureOptions options;
  static_cast<EngineResources&>(options) = resources;
  return options;
}

ReachDirection parse_direction(const std::string& word) {
  if (word == "downstream") return ReachDirection::Downstream;
  if (word == "upstream") return ReachDirection::Upstream;
  throw_invalid_argument("direction must be 'downstream' (what the node reaches) or 'upstream' (what reaches it), not '" + word + "'");
}

// The reflexive view R*: the start joins its own set (0 hops) when it is not on a cycle.
void include_start(ReachSet& set) {
  if (set.contains(set.start)) return;
  const auto at = std::lower_bound(set.nodes.begin(), set.nodes.end(), set.start) - set.nodes.begin();
  set.nodes.insert(set.nodes.begin() + at, set.start);
  if (!set.hops.empty()) set.hops.insert(set.hops.begin() + at, 0);
}

}  // namespace

void bind_closure(py::module_& m) {
  // Methods carry their signature as CPython's builtins do (the first docstring line, then
  // "--"), so that inspect.signature works on them; pybind11's own line would hide it.
  py::options signature_style;
  signature_style.disable_function_signatures();
  py::class_<ClosureRun>(m, "ClosureRun", "A transitive closure: the owner (array.base) of the bits closure() returns.")
      .def_property_readonly("bits", &bits_view)
      .def_property_readonly("n", [](const ClosureRun& r) { return r.result.reach.size(); })
      .def_property_readonly("timing", [](const ClosureRun& r) { return timing_dict(r.result.timing); })
      .def_property_readonly("address", [](const ClosureRun& r) { return address_of(r.result.reach.words()); })
      .def("reaches", [](const ClosureRun& r, std::int32_t i, std::int32_t j) {
        const auto n = r.result.reach.size();
        if (i < 0 || i >= n || j < 0 || j >= n) throw Error("node index outside 0.." + std::to_string(n - 1));
        return r.result.reach.test(i, j);
      }, py::arg("i"), py::arg("j"), "reaches(self, i, j)\n--\n\nTrue when a path of length >= 1 leads from i to j")
      .def("to_dense", [](const ClosureRun& r) {
        const BitMatrix& b = r.result.reach;
        py::array_t<bool> dense({b.size(), b.size()});
        auto out = dense.mutable_unchecked<2>();
        for (std::int32_t i = 0; i < b.size(); ++i)
          for (std::int32_t j = 0; j < b.size(); ++j) out(i, j) = b.test(i, j);
        return dense;
      }, "to_dense(self)\n--\n\nThe closure as an n x n bool array (a new array, n^2 bytes)");

  py::class_<ReachRun>(m, "ReachRun", "A reach query's answer: the owner (array.base) of the nodes reach() returns.")
      .def_property_readonly("nodes",
                             [](py::object self) {
                               const ReachSet& s = self.cast<const ReachRun&>().set;
                               return view_of(s.nodes.data(), {static_cast<py::ssize_t>(s.nodes.size())}, self);
                             })
      .def_property_readonly("hops",
                             [](py::object self) -> py::object {
                               const ReachSet& s = self.cast<const ReachRun&>().set;
                               if (s.hops.empty()) return py::none();
                               return view_of(s.hops.data(), {static_cast<py::ssize_t>(s.hops.size())}, self);
                             },
                             "Per node, the length of the shortest path that puts it in the set (searches only)")
      .def_property_readonly("start", [](const ReachRun& r) { return r.set.start; })
      .def_property_readonly("on_cycle", [](const ReachRun& r) { return r.set.start_on_cycle(); })
      .def_property_readonly("method", [](const ReachRun& r) { return r.method; })
      .def_property_readonly("labels", [](const ReachRun& r) {
        py::list labels;
        for (const auto v : r.set.nodes) labels.append(r.loaded->graph.label(v));
        return labels;
      });

  m.def(
      "closure",
      [](py::handle graph, const std::string& engine_name, int threads, std::uint64_t memory_budget,
         std::uint64_t gpu_memory_budget, py::object progress) {
        const auto loaded = graph_argument(graph);
        const auto options = closure_options(resources_from(threads, memory_budget, gpu_memory_budget));
        const auto engine = argument_value([&] { return make_closure_engine(engine_name); });
        require_available(*engine);
        ClosureRun run;
        run_job("closure (" + engine_name + ")", progress,
                [&](const JobContext& job) { run.result = engine->run(loaded->graph, options, job); });
        return bits_view(py::cast(std::move(run)));
      },
      py::arg("graph"), py::kw_only(), py::arg("engine") = "auto", py::arg("threads") = 0,
      py::arg("memory_budget") = 0, py::arg("gpu_memory_budget") = 0, py::arg("progress") = py::none(),
      "The transitive closure R+ (bit j of row i set when a path of length >= 1 leads from i to j) as a uint64 "
      "array of shape (n, ceil(n/64)), least significant bit first, over the result's memory (base: ClosureRun). "
      "np.unpackbits(bits.view(np.uint8), axis=1, bitorder='little')[:, :n] unpacks it. engine: textbook, "
      "bitset, scc, gpu, auto.");

  m.def(
      "reach",
      [](py::handle graph, py::handle node, const std::string& direction, std::int32_t max_hops,
         bool with_start, std::optional<std::string> engine_name, int threads, std::uint64_t memory_budget,
         std::uint64_t gpu_memory_budget, py::object progress) {
        const auto loaded = graph_argument(graph);
        const Graph& g = loaded->graph;
        const auto start = node_argument(g, node);
        const auto way = parse_direction(direction);
        ReachRun run{loaded, {}, "breadth-first search"};
        if (!engine_name) {
          py::gil_scoped_release unlocked;
          run.set = way == ReachDirection::Upstream ? reach_by_search(reverse_graph(g), start, way, max_hops)
                                                    : reach_by_search(g, start, way, max_hops);
        } else {
          if (max_hops != kUnlimitedHops) throw_invalid_argument("max_hops needs a search: leave out engine");
          require_available(*argument_value([&] { return make_closure_engine(*engine_name); }));
          const auto options = closure_options(resources_from(threads, memory_budget, gpu_memory_budget));
          std::optional<Reachability> reachability;
          run_job("reach (" + *engine_name + ")", progress, [&](const JobContext& job) {
            reachability.emplace(g);
            reachability->build_closure(*engine_name, options, job);
          });
          run.method = reachability->has_closure() ? "closure (" + *engine_name + ")"
                                                   : "breadth-first search: " + reachability->why_no_closure();
          run.set = reachability->query(start, way);
        }
        if (with_start) include_start(run.set);
        py::object owner = py::cast(std::move(run));
        const ReachSet& s = owner.cast<const ReachRun&>().set;
        return view_of(s.nodes.data(), {static_cast<py::ssize_t>(s.nodes.size())}, owner);
      },
      py::arg("graph"), py::arg("node"), py::kw_only(), py::arg("direction") = "downstream",
      py::arg("max_hops") = kUnlimitedHops, py::arg("with_start") = false, py::arg("engine") = py::none(),
      py::arg("threads") = 0, py::arg("memory_budget") = 0, py::arg("gpu_memory_budget") = 0,
      py::arg("progress") = py::none(),
      "The nodes `node` reaches (direction='downstream') or that reach it ('upstream'), ascending int32 over the "
      "answer's memory (base: ReachRun, with hops and labels). The node itself is in the set only when it lies on a "
      "cycle, unless with_start=True. Without engine: a breadth-first search (max_hops limits it); with engine: "
      "read from that closure engine's matrix when it fits the memory budget.");
}

}  // namespace pathscope::python
