// Many starts, each: nearest-neighbour tour, 2-opt + Or-opt to a local optimum, then rounds of
// a small double-bridge kick followed by local search around the kick, keeping the best tour.
// The kicks are what get past the local optimum of plain 2-opt (about 5% above optimal) to
// within a few percent.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <random>
#include <string>

#include "alpha_nearness.hpp"
#include "cpu_solvers.hpp"
#include "local_search.hpp"

namespace pathscope::tsp_detail {
namespace {

// Candidate cities a move may join to each city.
constexpr std::int32_t kCandidates = 10;

// 8 s up to 3,200 stops, then 1 s per 400 stops up to a minute: a 15,000-stop tour needs its
// kicks spread over all of it.
double default_time_limit(std::int32_t k) { return std::clamp(k / 400.0, 8.0, 60.0); }

std::int64_t default_kicks(std::int32_t k) { return std::clamp<std::int64_t>(10LL * k, 200, 20000); }

// Iterated Lin-Kernighan stops earlier than its time limit once this many kicks in a row
// found nothing shorter: small instances settle in a fraction of a second, and a thousand
// stops within the time limit with more often the optimum than at 10 kicks a stop
// (docs/tsp.md).
std::int64_t default_stall_kicks(std::int32_t k) { return std::max<std::int64_t>(1000, 40LL * k); }

// Three adjacent stretches of at most 50 cities (a third of the tour for small ones), the
// middle two swapped: A B C D -> A C B D.
std::vector<std::int32_t> double_bridge(const std::vector<std::int32_t>& tour, std::mt19937_64& rng,
                                        std::vector<std::int32_t>& ends) {
  const auto k = static_cast<std::int32_t>(tour.size());
  const std::int32_t longest = std::max(1, std::min(50, k / 3));
  std::uniform_int_distribution<std::int32_t> offset_pick(0, k - 1), length_pick(1, longest);
  const std::int32_t offset = offset_pick(rng);
  const std::int32_t l1 = length_pick(rng), l2 = length_pick(rng), l3 = length_pick(rng);
  auto at = [&](std::int32_t i) { return tour[(offset + i) % k]; };
  std::vector<std::int32_t> out;
  out.reserve(k);
  for (std::int32_t i = 0; i < l1; ++i) out.push_back(at(i));
  for (std::int32_t i = l1 + l2; i < l1 + l2 + l3; ++i) out.push_back(at(i));
  for (std::int32_t i = l1; i < l1 + l2; ++i) out.push_back(at(i));
  for (std::int32_t i = l1 + l2 + l3; i < k; ++i) out.push_back(at(i));
  ends = {at(l1 - 1), at(l1), at(l1 + l2 - 1), at(l1 + l2), at(l1 + l2 + l3 - 1), at((l1 + l2 + l3) % k)};
  return out;
}

}  // namespace

std::vector<std::int32_t> rotate_to_stop0(std::vector<std::int32_t> tour) {
  std::rotate(tour.begin(), std::find(tour.begin(), tour.end(), 0), tour.end());
  return tour;
}

std::vector<std::int32_t> nearest_neighbour_tour(const TspInstance& instance, std::int32_t first) {
  return nearest_neighbour_tour(instance, first, [] { return false; });
}

std::vector<std::int32_t> nearest_neighbour_tour(const TspInstance& instance, std::int32_t first,
                                                 const std::function<bool()>& stop) {
  const auto k = instance.k;
  std::vector<bool> visited(k, false);
  std::vector<std::int32_t> tour{first};
  visited[first] = true;
  for (std::int32_t step = 1; step < k; ++step) {
    // Each step is a pass over every city: on a large instance the whole tour takes seconds.
    if (stop()) {
      for (std::int32_t city = 0; city < k; ++city)
        if (!visited[city]) tour.push_back(city);
      break;
    }
    const auto from = tour.back();
    std::int32_t nearest = -1;
    for (std::int32_t to = 0; to < k; ++to)
      if (!visited[to] && (nearest < 0 || instance.at(from, to) < instance.at(from, nearest))) nearest = to;
    visited[nearest] = true;
    tour.push_back(nearest);
  }
  return rotate_to_stop0(std::move(tour));
}

TspResult local_search_cpu(const TspInstance& instance, const TspOptions& options, const JobContext& job) {
  const double start = now_seconds();
  const int threads = effective_threads(options);
  const int starts = options.starts > 0 ? options.starts : threads;
  const std::int64_t kicks = options.kicks >= 0 ? options.kicks : default_kicks(instance.k);
  // The limit, by default default_time_limit(k) (a thousand stops reach a few percent of the optimum well before
  // that on any machine), is a promise: every phase asks the clock, and a phase cut short
  // still leaves a whole tour (the rest of a nearest-neighbour tour in index order, a descent
  // stopped between moves).
  const double deadline = start + (options.time_limit_seconds > 0 ? options.time_limit_seconds : default_time_limit(instance.k));
  std::atomic<bool> stop{false};
  const std::function<bool()> should_stop = [&] {
    if (stop.load(std::memory_order_relaxed)) return true;
    if (job.cancel_requested() || now_seconds() > deadline) stop = true;
    return stop.load(std::memory_order_relaxed);
  };
  // Lin-Kernighan (symmetric) looks at the alpha-nearest; the asymmetric search at the nearest.
  const auto neighbours = instance.symmetric ? alpha_nearest_neighbours(instance, kCandidates, threads, should_stop)
                                             : nearest_neighbours(instance, kCandidates, threads, should_stop);
  const double epsilon = improvement_epsilon(instance);
  if (instance.symmetric && instance.k >= 8) {
    IteratedSearchSetup setup;
    setup.neighbours = &neighbours;
    setup.epsilon = epsilon;
    setup.threads = starts;
    setup.seed = options.seed;
    setup.kicks_per_thread = options.kicks >= 0 ? options.kicks : std::numeric_limits<std::int64_t>::max() / 4096;
    setup.stall_kicks = default_stall_kicks(instance.k);
    setup.time_limit_seconds = deadline - start;
    setup.start_tour = options.start_tour;
    setup.stop = should_stop;
    const double time_limit = deadline - start;
    setup.report = [&](double) { job.report(std::min(1.0, (now_seconds() - start) / time_limit)); };
    const auto outcome = iterated_lin_kernighan(instance, setup);
    job.check_cancel();
    TspResult result;
    result.tour = outcome.tour;
    result.length = tour_length(instance, result.tour);
    result.algorithm = TspAlgorithm::TwoOpt;
    result.backend = TspBackend::Cpu;
    result.timing.engine = "tsp-lk-cpu (iterated Lin-Kernighan, all threads)";
    result.timing.device = cpu_device_label(threads);
    result.timing.seconds = result.timing.compute_seconds = now_seconds() - start;
    result.timing.updates = static_cast<double>(outcome.kicks);
    return result;
  }

  std::vector<std::vector<std::int32_t>> best_tours(starts);
  std::vector<double> best_lengths(starts, std::numeric_limits<double>::infinity());
  std::atomic<std::int64_t> rounds_done{0};
  const double rounds_total = static_cast<double>(starts) * (kicks + 1);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (int s = 0; s < starts; ++s) {
    // Start 0 always runs, so that there is a tour; the others only while time is left.
    if (s > 0 && should_stop()) continue;
    std::mt19937_64 rng(options.seed * 1000003ULL + static_cast<std::uint64_t>(s));
    std::vector<std::int32_t> tour;
    if (s == 0 && !options.start_tour.empty()) tour = options.start_tour;
    else tour = nearest_neighbour_tour(instance, s == 0 ? 0 : static_cast<std::int32_t>(rng() % instance.k), should_stop);
    LocalSearch search(instance, neighbours, epsilon);
    search.set_tour(tour);
    search.run(should_stop);
    auto best = search.tour();
    double best_length = tour_length(instance, best);
    std::vector<std::int32_t> ends;
    for (std::int64_t round = 0; round < kicks && instance.k >= 5 && !should_stop(); ++round) {
      search.set_tour(double_bridge(best, rng, ends), false);
      for (auto city : ends) search.wake(city);
      search.run(should_stop);
      const double length = tour_length(instance, search.tour());
      // Equal length is accepted too: it moves the search along plateaus.
      if (length <= best_length) best_length = length, best = search.tour();
      const auto done = ++rounds_done;
      if (omp_get_thread_num() == 0 && done % 256 == 0) job.report(std::min(1.0, done / rounds_total));
    }
    best_tours[s] = rotate_to_stop0(best);
    best_lengths[s] = best_length;
  }
  job.check_cancel();
  const auto winner = std::min_element(best_lengths.begin(), best_lengths.end()) - best_lengths.begin();
  TspResult result;
  result.tour = best_tours[winner];
  result.length = tour_length(instance, result.tour);
  result.algorithm = TspAlgorithm::TwoOpt;
  result.backend = TspBackend::Cpu;
  result.proven_optimal = false;
  result.timing.engine = "tsp-2opt-oropt-cpu";
  result.timing.device = cpu_device_label(threads);
  result.timing.seconds = result.timing.compute_seconds = now_seconds() - start;
  result.timing.updates = static_cast<double>(rounds_done.load()) + starts;
  return result;
}

}  // namespace pathscope::tsp_detail
