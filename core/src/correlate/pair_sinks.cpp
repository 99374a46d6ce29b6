// Where survivors go: the streamed TSV, a graph for the explorer, or both.
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "correlate/file_sink.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/export/graph_export.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// The buffer is written out at this size, so the text held never grows with the row count.
constexpr std::size_t kFlushBytes = 4u << 20;

void append_format(std::string& out, const char* format, double value) {
  char text[64];
  const int length = std::snprintf(text, sizeof text, format, value);
  out.append(text, static_cast<std::size_t>(length));
}

using correlate::FileSink;

class TsvPairSink final : public FileSink {
 public:
  explicit TsvPairSink(const std::string& path) : file_(path) {}

  void begin(const RowCatalog& rows) override {
    rows_ = &rows;
    // A p-value needs at least 3 samples; with fewer the column is left out rather than filled
    // with NaN, and the front end says why.
    with_p_ = rows.samples >= 3;
    buffer_ = with_p_ ? "i\tj\trho\tp\n" : "i\tj\trho\n";
  }

  void consume(const CorrelationPair* pairs, std::size_t count) override {
    for (std::size_t k = 0; k < count; ++k) {
      const CorrelationPair& pair = pairs[k];
      buffer_ += rows_->label(pair.i);
      buffer_ += '\t';
      buffer_ += rows_->label(pair.j);
      // Nine decimals where rho is exact; float32 sums hold about 7 significant digits, and
      // more would print rounding noise as if it were data.
      append_format(buffer_, rows_->float_rho ? "\t%.7g" : "\t%.9f", pair.rho);
      // p only for survivors: this is the one place it is computed.
      if (with_p_) append_format(buffer_, "\t%.6g", correlation_p_value(pair.rho, rows_->samples));
      buffer_ += '\n';
      if (buffer_.size() >= kFlushBytes) flush();
    }
  }

  void write_out() override {
    flush();
    file_.close();
  }
  AtomicFile& output() override { return file_; }

 private:
  void flush() {
    file_.write(buffer_);
    buffer_.clear();
  }

  AtomicFile file_;
  const RowCatalog* rows_ = nullptr;
  std::string buffer_;
  bool with_p_ = true;
};

