// Iterated Lin–Kernighan on every thread: each thread takes a start tour to a local optimum,
// then repeats "kick, improve, keep the tour if it is no longer, else undo". The threads meet
// at the end of each epoch and all go on from the best tour found so far, so on a large
// instance every core works on the best tour rather than on its own weaker one.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <random>

#include "cpu_solvers.hpp"
#include "lin_kernighan.hpp"

namespace pathscope::tsp_detail {

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
    while (true) {
      const double epoch_end = now_seconds() + epoch_seconds;
      while (!setup.stop() && now_seconds() < epoch_end && my_kicks < kicks_per_thread) {
        const double before = search.length();
        search.kick(rng);
        search.run(setup.stop);
        // Equal length is kept too: it moves the search along plateaus.
        if (search.length() <= before) {
          if (search.length() < before - setup.epsilon) kicks_since_gain = 0;
          search.accept();
        } else {
          search.undo_since_kick();
        }
        ++my_kicks;
        const auto done = ++kicks_done;
        ++kicks_since_gain;
        if (t == 0 && done % 64 == 0) setup.report(static_cast<double>(done));
      }
      tours[t] = search.tour();
      lengths[t] = search.length();
#pragma omp barrier
#pragma omp single
      {
        const auto winner = std::min_element(lengths.begin(), lengths.end()) - lengths.begin();
        if (lengths[winner] < best_length) best_length = lengths[winner], best_tour = tours[winner];
        finished = setup.stop() || kicks_done.load() >= kicks_per_thread * threads ||
                   kicks_since_gain.load() > setup.stall_kicks;
      }
      if (finished) break;
      if (lengths[t] > best_length) search.set_tour(best_tour, false);
    }
  }
  IteratedSearchOutcome outcome;
  outcome.tour = rotate_to_stop0(best_tour);
  outcome.kicks = kicks_done.load();
  return outcome;
}

}  // namespace pathscope::tsp_detail
