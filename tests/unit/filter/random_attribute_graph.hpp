#pragma once
// Random graphs with every kind of attribute a filter reads (text with spaces, 64-bit ids,
// reals, booleans, missing values; per-arc text and reals, strengths, loops, parallel arcs kept
// apart), kept beside the rows they were built from, and a brute-force judge of one condition
// on one value, written apart from the library's: integer thresholds compared doubled in 128
// bits, regular expressions limited to prefix and suffix forms checked by hand.
#include <cstdint>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "pathscope/filter/graph_filter.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/io/graph_builder.hpp"

namespace filter_test {

using pathscope::AttributeColumn;
using pathscope::AttributeCondition;
using pathscope::AttributeTable;
using pathscope::AttributeType;
using pathscope::FilterOperator;
using pathscope::Graph;

struct Missing {};
struct Truth {
  bool value;
};
using Value = std::variant<Missing, std::int64_t, double, std::string, Truth>;

inline Value value_of(const AttributeColumn& c, std::size_t i) {
  if (i >= c.size() || !c.has(i)) return Missing{};
  switch (c.type) {
    case AttributeType::Text: return c.text[i];
    case AttributeType::Integer: return c.integers[i];
    case AttributeType::Boolean: return Truth{c.integers[i] != 0};
    case AttributeType::Real: return c.reals[i];
  }
  return Missing{};
}

// A threshold as the tests write them: a whole number k, or k + 1/2 ("k.5").
struct Threshold {
  __int128 doubled;  // 2k or 2k + 1
};

inline Threshold threshold_of(const std::string& text) {
  const auto dot = text.find('.');
  if (dot == std::string::npos) return {static_cast<__int128>(std::stoll(text)) * 2};
  // Only "k.5" is written: k is rounded toward zero in the text, so -3.5 is 2 * -3 - 1.
  const long long k = std::stoll(text.substr(0, dot));
  const bool negative = text[0] == '-';
  return {static_cast<__int128>(k) * 2 + (negative ? -1 : 1)};
}

// -1, 0, 1: value against the threshold, both doubled.
inline int order(std::int64_t value, const std::string& text) {
  const __int128 a = static_cast<__int128>(value) * 2, b = threshold_of(text).doubled;
  return a < b ? -1 : a > b ? 1 : 0;
}
inline int order(double value, const std::string& text) {
  const double b = static_cast<double>(static_cast<long double>(threshold_of(text).doubled) / 2);
  return value < b ? -1 : value > b ? 1 : 0;
}

inline bool truth_text(const std::string& text) { return text == "true" || text == "1" || text == "TRUE" || text == "True"; }

// Patterns are "P.*" (starts with P) or ".*S" (ends with S), P and S plain letters and digits.
inline bool pattern_matches(const std::string& pattern, const std::string& text) {
  if (pattern.size() >= 2 && pattern.compare(pattern.size() - 2, 2, ".*") == 0) {
    const std::string prefix = pattern.substr(0, pattern.size() - 2);
    return text.compare(0, prefix.size(), prefix) == 0 && text.size() >= prefix.size();
  }
  const std::string suffix = pattern.substr(2);
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

inline bool judge(const AttributeCondition& c, const Value& v) {
  const FilterOperator op = c.op;
  const bool negated = op == FilterOperator::NotEqual || op == FilterOperator::NotIn;
  if (std::holds_alternative<Missing>(v)) return negated;
  if (op == FilterOperator::Matches) {
    std::string text;
    if (auto* s = std::get_if<std::string>(&v)) text = *s;
    else if (auto* i = std::get_if<std::int64_t>(&v)) text = std::to_string(*i);
    else if (auto* t = std::get_if<Truth>(&v)) text = t->value ? "true" : "false";
    else return false;  // no patterns on reals in these tests
    return pattern_matches(c.values.front(), text);
  }
  auto equal = [&](const std::string& wanted) {
    if (auto* s = std::get_if<std::string>(&v)) return *s == wanted;
    if (auto* i = std::get_if<std::int64_t>(&v)) return order(*i, wanted) == 0;
    if (auto* d = std::get_if<double>(&v)) return order(*d, wanted) == 0;
    return std::get<Truth>(v).value == truth_text(wanted);
  };
  if (op == FilterOperator::Equal || op == FilterOperator::NotEqual || op == FilterOperator::In || op == FilterOperator::NotIn) {
    bool any = false;
    for (const auto& wanted : c.values) any = any || equal(wanted);
    return any != negated;
  }
  const int o = std::holds_alternative<std::int64_t>(v) ? order(std::get<std::int64_t>(v), c.values.front())
                                                       : order(std::get<double>(v), c.values.front());
  switch (op) {
    case FilterOperator::Less: return o < 0;
    case FilterOperator::LessEqual: return o <= 0;
    case FilterOperator::Greater: return o > 0;
    default: return o >= 0;
  }
}

// One row of the arc list the graph was built from.
struct ArcRow {
  std::int32_t u, v;
  double weight, strength;
  Value neuropil, length;  // text, real
};

struct RandomAttributeGraph {
  Graph graph;
  bool directed = true;
  std::vector<ArcRow> rows;
  std::vector<std::int64_t> ids;  // empty or per node
  std::vector<std::string> names;
  std::vector<float> coords;      // 2 per node
  AttributeTable node_attributes;
};

inline const std::vector<std::string>& side_values() {
  static const std::vector<std::string> values{"left", "right", "center", "left side", "LEFT"};
  return values;
}
inline const std::vector<std::string>& neuropil_values() {
  static const std::vector<std::string> values{"MB_CA_L", "AL_R", "LH_L", "MB_CA_R"};
  return values;
}
constexpr std::int64_t kRootBase = 720575940600000000;

inline void set_value(AttributeColumn& c, std::size_t i, const Value& v) {
  if (auto* s = std::get_if<std::string>(&v)) c.set_text(i, *s);
  else if (auto* n = std::get_if<std::int64_t>(&v)) c.set_integer(i, *n);
  else if (auto* d = std::get_if<double>(&v)) c.set_real(i, *d);
  else if (auto* t = std::get_if<Truth>(&v)) c.set_integer(i, t->value ? 1 : 0);
}

// The arcs of `rows` among `node_of` (old node -> new, -1 dropped) through a fresh builder, as
// a reader would have built the file of those rows.
inline Graph build_from_rows(const std::vector<ArcRow>& rows, const std::vector<std::int32_t>& node_of, std::int32_t n,
                             bool directed) {
  pathscope::GraphBuilder builder(n);
  builder.keep_extra_arcs(true);
  for (const auto& row : rows) {
    const auto u = node_of[static_cast<std::size_t>(row.u)], v = node_of[static_cast<std::size_t>(row.v)];
    if (u < 0 || v < 0) continue;
    if (directed) builder.add_arc(u, v, row.weight, row.strength);
    else builder.add_edge(u, v, row.weight, row.strength);
    const auto record = static_cast<std::size_t>(builder.record_count() - 1);
    auto& attributes = builder.record_attributes();
    // Grown one record at a time: every record has its element, missing or set.
    for (auto [name, type, value] : {std::tuple{"neuropil", AttributeType::Text, &row.neuropil},
                                     std::tuple{"length", AttributeType::Real, &row.length}}) {
      auto& column = attributes.column(name, type, record + 1);
      set_value(column, record, *value);
    }
  }
  pathscope::LoadReport report;
  return builder.build(directed, report);
}

inline RandomAttributeGraph random_attribute_graph(std::mt19937_64& rng) {
  static const std::vector<std::int32_t> sizes{1, 2, 3, 7, 31, 64, 65, 129, 250};
  RandomAttributeGraph r;
  const std::int32_t n = sizes[rng() % sizes.size()];
  r.directed = rng() % 3 != 0;
  auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
  const bool with_ids = chance(50), with_names = chance(70);
  for (std::int32_t u = 0; u < n; ++u) {
    if (with_ids) r.ids.push_back(kRootBase + static_cast<std::int64_t>(rng() % 1000000) * 1000 + u);
    if (with_names) r.names.push_back(chance(10) ? std::string() : "n" + std::to_string(rng() % 40));
    r.coords.push_back(static_cast<float>(rng() % 1000) / 8.0f);
    r.coords.push_back(static_cast<float>(rng() % 1000) / 8.0f);
  }
  auto& t = r.node_attributes;
  // Each column filled before the next is made: making one may move the others.
  {
    auto& side = t.column("side", AttributeType::Text, static_cast<std::size_t>(n));
    for (std::int32_t u = 0; u < n; ++u)
      if (!chance(15)) side.set_text(static_cast<std::size_t>(u), side_values()[rng() % side_values().size()]);
  }
  {
    auto& root = t.column("root_id", AttributeType::Integer, static_cast<std::size_t>(n));
    for (std::int32_t u = 0; u < n; ++u)
      if (!chance(10)) root.set_integer(static_cast<std::size_t>(u), kRootBase + static_cast<std::int64_t>(rng() % 64));
  }
  {
    auto& size = t.column("size", AttributeType::Real, static_cast<std::size_t>(n));
    for (std::int32_t u = 0; u < n; ++u)
      if (!chance(10)) size.set_real(static_cast<std::size_t>(u), static_cast<double>(static_cast<int>(rng() % 41) - 20) / 4.0);
  }
  {
    auto& flag = t.column("flag", AttributeType::Boolean, static_cast<std::size_t>(n));
    for (std::int32_t u = 0; u < n; ++u)
      if (!chance(10)) flag.set_integer(static_cast<std::size_t>(u), static_cast<std::int64_t>(rng() % 2));
  }
  // At least one: a graph without arcs has no arc columns and no strengths to filter by.
  const std::int64_t arcs = 1 + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(4 * n + 3));
  for (std::int64_t a = 0; a < arcs; ++a) {
    ArcRow row;
    row.u = static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(n));
    // Loops and repeats of recent pairs: parallel arcs and self-loops, kept apart.
    if (chance(8)) row.v = row.u;
    else if (chance(15) && !r.rows.empty()) {
      row.u = r.rows[rng() % r.rows.size()].u;
      row.v = r.rows[rng() % r.rows.size()].v;
    } else row.v = static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(n));
    row.strength = static_cast<double>(1 + rng() % 30);
    row.weight = chance(50) ? static_cast<double>(1 + rng() % 9) : 1.0 / row.strength;
    row.neuropil = chance(15) ? Value(Missing{}) : Value(neuropil_values()[rng() % neuropil_values().size()]);
    row.length = chance(15) ? Value(Missing{}) : Value(static_cast<double>(rng() % 80) / 8.0);
    r.rows.push_back(row);
  }
  std::vector<std::int32_t> identity(static_cast<std::size_t>(n));
  for (std::int32_t u = 0; u < n; ++u) identity[static_cast<std::size_t>(u)] = u;
  r.graph = build_from_rows(r.rows, identity, n, r.directed);
  r.graph.ids = r.ids;
  r.graph.names = r.names;
  r.graph.coord_dims = 2;
  r.graph.coords = r.coords;
  r.graph.node_attributes = r.node_attributes;
  r.graph.graph_attributes.column("title", AttributeType::Text, 1).set_text(0, "random");
  return r;
}

// A value a condition on `type` compares with: one of the column's own values or a near one.
inline std::string threshold_text(std::mt19937_64& rng, AttributeType type) {
  switch (type) {
    case AttributeType::Integer: {
      const std::int64_t k = kRootBase + static_cast<std::int64_t>(rng() % 70) - 3;
      return rng() % 4 == 0 ? std::to_string(k) + ".5" : std::to_string(k);
    }
    case AttributeType::Real: {
      const long long k = static_cast<long long>(rng() % 41) - 20;
      return rng() % 2 == 0 ? std::to_string(k) : std::to_string(k) + ".5";
    }
    case AttributeType::Boolean: {
      static const std::vector<std::string> truths{"true", "false", "1", "0", "TRUE"};
      return truths[rng() % truths.size()];
    }
    case AttributeType::Text: break;
  }
  return "";
}

}  // namespace filter_test
