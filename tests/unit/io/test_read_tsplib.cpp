// TSPLIB: every instance with an optimal tour must measure the published optimum under our
// distance functions (an independent check of the rounding rules); explicit layouts round
// trip on random matrices; bad files fail with file and line.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "pathscope/io/load.hpp"
#include "pathscope/io/tsplib.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

// Optima from OPTIMA.md's table, and from bestSolutions.txt for instances the table omits.
std::map<std::string, std::int64_t> published_optima() {
  std::map<std::string, std::int64_t> optima;
  std::ifstream best(shared_data_file("tsplib/bestSolutions.txt"));
  std::string line;
  const std::regex best_line(R"(^\s*(\w+)\s*:\s*(\d+)\s*$)");
  std::smatch m;
  while (std::getline(best, line)) {
    if (std::regex_match(line, m, best_line)) optima.emplace(m[1].str(), std::stoll(m[2].str()));
  }
  std::ifstream table(shared_data_file("tsplib/OPTIMA.md"));
  const std::regex row(R"(^\|\s*(\w+)\s*\|\s*(\d+)\s*\|[^|]*\|\s*(\d+)\s*\|)");
  int rows = 0;
  while (std::getline(table, line)) {
    if (std::regex_search(line, m, row)) {
      optima[m[1].str()] = std::stoll(m[3].str());  // OPTIMA.md wins where both list one
      ++rows;
    }
  }
  EXPECT_EQ(rows, 13);
  return optima;
}

}  // namespace

TEST(ReadTsplib, EveryOptimalTourMeasuresThePublishedOptimum) {
  const auto optima = published_optima();
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(shared_data_file("tsplib"))) {
    const std::string path = entry.path().string();
    if (path.size() < 9 || path.substr(path.size() - 9) != ".opt.tour") continue;
    const std::string name = entry.path().filename().string();
    const std::string stem = name.substr(0, name.size() - 9);
    const TsplibInstance instance = read_tsplib(shared_data_file("tsplib/" + stem + ".tsp"));
    const std::vector<std::int32_t> tour = read_tsplib_tour(path);
    ASSERT_EQ(static_cast<std::int32_t>(tour.size()), instance.dimension) << stem;
    ASSERT_TRUE(optima.count(stem)) << stem;
    EXPECT_EQ(instance.tour_length(tour), optima.at(stem)) << stem << " (" << instance.edge_weight_type << ")";
    ++checked;
  }
  EXPECT_EQ(checked, 13);  // 9 in OPTIMA.md's table plus a280, eil76, fri26, st70
}

TEST(ReadTsplib, EveryInstanceLoadsAsACompleteGraph) {
  int loaded_count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(shared_data_file("tsplib"))) {
    if (entry.path().extension() != ".tsp") continue;
    const LoadedGraph loaded = load_graph(entry.path().string());
    const TsplibInstance instance = read_tsplib(entry.path().string());
    const Graph& g = loaded.graph;
    EXPECT_EQ(loaded.report.format, "tsplib");
    EXPECT_EQ(g.n, instance.dimension);
    EXPECT_EQ(g.arc_count(), static_cast<std::int64_t>(g.n) * (g.n - 1)) << entry.path();
    EXPECT_TRUE(g.integer_weights);
    for (std::int32_t u = 0; u < g.n; ++u) {
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        ASSERT_EQ(g.weights[a], instance.cost(u, g.heads[a]));
      }
    }
    EXPECT_EQ(g.coord_dims, instance.coord_dims);
    ++loaded_count;
  }
  EXPECT_EQ(loaded_count, 17);
}

TEST(ReadTsplib, FileQuirksAndPositions) {
  const TsplibInstance bays = read_tsplib(shared_data_file("tsplib/bays29.tsp"));
  EXPECT_TRUE(bays.coords_from_display_data);
  EXPECT_EQ(bays.coords[0], 1150.0);
  EXPECT_EQ(bays.cost(0, 1), 107);
  const TsplibInstance ulysses = read_tsplib(shared_data_file("tsplib/ulysses16.tsp"));  // " EOF"
  EXPECT_EQ(ulysses.dimension, 16);
  const TsplibInstance burma = read_tsplib(shared_data_file("tsplib/burma14.tsp"));  // blank lines after EOF
  EXPECT_EQ(burma.edge_weight_type, "GEO");
  const TsplibInstance atsp = read_tsplib(data("tsplib/good_atsp.tsp"));
  EXPECT_EQ(atsp.type, TsplibType::Atsp);
  EXPECT_EQ(atsp.cost(0, 1), 1);
  EXPECT_EQ(atsp.cost(1, 0), 3);
  const TsplibInstance upper = read_tsplib(data("tsplib/good_upper_row.tsp"));
  EXPECT_EQ(upper.cost(2, 0), 2);
  EXPECT_EQ(upper.cost(3, 2), 6);
  const TsplibInstance euc = read_tsplib(data("tsplib/good_euc.tsp"));
  EXPECT_EQ(euc.cost(0, 1), 5);
  EXPECT_EQ(euc.cost(0, 2), 3);  // nint(3.2)
  EXPECT_EQ(euc.tour_length(read_tsplib_tour(data("tsplib/good_tour.tour"))), 5 + 4 + 6 + 5);  // nint(4.005), nint(5.52), nint(4.5)
}

