// pathscope.apsp_engines(), closure_engines(), tsp_engines(), correlation_engines(),
// centrality_engines(), flow_engines(): each family's registry as a list of dicts, one rule for all.
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/centrality/centrality.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

py::list listed(const std::vector<EngineListing>& engines) {
  py::list out;
  for (const auto& engine : engines) {
    py::dict d;
    d["name"] = engine.name;
    d["description"] = engine.description;
    d["available"] = engine.unavailable_reason.empty();
    d["unavailable_reason"] = engine.unavailable_reason;
    out.append(d);
  }
  return out;
}

}  // namespace

void bind_engine_lists(py::module_& m) {
  m.def("apsp_engines", [] { return listed(apsp_engines().listing()); },
        "The all-pairs engines: name, description, available, unavailable_reason");
  m.def("closure_engines", [] { return listed(closure_engines().listing()); },
        "The closure engines: name, description, available, unavailable_reason");
  m.def("tsp_engines", [] { return listed(tsp_engines().listing()); },
        "The tour engines: name, description, available, unavailable_reason");
  m.def("correlation_engines", [] { return listed(correlation_engines().listing()); },
        "The correlation engines: name, description, available, unavailable_reason");
  m.def("centrality_engines", [] { return listed(centrality_engines().listing()); },
        "The centrality engines: name, description, available, unavailable_reason");
  m.def("flow_engines", [] { return listed(flow_engines().listing()); },
        "The information-flow engines: name, description, available, unavailable_reason");
}

}  // namespace pathscope::python
