// pathscope.apsp and pathscope.path: every all-pairs engine (CPU and GPU) by name, the matrix
// as a NumPy array over the result's own memory, and one shortest path.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <limits>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "job_pump.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/distance_choice.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/runtime/error.hpp"
#include "views.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

// The owner of an all-pairs matrix: the base of every array over it.
struct ApspRun {
  std::shared_ptr<const LoadedGraph> loaded;
  ApspResult result;
};

struct PathRun {
  std::shared_ptr<const LoadedGraph> loaded;
  Path path;
};

py::array distances_view(const py::object& self) {
  const ApspResult& r = self.cast<const ApspRun&>().result;
  const std::vector<py::ssize_t> shape{r.n, r.n};
  switch (r.dist) {
    case DistType::Int32: return view_of(r.d32.data(), shape, self);
    case DistType::Int64: return view_of(r.d64.data(), shape, self);
    case DistType::Float32: return view_of(r.df.data(), shape, self);
    case DistType::Hop16: return view_of(r.d16.data(), shape, self);
  }
  throw Error("unknown distance type");
}

std::uintptr_t distances_address(const ApspResult& r) {
  switch (r.dist) {
    case DistType::Int32: return address_of(r.d32);
    case DistType::Int64: return address_of(r.d64);
    case DistType::Float32: return address_of(r.df);
    case DistType::Hop16: return address_of(r.d16);
  }
  return 0;
}

std::unique_ptr<ApspEngine> runnable_apsp_engine(const std::string& name) {
  auto engine = argument_value([&] { return make_apsp_engine(name); });
  require_available(*engine);
  return engine;
}

// Runs the engine and hands the result to Python, which owns it from then on.
py::object run_apsp(const std::shared_ptr<const LoadedGraph>& loaded, const std::string& engine_name,
                    const std::string& dist, bool next_hop, const EngineResources& resources,
                    const py::object& progress) {
  const Graph& g = loaded->graph;
  const auto engine = runnable_apsp_engine(engine_name);
  ApspOptions options;
  static_cast<EngineResources&>(options) = resources;
  options.dist = dist == "auto" ? choose_distance_type(g).type : argument_value([&] { return parse_dist_type(dist); });
  options.next_hop = next_hop;
  ApspRun run{loaded, {}};
  run_job("apsp (" + engine_name + ")", progress, [&](const JobContext& job) { run.result = engine->run(g, options, job); });
  if (const std::string rounded = float_rounding_warning(g, run.result); !rounded.empty())
    if (PyErr_WarnEx(PyExc_RuntimeWarning, rounded.c_str(), 1) != 0) throw py::error_already_set();
  return py::cast(std::move(run));
}

py::list labels_of(const Graph& g, const std::vector<std::int32_t>& nodes) {
  py::list labels;
  for (const auto v : nodes) labels.append(g.label(v));
  return labels;
}

}  // namespace

