// Host side of the searches from every source (source_searches.cuh): budget, arrays, launches
// of bounded size with progress and cancel between them, the partial sums reduced and brought
// back, and networkx's scaling applied by the rule the CPU engine uses (finish_centrality).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "centrality/gpu_centrality_runs.hpp"
#include "centrality/hub_bounds.hpp"
#include "centrality/search_graph.hpp"
#include "centrality/source_searches.cuh"
#include "common/device_memory.hpp"
#include "common/env_knob.hpp"
#include "pathscope/runtime/count_text.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

using centrality::ArcLanes;
using centrality::SearchLaunch;

// A launch takes about this long once the first has been timed: short enough for cancel and
// progress, long enough that the blocks waiting for the slowest source of a launch cost little.
constexpr double kSecondsPerLaunch = 0.25;
// The most sources per block in one launch, whatever the timing says.
constexpr std::int64_t kMaxSourcesPerBlock = 256;

bool asks(const CentralityOptions& options, CentralityMeasure measure) {
  return std::find(options.measures.begin(), options.measures.end(), measure) != options.measures.end();
}

// Below this mean out-degree a node's arcs are shared by 4 threads in blocks of 64: sparse
// graphs (roads) have small frontiers and many levels, where many small blocks keep the device
// busy. At or above it, by 16 threads in blocks of 1,024, one block a multiprocessor: fewer
// searches in flight keep more of their arrays in L2 (H100, the brain with hop costs, 8,192
// sampled sources: 4.36 s in 132 blocks of 1,024 threads, 6.69 s in 528 of 256, 7.37 s in 264
// of 256).
constexpr double kDenseMeanDegree = 8;
constexpr int kDenseBlockThreads = 1024;

// PATHSCOPE_GPU_CENTRALITY_THREADS sets the threads of a block (a multiple of 32, at most
// 1024): with few blocks (below), bigger blocks keep the device's threads busy;
// PATHSCOPE_GPU_CENTRALITY_LANES (4, 8 or 16) the threads that share a node's arcs.
// Cost searches on dense graphs relax arcs by windows of the threshold (source_searches.cuh);
// PATHSCOPE_GPU_CENTRALITY_WINDOWED=0 turns that off and 1 on for sparse graphs too, for the
// runs that measure it and the tests.
SearchLaunch launch_for(const Graph& g, bool hops) {
  const double mean_degree = g.n > 0 ? static_cast<double>(g.arc_count()) / g.n : 0;
  SearchLaunch launch{hops, ArcLanes::Sixteen, kDenseBlockThreads};
  if (mean_degree < kDenseMeanDegree) launch = {hops, ArcLanes::Four, 64};
  const char* windowed = std::getenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED");
  launch.windowed = !hops && (windowed && *windowed ? std::string(windowed) != "0" : mean_degree >= kDenseMeanDegree);
  // A windowed range is a few arcs (the brain's: 8 a relaxation), so 8 lanes keep twice as many
  // ranges in flight as 16 (docs/gpu.md, "Tight heads listed").
  if (launch.windowed && launch.lanes == ArcLanes::Sixteen) launch.lanes = ArcLanes::Eight;
  if (const char* text = std::getenv("PATHSCOPE_GPU_CENTRALITY_LANES"); text && *text) {
    const int lanes = std::atoi(text);
    if (lanes == 4 || lanes == 8 || lanes == 16) launch.lanes = static_cast<ArcLanes>(lanes);
  }
  if (const char* text = std::getenv("PATHSCOPE_GPU_CENTRALITY_THREADS"); text && *text) {
    const int threads = std::atoi(text);
    if (threads >= 32 && threads <= 1024 && threads % 32 == 0) launch.threads = threads;
  }
  return launch;
}

// PATHSCOPE_GPU_CENTRALITY_BLOCKS caps the blocks searching at once: fewer blocks keep more of
// their working arrays in L2, more hide latency; the device runs measure where the balance lies
// (docs/gpu.md, "Centrality"). Unset or 0: as many as fit.
std::int64_t block_cap() {
  const std::int64_t cap = env_number("PATHSCOPE_GPU_CENTRALITY_BLOCKS", 0);
  return cap > 0 ? cap : std::numeric_limits<std::int64_t>::max();
}

// The near-far step: the mean arc cost times kDeltaDegrees over the mean degree. Dense graphs
// (the brain, degree 50) want a small step, so that few nodes are relaxed twice; sparse ones
// (roads, degree 2) a larger one, so that a search takes fewer rounds, each a barrier.
// Measured on the host by counting (docs/gpu.md): brain 1.05 relaxations a node, roads 1.02,
// against 3.1 and 18 to 48 for plain Bellman-Ford. PATHSCOPE_GPU_CENTRALITY_DELTA sets the step
// in mean arc costs instead ("inf": plain Bellman-Ford), for the device runs that measure it.
constexpr double kDeltaDegrees = 8;