// A random symmetric matrix written in every explicit layout must read back identically.
TEST(ReadTsplib, ExplicitLayoutsRoundTrip) {
  SplitMix64 rng(9);
  for (const std::int32_t k : {1, 2, 5, 63}) {
    std::vector<std::vector<int>> c(k, std::vector<int>(k, 0));
    for (int i = 0; i < k; ++i) {
      for (int j = 0; j <= i; ++j) c[i][j] = c[j][i] = i == j ? 0 : static_cast<int>(rng.below(100000));
    }
    const auto emit = [&](const std::string& format, auto&& in_order) {
      std::ostringstream text;
      text << "NAME: r\nTYPE: TSP\nDIMENSION: " << k << "\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: " << format
           << "\nEDGE_WEIGHT_SECTION\n";
      int on_line = 0;
      in_order([&](int i, int j) {
        text << c[i][j] << (++on_line % 7 == 0 ? "\n" : " ");
      });
      text << "\nEOF\n";
      std::istringstream in(text.str());
      const TsplibInstance instance = read_tsplib(in, format);
      for (int i = 0; i < k; ++i) {
        for (int j = 0; j < k; ++j) ASSERT_EQ(instance.cost(i, j), c[i][j]) << format << " k=" << k;
      }
    };
    const auto rows = [&](auto keep) {
      return [&, keep](auto&& f) {
        for (int i = 0; i < k; ++i)
          for (int j = 0; j < k; ++j)
            if (keep(i, j)) f(i, j);
      };
    };
    const auto cols = [&](auto keep) {
      return [&, keep](auto&& f) {
        for (int j = 0; j < k; ++j)
          for (int i = 0; i < k; ++i)
            if (keep(i, j)) f(i, j);
      };
    };
    emit("FULL_MATRIX", rows([](int, int) { return true; }));
    emit("UPPER_ROW", rows([](int i, int j) { return j > i; }));
    emit("LOWER_ROW", rows([](int i, int j) { return j < i; }));
    emit("UPPER_DIAG_ROW", rows([](int i, int j) { return j >= i; }));
    emit("LOWER_DIAG_ROW", rows([](int i, int j) { return j <= i; }));
    emit("UPPER_COL", cols([](int i, int j) { return i < j; }));
    emit("LOWER_COL", cols([](int i, int j) { return i > j; }));
    emit("UPPER_DIAG_COL", cols([](int i, int j) { return i <= j; }));
    emit("LOWER_DIAG_COL", cols([](int i, int j) { return i >= j; }));
  }
}

TEST(ReadTsplib, RandomEuclideanAndCeilingInstances) {
  SplitMix64 rng(31);
  for (const std::int32_t k : {1, 2, 63, 65}) {
    std::vector<std::pair<double, double>> p;
    for (int i = 0; i < k; ++i) p.emplace_back(rng.below(100000) / 10.0, rng.below(100000) / 10.0);
    for (const std::string type : {"EUC_2D", "CEIL_2D"}) {
      std::ostringstream text;
      text << "NAME : r\nTYPE : TSP\nDIMENSION : " << k << "\nEDGE_WEIGHT_TYPE : " << type << "\nNODE_COORD_SECTION\n";
      for (int i = 0; i < k; ++i) text << i + 1 << " " << p[i].first << " " << p[i].second << "\n";
      std::istringstream in(text.str());
      const TsplibInstance instance = read_tsplib(in, type);
      for (int i = 0; i < k; ++i) {
        for (int j = 0; j < k; ++j) {
          const double d = std::sqrt(std::pow(p[i].first - p[j].first, 2) + std::pow(p[i].second - p[j].second, 2));
          const int expected = i == j ? 0 : type == "EUC_2D" ? static_cast<int>(std::floor(d + 0.5)) : static_cast<int>(std::ceil(d));
          ASSERT_EQ(instance.cost(i, j), expected) << type;
        }
      }
    }
  }
}

TEST(ReadTsplib, BadInputsNameFileAndLine) {
  struct Case {
    const char* file;
    std::int64_t line;
    const char* fragment;
  };
  const Case cases[] = {
      {"bad_no_dimension.tsp", 4, "NODE_COORD_SECTION before DIMENSION"},
      {"bad_huge_dimension.tsp", 3, "DIMENSION 2000000000 is too big"},
      {"bad_coord_truncated.tsp", 7, "expected a node number and 2 coordinates, found 2 fields"},
      {"bad_short_weights.tsp", 8, "file ends inside EDGE_WEIGHT_SECTION"},
      {"bad_unknown_keyword.tsp", 3, "unknown keyword 'WHATEVER'"},
      {"bad_node_range.tsp", 7, "node number 3 is out of range 1..2"},
      {"bad_type.tsp", 2, "TYPE 'CVRP' is not supported"},
      {"bad_weight_value.tsp", 7, "expected an integer edge weight, found '1.5'"},
  };
  for (const auto& c : cases) {
    const std::string path = data(std::string("tsplib/") + c.file);
    expect_parse_error([&] { load_graph(path); }, path, c.line, c.fragment);
  }
  const std::string tour = data("tsplib/bad_tour_repeat.tour");
  expect_parse_error([&] { read_tsplib_tour(tour); }, tour, 7, "city 1 appears twice");
}
