// The real connectome tables: the Varshney C. elegans NeuronConnect table (with and without
// the 3-D positions table) and the Drosophila larva edge list with its metadata. Expected
// figures come from SOURCES.md and from recounts written here, independent of the readers.
#include <array>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "pathscope/io/load.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

const std::string kVarshney = "connectome/celegans_varshney2011_NeuronConnect.csv";
const std::string kPositions = "connectome/celegans_neuron_positions_LowResAtlasWithHighResHeadsAndTails.csv";
const std::string kLarvaEdges = "connectome/drosophila_larva_G_edgelist.txt";
const std::string kLarvaMeta = "connectome/drosophila_larva_meta_data.csv";

std::vector<std::string> split_commas(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',') {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  return out;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// "DA01" and "DA1" name the same neuron.
std::string unpadded(const std::string& name) {
  std::size_t digits = name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
  std::size_t first = digits;
  while (first + 1 < name.size() && name[first] == '0') ++first;
  return name.substr(0, digits) + name.substr(first);
}

struct VarshneyRecount {
  std::set<std::string> neurons;
  std::map<std::pair<std::string, std::string>, double> chemical, received, expected_arcs;
  double chemical_total = 0, received_total = 0;
  std::int64_t nmj = 0, ej_self_loops = 0;
};

VarshneyRecount recount_varshney() {
  VarshneyRecount r;
  std::ifstream in(shared_data_file(kVarshney));
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    const auto f = split_commas(line);
    const std::string a = upper(f[0]), b = upper(f[1]), type = f[2];
    const double count = std::stod(f[3]);
    r.neurons.insert(a);
    if (type == "NMJ") {
      ++r.nmj;
      continue;
    }
    r.neurons.insert(b);
    if (type == "S" || type == "Sp") {
      r.chemical[{a, b}] += count;
      r.chemical_total += count;
      r.expected_arcs[{a, b}] += count;
    } else if (type == "R" || type == "Rp") {
      r.received[{b, a}] += count;
      r.received_total += count;
    } else if (type == "EJ") {
      if (a == b) {
        ++r.ej_self_loops;
      } else {
        r.expected_arcs[{a, b}] += count;
      }
    }
  }
  return r;
}

}  // namespace

TEST(ReadConnectome, VarshneyFiguresMatchSourcesAndARecount) {
  const VarshneyRecount r = recount_varshney();
  // The figures SOURCES.md states, checked on the recount first...
  EXPECT_EQ(r.neurons.size(), 280u);
  EXPECT_EQ(r.chemical.size(), 2194u);
  EXPECT_EQ(r.chemical_total, 6394);
  EXPECT_EQ(r.received_total, 6394);
  EXPECT_EQ(r.nmj, 153);
  EXPECT_EQ(r.ej_self_loops, 3);

  // ...then the reader against the recount.
  const LoadedGraph loaded = load_graph(shared_data_file(kVarshney));
  const Graph& g = loaded.graph;
  EXPECT_EQ(loaded.report.format, "neuron-connect");
  EXPECT_EQ(g.n, 280);
  EXPECT_EQ(loaded.report.records_read, 6417);
  EXPECT_EQ(loaded.report.self_loops, 3);
  EXPECT_TRUE(g.directed);
  EXPECT_EQ(arcs_by_label(g), r.expected_arcs);
  std::set<std::string> names(g.names.begin(), g.names.end());
  EXPECT_EQ(names, r.neurons);
  bool cross_checked = false, nmj_noted = false;
  for (const auto& note : loaded.report.notes) {
    cross_checked = cross_checked || note.find("cross-check passed") != std::string::npos;
    nmj_noted = nmj_noted || note.find("153 NMJ rows") != std::string::npos;
  }
  EXPECT_TRUE(cross_checked);
  EXPECT_TRUE(nmj_noted);
}