double near_far_step(const Graph& g, const CentralityOptions& options) {
  double total = 0;
  std::int64_t kept = 0;
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (options.mask.keeps_arc(a, u, g.heads[a])) {
        total += g.weights[a];
        ++kept;
      }
  if (kept == 0 || !(total > 0)) return std::numeric_limits<double>::infinity();
  const double mean_cost = total / static_cast<double>(kept);
  if (const char* text = std::getenv("PATHSCOPE_GPU_CENTRALITY_DELTA"); text && *text) {
    const double step = std::strtod(text, nullptr) * mean_cost;
    return step > 0 ? step : std::numeric_limits<double>::infinity();
  }
  const double mean_degree = static_cast<double>(kept) / g.n;
  const double step = mean_cost * kDeltaDegrees / mean_degree;
  return step > 0 && std::isfinite(step) ? step : std::numeric_limits<double>::infinity();
}

// How much more than the shortest path between its ends an arc must cost to be dropped as
// dominated (DeviceGraph::dominated). Every computed distance is a left-to-right sum of at most
// n - 1 costs along a simple path, so it is within gamma = (n - 1) u / (1 - (n - 1) u) times that
// path's cost of the exact sum (u = 2^-53), and no simple path costs more than
// bound = min(sum of the costs, (n - 1) max cost). An arc u -> v dropped from a search from t
// would have given fl(d(t,u) + c), which exceeds the computed d(t,v) whenever c exceeds the
// computed d(u,v) by more than 3 gamma bound + 2 u bound, so it never lowers a distance nor
// passes the tight-arc test; the margin is twice that. +infinity (no arc dropped) when the
// bound is not finite or gamma is not small.
double dominance_margin(const Graph& g, const CentralityOptions& options) {
  double total = 0, largest = 0;
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (options.mask.keeps_arc(a, u, g.heads[a])) {
        total += g.weights[a];
        largest = std::max(largest, g.weights[a]);
      }
  const double unit = std::ldexp(1.0, -53), steps = std::max(1.0, static_cast<double>(g.n) - 1);
  const double bound = std::min(total, steps * largest);
  const double gamma = steps * unit / (1 - steps * unit);
  const double margin = 2 * (3 * gamma * bound + 2 * unit * bound);
  if (!std::isfinite(margin) || !(gamma < 1e-3)) return std::numeric_limits<double>::infinity();
  return margin;
}

// The sources in the search graph's numbering, those with many arcs first: their searches mark
// the most dominated arcs for the rest.
std::vector<std::int32_t> most_arcs_first(const centrality::SearchGraph& search,
                                          const std::vector<std::int32_t>& sources) {
  std::vector<std::int32_t> renumbered(sources.size());
  for (std::size_t i = 0; i < sources.size(); ++i) renumbered[i] = search.new_id[static_cast<std::size_t>(sources[i])];
  const auto arcs_of = [&](std::int32_t u) { return search.offsets[u + 1] - search.offsets[u]; };
  std::stable_sort(renumbered.begin(), renumbered.end(),
                   [&](std::int32_t a, std::int32_t b) { return arcs_of(a) > arcs_of(b); });
  return renumbered;
}

// Runs of this many sources or more first bound every arc through a few hubs on the host
// (hub_bounds.hpp): 2 searches a hub, on the host's threads, a small share of such a run.
// PATHSCOPE_GPU_CENTRALITY_HUB_BOUNDS = 0 never does, 1 always (for the tests and measuring).
constexpr std::size_t kHubBoundSources = 256;
constexpr std::int32_t kBoundingHubs = 8;

bool bounds_through_hubs(std::size_t sources) {
  const char* text = std::getenv("PATHSCOPE_GPU_CENTRALITY_HUB_BOUNDS");
  if (text && std::string(text) == "0") return false;
  if (text && std::string(text) == "1") return true;
  return sources >= kHubBoundSources;
}

struct Sizes {
  std::uint64_t shared = 0;     // graph, sources, counters
  std::uint64_t per_block = 0;  // working arrays and partial sums of one block
};

