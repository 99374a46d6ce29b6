// Distances from a few sources: one DistanceSearch per thread, sources spread over the threads.
#include "pathscope/apsp/distance_table.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <numeric>
#include <string>
#include <vector>

#include "apsp/distance_search.hpp"
#include "pathscope/runtime/error.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope {

namespace {

void check_nodes(const Graph& g, std::span<const std::int32_t> nodes, const char* role) {
  for (const std::int32_t v : nodes)
    if (v < 0 || v >= g.n)
      throw Error(std::string(role) + " " + std::to_string(v) + " is not a node index (the graph has " +
                  std::to_string(g.n) + " nodes)");
}

// An exception must not leave an OpenMP region: the first one a search throws (a negative
// cycle) is kept, the other threads skip their remaining sources, and it is rethrown after.
class FirstFailure {
 public:
  bool happened() const { return happened_.load(std::memory_order_relaxed); }
  void keep(std::exception_ptr failure) {
    std::lock_guard lock(mutex_);
    if (!failure_) failure_ = std::move(failure);
    happened_.store(true, std::memory_order_relaxed);
  }
  void rethrow() const {
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr failure_;
  std::atomic<bool> happened_{false};
};

// Runs answer(search, unit) for unit = 0..units-1 on the run's threads, each thread with its
// own search; progress counts units.
template <class Answer>
void search_in_parallel(const Graph& g, std::int64_t units, const EngineResources& resources, const JobContext& job,
                        const Answer& answer) {
  if (units == 0) {
    job.report(1.0);
    return;
  }
  const detail::DistanceMethod method = detail::choose_distance_method(g);
  const int threads = static_cast<int>(std::min<std::int64_t>(effective_threads(resources), units));
  detail::SharedProgress progress(job, units);
  FirstFailure failure;
#pragma omp parallel num_threads(threads)
  {
    detail::DistanceSearch search(g, method, false);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t unit = 0; unit < units; ++unit) {
      if (progress.should_stop() || failure.happened()) continue;
      try {
        answer(search, unit);
      } catch (...) {
        failure.keep(std::current_exception());
      }
      progress.unit_done();
    }
  }
  failure.rethrow();
  progress.finish();
}

}  // namespace

void single_source_distances_into(const Graph& g, std::int32_t s, double* dist, std::int32_t* predecessors) {
  const std::int32_t source[] = {s};
  check_nodes(g, source, "source");
  detail::DistanceSearch search(g, detail::choose_distance_method(g), predecessors != nullptr);
  search.run(s, {});
  for (std::int32_t v = 0; v < g.n; ++v) dist[v] = search.distance(v);
  if (predecessors)
    for (std::int32_t v = 0; v < g.n; ++v) predecessors[v] = search.predecessor(v);
}

void distance_table_into(const Graph& g, std::span<const std::int32_t> sources,
                         std::span<const std::int32_t> targets, double* out, const EngineResources& resources,
                         const JobContext& job) {
  check_nodes(g, sources, "source");
  check_nodes(g, targets, "target");
  if (targets.empty()) {
    job.report(1.0);
    return;
  }
  const std::size_t width = targets.size();
  search_in_parallel(g, static_cast<std::int64_t>(sources.size()), resources, job,
                     [&](detail::DistanceSearch& search, std::int64_t i) {
                       search.run(sources[i], targets);
                       double* row = out + static_cast<std::size_t>(i) * width;
                       for (std::size_t j = 0; j < width; ++j) row[j] = search.distance(targets[j]);
                     });
}

void pair_distances_into(const Graph& g, std::span<const std::int32_t> sources,
                         std::span<const std::int32_t> targets, double* out, const EngineResources& resources,
                         const JobContext& job) {
  if (sources.size() != targets.size())
    throw Error("pair distances: " + std::to_string(sources.size()) + " sources but " +
                std::to_string(targets.size()) + " targets");
  check_nodes(g, sources, "source");
  check_nodes(g, targets, "target");
  // Pairs grouped by source: group k is order[starts[k], starts[k+1]).
  std::vector<std::int64_t> order(sources.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return sources[a] < sources[b]; });
  std::vector<std::int32_t> grouped_targets(order.size());
  std::vector<std::size_t> starts;
  for (std::size_t k = 0; k < order.size(); ++k) {
    grouped_targets[k] = targets[order[k]];
    if (k == 0 || sources[order[k]] != sources[order[k - 1]]) starts.push_back(k);
  }
  starts.push_back(order.size());
  const auto groups = static_cast<std::int64_t>(starts.size() - 1);
  search_in_parallel(g, groups, resources, job, [&](detail::DistanceSearch& search, std::int64_t group) {
    const std::size_t begin = starts[group], end = starts[group + 1];
    const std::span<const std::int32_t> wanted(grouped_targets.data() + begin, end - begin);
    search.run(sources[order[begin]], wanted);
    for (std::size_t k = begin; k < end; ++k) out[order[k]] = search.distance(grouped_targets[k]);
  });
}

}  // namespace pathscope
