// Type-to-type path lengths. Every source row (a saved table's row, or one breadth-first
// search) is read once, by one thread, into that thread's accumulators for its source group
// against every target group; the threads' accumulators are merged at the end. Hop counts go
// into small histograms (a connectome's diameter is a few dozen hops), so a 100 x 100 type
// question over thousands of neurons needs no per-pair storage; weighted distances are kept
// per pair for the median, within the memory budget.
#include "pathscope/paths/group_path_lengths.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Accumulator {
  std::int64_t pairs = 0;
  std::vector<std::int64_t> histogram;  // hop counts: histogram[h] = pairs at h hops
  std::vector<double> values;           // weighted distances, one per reachable pair

  void add_hops(std::uint32_t h) {
    if (h >= histogram.size()) histogram.resize(h + 1, 0);
    ++histogram[h];
  }
  void merge(Accumulator& other) {
    pairs += other.pairs;
    if (other.histogram.size() > histogram.size()) histogram.resize(other.histogram.size(), 0);
    for (std::size_t h = 0; h < other.histogram.size(); ++h) histogram[h] += other.histogram[h];
    values.insert(values.end(), other.values.begin(), other.values.end());
    other = Accumulator{};
  }
  GroupPairLengths finish() {
    GroupPairLengths cell;
    cell.pairs = pairs;
    cell.min = cell.median = kInf;
    std::int64_t reachable = static_cast<std::int64_t>(values.size());
    for (const auto count : histogram) reachable += count;
    cell.reachable = reachable;
    if (reachable == 0) return cell;
    const std::int64_t low = (reachable - 1) / 2, high = reachable / 2;
    if (!histogram.empty()) {
      double low_value = 0, high_value = 0;
      bool min_set = false;
      std::int64_t seen = 0;
      for (std::size_t h = 0; h < histogram.size(); ++h) {
        if (histogram[h] == 0) continue;
        if (!min_set) {
          cell.min = static_cast<double>(h);
          min_set = true;
        }
        if (seen <= low && low < seen + histogram[h]) low_value = static_cast<double>(h);
        if (seen <= high && high < seen + histogram[h]) high_value = static_cast<double>(h);
        seen += histogram[h];
      }
      cell.median = (low_value + high_value) / 2;
      return cell;
    }
    cell.min = *std::min_element(values.begin(), values.end());
    std::nth_element(values.begin(), values.begin() + high, values.end());
    const double high_value = values[static_cast<std::size_t>(high)];
    const double low_value =
        low == high ? high_value : *std::max_element(values.begin(), values.begin() + high);
    cell.median = (low_value + high_value) / 2;
    return cell;
  }
};

struct Layout {
  std::vector<std::int32_t> rows;          // source nodes, ascending (file order)
  std::vector<std::int32_t> row_group;     // their source group
  std::vector<std::int32_t> target_nodes;  // all target members, group by group
  std::vector<std::size_t> target_begin;   // group t: target_nodes[target_begin[t], target_begin[t+1])
  std::int64_t pairs = 0;
};

Layout lay_out(const std::vector<NodeGroup>& sources, const std::vector<NodeGroup>& targets, std::int64_t n) {
  Layout layout;
  std::vector<std::pair<std::int32_t, std::int32_t>> rows;
  for (std::size_t s = 0; s < sources.size(); ++s)
    for (const auto u : sources[s].nodes) {
      if (u < 0 || u >= n) throw Error("group " + sources[s].name + " names node index " + std::to_string(u) + ", outside the graph");
      rows.emplace_back(u, static_cast<std::int32_t>(s));
    }
  std::sort(rows.begin(), rows.end());
  for (const auto& [u, s] : rows) {
    layout.rows.push_back(u);
    layout.row_group.push_back(s);
  }
  layout.target_begin.push_back(0);
  for (const auto& group : targets) {
    for (const auto v : group.nodes) {
      if (v < 0 || v >= n) throw Error("group " + group.name + " names node index " + std::to_string(v) + ", outside the graph");
      layout.target_nodes.push_back(v);
    }
    layout.target_begin.push_back(layout.target_nodes.size());
  }
  layout.pairs = static_cast<std::int64_t>(layout.rows.size()) * static_cast<std::int64_t>(layout.target_nodes.size());
  return layout;
}