std::string csv_field(const std::string& text, char delimiter) {
  if (text.find_first_of(std::string(",\"\n") + delimiter) == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

void check_weight_rule(const std::string& weight_rule) {
  if (weight_rule != "inverse" && weight_rule != "abs")
    throw Error("the graph weight rule must be 'inverse' (1/|rho|) or 'abs' (|rho|), not '" + weight_rule + "'");
}

double edge_weight(const std::string& weight_rule, double rho) {
  return weight_rule == "inverse" ? 1 / std::fabs(rho) : std::fabs(rho);
}

// The survivors kept as graph edges, for the graph file. A zero coefficient is no edge (its
// inverse weight is infinite).
class SurvivorEdges {
 public:
  SurvivorEdges(std::string weight_rule, std::int64_t max_edges, bool drop_isolated)
      : weight_rule_(std::move(weight_rule)), max_edges_(max_edges), drop_isolated_(drop_isolated) {
    check_weight_rule(weight_rule_);
  }

  void add(const CorrelationPair* pairs, std::size_t count) {
    for (std::size_t k = 0; k < count; ++k) {
      if (pairs[k].rho == 0) continue;
      if (static_cast<std::int64_t>(edges_.size()) >= max_edges_)
        throw Error("more than " + std::to_string(max_edges_) +
                    " correlations survive: too many for a graph (raise the cut-off)");
      edges_.push_back(pairs[k]);
    }
  }

  double weight(double rho) const { return edge_weight(weight_rule_, rho); }
  const std::vector<CorrelationPair>& edges() const { return edges_; }
  Graph graph(const RowCatalog& rows) const { return correlation_graph(rows, edges_, weight_rule_, drop_isolated_); }

 private:
  std::string weight_rule_;
  std::int64_t max_edges_;
  bool drop_isolated_;
  std::vector<CorrelationPair> edges_;
};

class GraphPairSink final : public FileSink {
 public:
  GraphPairSink(std::string path, std::string weight_rule, std::int64_t max_edges, bool drop_isolated)
      : path_(std::move(path)), edges_(std::move(weight_rule), max_edges, drop_isolated) {
    // The file holds what its name promises, checked before any row is read.
    const std::string extension = file_extension(path_);
    if (extension == ".json") kind_ = Kind::NodeLinkJson;
    else if (extension == ".graphml") kind_ = Kind::GraphML;
    else if (extension == ".gexf") kind_ = Kind::Gexf;
    else if (extension == ".csv") kind_ = Kind::Csv;
    else if (extension == ".tsv") kind_ = Kind::Tsv;
    else
      throw Error("cannot tell which graph format to write to '" + path_ +
                  "': name it .json (node-link JSON), .graphml, .gexf, .csv or .tsv (source, target, weight table)");
  }

  void begin(const RowCatalog& rows) override { rows_ = &rows; }
  void consume(const CorrelationPair* pairs, std::size_t count) override { edges_.add(pairs, count); }

  void write_out() override {
    file_.emplace(path_);
    if (kind_ == Kind::NodeLinkJson || kind_ == Kind::GraphML || kind_ == Kind::Gexf)
      write_json();
    else
      write_edge_table(kind_ == Kind::Tsv ? '\t' : ',');
    file_->close();
  }
  AtomicFile& output() override { return *file_; }

 private:
  void write_json() {
    const GraphExportFormat format = kind_ == Kind::GraphML ? GraphExportFormat::GraphML
                                     : kind_ == Kind::Gexf  ? GraphExportFormat::Gexf
                                                            : GraphExportFormat::NodeLinkJson;
    write_graph_export(*file_, edges_.graph(*rows_), format);
  }

  void write_edge_table(char delimiter) {
    AtomicFile& file = *file_;
    std::string buffer = std::string("source") + delimiter + "target" + delimiter + "weight\n";
    for (const auto& e : edges_.edges()) {
      buffer += csv_field(rows_->label(e.i), delimiter);
      buffer += delimiter;
      buffer += csv_field(rows_->label(e.j), delimiter);
      buffer += delimiter;
      append_format(buffer, "%.9g\n", edges_.weight(e.rho));
      if (buffer.size() >= kFlushBytes) {
        file.write(buffer);
        buffer.clear();
      }
    }
    file.write(buffer);
  }

  enum class Kind { NodeLinkJson, GraphML, Gexf, Csv, Tsv };
  std::string path_;
  Kind kind_ = Kind::Csv;
  SurvivorEdges edges_;
  const RowCatalog* rows_ = nullptr;
  std::optional<AtomicFile> file_;  // opened once the survivors are all in
};

class FanOutSink final : public PairSink {
 public:
  explicit FanOutSink(std::vector<std::unique_ptr<PairSink>> sinks) : sinks_(std::move(sinks)) {}
  void begin(const RowCatalog& rows) override {
    for (auto& s : sinks_) s->begin(rows);
  }
  void consume(const CorrelationPair* pairs, std::size_t count) override {
    for (auto& s : sinks_) s->consume(pairs, count);
  }
  // Records only when every sink takes them (a lone .npy sink): a TSV or graph needs the pairs.
  bool takes_records() const override {
    for (const auto& s : sinks_)
      if (!s->takes_records()) return false;
    return !sinks_.empty();
  }
  void consume_records(const SurvivorRecord* records, std::size_t count) override {
    for (auto& s : sinks_) s->consume_records(records, count);
  }
  // The files are renamed only once all are written, in sink order (commit_together): a run
  // stopped before that leaves every old file as it was.
  void finish() override {
    std::vector<AtomicFile*> files;
    for (auto& s : sinks_) {
      if (auto* file_sink = dynamic_cast<FileSink*>(s.get())) {
        file_sink->write_out();
        files.push_back(&file_sink->output());
      } else {
        s->finish();
      }
    }
    commit_together(files);
  }

 private:
  std::vector<std::unique_ptr<PairSink>> sinks_;
};

}  // namespace

std::unique_ptr<PairSink> make_tsv_pair_sink(const std::string& path) { return std::make_unique<TsvPairSink>(path); }

std::unique_ptr<PairSink> make_graph_pair_sink(const std::string& path, const std::string& weight_rule,
                                               std::int64_t max_edges, bool drop_isolated) {
  return std::make_unique<GraphPairSink>(path, weight_rule, max_edges, drop_isolated);
}

Graph correlation_graph(const RowCatalog& rows, const std::vector<CorrelationPair>& pairs,
                        const std::string& weight_rule, bool drop_isolated) {
  check_weight_rule(weight_rule);
  // node_of[used row] = its node; with drop_isolated only the rows an edge joins get one, in
  // table order, so that the node names stay the rows' own.
  std::vector<std::int32_t> node_of(static_cast<std::size_t>(rows.used()), drop_isolated ? -1 : 0);
  std::int32_t nodes = rows.used();
  if (drop_isolated) {
    for (const auto& e : pairs)
      if (e.rho != 0) node_of[static_cast<std::size_t>(e.i)] = node_of[static_cast<std::size_t>(e.j)] = 0;
    nodes = 0;
    for (auto& node : node_of)
      if (node == 0) node = nodes++;
  } else {
    for (std::int32_t used = 0; used < rows.used(); ++used) node_of[static_cast<std::size_t>(used)] = used;
  }
  GraphBuilder builder(nodes);
  // The coefficient itself is each edge's strength (signed), beside the cost made of it.
  for (const auto& e : pairs) {
    if (e.rho != 0)
      builder.add_edge(node_of[static_cast<std::size_t>(e.i)], node_of[static_cast<std::size_t>(e.j)],
                       edge_weight(weight_rule, e.rho), e.rho);
  }
  LoadReport report;
  Graph graph = builder.build(false, report);
  for (std::int32_t used = 0; used < rows.used(); ++used) {
    if (node_of[static_cast<std::size_t>(used)] < 0) continue;
    if (rows.has_names)
      graph.names.push_back(rows.names[static_cast<std::size_t>(used)]);
    else
      graph.ids.push_back(rows.table_row[static_cast<std::size_t>(used)]);
  }
  return graph;
}

std::unique_ptr<PairSink> make_fan_out_sink(std::vector<std::unique_ptr<PairSink>> sinks) {
  return std::make_unique<FanOutSink>(std::move(sinks));
}

}  // namespace pathscope
