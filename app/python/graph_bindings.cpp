// pathscope.load_graph and pathscope.Graph: every input format and generator, the graph's
// arcs as CSR arrays over the graph's own memory, its names, ids, coordinates and report.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "attribute_columns.hpp"
#include "bindings.hpp"
#include "job_pump.hpp"
#include "pathscope/apsp/distance_choice.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/runtime/error.hpp"
#include "views.hpp"

namespace py = pybind11;

namespace pathscope::python {


namespace {

// A structured dtype over the core's own struct, so that arrays of it need no copy. Registered
// on first use rather than at import, so that `import pathscope` does not need NumPy.
void register_dtype() {
  static bool registered = false;  // under the GIL
  if (registered) return;
  PYBIND11_NUMPY_DTYPE(pathscope::Graph::SelfLoop, node, weight);
  PYBIND11_NUMPY_DTYPE(pathscope::Graph::ExtraArc, tail, head, weight, strength);
  registered = true;
}


// A load is a job like an engine run (job_pump.hpp): Ctrl-C stops it within a piece of input
// and raises KeyboardInterrupt then, not when the whole file has been read.
LoadedGraph load_as_job(const std::string& spec, const LoadOptions& options) {
  LoadedGraph loaded;
  run_job("load_graph", py::none(), [&](const JobContext& job) { loaded = load_graph(spec, options, job); });
  return loaded;
}


py::dict report_dict(const LoadReport& r) {
  py::dict d;
  d["source"] = r.source;
  d["format"] = r.format;
  d["lines_read"] = r.lines_read;
  d["records_read"] = r.records_read;
  d["undirected_input"] = r.undirected_input;
  d["self_loops"] = r.self_loops;
  d["parallel_arcs_dropped"] = r.parallel_arcs_dropped;
  d["below_min_weight_dropped"] = r.below_min_weight_dropped;
  d["notes"] = r.notes;
  d["filter"] = r.filter;
  return d;
}

py::object graph_view(const py::object& self, const char* what) {
  const Graph& g = self.cast<const PyGraph&>().graph();
  const std::string name = what;
  if (name == "offsets") return view_of(g.offsets.data(), {static_cast<py::ssize_t>(g.offsets.size())}, self, false);
  if (name == "heads") return view_of(g.heads.data(), {static_cast<py::ssize_t>(g.heads.size())}, self, false);
  if (name == "weights") return view_of(g.weights.data(), {static_cast<py::ssize_t>(g.weights.size())}, self, false);
  if (name == "ids") {
    if (g.ids.empty()) return py::none();
    return view_of(g.ids.data(), {static_cast<py::ssize_t>(g.ids.size())}, self, false);
  }
  if (name == "coordinates") {
    if (g.coord_dims == 0) return py::none();
    return view_of(g.coords.data(), {g.n, g.coord_dims}, self, false);
  }
  if (name == "arc_strengths") {
    if (g.arc_strengths.empty()) return py::none();
    return view_of(g.arc_strengths.data(), {static_cast<py::ssize_t>(g.arc_strengths.size())}, self, false);
  }
  if (name == "self_loops") {
    register_dtype();
    return view_of(g.self_loops.data(), {static_cast<py::ssize_t>(g.self_loops.size())}, self, false);
  }
  if (name == "extra_arcs") {
    register_dtype();
    return view_of(g.extra_arcs.data(), {static_cast<py::ssize_t>(g.extra_arcs.size())}, self, false);
  }
  throw Error(std::string("no graph array named ") + what);
}

const std::string& load_graph_doc() {
  static const std::string doc =
      "Loads a graph file (a str, bytes or os.PathLike name; format by extension or content, or format=NAME) "
      "or a generator spec such as 'random:n=1000,deg=8,seed=1'. The keywords are the core's LoadOptions; cost_rule is weight, hops, "
      "inverse or max-minus; max_decompressed_bytes (0: 100 times the compressed size, at least 64 MiB) "
      "bounds what a compressed file may inflate to; max_value_bytes bounds one value (an XML tag or text, a JSON string). "
      "Ctrl-C stops a load within a piece of input.\n\n" +
      input_formats_help(InputKind::Graph);
  return doc;
}

}  // namespace

std::string path_text(const py::handle& spec) {
  // str, bytes or any os.PathLike (pathlib.Path), as the file system's own bytes: os.fsencode
  // gives back exactly the bytes a bytes path holds, also where they are not UTF-8, and
  // raises TypeError for anything that is not a path.
  const py::bytes bytes = py::module_::import("os").attr("fsencode")(spec);
  return std::string(bytes);
}

bool is_path(const py::handle& spec) {
  return py::isinstance<py::str>(spec) || py::isinstance<py::bytes>(spec) || py::hasattr(spec, "__fspath__");
}

std::shared_ptr<const LoadedGraph> graph_argument(const py::handle& graph_or_spec) {
  if (py::isinstance<PyGraph>(graph_or_spec)) return graph_or_spec.cast<const PyGraph&>().loaded;
  if (is_path(graph_or_spec))
    return std::make_shared<const LoadedGraph>(load_as_job(path_text(graph_or_spec), {}));
  throw py::type_error("expected a pathscope.Graph, a file path or a generator spec such as 'random:n=100,deg=4,seed=1'");
}

namespace {

// The index an int-like key stands for: a Python int, a NumPy integer or a 0-d integer array
// (what indexing an array gives); nullopt for anything else. bool and numpy.bool_ are refused,
// as True is not meant as node 1.
std::optional<py::int_> integer_key(const py::handle& key) {
  if (py::isinstance<py::bool_>(key) || py::isinstance<py::str>(key)) return std::nullopt;
  if (py::isinstance<py::int_>(key)) return py::reinterpret_borrow<py::int_>(key);
  if (!py::hasattr(key, "dtype") || !py::hasattr(key, "__index__")) return std::nullopt;
  const auto kind = key.attr("dtype").attr("kind").cast<std::string>();
  if (kind != "i" && kind != "u") return std::nullopt;
  PyObject* index = PyNumber_Index(key.ptr());
  if (!index) {
    PyErr_Clear();  // an integer array of more than one element
    return std::nullopt;
  }
  return py::reinterpret_steal<py::int_>(index);
}

}  // namespace

std::int32_t node_argument(const Graph& g, const py::handle& key) {
  if (const auto integer = integer_key(key)) {
    // Python ints have no size limit: one beyond 64 bits is out of range like any other, not a
    // failed conversion.
    int overflow = 0;
    const long long index = PyLong_AsLongLongAndOverflow(integer->ptr(), &overflow);
    if (index == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (overflow != 0 || index < 0 || index >= g.n)
      throw py::index_error("node index " + py::str(py::handle(*integer)).cast<std::string>() + " is outside " +
                            (g.n == 0 ? std::string("the graph (it has no nodes)") : "0.." + std::to_string(g.n - 1)) +
                            " (pass a str to look a node up by name or by the file's id)");
    return static_cast<std::int32_t>(index);
  }
  if (py::isinstance<py::str>(key)) {
    const auto text = key.cast<std::string>();
    if (const auto found = g.find_node(text)) return *found;
    throw Error("no node '" + text + "' in the graph (give a name or an id as str, or a 0-based index as int)");
  }
  throw py::type_error("a node is an int or NumPy integer (0-based index) or a str (name or id), not " +
                       py::str(py::type::of(key).attr("__name__")).cast<std::string>());
}

EngineResources resources_from(int threads, std::uint64_t memory_budget, std::uint64_t gpu_memory_budget) {
  EngineResources r;
  r.threads = threads;
  r.memory_budget = memory_budget;
  r.gpu_memory_budget = gpu_memory_budget;
  argument_value([&] { validate_resources(r); });
  return r;
}

py::dict timing_dict(const Timing& t) {
  py::dict d;
  d["engine"] = t.engine;
  d["device"] = t.device;
  d["seconds"] = t.seconds;
  d["compute_seconds"] = t.compute_seconds;
  d["transfer_seconds"] = t.transfer_seconds;
  d["updates"] = t.updates;
  return d;
}

void bind_graph(py::module_& m) {
  py::class_<PyGraph>(m, "Graph",
                      "A directed graph in CSR form (an undirected input is stored as two arcs per edge). "
                      "Arrays are read-only views of the graph's own memory.")
      // Another handle on the same graph, for pathscope.Graph (pathscope/_graph.py), the Python
      // class over this one that gives its methods signatures and conversions.
      .def(py::init([](const PyGraph& other) { return PyGraph{other.loaded}; }), py::arg("graph"))
      .def_property_readonly("n", [](const PyGraph& g) { return g.graph().n; }, "Number of nodes")
      .def("__len__", [](const PyGraph& g) { return g.graph().n; })
      .def_property_readonly("arc_count", [](const PyGraph& g) { return g.graph().arc_count(); })
      .def_property_readonly("directed", [](const PyGraph& g) { return g.graph().directed; },
                             "False when the input was undirected (arcs are still stored both ways)")
      .def_property_readonly("integer_weights", [](const PyGraph& g) { return g.graph().integer_weights; })
      .def_property_readonly("unit_weights", [](const PyGraph& g) { return g.graph().unit_weights; })
      .def_property_readonly("offsets", [](py::object self) { return graph_view(self, "offsets"); },
                             "int64[n+1]: arcs of u are offsets[u]:offsets[u+1]")
      .def_property_readonly("heads", [](py::object self) { return graph_view(self, "heads"); }, "int32[m]: arc -> target")
      .def_property_readonly("weights", [](py::object self) { return graph_view(self, "weights"); }, "float64[m]: arc -> cost")
      .def_property_readonly("arc_strengths", [](py::object self) { return graph_view(self, "arc_strengths"); },
                             "float64[m] of the strengths the file gave (a synapse count) before the cost rule made "
                             "them the weights, or None")
      .def_property_readonly("node_attributes",
                             [](py::object self) { return attribute_dict(self, self.cast<const PyGraph&>().graph().node_attributes); },
                             "dict of every other per-node value the reader kept: name -> int64 / float64 / bool array "
                             "(masked where a node has no value) or list of str (None where missing)")
      .def_property_readonly("arc_attributes",
                             [](py::object self) { return attribute_dict(self, self.cast<const PyGraph&>().graph().arc_attributes); },
                             "dict of every per-arc value the reader kept (length, neuropil, ...): name -> values of "
                             "arc_attribute_count elements, the arcs in CSR order, then self_loops, then extra_arcs")
      .def_property_readonly("graph_attributes",
                             [](py::object self) { return attribute_dict(self, self.cast<const PyGraph&>().graph().graph_attributes); },
                             "dict of the values that belong to the whole graph: name -> values of one element")
      .def_property_readonly("extra_arcs", [](py::object self) { return graph_view(self, "extra_arcs"); },
                             "Structured array (tail int32, head int32, weight, strength float64): the parallel arcs and "
                             "loops beyond the cheapest, which engines never walk but conversions give back")
      .def_property_readonly("ids", [](py::object self) { return graph_view(self, "ids"); },
                             "int64[n] of the file's own node ids, or None")
      .def_property_readonly("coordinates", [](py::object self) { return graph_view(self, "coordinates"); },
                             "float32[n, 2 or 3], or None")
      .def_property_readonly("self_loops", [](py::object self) { return graph_view(self, "self_loops"); },
                             "Structured array (node int32, weight float64): loops are kept off the arcs")
      .def_property_readonly("names",
                             [](const PyGraph& g) -> py::object {
                               if (g.graph().names.empty()) return py::none();
                               return py::cast(g.graph().names);
                             },
                             "list of node names, or None")
      .def_property_readonly("report", [](const PyGraph& g) { return report_dict(g.loaded->report); },
                             "What loading did to the file: format, counts dropped, notes")
      .def("find_node",
           [](const PyGraph& g, const std::string& key) -> py::object {
             if (const auto found = g.graph().find_node(key)) return py::int_(*found);
             return py::none();
           },
           py::arg("key"), "Index of the node with this name (exact, then any case) or id; None when there is none")
      .def("label", [](const PyGraph& g, py::handle node) { return g.graph().label(node_argument(g.graph(), node)); },
           py::arg("node"), "The node's name, or its id as text")
      .def("distance_type",
           [](const PyGraph& g) {
             const DistanceChoice choice = choose_distance_type(g.graph());
             return py::make_tuple(dist_type_name(choice.type), choice.exact, choice.reason);
           },
           "(type, exact, reason): the narrowest distance type that holds every distance ('auto' picks it)")
      .def("__repr__", [](const PyGraph& g) {
        return "<pathscope.Graph " + g.loaded->report.source + ": n=" + std::to_string(g.graph().n) +
               " arcs=" + std::to_string(g.graph().arc_count()) + (g.graph().directed ? " directed" : " undirected") + ">";
      });

  m.def("graph_formats_help", [] { return input_formats_help(InputKind::Graph); },
        "The graph formats load_graph reads, as text (for pathscope.load_graph's documentation)");
  m.def(
      "load_graph",
      [](py::handle spec, const std::string& format, const std::string& cost_rule, double min_weight,
         std::optional<std::int64_t> min_synapses, const std::string& source_column,
         const std::string& target_column, const std::string& weight_column, const std::string& weight_attribute,
         py::object node_table, bool force_undirected, double dense_no_arc, bool dense_zero_is_arc,
         std::int64_t max_nodes, std::int64_t max_arcs, std::int64_t max_decompressed_bytes,
         std::int64_t max_value_bytes, py::handle keep_nodes, py::handle keep_arcs) {
        LoadOptions o;
        o.keep = filter_argument(keep_nodes, keep_arcs, "keep_nodes", "keep_arcs");
        if (!format.empty()) argument_value([&] { file_format_named(format); });
        o.format = format;
        o.cost_rule = argument_value([&] { return parse_edge_cost_rule(cost_rule); });
        o.min_weight = min_weight;
        if (min_synapses) {
          if (*min_synapses < 0) throw_invalid_argument("min_synapses must be 0 or more (None: the format's default)");
          o.min_synapses = *min_synapses;
        }
        o.source_column = source_column;
        o.target_column = target_column;
        o.weight_column = weight_column;
        o.weight_attribute = weight_attribute;
        if (!node_table.is_none()) o.node_table = path_text(node_table);
        o.force_undirected = force_undirected;
        o.dense_no_arc = dense_no_arc;
        o.dense_zero_is_arc = dense_zero_is_arc;
        o.max_nodes = max_nodes;
        o.max_arcs = max_arcs;
        if (max_nodes < 1) throw_invalid_argument("max_nodes must be 1 or more");
        if (max_arcs < 0) throw_invalid_argument("max_arcs must be 0 or more");
        if (max_decompressed_bytes < 0) throw_invalid_argument("max_decompressed_bytes must be 0 (the default rule) or more");
        o.max_decompressed_bytes = max_decompressed_bytes;
        if (max_value_bytes < 1) throw_invalid_argument("max_value_bytes must be 1 or more");
        o.max_value_bytes = max_value_bytes;
        return PyGraph{std::make_shared<const LoadedGraph>(load_as_job(path_text(spec), o))};
      },
      py::arg("spec"), py::kw_only(), py::arg("format") = "", py::arg("cost_rule") = "weight",
      py::arg("min_weight") = -std::numeric_limits<double>::infinity(), py::arg("min_synapses") = py::none(),
      py::arg("source_column") = "", py::arg("target_column") = "", py::arg("weight_column") = "",
      py::arg("weight_attribute") = "", py::arg("node_table") = py::none(),
      py::arg("force_undirected") = false, py::arg("dense_no_arc") = LoadOptions{}.dense_no_arc,
      py::arg("dense_zero_is_arc") = false, py::arg("max_nodes") = LoadOptions{}.max_nodes,
      py::arg("max_arcs") = LoadOptions{}.max_arcs, py::arg("max_decompressed_bytes") = 0,
      py::arg("max_value_bytes") = LoadOptions{}.max_value_bytes, py::arg("keep_nodes") = py::none(),
      py::arg("keep_arcs") = py::none(),
      load_graph_doc().c_str());
}

}  // namespace pathscope::python
