// The connectome generator. Each neuron draws an out-propensity and an in-propensity from a
// log-normal law, so degrees are heavy-tailed both ways; half of a neuron's partners come from
// its type's partner types and half from the whole brain weighted by in-propensity, so types
// have distinct type-to-type path lengths; synapse counts per pair are log-normal too, with a
// median below Codex's threshold of 5 as in FlyWire.
#include "pathscope/io/connectome_generator.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "generator_spec.hpp"
#include "io/strength_rows.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope {

namespace {

constexpr double kPi = 3.14159265358979323846;

// Standard normal by Box-Muller from our own generator (std::normal_distribution differs
// between standard libraries).
double normal(SplitMix64& rng) {
  const double u1 = 1.0 - rng.unit();  // (0, 1]
  const double u2 = rng.unit();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * kPi * u2);
}

// Index drawn with probability proportional to the weights whose running sums are `cumulative`.
std::size_t draw(const std::vector<double>& cumulative, SplitMix64& rng) {
  const double x = rng.unit() * cumulative.back();
  const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), x);
  return std::min(static_cast<std::size_t>(it - cumulative.begin()), cumulative.size() - 1);
}

struct Family {
  const char* prefix;
  const char* super_class;
};
// Name stems of real Drosophila cell-type families and their super classes.
constexpr Family kFamilies[] = {
    {"KC", "central"},   {"LC", "visual_projection"}, {"Tm", "optic"},      {"Mi", "optic"},     {"T", "optic"},
    {"Dm", "optic"},     {"EPG", "central"},          {"PEN", "central"},   {"PFN", "central"},  {"FB", "central"},
    {"MBON", "central"}, {"DAN", "central"},          {"ORN", "sensory"},   {"PN", "central"},   {"LN", "central"},
    {"DN", "descending"}, {"AN", "ascending"},        {"MN", "motor"},      {"AVLP", "central"}, {"PVLP", "central"},
    {"SMP", "central"},  {"SLP", "central"},          {"CL", "central"},    {"LH", "central"},   {"VCH", "visual_centrifugal"},
    {"NSC", "endocrine"}};
constexpr const char* kTransmitters[] = {"ACH", "ACH", "ACH", "ACH", "ACH", "ACH", "GABA", "GABA", "GLUT", "GLUT", "DA", "SER", "OCT"};

const char* flow_of(std::string_view super_class) {
  if (super_class == "sensory" || super_class == "ascending") return "afferent";
  if (super_class == "descending" || super_class == "motor" || super_class == "endocrine") return "efferent";
  return "intrinsic";
}

}  // namespace

ConnectomeSpec parse_connectome_spec(const std::string& spec) {
  constexpr std::string_view prefix = "connectome:";
  if (spec.rfind(prefix, 0) != 0) throw UsageError("'" + spec + "' is not a connectome spec (connectome:n=..,seed=..)");
  ConnectomeSpec out;
  for (const auto& [key, value] : generator_items(spec)) {
    if (!value) throw UsageError("'" + spec + "': '" + std::string(key) + "' needs a value (n, seed, deg, types)");
    const double v = *value;
    if (key == "n") {
      if (v < 1 || v > 5e6 || v != std::floor(v)) throw UsageError("'" + spec + "': n must be a whole number from 1 to 5000000");
      out.n = static_cast<std::int32_t>(v);
    } else if (key == "seed") {
      if (v < 0 || v > 9e15 || v != std::floor(v)) throw UsageError("'" + spec + "': seed must be a whole number >= 0");
      out.seed = static_cast<std::uint64_t>(v);
    } else if (key == "deg" || key == "degree") {
      if (v < 0 || v > 1000) throw UsageError("'" + spec + "': deg must be between 0 and 1000");
      out.degree = v;
    } else if (key == "types") {
      if (v < 1 || v > 100000 || v != std::floor(v)) throw UsageError("'" + spec + "': types must be a whole number from 1 to 100000");
      out.types = static_cast<std::int32_t>(v);
    } else {
      throw UsageError("'" + spec + "': unknown key '" + std::string(key) + "' (n, seed, deg, types)");
    }
  }
  if (out.types == 0) out.types = std::clamp(out.n / 300, 1, 1000);
  out.types = std::min(out.types, out.n);
  // Rows (24 bytes), the builder's arcs and the CSR arrays: about 80 bytes a connection.
  const double need = 80.0 * out.n * out.degree + 200.0 * out.n;
  if (const auto physical = physical_memory_bytes(); physical > 0 && need > static_cast<double>(physical))
    throw Error("'" + spec + "': about " + format_bytes(static_cast<std::uint64_t>(need)) +
                " to build, more than this machine's " + format_bytes(physical));
  return out;
}