void bind_apsp(py::module_& m) {
  // Methods carry their signature as CPython's builtins do (the first docstring line, then
  // "--"), so that inspect.signature works on them; pybind11's own line would hide it.
  py::options signature_style;
  signature_style.disable_function_signatures();
  py::class_<ApspRun>(m, "ApspRun",
                      "An all-pairs result: the owner (array.base) of the distance matrix that apsp() returns.")
      .def_property_readonly("distances", &distances_view,
                             "n x n matrix, row = source; unreachable = the dtype's max (int), +inf (float) or 65535 (hop16)")
      .def_property_readonly("next_hops",
                             [](py::object self) -> py::object {
                               const ApspResult& r = self.cast<const ApspRun&>().result;
                               if (r.next.empty()) return py::none();
                               return view_of(r.next.data(), {r.n, r.n}, self);
                             },
                             "n x n int32 next node on a shortest path (-1: none), when asked for with next_hop=True")
      .def_property_readonly("dist", [](const ApspRun& r) { return dist_type_name(r.result.dist); })
      .def_property_readonly("timing", [](const ApspRun& r) { return timing_dict(r.result.timing); })
      .def_property_readonly("address", [](const ApspRun& r) { return distances_address(r.result); },
                             "Address of the matrix's memory (arrays over it show the same address)")
      .def(
          "path",
          [](const ApspRun& r, py::handle source, py::handle target) {
            const Graph& g = r.loaded->graph;
            return PathRun{r.loaded, path_from_apsp(g, r.result, node_argument(g, source), node_argument(g, target))};
          },
          py::arg("source"), py::arg("target"),
          "path(self, source, target)\n--\n\nOne shortest path, rebuilt from this matrix and the graph's arcs");

  py::class_<PathRun>(m, "Path", "One shortest path: nodes from source to target and the cost of each arc.")
      .def_property_readonly("reachable", [](const PathRun& p) { return p.path.reachable; })
      .def_property_readonly("distance",
                             [](const PathRun& p) {
                               return p.path.reachable ? p.path.distance : std::numeric_limits<double>::infinity();
                             },
                             "Sum of arc_costs (+inf when unreachable)")
      .def_property_readonly("nodes",
                             [](py::object self) {
                               const Path& p = self.cast<const PathRun&>().path;
                               return view_of(p.nodes.data(), {static_cast<py::ssize_t>(p.nodes.size())}, self);
                             })
      .def_property_readonly("arc_costs",
                             [](py::object self) {
                               const Path& p = self.cast<const PathRun&>().path;
                               return view_of(p.arc_costs.data(), {static_cast<py::ssize_t>(p.arc_costs.size())}, self);
                             })
      .def_property_readonly("labels", [](const PathRun& p) { return labels_of(p.loaded->graph, p.path.nodes); })
      .def("__len__", [](const PathRun& p) { return p.path.nodes.size(); });

  m.def(
      "apsp",
      [](py::handle graph, const std::string& engine, const std::string& dist, bool next_hop, int threads,
         std::uint64_t memory_budget, std::uint64_t gpu_memory_budget, py::object progress) {
        const auto resources = resources_from(threads, memory_budget, gpu_memory_budget);
        return distances_view(run_apsp(graph_argument(graph), engine, dist, next_hop, resources, progress));
      },
      py::arg("graph"), py::kw_only(), py::arg("engine") = "auto", py::arg("dist") = "auto",
      py::arg("next_hop") = false, py::arg("threads") = 0, py::arg("memory_budget") = 0,
      py::arg("gpu_memory_budget") = 0, py::arg("progress") = py::none(),
      "All-pairs shortest distances as an n x n NumPy array (row = source) over the result's memory: its base is "
      "the ApspRun (timing, next_hops, path()). engine: textbook, blocked, sparse, auto, gpu-naive, gpu-blocked, gpu-sparse. "
      "dist: auto (the narrowest exact type), int32, int64, float, hop16. progress(fraction) is called with "
      "increasing fractions; returning False cancels (pathscope.Cancelled), and Ctrl-C cancels the engine and "
      "raises KeyboardInterrupt.");

  m.def(
      "path",
      [](py::handle graph, py::handle source, py::handle target, std::optional<std::string> engine,
         const std::string& dist, int threads, std::uint64_t memory_budget, std::uint64_t gpu_memory_budget,
         py::object progress) -> py::object {
        const auto loaded = graph_argument(graph);
        const Graph& g = loaded->graph;
        const auto s = node_argument(g, source), t = node_argument(g, target);
        if (!engine) {
          PathRun run{loaded, {}};
          {
            py::gil_scoped_release unlocked;
            run.path = path_single_source(g, s, t);
          }
          return py::cast(std::move(run));
        }
        const auto resources = resources_from(threads, memory_budget, gpu_memory_budget);
        const py::object run = run_apsp(loaded, *engine, dist, false, resources, progress);
        return py::cast(PathRun{loaded, path_from_apsp(g, run.cast<const ApspRun&>().result, s, t)});
      },
      py::arg("graph"), py::arg("source"), py::arg("target"), py::kw_only(), py::arg("engine") = py::none(),
      py::arg("dist") = "auto", py::arg("threads") = 0, py::arg("memory_budget") = 0,
      py::arg("gpu_memory_budget") = 0, py::arg("progress") = py::none(),
      "One shortest path. Nodes: int = 0-based index, str = name or the file's id. Without engine: one "
      "single-source search (BFS, Dijkstra or Bellman-Ford); with engine: rebuilt from that all-pairs engine's matrix.");

  m.def("gpu_info", [] {
    const GpuInfo info = gpu_info();
    py::dict d;
    d["available"] = info.available;
    d["reason"] = info.reason;
    d["name"] = info.name;
    d["compute_capability"] = py::make_tuple(info.compute_major, info.compute_minor);
    d["multiprocessors"] = info.multiprocessors;
    d["total_memory"] = info.total_memory;
    d["free_memory"] = info.free_memory;
    d["driver_version"] = info.driver_version;
    d["runtime_version"] = info.runtime_version;
    return d;
  }, "The GPU this program would use, or why there is none");
}

}  // namespace pathscope::python
