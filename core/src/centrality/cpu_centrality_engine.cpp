// The CPU centrality engine: Brandes from every source over OpenMP threads (closeness and
// harmonic alone with hop costs: BFS levels, 64 sources at a time), each thread with its own
// search buffers and sums, reduced at the end; degrees and PageRank beside it.
#include <omp.h>

#include <algorithm>
#include <exception>
#include <string>

#include "centrality/brandes_search.hpp"
#include "centrality/centrality_engines.hpp"
#include "pathscope/centrality/detail/multi_source_levels.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope::centrality {
namespace {

bool asked(const CentralityOptions& options, CentralityMeasure measure) {
  return std::find(options.measures.begin(), options.measures.end(), measure) != options.measures.end();
}

// Sources handed to a thread at a time: small enough to balance sources whose searches reach
// very different parts of the graph, large enough that the shared counter is not contended.
constexpr int kSourcesPerChunk = 4;

void add_into(std::vector<double>& total, const std::vector<double>& part) {
  for (std::size_t i = 0; i < part.size(); ++i) total[i] += part[i];
}

class CpuCentralityEngine final : public CentralityEngine {
 public:
  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "Brandes from every source over threads (BFS for hops, Dijkstra for costs; closeness and harmonic alone by "
           "hops: BFS of 64 sources at a time), PageRank by power iteration";
  }

  CentralityResult run(const Graph& g, const CentralityOptions& options, const JobContext& job) const override {
    check_centrality_options(g, options);
    const double start = now_seconds();
    const int threads = effective_threads(options);
    CentralityResult result;
    result.timing.engine = name();
    result.timing.device = cpu_device_label(threads);
    compute_degrees(g, options, result);
    if (asked(options, CentralityMeasure::PageRank)) compute_pagerank(g, options, result, job);
    if (detail::needs_source_searches(options)) search_all_sources(g, options, threads, job, result);
    else job.report(1.0);
    result.timing.seconds = result.timing.compute_seconds = now_seconds() - start;
    return result;
  }

 private:
  static void search_all_sources(const Graph& g, const CentralityOptions& options, int threads, const JobContext& job,
                                 CentralityResult& result) {
    const bool hops = options.hops || g.unit_weights;
    if (!hops && g.has_negative_weights())
      throw Error("centrality needs costs of 0 or more (the graph has a negative arc cost); try hops");
    std::vector<std::int32_t> sources = detail::centrality_sources(g, options);
    const auto count = static_cast<std::int64_t>(sources.size());
    SumsWanted wanted;
    wanted.dependency = asked(options, CentralityMeasure::Betweenness);
    wanted.distances = asked(options, CentralityMeasure::Closeness);
    wanted.inverse = asked(options, CentralityMeasure::Harmonic);

    const auto n = static_cast<std::size_t>(g.n);
    detail::SourceSums total;
    if (wanted.dependency) total.dependency.assign(n, 0);
    if (wanted.distances) {
      total.distance_sum.assign(n, 0);
      total.reached_by.assign(n, 0);
    }
    if (wanted.inverse) total.inverse_distance_sum.assign(n, 0);
    const std::uint64_t total_bytes = static_cast<std::uint64_t>(g.n) * 32;
    std::int64_t arcs_scanned = 0;
    if (detail::searches_levels_in_batches(g, options)) {
      const std::int64_t batches = (count + detail::MultiSourceLevels::kBatch - 1) / detail::MultiSourceLevels::kBatch;
      threads = static_cast<int>(std::max<std::int64_t>(1, std::min<std::int64_t>(threads, batches)));
      require_within_budget(detail::MultiSourceLevels::bytes_per_thread(g.n) * static_cast<std::uint64_t>(threads) +
                                detail::LevelArcs::bytes(g, options.mask) + total_bytes,
                            effective_memory_budget(options),
                            "centrality level searches (" + std::to_string(threads) + " threads x " +
                                std::to_string(g.n) + " nodes)");
      const detail::LevelArcs arcs(g, options.mask);
      detail::order_sources_by_nearness(arcs, sources);
      arcs_scanned = over_threads(
          threads, batches, 1, job, total,
          [&] { return detail::MultiSourceLevels(arcs, wanted.distances, wanted.inverse); },
          [&](detail::MultiSourceLevels& search, std::int64_t batch) {
            const std::int64_t first = batch * detail::MultiSourceLevels::kBatch;
            search.run(sources.data() + first,
                       static_cast<int>(std::min<std::int64_t>(detail::MultiSourceLevels::kBatch, count - first)));
          });
    } else {
      threads = static_cast<int>(std::max<std::int64_t>(1, std::min<std::int64_t>(threads, count)));
      require_within_budget(
          BrandesSearch::bytes_per_thread(g.n, g.arc_count(), hops) * static_cast<std::uint64_t>(threads) + total_bytes,
          effective_memory_budget(options),
          "centrality searches (" + std::to_string(threads) + " threads x " + std::to_string(g.n) + " nodes)");
      arcs_scanned = over_threads(
          threads, count, kSourcesPerChunk, job, total, [&] { return BrandesSearch(g, options.mask, hops, wanted); },
          [&](BrandesSearch& search, std::int64_t i) { search.run(sources[static_cast<std::size_t>(i)]); });
    }
    result.timing.updates = static_cast<double>(arcs_scanned);
    detail::finish_centrality(g, options, count, total, result);
  }

