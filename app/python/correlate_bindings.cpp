// pathscope.correlate: the correlation network of a table's rows (a TSV/CSV file, a
// random-table spec or a 2-D NumPy array), its surviving edges as one structured NumPy array
// (i, j, rho) over the result's memory.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "job_pump.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/measurement_table.hpp"
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
  PYBIND11_NUMPY_DTYPE(pathscope::CorrelationPair, i, j, rho);
  registered = true;
}


using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

// Rows of a C-ordered float64 array, handed out in chunks as a file's would be. It reads the
// array's memory only, never the Python object, so it runs on the engine's thread; the caller
// keeps the array alive until the run is over.
class ArrayRowSource final : public RowSource {
 public:
  ArrayRowSource(const DoubleArray& values, std::vector<std::string> names, std::int64_t chunk_rows)
      : data_(values.data()), rows_(values.shape(0)), columns_(static_cast<std::int32_t>(values.shape(1))),
        names_(std::move(names)), chunk_rows_(chunk_rows) {
    layout_.source = "array";
    for (std::int32_t c = 0; c < columns_; ++c) layout_.column_names.push_back("c" + std::to_string(c + 1));
    layout_.has_row_names = !names_.empty();
  }
  const TableLayout& layout() const override { return layout_; }
  std::int64_t row_count_hint() const override { return rows_; }
  bool next(TableChunk& chunk) override {
    if (next_row_ >= rows_) return false;
    const std::int64_t count = std::min(chunk_rows_, rows_ - next_row_);
    chunk.first_row = next_row_;
    chunk.columns = columns_;
    const double* begin = data_ + next_row_ * columns_;
    chunk.values.assign(begin, begin + count * columns_);
    chunk.row_names.clear();
    if (!names_.empty())
      chunk.row_names.assign(names_.begin() + next_row_, names_.begin() + next_row_ + count);
    chunk.lines.clear();
    next_row_ += count;
    return true;
  }

 private:
  const double* data_;
  std::int64_t rows_;
  std::int32_t columns_;
  std::vector<std::string> names_;
  std::int64_t chunk_rows_;
  std::int64_t next_row_ = 0;
  TableLayout layout_;
};

// Keeps every survivor, refusing more than max_edges before the memory is taken.
class CollectSink final : public PairSink {
 public:
  explicit CollectSink(std::int64_t max_edges) : max_edges_(max_edges) {}
  void consume(const CorrelationPair* pairs, std::size_t count) override {
    if (static_cast<std::int64_t>(edges.size() + count) > max_edges_)
      throw Error("more than " + std::to_string(max_edges_) +
                  " edges survive: raise the cut-off (max_p, min_abs_rho) or max_edges");
    edges.insert(edges.end(), pairs, pairs + count);
  }
  std::vector<CorrelationPair> edges;

 private:
  std::int64_t max_edges_;
};

struct CorrelateRun {
  CorrelateResult result;
  std::vector<CorrelationPair> edges;
  TableLayout layout;
  double rho_cutoff = 0;
};

py::array edges_view(const py::object& self) {
  register_dtype();
  const auto& edges = self.cast<const CorrelateRun&>().edges;
  return view_of(edges.data(), {static_cast<py::ssize_t>(edges.size())}, self);
}

char delimiter_char(const std::string& word) {
  if (word.empty()) return 0;
  if (word == "tab" || word == "\t") return '\t';
  if (word == "comma" || word == ",") return ',';
  if (word == "semicolon" || word == ";") return ';';
  if (word == "space" || word == " ") return ' ';
  throw_invalid_argument("delimiter must be tab, comma, semicolon or space, not '" + word + "'");
}

}  // namespace

