// The centrality engines (core: centrality/centrality.hpp) as _core._centrality, whose result
// owns one vector per measure; pathscope/_centrality.py is the Python face (the mapping of
// measures to arrays, networkx-shaped dicts, data frames).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "job_pump.hpp"
#include "mask_argument.hpp"
#include "pathscope/centrality/centrality.hpp"
#include "views.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

struct CentralityRun {
  std::shared_ptr<const LoadedGraph> loaded;
  std::vector<CentralityMeasure> measures;
  CentralityResult result;
  std::string filter;  // what keep_nodes / keep_arcs kept ("" for the whole graph)
};

py::array measure_view(const py::object& self, const std::string& name) {
  const CentralityRun& run = self.cast<const CentralityRun&>();
  const CentralityMeasure measure = argument_value([&] { return parse_centrality_measure(name); });
  const std::vector<double>& values = run.result.values(measure);
  if (values.empty() && run.loaded->graph.n > 0)
    throw_invalid_argument("this run did not compute '" + name + "' (ask for it in measures=)");
  return view_of(values.data(), {static_cast<py::ssize_t>(values.size())}, self);
}

py::object run_centrality(py::handle graph, const std::vector<std::string>& measure_names, const std::string& engine_name,
                          bool hops, bool normalized, std::int64_t samples, std::uint64_t seed, double pagerank_alpha,
                          double pagerank_tolerance, int pagerank_max_iterations, py::handle keep_nodes,
                          py::handle keep_arcs, int threads, std::uint64_t memory_budget,
                          std::uint64_t gpu_memory_budget, py::object progress) {
  CentralityRun run{graph_argument(graph), {}, {}, {}};
  const Graph& g = run.loaded->graph;
  CentralityOptions options;
  static_cast<EngineResources&>(options) = resources_from(threads, memory_budget, gpu_memory_budget);
  if (measure_names.empty()) throw_invalid_argument("measures is empty: name at least one measure");
  for (const auto& name : measure_names)
    run.measures.push_back(argument_value([&] { return parse_centrality_measure(name); }));
  options.measures = run.measures;
  options.hops = hops;
  options.normalized = normalized;
  if (samples < 0) throw_invalid_argument("samples must be 1 or more (None: every source, exact)");
  options.samples = samples;
  options.seed = seed;
  if (!(pagerank_alpha > 0 && pagerank_alpha < 1))
    throw_invalid_argument("pagerank_alpha must lie strictly between 0 and 1, not " + std::to_string(pagerank_alpha));
  if (!(pagerank_tolerance > 0)) throw_invalid_argument("pagerank_tolerance must be above 0");
  if (pagerank_max_iterations < 1) throw_invalid_argument("pagerank_max_iterations must be 1 or more");
  options.pagerank_alpha = pagerank_alpha;
  options.pagerank_tolerance = pagerank_tolerance;
  options.pagerank_max_iterations = pagerank_max_iterations;
  MaskArgument mask = mask_argument(g, keep_nodes, keep_arcs);
  options.mask = std::move(mask.mask);
  run.filter = std::move(mask.summary);
  const auto engine = argument_value([&] { return make_centrality_engine(engine_name); });
  require_available(*engine);
  run_job("centrality (" + engine_name + ")", progress,
          [&](const JobContext& job) { run.result = engine->run(g, options, job); });
  return py::cast(std::move(run));
}

}  // namespace

void bind_centrality(py::module_& m) {
  py::options signature_style;
  signature_style.disable_function_signatures();
  py::class_<CentralityRun>(m, "CentralityRun",
                            "A centrality result: the owner (array.base) of the per-measure arrays that "
                            "pathscope.centrality() hands out.")
      .def_property_readonly("measures",
                             [](const CentralityRun& r) {
                               std::vector<std::string> names;
                               for (const auto measure : r.measures) names.emplace_back(centrality_measure_name(measure));
                               return names;
                             },
                             "The measures computed, by their names")
      .def("values", &measure_view, py::arg("measure"),
           "values(self, measure)\n--\n\nfloat64[n] of one measure in node order (NaN at nodes keep_nodes dropped)")
      .def_property_readonly("error_bound", [](const CentralityRun& r) { return r.result.betweenness_error_bound; },
                             "Sampled betweenness: every value lies within this of the exact one with probability "
                             "1 - bound_delta (0 when exact)")
      .def_property_readonly("bound_delta", [](const CentralityRun& r) { return r.result.betweenness_bound_delta; })
      .def_property_readonly("sources_used", [](const CentralityRun& r) { return r.result.sources_used; },
                             "Sources searched for betweenness, closeness and harmonic")
      .def_property_readonly("pagerank_iterations", [](const CentralityRun& r) { return r.result.pagerank_iterations; })
      .def_property_readonly("filter", [](const CentralityRun& r) { return r.filter; },
                             "What keep_nodes / keep_arcs kept (\"\" for the whole graph)")
      .def_property_readonly("timing", [](const CentralityRun& r) { return timing_dict(r.result.timing); });

  m.def("_centrality", &run_centrality, py::arg("graph"), py::arg("measures"), py::arg("engine"), py::arg("hops"),
        py::arg("normalized"), py::arg("samples"), py::arg("seed"), py::arg("pagerank_alpha"),
        py::arg("pagerank_tolerance"), py::arg("pagerank_max_iterations"), py::arg("keep_nodes"), py::arg("keep_arcs"),
        py::arg("threads"), py::arg("memory_budget"), py::arg("gpu_memory_budget"), py::arg("progress"),
        "Private: pathscope.centrality (pathscope/_centrality.py) calls it.");
  m.def("centrality_measures",
        [] {
          std::vector<std::string> names;
          for (const auto measure : all_centrality_measures()) names.emplace_back(centrality_measure_name(measure));
          return names;
        },
        "The names centrality() takes in measures=");
}

}  // namespace pathscope::python
