#include "partition_crossover.hpp"

#include <algorithm>
#include <cassert>
#include <tuple>
#include <utility>

#include "pathscope/graph/detail/disjoint_sets.hpp"

namespace pathscope::tsp_detail {
namespace {

// A tour as a cycle: who sits where, and whether two stops are next to each other on it.
struct Cycle {
  const std::vector<std::int32_t>& order;
  std::vector<std::int32_t> position;

  explicit Cycle(const std::vector<std::int32_t>& tour) : order(tour), position(tour.size()) {
    for (std::size_t p = 0; p < tour.size(); ++p) position[tour[p]] = static_cast<std::int32_t>(p);
  }
  std::int32_t size() const { return static_cast<std::int32_t>(order.size()); }
  std::int32_t at(std::int64_t p) const { return order[static_cast<std::size_t>(p % size())]; }
  bool joins(std::int32_t u, std::int32_t v) const {
    const std::int32_t p = position[u], k = size();
    return order[p + 1 == k ? 0 : p + 1] == v || order[p == 0 ? k - 1 : p - 1] == v;
  }
};

// One maximal stretch of a tour whose stops all lie in one place: from position `start`,
// `length` stops on.
struct Stretch {
  std::int32_t place = -1;
  std::int32_t start = 0, length = 0;
};

// The tour cut into stretches of one place each, beginning at a place boundary. Empty when
// the whole tour is one place.
std::vector<Stretch> stretches_of(const Cycle& tour, const std::vector<std::int32_t>& place_of) {
  const std::int32_t k = tour.size();
  std::int32_t first = 0;
  while (first < k && place_of[tour.at(first)] == place_of[tour.at(first + k - 1)]) ++first;
  std::vector<Stretch> out;
  if (first == k) return out;
  for (std::int32_t p = first; p < first + k;) {
    Stretch s{place_of[tour.at(p)], p % k, 0};
    while (p < first + k && place_of[tour.at(p)] == s.place) ++p, ++s.length;
    out.push_back(s);
  }
  return out;
}

double stretch_cost(const TspInstance& instance, const Cycle& tour, const Stretch& s) {
  double total = 0;
  for (std::int32_t i = 0; i + 1 < s.length; ++i) total += instance.at(tour.at(s.start + i), tour.at(s.start + i + 1));
  return total;
}

// Joins each run of stops that are in no place, between two stops of the same place, to that
// place: both tours pass through such a run in the same order, arcs shared.
void absorb_shared_runs(const Cycle& tour, detail::DisjointSets& sets, std::vector<std::uint8_t>& in_place) {
  const std::int32_t k = tour.size();
  std::int32_t anchor = 0;
  while (anchor < k && !in_place[tour.at(anchor)]) ++anchor;
  if (anchor == k) return;
  for (std::int32_t p = anchor + 1; p <= anchor + k;) {
    if (in_place[tour.at(p)]) {
      ++p;
      continue;
    }
    std::int32_t end = p;
    while (!in_place[tour.at(end)]) ++end;
    if (sets.find(tour.at(p - 1)) == sets.find(tour.at(end)))
      for (std::int32_t q = p; q < end; ++q) sets.unite(tour.at(q), tour.at(p - 1)), in_place[tour.at(q)] = 1;
    p = end + 1;
  }
}

// Each stop's place (its set's root), or a name of its own below zero for a stop in none.
std::vector<std::int32_t> places_of(detail::DisjointSets& sets, const std::vector<std::uint8_t>& in_place) {
  std::vector<std::int32_t> place_of(in_place.size());
  for (std::int32_t c = 0; c < static_cast<std::int32_t>(in_place.size()); ++c)
    place_of[c] = in_place[c] ? sets.find(c) : -1 - c;
  return place_of;
}

// The longest part of a tour that scattered places are fused over: room for a kick's double
// bridge (three stretches of at most 25 stops) and the moves that follow it. Longer parts would
// mostly swallow places that each tour passes in one stretch, which then could not be chosen
// one by one.
constexpr std::int32_t kLongestFusedPart = 128;

// The part of `tour` that holds the given stretches: the tour less the widest gap between two
// of them. (start, length).
std::pair<std::int32_t, std::int32_t> part_holding(const Cycle& tour, std::vector<Stretch>& held) {
  const std::int32_t k = tour.size();
  std::sort(held.begin(), held.end(), [](const Stretch& x, const Stretch& y) { return x.start < y.start; });
  std::int32_t widest = -1, after_widest = 0;
  for (std::size_t i = 0; i < held.size(); ++i) {
    const Stretch& here = held[i];
    const Stretch& next = held[(i + 1) % held.size()];
    const std::int32_t gap = ((next.start - (here.start + here.length)) % k + k) % k;
    if (gap > widest) widest = gap, after_widest = static_cast<std::int32_t>((i + 1) % held.size());
  }
  return {held[after_widest].start, k - widest};
}

// A double bridge leaves two places whose stretches alternate (A B C D E -> A D C B E: the ends
// of B and D form one, those of C and the outer arcs the other), neither one stretch of a tour.
// A place in several stretches of `tour` gathers the places that lie among them, and those
// among theirs, while the part of the tour holding them all stays short; then it takes in that
// whole part. True when some place grew.
bool fuse_scattered_places(const Cycle& tour, const std::vector<std::int32_t>& place_of, detail::DisjointSets& sets,
                           std::vector<std::uint8_t>& in_place) {
  const std::int32_t k = tour.size();
  const std::int32_t longest_part = std::min(k / 2, kLongestFusedPart);
  const auto pieces = stretches_of(tour, place_of);
  std::vector<std::vector<std::int32_t>> pieces_of(k);  // indices into pieces
  for (std::size_t i = 0; i < pieces.size(); ++i)
    if (pieces[i].place >= 0) pieces_of[pieces[i].place].push_back(static_cast<std::int32_t>(i));
  std::vector<std::uint8_t> taken(k, 0);  // in a group already, this call
  std::vector<std::int32_t> group;
  std::vector<Stretch> held;
  bool fused = false;
  for (std::int32_t seed = 0; seed < k; ++seed) {
    if (pieces_of[seed].size() < 2 || taken[seed]) continue;
    group.assign(1, seed);
    taken[seed] = 1;
    held.clear();
    for (const auto i : pieces_of[seed]) held.push_back(pieces[i]);
    auto [from, part] = part_holding(tour, held);
    for (bool grew = true; grew && part <= longest_part;) {
      grew = false;
      for (std::int32_t p = from; p < from + part; ++p)
        if (const auto place = place_of[tour.at(p)]; place >= 0 && !taken[place]) {
          taken[place] = 1, group.push_back(place), grew = true;
          for (const auto i : pieces_of[place]) held.push_back(pieces[i]);
        }
      if (grew) std::tie(from, part) = part_holding(tour, held);
    }
    if (part > longest_part) continue;
    const std::int32_t root = tour.at(from);
    for (std::int32_t p = from; p < from + part; ++p) sets.unite(tour.at(p), root), in_place[tour.at(p)] = 1;
    fused = true;
  }
  return fused;
}

constexpr int kFusionRounds = 8;

}  // namespace

std::vector<std::int32_t> partition_crossover(const TspInstance& instance, const std::vector<std::int32_t>& a,
                                              const std::vector<std::int32_t>& b, double epsilon) {
  const auto k = static_cast<std::int32_t>(a.size());
  assert(b.size() == a.size());
  const Cycle tour_a(a), tour_b(b);
  // Places: stops joined by the arcs one tour has and the other lacks.
  detail::DisjointSets sets(k);
  std::vector<std::uint8_t> in_place(k, 0);
  bool differ = false;
  for (const auto* pair : {&tour_a, &tour_b}) {
    const Cycle& mine = *pair;
    const Cycle& other = pair == &tour_a ? tour_b : tour_a;
    for (std::int32_t p = 0; p < k; ++p) {
      const std::int32_t u = mine.at(p), v = mine.at(p + 1);
      if (!other.joins(u, v)) sets.unite(u, v), in_place[u] = in_place[v] = 1, differ = true;
    }
  }
  if (!differ) return a;
  for (int round = 0; round < kFusionRounds; ++round) {
    absorb_shared_runs(tour_a, sets, in_place);
    const auto place_of = places_of(sets, in_place);
    bool fused = false;
    for (const Cycle* tour : {&tour_a, &tour_b}) fused |= fuse_scattered_places(*tour, place_of, sets, in_place);
    if (!fused) break;
  }
  absorb_shared_runs(tour_a, sets, in_place);
  const auto place_of = places_of(sets, in_place);
  const auto in_a = stretches_of(tour_a, place_of);
  if (in_a.empty()) return tour_length(instance, b) < tour_length(instance, a) - epsilon ? b : a;
  const auto in_b = stretches_of(tour_b, place_of);
  // A place that is one stretch of each tour: where it lies in b, and whether b's way is shorter.
  std::vector<std::int32_t> stretches_a(k, 0), stretches_b(k, 0), stretch_in_b(k, -1);
  for (const auto& s : in_a)
    if (s.place >= 0) ++stretches_a[s.place];
  for (std::size_t i = 0; i < in_b.size(); ++i)
    if (in_b[i].place >= 0) ++stretches_b[in_b[i].place], stretch_in_b[in_b[i].place] = static_cast<std::int32_t>(i);
  std::vector<std::int32_t> merged;
  merged.reserve(k);
  for (const auto& s : in_a) {
    const std::int32_t first = tour_a.at(s.start), last = tour_a.at(s.start + s.length - 1);
    bool from_b = false;
    Stretch t;
    if (s.place >= 0 && stretches_a[s.place] == 1 && stretches_b[s.place] == 1) {
      t = in_b[stretch_in_b[s.place]];
      const std::int32_t b_first = tour_b.at(t.start), b_last = tour_b.at(t.start + t.length - 1);
      const bool same_ends = (b_first == first && b_last == last) || (b_first == last && b_last == first);
      from_b = same_ends && stretch_cost(instance, tour_b, t) < stretch_cost(instance, tour_a, s) - epsilon;
    }
    if (!from_b) {
      for (std::int32_t i = 0; i < s.length; ++i) merged.push_back(tour_a.at(s.start + i));
    } else if (tour_b.at(t.start) == first) {
      for (std::int32_t i = 0; i < t.length; ++i) merged.push_back(tour_b.at(t.start + i));
    } else {
      for (std::int32_t i = t.length - 1; i >= 0; --i) merged.push_back(tour_b.at(t.start + i));
    }
  }
  // Places that no tour passes in one stretch keep a's way, which can leave b shorter still.
  return tour_length(instance, b) < tour_length(instance, merged) - epsilon ? b : merged;
}

}  // namespace pathscope::tsp_detail