GroupPathLengths start_result(const std::vector<NodeGroup>& sources, const std::vector<NodeGroup>& targets) {
  GroupPathLengths out;
  for (const auto& g : sources) out.sources.push_back(g.name);
  for (const auto& g : targets) out.targets.push_back(g.name);
  return out;
}

// Runs `read_row(row_index, thread_accumulators_for_its_group)` for every source row on the
// threads, then merges the accumulators into the result's cells.
template <class ReadRow>
void run_rows(const Layout& layout, std::size_t source_count, int threads, const JobContext& job,
              GroupPathLengths& out, ReadRow read_row) {
  const std::size_t target_count = layout.target_begin.size() - 1;
  const std::size_t cells = source_count * target_count;
  std::vector<std::vector<Accumulator>> local(static_cast<std::size_t>(threads), std::vector<Accumulator>(cells));
  detail::SharedProgress progress(job, static_cast<std::int64_t>(layout.rows.size()));
  const auto row_count = static_cast<std::int64_t>(layout.rows.size());
#pragma omp parallel num_threads(threads)
  {
    auto& mine = local[static_cast<std::size_t>(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 4)
    for (std::int64_t r = 0; r < row_count; ++r) {
      if (progress.should_stop()) continue;
      const auto group = static_cast<std::size_t>(layout.row_group[static_cast<std::size_t>(r)]);
      read_row(static_cast<std::size_t>(r), &mine[group * target_count]);
      progress.unit_done();
    }
  }
  progress.finish();
  out.cells.resize(cells);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 16)
  for (std::int64_t c = 0; c < static_cast<std::int64_t>(cells); ++c) {
    Accumulator& total = local[0][static_cast<std::size_t>(c)];
    for (std::size_t t = 1; t < local.size(); ++t) total.merge(local[t][static_cast<std::size_t>(c)]);
    out.cells[static_cast<std::size_t>(c)] = total.finish();
  }
}

template <class T>
void read_table_row(const T* row, std::int32_t u, const Layout& layout, Accumulator* accumulators) {
  const std::size_t target_count = layout.target_begin.size() - 1;
  for (std::size_t t = 0; t < target_count; ++t) {
    Accumulator& acc = accumulators[t];
    for (std::size_t i = layout.target_begin[t]; i < layout.target_begin[t + 1]; ++i) {
      const std::int32_t v = layout.target_nodes[i];
      if (v == u) continue;
      ++acc.pairs;
      T x;
      std::memcpy(&x, row + v, sizeof(T));
      if constexpr (std::is_same_v<T, std::uint16_t>) {
        if (x != kUnreachableU16) acc.add_hops(x);
      } else if constexpr (std::is_same_v<T, float>) {
        if (x != kUnreachableF32 && !std::isnan(x)) acc.values.push_back(x);
      } else {
        if (x != kUnreachableOf<T>) acc.values.push_back(static_cast<double>(x));
      }
    }
  }
}

void check_groups(const std::vector<NodeGroup>& sources, const std::vector<NodeGroup>& targets) {
  if (sources.empty()) throw Error("no source groups: name at least one");
  if (targets.empty()) throw Error("no target groups: name at least one");
}

}  // namespace

