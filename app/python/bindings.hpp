#pragma once
// What the parts of the module share: the graph object, the argument rules, and one bind_*
// function per engine family (module.cpp calls them in turn).
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>

#include "pathscope/io/load.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope::python {

// pathscope.Graph: a loaded graph and what loading did to the file. Shared, so that a run in
// progress keeps its graph even when Python lets go of it.
struct PyGraph {
  std::shared_ptr<const LoadedGraph> loaded;
  const Graph& graph() const { return loaded->graph; }
};

// A file name as str, bytes or os.PathLike, as the file system's bytes (os.fsencode).
std::string path_text(const pybind11::handle& spec);
// True for what path_text() takes.
bool is_path(const pybind11::handle& spec);
// A Graph object, or a file path / generator spec loaded with the default options.
std::shared_ptr<const LoadedGraph> graph_argument(const pybind11::handle& graph_or_spec);
// An int is a 0-based node index; a str is looked up as Graph::find_node does (name, then
// case-insensitive name, then the file's own id). Throws IndexError for an index outside the
// graph (any size of int) and pathscope.Error for a str that names no node.
std::int32_t node_argument(const Graph& g, const pybind11::handle& key);
// Raises pathscope.InvalidArgument (a pathscope.Error and a ValueError) with this message.
[[noreturn]] void throw_invalid_argument(const std::string& message);
// The value of an argument the core parses or checks (an engine name, a cost rule, a budget):
// the core's Error becomes pathscope.InvalidArgument, since the argument, not the data, is wrong.
template <class Parse>
auto argument_value(Parse&& parse) -> decltype(parse()) {
  try {
    return parse();
  } catch (const Cancelled&) {
    throw;
  } catch (const OverBudget&) {
    throw;
  } catch (const Error& e) {
    throw_invalid_argument(e.what());
  }
}
// threads / memory_budget / gpu_memory_budget as every engine family takes them, checked.
EngineResources resources_from(int threads, std::uint64_t memory_budget, std::uint64_t gpu_memory_budget);
// A Timing as a dict: engine, device, seconds, compute_seconds, transfer_seconds, updates.
pybind11::dict timing_dict(const Timing& timing);

// keep_nodes= / keep_arcs= (or Graph.filter's nodes= / arcs=): None, a condition as a str, or a
// list of them, parsed as the CLI's --keep-nodes; a bad condition raises InvalidArgument.
GraphFilter filter_argument(const pybind11::handle& nodes, const pybind11::handle& arcs, const char* nodes_keyword,
                            const char* arcs_keyword);

void bind_graph(pybind11::module_& m);
void bind_graph_building(pybind11::module_& m);
void bind_codex_frame(pybind11::module_& m);
void bind_apsp(pybind11::module_& m);
void bind_closure(pybind11::module_& m);
void bind_tsp(pybind11::module_& m);
void bind_correlate(pybind11::module_& m);
void bind_engine_lists(pybind11::module_& m);
void bind_distances(pybind11::module_& m);
void bind_centrality(pybind11::module_& m);
void bind_flow(pybind11::module_& m);
void bind_filter(pybind11::module_& m);
void bind_tables(pybind11::module_& m);

}  // namespace pathscope::python
