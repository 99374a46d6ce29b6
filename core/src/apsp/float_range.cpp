// The float engines' range rule, the float counterpart of integer_headroom.cpp.
#include <algorithm>
#include <cmath>
#include <limits>

#include "apsp/integer_headroom.hpp"
#include "io/text_fields.hpp"
#include "pathscope/apsp/apsp.hpp"

namespace pathscope {

void check_float32_distances(const Graph& g) {
  constexpr double kLargestFloat = std::numeric_limits<float>::max();
  const double bound = detail::largest_path_cost(g);
  if (bound <= kLargestFloat) return;
  const double largest_arc = std::max(std::fabs(g.min_weight()), std::fabs(g.max_weight()));
  throw Error("float distances could overflow: a path of " + std::to_string(g.n - 1) + " arcs of cost up to " +
              io::format_number(largest_arc) + " costs up to " + io::format_number(bound) +
              ", beyond the largest float " + io::format_number(kLargestFloat) +
              ", where it would read as unreachable: scale the costs down, or ask for one path "
              "(a single-source search in double)");
}

}  // namespace pathscope