GroupPathLengths group_path_lengths(const SavedTable& table, const std::vector<NodeGroup>& sources,
                                    const std::vector<NodeGroup>& targets, const EngineResources& resources,
                                    const JobContext& job) {
  check_groups(sources, targets);
  const double start = now_seconds();
  const int threads = effective_threads(resources);
  const Layout layout = lay_out(sources, targets, table.n());
  GroupPathLengths out = start_result(sources, targets);
  out.unit = table.type() == DistType::Hop16 ? "hops" : "cost";
  out.method = "saved table " + table.path() + " (" + dist_type_name(table.type()) + (table.is_zarr() ? ", Zarr chunks)" : ", memory-mapped)");
  if (table.type() != DistType::Hop16) {
    const auto need = static_cast<std::uint64_t>(layout.pairs) * sizeof(double);
    const auto budget = effective_memory_budget(resources);
    if (need > budget)
      throw Error("the median of " + std::to_string(layout.pairs) + " weighted distances needs " + format_bytes(need) +
                  " (budget " + format_bytes(budget) + "): name fewer types, or use a hop16 table");
  }
  const auto visit = [&](auto tag) {
    using T = decltype(tag);
    run_rows(layout, sources.size(), threads, job, out, [&](std::size_t r, Accumulator* accumulators) {
      const std::int32_t u = layout.rows[r];
      read_table_row(static_cast<const T*>(table.row_data(u)), u, layout, accumulators);
    });
  };
  switch (table.type()) {
    case DistType::Hop16: visit(std::uint16_t{}); break;
    case DistType::Int32: visit(std::int32_t{}); break;
    case DistType::Int64: visit(std::int64_t{}); break;
    case DistType::Float32: visit(float{}); break;
  }
  out.timing.engine = "saved table";
  out.timing.device = cpu_device_label(threads);
  out.timing.seconds = now_seconds() - start;
  out.timing.updates = static_cast<double>(layout.pairs);
  return out;
}

GroupPathLengths group_path_lengths(const Graph& g, const std::vector<NodeGroup>& sources,
                                    const std::vector<NodeGroup>& targets, const EngineResources& resources,
                                    const JobContext& job) {
  check_groups(sources, targets);
  const double start = now_seconds();
  const int threads = effective_threads(resources);
  const Layout layout = lay_out(sources, targets, g.n);
  GroupPathLengths out = start_result(sources, targets);
  out.unit = "hops";
  out.method = "breadth-first search from each source neuron (" + std::to_string(layout.rows.size()) + " searches)";
  const std::size_t n = static_cast<std::size_t>(g.n);
  std::vector<char> is_target(n, 0);
  std::int64_t distinct_targets = 0;
  for (const auto v : layout.target_nodes)
    if (!is_target[v]) {
      is_target[v] = 1;
      ++distinct_targets;
    }
  struct Scratch {
    std::vector<std::uint32_t> seen;
    std::vector<std::uint32_t> hops;
    std::vector<std::int32_t> queue;
    std::uint32_t mark = 0;
  };
  std::vector<Scratch> scratch(static_cast<std::size_t>(threads));
  run_rows(layout, sources.size(), threads, job, out, [&](std::size_t r, Accumulator* accumulators) {
    Scratch& s = scratch[static_cast<std::size_t>(omp_get_thread_num())];
    if (s.seen.empty()) {
      s.seen.assign(n, 0);
      s.hops.assign(n, 0);
      s.queue.reserve(n);
    }
    if (++s.mark == 0) {
      std::fill(s.seen.begin(), s.seen.end(), 0);
      s.mark = 1;
    }
    const std::int32_t source = layout.rows[r];
    s.queue.clear();
    s.queue.push_back(source);
    s.seen[source] = s.mark;
    s.hops[source] = 0;
    // The search stops once every target is reached: small target groups cost little.
    std::int64_t found = is_target[source] ? 1 : 0;
    for (std::size_t head = 0; head < s.queue.size() && found < distinct_targets; ++head) {
      const std::int32_t u = s.queue[head];
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const std::int32_t v = g.heads[a];
        if (s.seen[v] == s.mark) continue;
        s.seen[v] = s.mark;
        s.hops[v] = s.hops[u] + 1;
        s.queue.push_back(v);
        found += is_target[v];
      }
    }
    const std::size_t target_count = layout.target_begin.size() - 1;
    for (std::size_t t = 0; t < target_count; ++t) {
      Accumulator& acc = accumulators[t];
      for (std::size_t i = layout.target_begin[t]; i < layout.target_begin[t + 1]; ++i) {
        const std::int32_t v = layout.target_nodes[i];
        if (v == source) continue;
        ++acc.pairs;
        if (s.seen[v] == s.mark) acc.add_hops(s.hops[v]);
      }
    }
  });
  out.timing.engine = "breadth-first search";
  out.timing.device = cpu_device_label(threads);
  out.timing.seconds = now_seconds() - start;
  out.timing.updates = static_cast<double>(layout.rows.size());
  return out;
}

}  // namespace pathscope
