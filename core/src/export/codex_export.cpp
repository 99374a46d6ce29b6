#include "pathscope/export/codex_export.hpp"

#include <cmath>
#include <filesystem>
#include <memory>

#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

constexpr const char* kNeuropils[] = {"AL", "LH", "MB_CA", "MB_ML", "SMP", "SLP", "SIP", "CRE", "LAL", "FB",
                                      "EB", "PB", "NO", "AVLP", "PVLP", "WED", "GNG", "SPS", "IPS", "ME", "LO", "LOP"};

std::string text_of(const Graph& g, const char* column, std::size_t u) {
  const AttributeColumn* c = g.node_attributes.find(column);
  if (!c || u >= c->size()) return {};
  return c->to_text(u);
}

std::string csv(std::string text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Rows are gathered in a buffer and written in large pieces.
class Writer {
 public:
  explicit Writer(const std::string& path) : file_(path) {}
  void add(const std::string& text) {
    buffer_ += text;
    if (buffer_.size() > (1u << 20)) flush();
  }
  void commit() {
    flush();
    file_.commit();
  }

 private:
  void flush() {
    file_.write(buffer_);
    buffer_.clear();
  }
  AtomicFile file_;
  std::string buffer_;
};

}  // namespace

void write_codex_export(const Graph& g, const std::string& folder, std::uint64_t seed) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (!std::filesystem::is_directory(folder)) throw Error("cannot create the folder " + folder);
  const auto id = [&](std::int32_t u) { return std::to_string(g.ids.empty() ? u : g.ids[u]); };
  const auto path = [&](const char* name) { return (std::filesystem::path(folder) / name).string(); };
  for (std::int64_t a = 0; a < g.arc_count(); ++a) {
    const double s = g.has_arc_strengths() ? g.arc_strengths[a] : g.weights[a];
    if (s < 1 || s != std::floor(s) || s > 1e12)
      throw Error("the Codex layout needs whole synapse counts of at least 1; an arc has " + std::to_string(s));
  }
  SplitMix64 rng(seed * 0x9E3779B97F4A7C15ull + 0x0C0DE7ull);
  const auto neuropil_count = static_cast<std::uint32_t>(std::size(kNeuropils));
  Writer connections(path("connections.csv"));
  connections.add("pre_root_id,post_root_id,neuropil,syn_count,nt_type\n");
  for (std::int32_t u = 0; u < g.n; ++u) {
    std::string nt = text_of(g, "nt_type", static_cast<std::size_t>(u));
    if (nt.empty()) nt = "ACH";
    const std::string pre = id(u) + ",";
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      auto synapses = static_cast<std::int64_t>(g.has_arc_strengths() ? g.arc_strengths[a] : g.weights[a]);
      // Strong connections span more neuropils, as in FlyWire.
      std::int64_t parts = 1 + (synapses >= 8) + (synapses >= 30);
      const std::string side = text_of(g, "side", static_cast<std::size_t>(v)) == "left" ? "_L" : "_R";
      const std::uint32_t first = rng.below(neuropil_count);
      for (std::int64_t p = 0; p < parts; ++p) {
        const std::int64_t here =
            p + 1 == parts ? synapses : 1 + static_cast<std::int64_t>(rng.below(static_cast<std::uint32_t>(synapses - (parts - p))));
        synapses -= here;
        connections.add(pre + id(v) + "," + kNeuropils[(first + p) % neuropil_count] + side + "," + std::to_string(here) +
                        "," + nt + "\n");
      }
    }
  }
  Writer classification(path("classification.csv"));
  classification.add("root_id,flow,super_class,class,sub_class,cell_type,hemibrain_type,hemilineage,side,nerve\n");
  Writer types(path("consolidated_cell_types.csv"));
  types.add("root_id,primary_type,additional_type(s)\n");
  Writer names(path("names.csv"));
  names.add("root_id,name,group\n");
  const bool positions = g.coord_dims == 3;
  std::unique_ptr<Writer> coordinates;
  if (positions) {
    coordinates = std::make_unique<Writer>(path("coordinates.csv"));
    coordinates->add("root_id,position,supervoxel_id\n");
  }
  for (std::int32_t u = 0; u < g.n; ++u) {
    const auto at = static_cast<std::size_t>(u);
    const std::string type = text_of(g, "cell_type", at);
    classification.add(id(u) + "," + csv(text_of(g, "flow", at)) + "," + csv(text_of(g, "super_class", at)) + "," +
                       csv(text_of(g, "class", at)) + "," + csv(text_of(g, "sub_class", at)) + "," + csv(type) + "," +
                       csv(text_of(g, "hemibrain_type", at)) + "," + csv(text_of(g, "hemilineage", at)) + "," +
                       csv(text_of(g, "side", at)) + "," + csv(text_of(g, "nerve", at)) + "\n");
    types.add(id(u) + "," + csv(type) + ",\n");
    names.add(id(u) + "," + csv(g.names.empty() ? id(u) : g.names[at]) + "," + csv(type) + "\n");
    if (positions) {
      const float* p = &g.coords[3 * at];
      coordinates->add(id(u) + ",[" + std::to_string(p[0]) + " " + std::to_string(p[1]) + " " + std::to_string(p[2]) + "]," +
                       std::to_string(u + 1) + "\n");
    }
  }
  connections.commit();
  classification.commit();
  types.commit();
  names.commit();
  if (coordinates) coordinates->commit();
}

}  // namespace pathscope
