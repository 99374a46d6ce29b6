// The information-flow engines (core: flow/information_flow.hpp) as _core._flow_layers;
// pathscope/_flow.py is the Python face (seeds by type or by node, data frames).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "job_pump.hpp"
#include "mask_argument.hpp"
#include "pathscope/flow/flow_seeds.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope/flow/type_layers.hpp"
#include "views.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

struct FlowRun {
  std::shared_ptr<const LoadedGraph> loaded;
  std::vector<std::int32_t> seeds;
  FlowResult result;
  std::string filter;
};

py::object run_flow(py::handle graph, py::handle seeds, std::int32_t repetitions, double saturation_share,
                    double min_share, std::int32_t max_steps, std::uint64_t seed, const std::string& engine_name,
                    py::handle keep_nodes, py::handle keep_arcs, int threads, std::uint64_t memory_budget,
                    std::uint64_t gpu_memory_budget, py::object progress) {
  FlowRun run{graph_argument(graph), {}, {}, {}};
  const Graph& g = run.loaded->graph;
  // The seed rule of every front end (flow_seeds.hpp): a str is a cell type, a path-like a file
  // of ids or names; any other iterable lists nodes as every Python call takes them.
  if (py::isinstance<py::str>(seeds)) {
    run.seeds = argument_value([&] { return seeds_of_type(g, seeds.cast<std::string>()); });
  } else if (py::hasattr(seeds, "__fspath__") || py::isinstance<py::bytes>(seeds)) {
    run.seeds = read_seed_file(path_text(seeds), g);
  } else {
    for (const py::handle node : seeds) run.seeds.push_back(node_argument(g, node));
  }
  if (run.seeds.empty()) throw_invalid_argument("no seeds: name at least one node (or a type some node has)");
  if (repetitions < 1) throw_invalid_argument("repetitions must be 1 or more");
  if (!(saturation_share > 0 && saturation_share <= 1))
    throw_invalid_argument("saturation_share must lie in (0, 1], not " + std::to_string(saturation_share));
  if (!(min_share >= 0 && min_share < 1)) throw_invalid_argument("min_share must lie in [0, 1)");
  if (max_steps < 0) throw_invalid_argument("max_steps must be 0 (no limit) or more");
  FlowOptions options;
  static_cast<EngineResources&>(options) = resources_from(threads, memory_budget, gpu_memory_budget);
  options.seeds = run.seeds;
  options.repetitions = repetitions;
  options.saturation_share = saturation_share;
  options.min_share = min_share;
  options.max_steps = max_steps;
  options.seed = seed;
  MaskArgument mask = mask_argument(g, keep_nodes, keep_arcs);
  options.mask = std::move(mask.mask);
  run.filter = std::move(mask.summary);
  const auto engine = argument_value([&] { return make_flow_engine(engine_name); });
  require_available(*engine);
  run_job("flow layers (" + engine_name + ")", progress,
          [&](const JobContext& job) { run.result = engine->run(g, options, job); });
  return py::cast(std::move(run));
}

template <class T>
py::array vector_view(const py::object& self, const std::vector<T> FlowResult::*member) {
  const std::vector<T>& values = self.cast<const FlowRun&>().result.*member;
  return view_of(values.data(), {static_cast<py::ssize_t>(values.size())}, self);
}

}  // namespace

void bind_flow(py::module_& m) {
  py::class_<FlowRun>(m, "FlowRun",
                      "Information-flow layers: the owner (array.base) of the arrays pathscope.flow_layers() hands out.")
      .def_property_readonly("mean_layer", [](py::object self) { return vector_view(self, &FlowResult::mean_layer); },
                             "float64[n]: mean step at which a run reached the node (seeds: 1; NaN: never reached)")
      .def_property_readonly("layer_deviation",
                             [](py::object self) { return vector_view(self, &FlowResult::layer_deviation); },
                             "float64[n]: standard deviation of that step over the runs that reached the node")
      .def_property_readonly("times_reached",
                             [](py::object self) { return vector_view(self, &FlowResult::times_reached); },
                             "int32[n]: in how many of the repetitions the node was reached")
      .def_property_readonly("seeds",
                             [](py::object self) {
                               const auto& seeds = self.cast<const FlowRun&>().seeds;
                               return view_of(seeds.data(), {static_cast<py::ssize_t>(seeds.size())}, self);
                             },
                             "int32: the seed nodes' indices")
      .def_property_readonly("repetitions", [](const FlowRun& r) { return r.result.repetitions; })
      .def_property_readonly("filter", [](const FlowRun& r) { return r.filter; },
                             "What keep_nodes / keep_arcs kept (\"\" for the whole graph)")
      .def_property_readonly("timing", [](const FlowRun& r) { return timing_dict(r.result.timing); })
      .def(
          "type_layers",
          [](const FlowRun& r) {
            py::list out;
            for (const TypeLayers& t : type_layers(r.loaded->graph, r.result)) {
              py::dict d;
              d["type"] = t.type;
              d["nodes"] = t.nodes;
              d["reached"] = t.reached;
              d["mean_layer"] = t.mean_of_means;
              d["median_layer"] = t.median_of_means;
              out.append(d);
            }
            return out;
          },
          "Per cell type (the graph's type column), from the seeds outwards: nodes, reached, and the mean and "
          "median of the reached nodes' mean layers");

  m.def("_flow_layers", &run_flow, py::arg("graph"), py::arg("seeds"), py::arg("repetitions"),
        py::arg("saturation_share"), py::arg("min_share"), py::arg("max_steps"), py::arg("seed"), py::arg("engine"),
        py::arg("keep_nodes"), py::arg("keep_arcs"), py::arg("threads"), py::arg("memory_budget"),
        py::arg("gpu_memory_budget"), py::arg("progress"),
        "Private: pathscope.flow_layers (pathscope/_flow.py) calls it.");
}

}  // namespace pathscope::python
