#pragma once
// Node penalties for alpha-nearness by subgradient ascent of the Held-Karp bound (Held and
// Karp, "The traveling-salesman problem and minimum spanning trees: part II", Math. Prog. 1,
// 1971; the step rules of Helsgaun, EJOR 126, 2000). With costs raised by pi(a) + pi(b), every
// tour's length grows by 2 sum(pi), while the cheapest 1-tree (a spanning tree of the cities but
// one, that one joined by its two cheapest arcs) is a lower bound of the cheapest tour's; the
// ascent moves pi towards 1-trees whose cities all have degree 2, i.e. towards tours, and the
// alpha-nearness of the raised costs then ranks an optimal tour's arcs nearly all among a city's
// first five.
//
// The trees are taken on a sparse graph (each city's `graph` lists, made symmetric), so the
// bound is the Held-Karp bound of that graph: at most the whole instance's when the lists hold
// every city, otherwise a close estimate.
#include <cstdint>
#include <functional>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

struct OneTreeAscent {
  std::vector<double> penalties;  // pi, k values (all 0 when no step was taken)
  double bound = 0;               // the best 1-tree bound reached: tree length less 2 sum(pi)
  double first_bound = 0;         // the bound with pi = 0
  int iterations = 0;
  bool tour = false;              // a 1-tree of degree 2 everywhere: the bound is a tour's length
};

// At most `seconds` of ascent (and no more once `stop` says so); the penalties of the best
// bound. The instance must be symmetric with k >= 3, and `graph` must connect every city.
OneTreeAscent one_tree_ascent(const TspInstance& instance, const std::vector<std::vector<std::int32_t>>& graph,
                              double seconds, const std::function<bool()>& stop);

}  // namespace pathscope::tsp_detail
