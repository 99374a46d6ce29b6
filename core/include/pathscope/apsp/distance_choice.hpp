#pragma once
// Which distance type holds a graph's shortest distances exactly: the rule behind "--dist auto"
// and `info`, and the check that says when asked-for float distances were rounded.
#include <string>

#include "pathscope/apsp/apsp.hpp"

namespace pathscope {

struct DistanceChoice {
  DistType type = DistType::Int32;
  bool exact = true;   // every distance is held exactly
  std::string reason;  // one sentence: why this type, for `info` and the front ends
};

// int32 when every shortest path fits the int32 engines' range, int64 when int32 could overflow,
// float for fractional costs (and for whole costs so large that even int64 could overflow,
// where no type is exact). Unit-cost graphs get int32 too: hop16 is only ever asked for.
DistanceChoice choose_distance_type(const Graph& g);

// Empty when the float matrix r of g is exact; otherwise a sentence for the person who asked
// for float: g has whole-number costs, yet some true distance (not its rounded value in r) is
// or may be beyond kLargestExactFloat32Integer. Names the type that would have been exact.
// The one check for every engine, CPU and GPU: it reads the graph's exact costs as well as r.
std::string float_rounding_warning(const Graph& g, const ApspResult& r);

}  // namespace pathscope
