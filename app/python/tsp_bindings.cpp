// pathscope.tsp: the best closed tour through the stops of a TSPLIB file, of chosen nodes of
// a graph, or of a NumPy cost matrix, on the CPU or the GPU.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.hpp"
#include "job_pump.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/tsp/tsp.hpp"
#include "views.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

struct TspRun {
  TspInstance instance;
  TspResult result;
};

py::array tour_view(const py::object& self) {
  const auto& tour = self.cast<const TspRun&>().result.tour;
  return view_of(tour.data(), {static_cast<py::ssize_t>(tour.size())}, self);
}

TspInstance instance_from_matrix(const py::array_t<double, py::array::c_style | py::array::forcecast>& costs,
                                 const EngineResources& resources) {
  if (!costs) throw Error("a cost matrix must hold numbers");
  if (costs.ndim() != 2 || costs.shape(0) != costs.shape(1))
    throw Error("a cost matrix must be square (k x k), not of shape " + py::str(costs.attr("shape")).cast<std::string>());
  const auto k = costs.shape(0);
  require_cost_matrix_fits(k, resources, "the cost matrix");
  TspInstance instance;
  instance.name = "cost matrix";
  instance.k = static_cast<std::int32_t>(k);
  instance.cost.assign(costs.data(), costs.data() + k * k);
  for (py::ssize_t i = 0; i < k; ++i) instance.stop_names.push_back(std::to_string(i));
  finish_tsp_instance(instance);
  return instance;
}

}  // namespace

void bind_tsp(py::module_& m) {
  py::class_<TspRun>(m, "TspRun", "A tour and how it was found: the owner (array.base) of the tour tsp() returns.")
      .def_property_readonly("tour", &tour_view, "Stop indices, each once, starting at stop 0 (the return is implied)")
      .def_property_readonly("length", [](const TspRun& r) { return r.result.length; })
      .def_property_readonly("proven_optimal", [](const TspRun& r) { return r.result.proven_optimal; })
      .def_property_readonly("algorithm", [](const TspRun& r) { return tsp_algorithm_name(r.result.algorithm); })
      .def_property_readonly("backend", [](const TspRun& r) { return tsp_backend_name(r.result.backend); })
      .def_property_readonly("fraction_searched", [](const TspRun& r) { return r.result.fraction_searched; })
      .def_property_readonly("gap_percent", [](const TspRun& r) { return r.result.gap_percent; })
      .def_property_readonly("known_optimum", [](const TspRun& r) { return r.instance.known_optimum; })
      .def_property_readonly("stop_names", [](const TspRun& r) { return r.instance.stop_names; })
      .def_property_readonly("graph_nodes",
                             [](py::object self) -> py::object {
                               const auto& nodes = self.cast<const TspRun&>().instance.graph_nodes;
                               if (nodes.empty()) return py::none();
                               return view_of(nodes.data(), {static_cast<py::ssize_t>(nodes.size())}, self, false);
                             },
                             "Graph instances: the graph node of each stop")
      .def_property_readonly("costs",
                             [](py::object self) {
                               const TspInstance& in = self.cast<const TspRun&>().instance;
                               return view_of(in.cost.data(), {in.k, in.k}, self, false);
                             },
                             "The k x k cost matrix the solver saw")
      .def_property_readonly("timing", [](const TspRun& r) { return timing_dict(r.result.timing); })
      .def_property_readonly("address", [](const TspRun& r) { return address_of(r.result.tour); });

  m.def(
      "tsp",
      [](py::handle problem, std::optional<std::vector<py::object>> stops, const std::string& algorithm,
         const std::string& backend, std::uint64_t seed, double time_limit, std::int64_t kicks, int starts,
         int threads, std::uint64_t memory_budget, std::uint64_t gpu_memory_budget, py::object progress) {
        const auto resources = resources_from(threads, memory_budget, gpu_memory_budget);
        TspOptions options;
        static_cast<EngineResources&>(options) = resources;
        const auto engine = argument_value([&] {
          return make_tsp_engine(tsp_engine_name(parse_tsp_algorithm(algorithm), parse_tsp_backend(backend)));
        });
        options.seed = seed;
        options.time_limit_seconds = time_limit;
        options.kicks = kicks;
        options.starts = starts;
        argument_value([&] { validate_tsp_options(options); });

        TspRun run;
        if (stops) {
          const auto loaded = graph_argument(problem);
          std::vector<std::int32_t> nodes;
          for (const auto& key : *stops) nodes.push_back(node_argument(loaded->graph, key));
          run_job("shortest paths between stops", py::none(), [&](const JobContext& job) {
            run.instance = tsp_instance_from_graph(loaded->graph, nodes, loaded->report.source, job, resources);
          });
        } else if (py::isinstance<py::array>(problem) || py::isinstance<py::list>(problem)) {
          run.instance = instance_from_matrix(py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(problem), resources);
        } else if (is_path(problem)) {
          const auto path = path_text(problem);
          py::gil_scoped_release unlocked;
          run.instance = tsp_instance_from_tsplib(path, resources);
        } else {
          throw py::type_error("tsp() takes a TSPLIB file, a k x k cost matrix, or a graph with stops=[...]");
        }
        run_job("tsp (" + engine->name() + ")", progress,
                [&](const JobContext& job) { run.result = engine->run(run.instance, options, job); });
        return tour_view(py::cast(std::move(run)));
      },
      py::arg("problem"), py::arg("stops") = py::none(), py::kw_only(), py::arg("algorithm") = "auto",
      py::arg("backend") = "cpu", py::arg("seed") = 1, py::arg("time_limit") = 0.0, py::arg("kicks") = -1,
      py::arg("starts") = 0, py::arg("threads") = 0, py::arg("memory_budget") = 0, py::arg("gpu_memory_budget") = 0,
      py::arg("progress") = py::none(),
      "The best closed tour: problem is a TSPLIB .tsp file, a k x k cost matrix (cost[i, j] = going from i to j; "
      "inf = no way), or a graph with stops=[nodes] (costs = shortest-path distances). Returns the tour (int32 stop "
      "indices from stop 0) over the result's memory; its base, a TspRun, has length, proven_optimal, algorithm. "
      "algorithm: auto, brute, held-karp, 2opt; backend: cpu or gpu.");
}

}  // namespace pathscope::python
