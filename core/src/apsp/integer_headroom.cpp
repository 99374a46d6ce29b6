#include "apsp/integer_headroom.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "pathscope/apsp/apsp.hpp"

namespace pathscope {

namespace {

// The limits are 2^k - 1 and a whole bound is at most the limit iff it is below 2^k, which
// double compares exactly even where it rounds the bound itself.
bool within(double bound, std::int64_t limit) { return bound < static_cast<double>(limit) + 1.0; }

void check_whole(const Graph& g, const char* type) {
  if (!g.integer_weights)
    throw Error(std::string(type) + " distances need whole-number arc costs, and this graph has fractional ones: "
                "choose float distances");
}

[[noreturn]] void throw_overflow(const Graph& g, const char* type, std::int64_t limit, const char* instead) {
  throw Error(std::string(type) + " distances could overflow: " + detail::describe_largest_path_cost(g) +
              ", above the limit " + std::to_string(limit) + ": choose " + instead + " distances");
}

}  // namespace

double detail::largest_path_cost(const Graph& g) {
  return std::max(std::fabs(g.min_weight()), std::fabs(g.max_weight())) * std::max(0, g.n - 1);
}

std::string detail::whole_number_text(double x) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.0f", x);
  return buf;
}

std::string detail::describe_largest_path_cost(const Graph& g) {
  const double largest = std::max(std::fabs(g.min_weight()), std::fabs(g.max_weight()));
  return "a path of " + std::to_string(std::max(0, g.n - 1)) + " arcs of cost up to " + whole_number_text(largest) +
         " costs at most " + whole_number_text(largest_path_cost(g));
}

bool detail::int32_distances_fit(const Graph& g) {
  return g.integer_weights && within(largest_path_cost(g), kInt32PathCostLimit);
}

bool detail::int64_distances_fit(const Graph& g) {
  return g.integer_weights && within(largest_path_cost(g), kInt64PathCostLimit);
}

void check_int32_distances(const Graph& g) {
  check_whole(g, "int32");
  if (!detail::int32_distances_fit(g))
    throw_overflow(g, "int32", detail::kInt32PathCostLimit, detail::int64_distances_fit(g) ? "int64" : "float");
}

void check_int64_distances(const Graph& g) {
  check_whole(g, "int64");
  if (!detail::int64_distances_fit(g)) throw_overflow(g, "int64", detail::kInt64PathCostLimit, "float");
}

}  // namespace pathscope