Sizes device_sizes(const Graph& g, bool hops, bool windowed, std::size_t sources, bool dependency, bool distances) {
  const std::uint64_t n = static_cast<std::uint64_t>(g.n), m = static_cast<std::uint64_t>(g.arc_count());
  Sizes s;
  // Offsets, heads, costs, dominated-arc bytes and live ends (of the kept arcs: at most m),
  // sources, counters.
  s.shared = (n + 1) * 8 + m * 4 + (hops ? 0 : m * (8 + 1) + n * 8) + sources * 4 + 64;
  s.per_block = n * (8 + 8 + 4) + (n + 2) * 4 + m;       // sigma, delta, order, level starts, tight arcs
  // Distances; or distances, reached, two frontiers, rounds, steps, tight counts, and two far
  // piles or (windowed) three piles of pending ranges, a place in them, tight arcs out and the
  // tight heads listed (one an arc).
  s.per_block += hops ? n * 4 + (n + 31) / 32 * 4 : n * (8 + 4 + 2 * 4 + 4 + 4 + 4);
  if (!hops) s.per_block += windowed ? n * (3 * sizeof(centrality::PendingArcs) + 4 + 4) + m * 4 : n * 2 * 4;
  if (dependency) s.per_block += n * 8;
  if (distances) s.per_block += n * (8 + 8 + 4);
  return s;
}

template <class T>
DeviceArray<T> filled(std::size_t count, int byte, cudaStream_t s) {
  DeviceArray<T> device(count, s);
  if (count > 0) CUDA_CHECK(cudaMemsetAsync(device.get(), byte, device.bytes(), s));
  return device;
}

template <class T>
std::vector<T> download(const T* device, std::size_t count, cudaStream_t s) {
  std::vector<T> host(count);
  if (count > 0) CUDA_CHECK(cudaMemcpyAsync(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost, s));
  return host;
}

}  // namespace