LoadedGraph generate_connectome(const ConnectomeSpec& spec, const std::string& source, const LoadOptions& options) {
  SplitMix64 rng(spec.seed * 0x9E3779B97F4A7C15ull + 0xC0111EC7ull);
  const std::int32_t n = spec.n;
  const std::int32_t types = spec.types;
  const auto families = static_cast<std::int32_t>(std::size(kFamilies));

  // Types: names, super classes, transmitters, a place in the brain, partner types, and a
  // Zipf-like share of the neurons (a few large types, many small ones; the largest of 464 holds
  // about 2%, as the largest FlyWire types do).
  struct Type {
    std::string name;
    const char* super_class;
    const char* transmitter;
    double dx, y, z;
    std::vector<std::int32_t> partners, members;
  };
  std::vector<Type> type(static_cast<std::size_t>(types));
  std::vector<double> type_share(static_cast<std::size_t>(types));
  double running = 0;
  for (std::int32_t t = 0; t < types; ++t) {
    Type& ty = type[t];
    const Family& family = kFamilies[t % families];
    ty.name = std::string(family.prefix) + std::to_string(t / families + 1);
    ty.super_class = family.super_class;
    ty.transmitter = kTransmitters[rng.below(static_cast<std::uint32_t>(std::size(kTransmitters)))];
    ty.dx = 30 + 420 * rng.unit();
    ty.y = 50 + 400 * rng.unit();
    ty.z = 30 + 240 * rng.unit();
    const std::uint32_t partner_count = std::min<std::uint32_t>(8, static_cast<std::uint32_t>(types));
    for (std::uint32_t k = 0; k < partner_count; ++k)
      ty.partners.push_back(static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(types))));
    running += 1.0 / std::sqrt(t + 1.0);
    type_share[t] = running;
  }

  Graph g;
  g.n = n;
  g.ids.resize(static_cast<std::size_t>(n));
  g.names.resize(static_cast<std::size_t>(n));
  g.coord_dims = 3;
  g.coords.resize(static_cast<std::size_t>(n) * 3);
  AttributeTable& attributes = g.node_attributes;
  const auto count = static_cast<std::size_t>(n);
  for (const char* name : {"flow", "super_class", "cell_type", "side", "nt_type"})
    attributes.column(name, AttributeType::Text, count);
  std::vector<std::int32_t> type_of(count);
  std::vector<double> out_weight(count), in_cumulative(count);
  std::vector<std::int32_t> side_count(static_cast<std::size_t>(types) * 3, 0);
  // Root ids: FlyWire's 7205759406... prefix and a bijective shuffle of the last nine digits.
  const std::uint64_t shift = rng.below(1000000000u);
  double in_total = 0;
  for (std::int32_t u = 0; u < n; ++u) {
    // Every type gets a member first, so none is empty; the rest follow the shares.
    const auto t = u < types ? u : static_cast<std::int32_t>(draw(type_share, rng));
    type_of[u] = t;
    Type& ty = type[t];
    ty.members.push_back(u);
    const double roll = rng.unit();
    const int side = roll < 0.48 ? 0 : roll < 0.96 ? 1 : 2;
    static constexpr const char* kSides[] = {"left", "right", "center"};
    static constexpr const char* kSideLetters[] = {"L", "R", "C"};
    g.ids[u] = static_cast<std::int64_t>(720575940000000000ull +
                                         (static_cast<std::uint64_t>(u) * 982451653ull + shift) % 1000000000ull);
    const std::int32_t k = ++side_count[static_cast<std::size_t>(t) * 3 + side];
    g.names[u] = ty.name + "_" + kSideLetters[side] + std::to_string(k);
    const double x = side == 0 ? 500 - ty.dx : side == 1 ? 500 + ty.dx : 500;
    g.coords[3 * u] = static_cast<float>(x + 15 * normal(rng));
    g.coords[3 * u + 1] = static_cast<float>(ty.y + 15 * normal(rng));
    g.coords[3 * u + 2] = static_cast<float>(ty.z + 15 * normal(rng));
    attributes.find("flow")->set_text(u, flow_of(ty.super_class));
    attributes.find("super_class")->set_text(u, ty.super_class);
    attributes.find("cell_type")->set_text(u, ty.name);
    attributes.find("side")->set_text(u, kSides[side]);
    attributes.find("nt_type")->set_text(u, ty.transmitter);
    out_weight[u] = std::exp(normal(rng));
    in_total += std::exp(normal(rng));
    in_cumulative[u] = in_total;
  }
  double out_total = 0;
  for (const double w : out_weight) out_total += w;

  // Partners per neuron, duplicates summed, then the shared connection-table rules.
  std::vector<io::StrengthRow> rows;
  rows.reserve(static_cast<std::size_t>(spec.degree * n * 1.05) + 16);
  std::vector<std::pair<std::int32_t, double>> partners;
  std::int64_t synapses = 0;
  for (std::int32_t u = 0; u < n && n > 1; ++u) {
    const double expected = spec.degree * n * out_weight[u] / out_total;
    auto degree = static_cast<std::int64_t>(expected);
    if (rng.unit() < expected - static_cast<double>(degree)) ++degree;
    degree = std::min<std::int64_t>(degree, n - 1);
    partners.clear();
    const Type& ty = type[type_of[u]];
    for (std::int64_t k = 0; k < degree; ++k) {
      std::int32_t v;
      if (rng.unit() < 0.5) {
        const Type& to = type[ty.partners[rng.below(static_cast<std::uint32_t>(ty.partners.size()))]];
        v = to.members[rng.below(static_cast<std::uint32_t>(to.members.size()))];
      } else {
        v = static_cast<std::int32_t>(draw(in_cumulative, rng));
      }
      if (v == u) continue;
      const double count_drawn = std::floor(std::exp(1.3 + normal(rng)));
      partners.emplace_back(v, std::max(1.0, std::min(count_drawn, 5000.0)));
    }
    std::sort(partners.begin(), partners.end());
    for (std::size_t i = 0; i < partners.size(); ++i) {
      if (i > 0 && partners[i].first == partners[i - 1].first) {
        rows.back().strength += partners[i].second;
      } else {
        rows.push_back({u, partners[i].first, partners[i].second, 0});
      }
      synapses += static_cast<std::int64_t>(partners[i].second);
    }
  }

  LoadedGraph out;
  out.report.source = source;
  out.report.format = "connectome";
  out.report.records_read = static_cast<std::int64_t>(rows.size());
  GraphBuilder builder(n);
  io::add_rows_by_cost_rule(rows, options, false, source, builder, out.report);
  rows = {};
  Graph built = builder.build(true, out.report);
  g.directed = true;
  g.offsets = std::move(built.offsets);
  g.heads = std::move(built.heads);
  g.weights = std::move(built.weights);
  g.arc_strengths = std::move(built.arc_strengths);
  g.integer_weights = built.integer_weights;
  g.unit_weights = built.unit_weights;
  out.report.notes.insert(out.report.notes.begin(),
                          "generated connectome: " + std::to_string(types) + " cell types, " +
                              std::to_string(out.report.records_read) + " connected pairs, " +
                              std::to_string(synapses) + " synapses before any threshold");
  out.graph = std::move(g);
  return out;
}

}  // namespace pathscope
