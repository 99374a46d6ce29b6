// The `pathscope` Python module: one more thin front end over the core API. Every engine runs
// through job_pump.hpp (GIL released, progress and Ctrl-C on the caller's thread); every
// result array is a view of the result object that owns its memory (views.hpp).
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "errors.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "pathscope: graph paths on CPU and GPU. load_graph() reads any format pathscope knows; apsp(), closure(), "
      "reach(), path(), tsp() and correlate() run its engines by name and return NumPy arrays over the results' "
      "own memory (array.base is the result object).";
  m.attr("__version__") = PATHSCOPE_VERSION;
  pathscope::python::bind_errors(m);
  pathscope::python::bind_graph(m);
  pathscope::python::bind_graph_building(m);
  pathscope::python::bind_codex_frame(m);
  pathscope::python::bind_apsp(m);
  pathscope::python::bind_closure(m);
  pathscope::python::bind_tsp(m);
  pathscope::python::bind_correlate(m);
  pathscope::python::bind_engine_lists(m);
  pathscope::python::bind_distances(m);
  pathscope::python::bind_centrality(m);
  pathscope::python::bind_flow(m);
  pathscope::python::bind_filter(m);
  pathscope::python::bind_tables(m);
}
