// Iterated Lin–Kernighan on every thread: each thread takes a start tour to a local optimum,
// then repeats "kick, improve, keep the tour if it is no longer, else undo". The threads meet
// at the end of each epoch and all go on from the best tour found so far, so on a large
// instance every core works on the best tour rather than on its own weaker one.
//
// On a large instance most epochs split the best tour into one stretch a thread
// (tour_segment.hpp), at a new random place each time: each thread kicks and improves inside its
// stretch, and the stretches are joined again, so every thread's gains are kept instead of only
// the best thread's. Every fourth epoch runs on the whole tour, for moves across the cuts.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <random>

#include "cpu_solvers.hpp"
#include "lin_kernighan.hpp"
#include "tour_segment.hpp"

namespace pathscope::tsp_detail {

namespace {

// Stretches shorter than this leave too few moves inside them to be worth a thread.
constexpr std::int32_t kMinStretch = 700;

}  // namespace

IteratedSearchOutcome iterated_lin_kernighan(const TspInstance& instance, const IteratedSearchSetup& setup) {
  const int threads = std::max(1, setup.threads);
  const std::int64_t kicks_per_thread = setup.kicks_per_thread;
  std::vector<std::vector<std::int32_t>> tours(threads);
  std::vector<double> lengths(threads, std::numeric_limits<double>::infinity());
  std::vector<std::int32_t> best_tour;
  double best_length = std::numeric_limits<double>::infinity();
  std::atomic<std::int64_t> kicks_done{0};
  std::atomic<std::int64_t> kicks_since_gain{0};
  const double epoch_seconds = std::clamp(setup.time_limit_seconds / 20, 0.05, 2.0);
  const bool stretches = threads >= 2 && instance.k / threads >= kMinStretch;
  std::mt19937_64 cuts(setup.seed * 7919ULL + 17);
  std::int32_t first_cut = 0;
  bool finished = false;

#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    std::mt19937_64 rng(setup.seed * 1000003ULL + static_cast<std::uint64_t>(t));
    LinKernighan search(instance, *setup.neighbours, setup.epsilon);
    std::vector<std::int32_t> start;
    if (t == 0 && !setup.start_tour.empty()) start = setup.start_tour;
    else start = nearest_neighbour_tour(instance, t == 0 ? 0 : static_cast<std::int32_t>(rng() % instance.k), setup.stop);
    search.set_tour(start);
    search.run(setup.stop);
    std::int64_t my_kicks = 0;
    // Kicks on `s` until the epoch ends; returns at once when the budget or the time is spent.
    const auto kick_until = [&](LinKernighan& s, double epoch_end) {
      while (!setup.stop() && now_seconds() < epoch_end && my_kicks < kicks_per_thread) {
        const double before = s.length();
        s.kick(rng);
        s.run(setup.stop);
        // Equal length is kept too: it moves the search along plateaus.
        if (s.length() <= before) {
          if (s.length() < before - setup.epsilon) kicks_since_gain = 0;
          s.accept();
        } else {
          s.undo_since_kick();
        }
        ++my_kicks;
        const auto done = ++kicks_done;
        ++kicks_since_gain;
        if (t == 0 && done % 64 == 0) setup.report(static_cast<double>(done));
      }
    };
    for (int epoch = 0;; ++epoch) {
      const double epoch_end = now_seconds() + epoch_seconds;
      // best_tour is set from the first epoch on, and changes only between the barriers below.
      if (stretches && epoch % 4 != 0) {
        const std::int32_t k = instance.k;
        std::vector<std::int32_t> cities;
        const std::int64_t from = std::int64_t(k) * t / threads, to = std::int64_t(k) * (t + 1) / threads;
        for (std::int64_t p = from; p < to; ++p) cities.push_back(best_tour[(first_cut + p) % k]);
        const TourSegment stretch(instance, *setup.neighbours, std::move(cities));
        LinKernighan part(stretch.instance(), stretch.neighbours(), setup.epsilon);
        part.set_tour(stretch.first_tour(), false);
        kick_until(part, epoch_end);
        tours[t] = stretch.path_of(part.tour());
#pragma omp barrier
#pragma omp single
        {
          std::vector<std::int32_t> joined;
          for (const auto& path : tours) joined.insert(joined.end(), path.begin(), path.end());
          const double length = tour_length(instance, rotate_to_stop0(joined));
          if (length <= best_length) best_length = length, best_tour = std::move(joined);
        }
        search.set_tour(best_tour, false);
      } else {
        kick_until(search, epoch_end);
        tours[t] = search.tour();
        lengths[t] = search.length();
#pragma omp barrier
#pragma omp single
        {
          const auto winner = std::min_element(lengths.begin(), lengths.end()) - lengths.begin();
          if (lengths[winner] < best_length) best_length = lengths[winner], best_tour = tours[winner];
        }
        if (lengths[t] > best_length) search.set_tour(best_tour, false);
      }
#pragma omp single
      {
        finished = setup.stop() || kicks_done.load() >= kicks_per_thread * threads ||
                   kicks_since_gain.load() > setup.stall_kicks;
        first_cut = static_cast<std::int32_t>(cuts() % static_cast<std::uint64_t>(instance.k));
      }
      if (finished) break;
    }
  }
  IteratedSearchOutcome outcome;
  outcome.tour = rotate_to_stop0(best_tour);
  outcome.kicks = kicks_done.load();
  return outcome;
}

}  // namespace pathscope::tsp_detail