TEST(ReadConnectome, VarshneyWithPositionsTable) {
  LoadOptions options;
  options.node_table = shared_data_file(kPositions);
  const LoadedGraph loaded = load_graph(shared_data_file(kVarshney), options);
  const Graph& g = loaded.graph;
  std::map<std::string, std::array<float, 3>> positions;
  std::ifstream in(shared_data_file(kPositions));
  std::string line;
  while (std::getline(in, line)) {
    const auto f = split_commas(line);
    positions[unpadded(upper(f[0]))] = {std::stof(f[1]), std::stof(f[2]), std::stof(f[3])};
  }
  ASSERT_EQ(positions.size(), 300u);
  EXPECT_EQ(g.n, 300);  // the 280 neurons with connections and 20 without
  ASSERT_EQ(g.coord_dims, 3);
  for (std::int32_t u = 0; u < g.n; ++u) {
    const auto it = positions.find(unpadded(upper(g.names[u])));
    ASSERT_NE(it, positions.end()) << g.names[u];
    for (int d = 0; d < 3; ++d) EXPECT_EQ(g.coords[3 * u + d], it->second[d]) << g.names[u];
  }
  // The connections are untouched by the node table.
  EXPECT_EQ(arcs_by_label(g), recount_varshney().expected_arcs);
}

TEST(ReadConnectome, DrosophilaEdgeListWithMetadataNames) {
  std::ifstream edges(shared_data_file(kLarvaEdges));
  std::int64_t pre, post, rows = 0, self_loops = 0;
  double weight, total = 0;
  ReferenceArcs reference;
  while (edges >> pre >> post >> weight) {
    ++rows;
    total += weight;
    self_loops += pre == post ? 1 : 0;
    reference.add(std::to_string(pre), std::to_string(post), weight);
  }
  EXPECT_EQ(rows, 119010);
  EXPECT_EQ(total, 376091);
  EXPECT_EQ(self_loops, 577);

  const LoadedGraph plain = load_graph(shared_data_file(kLarvaEdges));
  EXPECT_EQ(plain.graph.n, 3554);
  EXPECT_EQ(plain.report.records_read, 119010);
  EXPECT_EQ(plain.report.self_loops, 577);
  EXPECT_EQ(arcs_by_label(plain.graph), reference.arcs());

  // Names from the metadata's first two columns (skeleton id, "name"), read here directly.
  std::map<std::int64_t, std::string> names;
  std::ifstream meta(shared_data_file(kLarvaMeta));
  std::string line;
  std::getline(meta, line);
  while (std::getline(meta, line)) {
    const std::size_t comma = line.find(',');
    std::string name;
    std::size_t i = comma + 1;
    if (line[i] == '"') {
      for (++i; !(line[i] == '"' && line[i + 1] != '"'); ++i) {
        name += line[i];
        if (line[i] == '"') ++i;
      }
    } else {
      name = line.substr(i, line.find(',', i) - i);
    }
    // Names are trimmed (some end in a space in the file).
    while (!name.empty() && name.back() == ' ') name.pop_back();
    while (!name.empty() && name.front() == ' ') name.erase(name.begin());
    names[std::stoll(line.substr(0, comma))] = name;
  }
  ASSERT_EQ(names.size(), 3591u);
  LoadOptions options;
  options.node_table = shared_data_file(kLarvaMeta);
  const LoadedGraph loaded = load_graph(shared_data_file(kLarvaEdges), options);
  const Graph& g = loaded.graph;
  EXPECT_EQ(g.n, 3591);  // 37 metadata neurons without edges are added
  ASSERT_EQ(g.names.size(), 3591u);
  ASSERT_EQ(g.ids.size(), 3591u);
  for (std::int32_t u = 0; u < g.n; ++u) EXPECT_EQ(g.names[u], names.at(g.ids[u]));
  EXPECT_EQ(g.arc_count(), plain.graph.arc_count());
  EXPECT_EQ(g.coord_dims, 0);  // the metadata has no positions
}
