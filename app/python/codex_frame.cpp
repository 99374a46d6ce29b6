// pathscope._core.codex_graph: a FlyWire Codex `connections` table held in NumPy arrays (a
// pandas DataFrame's columns) read by the core's own Codex reader, so that pairs are summed,
// the synapse threshold applied and costs made exactly as load_graph does for the same table
// as a file. The reader reads a stream: the rows are written to it as CSV text a block at a
// time, from the arrays, on the job's thread.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <streambuf>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "job_pump.hpp"
#include "pathscope/io/read_stream.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

using Ids = py::array_t<std::int64_t, py::array::c_style>;
using Counts = py::array_t<double, py::array::c_style>;

// A text column as pandas.factorize gives it: a code per row (-1: missing) into its values.
struct CodedText {
  const std::int64_t* codes = nullptr;
  std::vector<std::string> values;  // CSV-quoted where they must be
};

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

// The rows as CSV, made as the reader asks for them: the text of the whole table is never held.
class CodexRowsBuf final : public std::streambuf {
 public:
  CodexRowsBuf(const std::int64_t* pre, const std::int64_t* post, const double* synapses, std::int64_t rows,
               std::optional<CodedText> neuropil, std::optional<CodedText> nt_type)
      : pre_(pre), post_(post), synapses_(synapses), rows_(rows), neuropil_(std::move(neuropil)),
        nt_type_(std::move(nt_type)) {
    block_ = "pre_root_id,post_root_id,syn_count";
    if (neuropil_) block_ += ",neuropil";
    if (nt_type_) block_ += ",nt_type";
    block_ += '\n';
    setg(block_.data(), block_.data(), block_.data() + block_.size());
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (next_ >= rows_) return traits_type::eof();
    block_.clear();
    const std::int64_t end = std::min(rows_, next_ + kBlockRows);
    char number[32];
    const auto append_number = [&](auto value) {
      const auto written = std::to_chars(number, number + sizeof number, value);
      block_.append(number, written.ptr);
    };
    const auto append_text = [&](const std::optional<CodedText>& column, std::int64_t row) {
      if (!column) return;
      block_ += ',';
      const std::int64_t code = column->codes[row];
      if (code >= 0 && code < static_cast<std::int64_t>(column->values.size()))
        block_ += column->values[static_cast<std::size_t>(code)];
    };
    for (; next_ < end; ++next_) {
      append_number(pre_[next_]);
      block_ += ',';
      append_number(post_[next_]);
      block_ += ',';
      append_number(synapses_[next_]);
      append_text(neuropil_, next_);
      append_text(nt_type_, next_);
      block_ += '\n';
    }
    setg(block_.data(), block_.data(), block_.data() + block_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  static constexpr std::int64_t kBlockRows = 4096;
  const std::int64_t* pre_;
  const std::int64_t* post_;
  const double* synapses_;
  std::int64_t rows_;
  std::int64_t next_ = 0;
  std::optional<CodedText> neuropil_, nt_type_;
  std::string block_;
};

std::optional<CodedText> coded_text(const std::optional<Ids>& codes, const std::optional<std::vector<std::string>>& values,
                                    std::int64_t rows, const char* column) {
  if (!codes) return std::nullopt;
  if (codes->ndim() != 1 || codes->size() != rows || !values)
    throw_invalid_argument(std::string("the ") + column + " column must hold one value per row");
  CodedText text;
  text.codes = codes->data();
  for (const auto& value : *values) text.values.push_back(csv_field(value));
  return text;
}

py::object codex_graph(const Ids& pre, const Ids& post, const Counts& synapses, const std::optional<Ids>& neuropil_codes,
                       const std::optional<std::vector<std::string>>& neuropils, const std::optional<Ids>& nt_codes,
                       const std::optional<std::vector<std::string>>& nt_types, const std::string& cost_rule,
                       std::optional<std::int64_t> min_synapses, std::int64_t max_nodes, std::int64_t max_arcs,
                       const std::string& source) {
  const std::int64_t rows = pre.size();
  if (pre.ndim() != 1 || post.ndim() != 1 || synapses.ndim() != 1 || post.size() != rows || synapses.size() != rows)
    throw_invalid_argument("pre_root_id, post_root_id and syn_count must be columns of one length");
  LoadOptions options;
  options.format = "codex";
  options.cost_rule = argument_value([&] { return parse_edge_cost_rule(cost_rule); });
  if (min_synapses) {
    if (*min_synapses < 0) throw_invalid_argument("min_synapses must be 0 or more (None: Codex's default, 5)");
    options.min_synapses = *min_synapses;
  }
  options.max_nodes = max_nodes;
  options.max_arcs = max_arcs;
  CodexRowsBuf rows_text(pre.data(), post.data(), synapses.data(), rows, coded_text(neuropil_codes, neuropils, rows, "neuropil"),
                         coded_text(nt_codes, nt_types, rows, "nt_type"));
  auto loaded = std::make_shared<LoadedGraph>();
  // The arrays stay alive (this call holds them) and are only read on the job's thread.
  run_job("from_pandas", py::none(), [&](const JobContext&) {
    std::istream in(&rows_text);
    *loaded = read_graph_stream(in, source, "codex", options);
  });
  return py::cast(PyGraph{std::move(loaded)});
}

}  // namespace

void bind_codex_frame(py::module_& m) {
  m.def("codex_graph", &codex_graph, py::arg("pre"), py::arg("post"), py::arg("synapses"), py::arg("neuropil_codes"),
        py::arg("neuropils"), py::arg("nt_codes"), py::arg("nt_types"), py::arg("cost_rule"), py::arg("min_synapses"),
        py::arg("max_nodes"), py::arg("max_arcs"), py::arg("source"),
        "The engine of pathscope.from_pandas for a FlyWire Codex connections frame: the core's Codex reader over "
        "the columns (int64 root ids, float64 synapse counts, factorized neuropil and nt_type).");
}

}  // namespace pathscope::python