void bind_correlate(py::module_& m) {
  // Methods carry their signature as CPython's builtins do (the first docstring line, then
  // "--"), so that inspect.signature works on them; pybind11's own line would hide it.
  py::options signature_style;
  signature_style.disable_function_signatures();
  py::class_<CorrelateRun>(m, "CorrelateRun",
                           "A correlation network: the owner (array.base) of the edges correlate() returns.")
      .def_property_readonly("edges", &edges_view)
      .def_property_readonly("row_labels",
                             [](const CorrelateRun& r) {
                               py::list labels;
                               for (std::int32_t k = 0; k < r.result.rows.used(); ++k) labels.append(r.result.rows.label(k));
                               return labels;
                             },
                             "Per used row (the i and j of the edges): its name, or its 0-based table row as text")
      .def_property_readonly("table_rows",
                             [](py::object self) {
                               const auto& rows = self.cast<const CorrelateRun&>().result.rows.table_row;
                               return view_of(rows.data(), {static_cast<py::ssize_t>(rows.size())}, self, false);
                             },
                             "Per used row: its 0-based row in the table (rows with a missing value or constant "
                             "values are skipped)")
      .def_property_readonly("samples", [](const CorrelateRun& r) { return r.result.rows.samples; })
      .def_property_readonly("rows_read", [](const CorrelateRun& r) { return r.result.rows.rows_read; })
      .def_property_readonly("skipped_missing", [](const CorrelateRun& r) { return r.result.rows.skipped_missing; })
      .def_property_readonly("skipped_constant", [](const CorrelateRun& r) { return r.result.rows.skipped_constant; })
      .def_property_readonly("pairs_tested", [](const CorrelateRun& r) { return r.result.pairs_tested; })
      .def_property_readonly("rho_cutoff", [](const CorrelateRun& r) { return r.rho_cutoff; })
      .def_property_readonly("arithmetic", [](const CorrelateRun& r) { return r.result.arithmetic; })
      .def_property_readonly("columns", [](const CorrelateRun& r) { return r.layout.column_names; })
      .def_property_readonly("timing", [](const CorrelateRun& r) { return timing_dict(r.result.timing); })
      .def_property_readonly("address", [](const CorrelateRun& r) { return address_of(r.edges); })
      .def("p_values", [](const CorrelateRun& r) {
        if (r.result.rows.samples < 3) throw Error("a p-value needs at least 3 samples (value columns)");
        py::array_t<double> p(static_cast<py::ssize_t>(r.edges.size()));
        auto out = p.mutable_unchecked<1>();
        for (std::size_t k = 0; k < r.edges.size(); ++k)
          out(static_cast<py::ssize_t>(k)) = correlation_p_value(r.edges[k].rho, r.result.rows.samples);
        return p;
      }, "p_values(self)\n--\n\nTwo-sided p of each edge (a new array)");

  m.def(
      "correlate",
      [](py::handle table, const std::string& method, std::optional<double> max_p, std::optional<double> min_abs_rho,
         const std::string& engine_name, const std::string& columns, py::object row_names,
         const std::string& delimiter, const std::string& header, std::int64_t max_edges,
         std::int64_t pairs_per_band, int threads,
         std::uint64_t memory_budget, std::uint64_t gpu_memory_budget, py::object progress) {
        const auto resources = resources_from(threads, memory_budget, gpu_memory_budget);
        TableOptions table_options;
        std::optional<DoubleArray> array;  // alive until the run is over
        std::unique_ptr<RowSource> source;
        if (py::isinstance<py::array>(table) || py::isinstance<py::list>(table)) {
          array = DoubleArray::ensure(table);
          if (!*array || array->ndim() != 2) throw Error("a table array must be 2-D (rows x samples)");
          std::vector<std::string> names;
          if (!row_names.is_none()) names = row_names.cast<std::vector<std::string>>();
          if (!names.empty() && static_cast<py::ssize_t>(names.size()) != array->shape(0))
            throw Error("row_names has " + std::to_string(names.size()) + " names for " +
                        std::to_string(array->shape(0)) + " rows");
          source = std::make_unique<ArrayRowSource>(*array, std::move(names), table_options.chunk_rows);
        } else {
          table_options.columns = columns;
          if (!row_names.is_none()) table_options.row_names = row_names.cast<std::string>();
          table_options.delimiter = delimiter_char(delimiter);
          table_options.header = header;
          const auto path = path_text(table);
          py::gil_scoped_release unlocked;
          source = open_table(path, table_options);
        }
        CorrelateOptions options;
        static_cast<EngineResources&>(options) = resources;
        options.method = argument_value([&] { return parse_correlation_method(method); });
        options.min_abs_rho =
            argument_value([&] { return combined_rho_cutoff(max_p, min_abs_rho, source->layout().columns()); });
        if (pairs_per_band < 1) throw_invalid_argument("pairs_per_band must be at least 1");
        options.pairs_per_band = pairs_per_band;
        auto engine = argument_value([&] { return make_correlation_engine(engine_name); });
        require_available(*engine);
        CollectSink sink(max_edges);
        CorrelateRun run;
        run.layout = source->layout();
        run.rho_cutoff = options.min_abs_rho;
        run_job("correlate (" + engine_name + ")", progress,
                [&](const JobContext& job) { run.result = engine->run(*source, options, &sink, job); });
        run.edges = std::move(sink.edges);
        return edges_view(py::cast(std::move(run)));
      },
      py::arg("table"), py::kw_only(), py::arg("method") = "spearman", py::arg("max_p") = py::none(),
      py::arg("min_abs_rho") = py::none(), py::arg("engine") = "cpu", py::arg("columns") = "",
      py::arg("row_names") = py::none(), py::arg("delimiter") = "", py::arg("header") = "auto",
      py::arg("max_edges") = 50'000'000, py::arg("pairs_per_band") = CorrelateOptions{}.pairs_per_band,
      py::arg("threads") = 0, py::arg("memory_budget") = 0,
      py::arg("gpu_memory_budget") = 0, py::arg("progress") = py::none(),
      "The pairs of rows whose |rho| passes the cut-off (max_p and/or min_abs_rho), as a structured array of (i, j, "
      "rho) with i < j indexing the used rows, over the result's memory (base: CorrelateRun, with row_labels, "
      "table_rows, p_values()). table: a TSV/CSV file, 'random-table:rows=R,cols=C,seed=S', or a 2-D array "
      "(rows x samples; row_names= a list of names). pairs_per_band bounds the survivors held at once (and sets "
      "how often progress is reported). method: spearman or pearson; engine: cpu, cpu-rerank, gpu.");
}

}  // namespace pathscope::python