DeviceWork gpu_source_searches(const Graph& g, const CentralityOptions& options, const JobContext& job,
                               const GpuContext& gpu, CentralityResult& result) {
  DeviceWork work;
  const std::vector<std::int32_t> sources = detail::centrality_sources(g, options);
  const std::int32_t n = g.n;
  const bool hops = options.hops || g.unit_weights;
  const bool dependency = asks(options, CentralityMeasure::Betweenness);
  const bool distances = asks(options, CentralityMeasure::Closeness) || asks(options, CentralityMeasure::Harmonic);
  detail::SourceSums sums;
  sums.dependency.assign(n, 0.0);
  sums.distance_sum.assign(n, 0.0);
  sums.inverse_distance_sum.assign(n, 0.0);
  sums.reached_by.assign(n, 0);
  if (sources.empty() || n == 0) {
    detail::finish_centrality(g, options, 0, sums, result);
    result.sources_used = 0;
    return work;
  }

  SearchLaunch launch = launch_for(g, hops);
  const Sizes sizes = device_sizes(g, hops, launch.windowed, sources.size(), dependency, distances);
  const std::uint64_t budget = gpu.memory_budget();
  const std::string what = "GPU centrality of " + count_text(n, "node") + " and " + count_text(g.arc_count(), "arc") +
                           " (the graph and one search's arrays)";
  require_within_budget(sizes.shared + sizes.per_block, budget, what);
  launch.settled_bitmap = env_switched_on("PATHSCOPE_GPU_CENTRALITY_SETTLED");
  int per_multiprocessor = centrality::resident_blocks_per_multiprocessor(launch, n);
  // A block of 1,024 threads needs 64 registers or fewer a thread (58 with nvcc 13.0); should a
  // compiler take more, smaller blocks still start.
  while (per_multiprocessor < 1 && launch.threads > 128) {
    launch.threads /= 2;
    per_multiprocessor = centrality::resident_blocks_per_multiprocessor(launch, n);
  }
  if (per_multiprocessor < 1) throw Error("GPU centrality: the search kernel does not fit on this device");
  const std::int64_t resident = static_cast<std::int64_t>(per_multiprocessor) * gpu.multiprocessors();
  const std::int64_t fitting = static_cast<std::int64_t>((budget - sizes.shared) / sizes.per_block);
  const int blocks = static_cast<int>(std::max<std::int64_t>(
      1, std::min({resident, fitting, static_cast<std::int64_t>(sources.size()), block_cap()})));
  const std::size_t per = static_cast<std::size_t>(n), slices = static_cast<std::size_t>(blocks);

  const cudaStream_t s = gpu.stream().get();
  const centrality::SearchGraph search =
      centrality::make_search_graph(g, options.mask, !hops, env_switched_on("PATHSCOPE_GPU_CENTRALITY_HUB_ORDER"),
                                    launch.windowed);
  const double upload_start = now_seconds();
  const std::int64_t search_arcs = search.offsets.back();
  const DeviceArray<std::int64_t> offsets = upload(search.offsets, s);
  const DeviceArray<std::int32_t> heads = upload(search.heads, s);
  const DeviceArray<double> costs = hops ? DeviceArray<double>() : upload(search.costs, s);
  const DeviceArray<std::int32_t> source_list = upload(most_arcs_first(search, sources), s);
  CUDA_CHECK(cudaStreamSynchronize(s));
  work.transfer_seconds += now_seconds() - upload_start;

  DeviceArray<std::int32_t> hop_distance =
      hops ? filled<std::int32_t>(slices * per, centrality::kUnreachedHopsByte, s) : DeviceArray<std::int32_t>();
  DeviceArray<unsigned long long> cost_distance =
      hops ? DeviceArray<unsigned long long>() : filled<unsigned long long>(slices * per, centrality::kUnreachedCostByte, s);
  DeviceArray<double> sigma = filled<double>(slices * per, 0, s);
  DeviceArray<double> delta = filled<double>(slices * per, 0, s);
  DeviceArray<std::int32_t> order(slices * per, s);
  DeviceArray<std::int32_t> level_start(slices * (per + 2), s);
  DeviceArray<std::int32_t> reached = hops ? DeviceArray<std::int32_t>() : DeviceArray<std::int32_t>(slices * per, s);
  DeviceArray<std::int32_t> frontier =
      hops ? DeviceArray<std::int32_t>() : DeviceArray<std::int32_t>(slices * 2 * per, s);
  DeviceArray<std::int32_t> queued_in_round = hops ? DeviceArray<std::int32_t>() : filled<std::int32_t>(slices * per, 0, s);
  const bool near_far = !hops && !launch.windowed;
  DeviceArray<std::int32_t> far = near_far ? DeviceArray<std::int32_t>(slices * 2 * per, s) : DeviceArray<std::int32_t>();
  DeviceArray<centrality::PendingArcs> pending(launch.windowed ? slices * 3 * per : 0, s);
  DeviceArray<std::int32_t> pending_at(launch.windowed ? slices * per : 0, s);
  DeviceArray<std::int32_t> tight_out =
      launch.windowed ? filled<std::int32_t>(slices * per, 0, s) : DeviceArray<std::int32_t>();
  DeviceArray<std::int32_t> far_in_epoch = hops ? DeviceArray<std::int32_t>() : filled<std::int32_t>(slices * per, 0, s);
  DeviceArray<std::int32_t> tight_in = hops ? DeviceArray<std::int32_t>() : filled<std::int32_t>(slices * per, 0, s);
  DeviceArray<std::int32_t> tight_heads(launch.windowed ? slices * static_cast<std::size_t>(search_arcs) : 0, s);
  DeviceArray<std::uint8_t> tight_arc = filled<std::uint8_t>(slices * static_cast<std::size_t>(search_arcs), 0, s);
  DeviceArray<std::uint32_t> settled_bits(
      hops && centrality::settled_bitmap_shared_bytes(n) == 0 ? slices * ((per + 31) / 32) : 0, s);
  const double margin = hops || !env_switched_on("PATHSCOPE_GPU_CENTRALITY_DOMINATED")
                            ? std::numeric_limits<double>::infinity()
                            : dominance_margin(g, options);
  DeviceArray<std::uint8_t> dominated;
  DeviceArray<std::int64_t> live_ends;
  if (std::isfinite(margin)) {
    const bool with_live_ends = env_switched_on("PATHSCOPE_GPU_CENTRALITY_LIVE_ENDS");
    if (bounds_through_hubs(sources.size())) {
      const centrality::KnownDominated known = centrality::dominated_through_hubs(search, margin, kBoundingHubs);
      dominated = upload(known.dominated, s);
      if (with_live_ends) live_ends = upload(known.live_ends, s);
      CUDA_CHECK(cudaStreamSynchronize(s));  // the host vectors go out of scope
    } else {
      dominated = filled<std::uint8_t>(static_cast<std::size_t>(search_arcs), 0, s);
      if (with_live_ends) {
        live_ends = DeviceArray<std::int64_t>(per, s);
        CUDA_CHECK(cudaMemcpyAsync(live_ends.get(), offsets.get() + 1, live_ends.bytes(), cudaMemcpyDeviceToDevice, s));
      }
    }
  }
  DeviceArray<double> dependency_sums = dependency ? filled<double>(slices * per, 0, s) : DeviceArray<double>();
  DeviceArray<double> distance_sums = distances ? filled<double>(slices * per, 0, s) : DeviceArray<double>();
  DeviceArray<double> inverse_sums = distances ? filled<double>(slices * per, 0, s) : DeviceArray<double>();
  DeviceArray<std::int32_t> reached_sums = distances ? filled<std::int32_t>(slices * per, 0, s) : DeviceArray<std::int32_t>();
  DeviceArray<unsigned> next_source(1, s);
  DeviceArray<unsigned long long> arcs_scanned = filled<unsigned long long>(1, 0, s);

  const centrality::DeviceGraph graph{offsets.get(), heads.get(), costs.get(), n, search_arcs,
                                      hops ? 0.0 : near_far_step(g, options), dominated.get(),
                                      std::isfinite(margin) ? margin : 0.0, live_ends.get()};
  centrality::SearchSpace space;
  space.hop_distance = hop_distance.get();
  space.cost_distance = cost_distance.get();
  space.sigma = sigma.get();
  space.delta = delta.get();
  space.order = order.get();
  space.level_start = level_start.get();
  space.reached = reached.get();
  space.frontier = frontier.get();
  space.queued_in_round = queued_in_round.get();
  space.far = far.get();
  space.far_in_epoch = far_in_epoch.get();
  space.tight_in = tight_in.get();
  space.pending = pending.get();
  space.pending_at = pending_at.get();
  space.tight_out = tight_out.get();
  space.tight_heads = tight_heads.get();
  space.tight_arc = tight_arc.get();
  space.settled_bits = settled_bits.get();
  const centrality::PartialSums partial{dependency_sums.get(), distance_sums.get(), inverse_sums.get(),
                                        reached_sums.get()};

  // Sources go out in launches of whole rounds of blocks; the first launch, one source per
  // block, times a source, and later launches are sized from it.
  const std::int64_t total = static_cast<std::int64_t>(sources.size());
  std::int64_t done = 0, batch = blocks;
  Event launch_start(true), launch_end(true);
  while (done < total) {
    job.check_cancel();
    const std::int64_t count = std::min(batch, total - done);
    CUDA_CHECK(cudaMemsetAsync(next_source.get(), 0, sizeof(unsigned), s));
    launch_start.record(s);
    centrality::launch_source_searches(launch, blocks, graph, space, partial, source_list.get() + done,
                                       static_cast<std::int32_t>(count), next_source.get(), arcs_scanned.get(), s);
    launch_end.record(s);
    launch_end.sync();
    const double seconds = launch_end.seconds_since(launch_start);
    work.compute_seconds += seconds;
    done += count;
    job.report(static_cast<double>(done) / static_cast<double>(total));
    // Rounds of sources per block that fill about kSecondsPerLaunch at the rate just seen.
    const double rounds = seconds > 0 ? kSecondsPerLaunch / (seconds * blocks / static_cast<double>(count)) : 1;
    batch = blocks * std::clamp<std::int64_t>(static_cast<std::int64_t>(rounds), 1, kMaxSourcesPerBlock);
  }
  job.check_cancel();

  launch_start.record(s);
  centrality::launch_reduce_partial_sums(partial, blocks, n, gpu.multiprocessors(), s);
  launch_end.record(s);
  launch_end.sync();
  work.compute_seconds += launch_end.seconds_since(launch_start);

  const double download_start = now_seconds();
  std::vector<double> dependency_by_new_id, distance_by_new_id, inverse_by_new_id;
  std::vector<std::int32_t> reached_by_new_id;
  if (dependency) dependency_by_new_id = download(dependency_sums.get(), per, s);
  if (distances) {
    distance_by_new_id = download(distance_sums.get(), per, s);
    inverse_by_new_id = download(inverse_sums.get(), per, s);
    reached_by_new_id = download(reached_sums.get(), per, s);
  }
  const std::vector<unsigned long long> scanned = download(arcs_scanned.get(), 1, s);
  CUDA_CHECK(cudaStreamSynchronize(s));
  work.transfer_seconds += now_seconds() - download_start;
  using centrality::in_graph_order;
  if (dependency) sums.dependency = in_graph_order(dependency_by_new_id, search.new_id);
  if (distances) {
    sums.distance_sum = in_graph_order(distance_by_new_id, search.new_id);
    sums.inverse_distance_sum = in_graph_order(inverse_by_new_id, search.new_id);
    const std::vector<std::int32_t> reached_by = in_graph_order(reached_by_new_id, search.new_id);
    for (std::size_t v = 0; v < reached_by.size(); ++v) sums.reached_by[v] = reached_by[v];
  }
  work.updates = static_cast<double>(scanned[0]);

  detail::finish_centrality(g, options, total, sums, result);
  result.sources_used = total;
  return work;
}

}  // namespace pathscope::gpu