  // Runs `units` pieces of work over the threads, `chunk` at a time, each thread with its own
  // searcher from make(); progress and cancel between pieces. The threads' sums are added into
  // `total` in thread order (which pieces each took varies from run to run). Returns the arcs
  // scanned.
  template <class Make, class Run>
  static std::int64_t over_threads(int threads, std::int64_t units, int chunk, const JobContext& job,
                                   detail::SourceSums& total, Make make, Run run_unit) {
    std::int64_t arcs_scanned = 0;
    detail::SharedProgress progress(job, units);
    std::exception_ptr failure;
#pragma omp parallel num_threads(threads)
    {
      try {
        auto search = make();
#pragma omp for schedule(dynamic, chunk)
        for (std::int64_t i = 0; i < units; ++i) {
          if (progress.should_stop()) continue;
          run_unit(search, i);
          progress.unit_done();
        }
#pragma omp for ordered schedule(static, 1)
        for (int t = 0; t < omp_get_num_threads(); ++t) {
#pragma omp ordered
          {
            detail::SourceSums& part = search.sums();
            add_into(total.dependency, part.dependency);
            add_into(total.distance_sum, part.distance_sum);
            add_into(total.inverse_distance_sum, part.inverse_distance_sum);
            for (std::size_t v = 0; v < part.reached_by.size(); ++v) total.reached_by[v] += part.reached_by[v];
            arcs_scanned += search.arcs_scanned();
          }
        }
      } catch (...) {
#pragma omp critical(centrality_failure)
        if (!failure) failure = std::current_exception();
      }
    }
    if (failure) std::rethrow_exception(failure);
    progress.finish();
    return arcs_scanned;
  }
};

}  // namespace

void check_centrality_options(const Graph& g, const CentralityOptions& options) {
  validate_resources(options);
  if (options.samples < 0) throw UsageError("centrality samples must be 0 (every source) or more, got " + std::to_string(options.samples));
  if (!(options.pagerank_alpha >= 0 && options.pagerank_alpha <= 1))
    throw UsageError("pagerank alpha must be in [0, 1], got " + std::to_string(options.pagerank_alpha));
  if (!(options.pagerank_tolerance > 0))
    throw UsageError("pagerank tolerance must be above 0, got " + std::to_string(options.pagerank_tolerance));
  if (options.pagerank_max_iterations < 1)
    throw UsageError("pagerank iterations must be 1 or more, got " + std::to_string(options.pagerank_max_iterations));
  if (!options.mask.node_kept.empty() && options.mask.node_kept.size() != static_cast<std::size_t>(g.n))
    throw Error("internal: a node mask of " + std::to_string(options.mask.node_kept.size()) + " entries for " +
                std::to_string(g.n) + " nodes");
  if (!options.mask.arc_kept.empty() && options.mask.arc_kept.size() != static_cast<std::size_t>(g.arc_count()))
    throw Error("internal: an arc mask of " + std::to_string(options.mask.arc_kept.size()) + " entries for " +
                std::to_string(g.arc_count()) + " arcs");
}

std::unique_ptr<CentralityEngine> make_cpu_centrality_engine() { return std::make_unique<CpuCentralityEngine>(); }

}  // namespace pathscope::centrality
