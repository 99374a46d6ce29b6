#include "pathscope_ui_common/correlation_network.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// Stronger first; equal strength in table order, so that runs with equal survivors keep the
// same ones (used rows follow the table's order).
bool stronger(const CorrelationPair& a, const CorrelationPair& b) {
  const double x = std::fabs(a.rho), y = std::fabs(b.rho);
  if (x != y) return x > y;
  return a.i != b.i ? a.i < b.i : a.j < b.j;
}

// The hub: the node with the most partners (the first of equals), with its partners.
void find_hub(CorrelationNetwork& net) {
  std::vector<std::int32_t> partners(net.table_rows.size(), 0);
  for (std::int32_t node : net.arcs) ++partners[node];
  if (net.arcs.empty()) return;
  net.hub = static_cast<std::int32_t>(std::max_element(partners.begin(), partners.end()) - partners.begin());
  net.hub_set.push_back(net.hub);
  for (std::size_t a = 0; a + 1 < net.arcs.size(); a += 2) {
    if (net.arcs[a] == net.hub) net.hub_set.push_back(net.arcs[a + 1]);
    if (net.arcs[a + 1] == net.hub) net.hub_set.push_back(net.arcs[a]);
  }
  std::sort(net.hub_set.begin(), net.hub_set.end());
}

}  // namespace

void CorrelationNetworkSink::consume(const CorrelationPair* pairs, std::size_t count) {
  const std::size_t max_arcs = static_cast<std::size_t>(std::max<std::int64_t>(options_.max_arcs, 0));
  for (std::size_t k = 0; k < count; ++k) {
    const CorrelationPair& p = pairs[k];
    if (p.rho == 0) continue;
    if (max_arcs == 0) {
      if (static_cast<std::int64_t>(kept_.size()) >= kMaxCorrelationNetworkArcs)
        throw Error("more than " + std::to_string(kMaxCorrelationNetworkArcs) +
                    " correlations survive: too many for a graph (raise the cut-off)");
      kept_.push_back(p);
    } else if (kept_.size() < max_arcs) {
      kept_.push_back(p);
      std::push_heap(kept_.begin(), kept_.end(), stronger);
    } else if (stronger(p, kept_.front())) {  // a stronger newcomer replaces the weakest kept pair
      std::pop_heap(kept_.begin(), kept_.end(), stronger);
      kept_.back() = p;
      std::push_heap(kept_.begin(), kept_.end(), stronger);
    }
  }
}

void CorrelationNetworkSink::finish() {
  if (!rows_) return;  // the engine found no rows to hand over
  const RowCatalog& rows = *rows_;
  std::sort(kept_.begin(), kept_.end(), stronger);
  CorrelationNetwork net;
  // The rows that become nodes, as a catalog of their own, so that the graph is made by the
  // core's one rule for correlation graphs.
  RowCatalog drawn_rows;
  drawn_rows.has_names = rows.has_names;
  std::map<std::int32_t, std::int32_t> node_of;  // used row -> node, in table order
  if (options_.every_row) {
    for (std::int32_t used = 0; used < rows.used(); ++used) node_of[used] = 0;
  } else {
    for (const CorrelationPair& p : kept_) node_of[p.i] = node_of[p.j] = 0;
  }
  for (auto& [used_row, node] : node_of) {
    node = net.node_count();
    net.table_rows.push_back(rows.table_row[used_row]);
    net.labels.push_back(rows.label(used_row));
    if (rows.has_names) drawn_rows.names.push_back(rows.names[used_row]);
  }
  drawn_rows.table_row = net.table_rows;
  for (CorrelationPair& p : kept_) {
    p.i = node_of[p.i];
    p.j = node_of[p.j];
    net.arcs.push_back(p.i);
    net.arcs.push_back(p.j);
    net.rho.push_back(p.rho);
  }
  net.graph = correlation_graph(drawn_rows, kept_, "inverse");
  find_hub(net);
  kept_ = {};
  network_ = std::move(net);
}

}  // namespace pathscope
