#!/usr/bin/env python3
"""Times pathscope's centrality engine (CPU, 1 and 2 threads) beside igraph's C library
(single-threaded, as python-igraph runs it) and networkx on the same graphs, side by side in
one run, and checks that the values agree.

Graphs, from PATHSCOPE_SHARED_DATA (default ../shared/data beside the repository), each loaded
by pathscope and handed to the peers as the same arcs and costs (building them is not timed):
  - larva-hops, larva-inverse: the Drosophila larva connectome (Winding et al. 2023, the
    edge list as pathscope reads it), every arc costing 1, or 1 / synapses (cost_rule inverse);
  - rome99: DIMACS-9 Rome, directed, whole metre costs;
  - lux-ball: the --ball (default 10,000) Luxembourg street nodes nearest node 1 by hops
    (undirected, unweighted): igraph's exact betweenness of all 114,599 nodes would take tens
    of minutes here; --graphs luxembourg runs the whole graph.
Measures: exact betweenness (unnormalized, as igraph gives it), closeness (networkx's scaling;
distances to the node), harmonic (sum of 1/d to the node) and PageRank (0.85; arcs weigh their
synapse counts where the graph has them). networkx runs exact betweenness from k sampled
sources, closeness and harmonic for k nodes, and is scaled to the whole graph (marked).
Figures are medians of --repeat runs, wall time or (--clock cpu) CPU time. --measures times some of the four only, --no-networkx
leaves networkx out.

Usage: PYTHONPATH=build/python /usr/bin/python3 scripts/bench/centrality-peers.py [--repeat 3]
"""
import argparse
import os
import statistics
import sys
import time
from collections import deque
from pathlib import Path

import igraph
import networkx
import numpy as np

import pathscope

ROOT = Path(__file__).resolve().parents[2]


def shared_data():
    return Path(os.environ.get("PATHSCOPE_SHARED_DATA") or ROOT.parent / "shared" / "data")


# Wall time, or with --clock cpu this process's CPU time (all its threads together: what compares
# one thread with a single-threaded peer on a machine other jobs load; says nothing of 2 threads).
clock = time.perf_counter


def seconds(call, repeat):
    """Median seconds of `repeat` calls by `clock`, and the last call's answer."""
    times = []
    answer = None
    for _ in range(repeat):
        start = clock()
        answer = call()
        times.append(clock() - start)
    return statistics.median(times), answer


def ball(g, start, size):
    """The `size` nodes nearest `start` by hops, as a graph of their own (breadth-first order)."""
    offsets, heads = np.asarray(g.offsets), np.asarray(g.heads)
    order, seen = [start], {start}
    queue = deque([start])
    while queue and len(order) < size:
        u = queue.popleft()
        for v in heads[offsets[u]:offsets[u + 1]].tolist():
            if v not in seen and len(order) < size:
                seen.add(v)
                order.append(v)
                queue.append(v)
    index = np.full(g.n, -1, dtype=np.int64)
    index[order] = np.arange(len(order))
    sources, targets, weights = g.to_arrays()
    keep = (index[sources] >= 0) & (index[targets] >= 0)
    return pathscope.from_arrays(index[sources[keep]], index[targets[keep]], weights[keep], n=len(order),
                                 directed=g.directed)


class Peers:
    """The graph as igraph and networkx hold it, built from pathscope's arcs (an undirected
    graph's edges once each; self-loops, which no shortest path and no engine here uses, left out)."""

    def __init__(self, g, weighted):
        offsets = np.asarray(g.offsets)
        tails = np.repeat(np.arange(g.n, dtype=np.int64), np.diff(offsets))
        heads = np.asarray(g.heads, dtype=np.int64)
        arcs = np.arange(len(heads)) if g.directed else np.flatnonzero(tails < heads)
        tails, heads = tails[arcs], heads[arcs]
        self.weights = np.asarray(g.weights)[arcs].tolist() if weighted else None
        self.strengths = None if g.arc_strengths is None else np.asarray(g.arc_strengths)[arcs].tolist()
        self.igraph = igraph.Graph(n=g.n, edges=np.column_stack([tails, heads]).tolist(), directed=g.directed)
        self.nx = networkx.DiGraph() if g.directed else networkx.Graph()
        self.nx.add_nodes_from(range(g.n))
        self.nx.add_weighted_edges_from(zip(tails.tolist(), heads.tolist(), np.asarray(g.weights)[arcs].tolist()))
        if self.strengths is not None:
            for u, v, strength in zip(tails.tolist(), heads.tolist(), self.strengths):
                self.nx[u][v]["strength"] = strength


def compare(rows_check, label, measure, library, ours, theirs, rel):
    """The largest relative difference at any node, which must stay within rel."""
    ours, theirs = np.asarray(ours, dtype=np.float64), np.asarray(theirs, dtype=np.float64)
    scale = np.maximum(np.abs(theirs), np.abs(theirs).max() * 1e-9 + 1e-300)
    worst = float(np.max(np.abs(ours - theirs) / scale)) if len(ours) else 0.0
    rows_check.append((label, measure, library, f"{worst:.2g} (largest relative)", worst <= rel))


def compare_pagerank(rows_check, label, library, ours, theirs):
    """PageRank by the L1 distance: networkx's iteration stops once an iteration changes the
    vector by less than n * 1e-6 (L1), so the vector may lie up to alpha / (1 - alpha) times that
    from the limit PRPACK solves for; single nodes of tiny rank can differ by more, relatively."""
    ours, theirs = np.asarray(ours, dtype=np.float64), np.asarray(theirs, dtype=np.float64)
    distance = float(np.abs(ours - theirs).sum())
    allowed = len(ours) * 1e-6 * 0.85 / 0.15 * 2
    rows_check.append((label, "pagerank", library, f"{distance:.2g} (L1; allowed {allowed:.2g})", distance <= allowed))


def run_graph(label, g, hops, args, rows, checks):
    peers = Peers(g, weighted=not hops)
    n, repeat = g.n, args.repeat
    mode = "in" if g.directed else "all"

    def add(measure, library, t, note=""):
        rows.append((label, measure, library, t, note))
        print(f"  {measure:12} {library:28} {t:10.4g} s {note}", file=sys.stderr, flush=True)

    wanted = args.measures.split(",")
    ours = {}
    for threads in (1, 2):
        for measure in wanted:
            t, result = seconds(lambda: pathscope.centrality(g, measure, engine="cpu", hops=hops, normalized=False,
                                                             threads=threads), repeat)
            add(measure, f"pathscope cpu, {threads} thread{'s' if threads > 1 else ''}", t)
            ours[measure] = np.array(result[measure])

    weights = peers.weights
    if "betweenness" in wanted:
        igraph_betweenness(label, g, hops, peers, repeat, add, ours, checks)
    if "harmonic" in wanted:
        t, theirs = seconds(lambda: peers.igraph.harmonic_centrality(mode=mode, weights=weights, normalized=False), repeat)
        add("harmonic", "igraph", t)
        compare(checks, label, "harmonic", "igraph", ours["harmonic"], theirs, 1e-9)
    if "closeness" in wanted:
        t, theirs = seconds(lambda: peers.igraph.closeness(mode=mode, weights=weights, normalized=True), repeat)
        add("closeness", "igraph", t, "(scaled by reach as networkx does for the check)")
        # igraph averages over the nodes that reach the node; networkx's wf_improved scales that by
        # the share of the graph they are.
        reach = np.array(peers.igraph.neighborhood_size(order=n, mode=mode), dtype=np.float64) - 1
        scaled = np.nan_to_num(np.asarray(theirs, dtype=np.float64)) * reach / max(n - 1, 1)
        compare(checks, label, "closeness", "igraph", ours["closeness"], scaled, 1e-9)
    strengths = peers.strengths
    if "pagerank" in wanted:
        t, theirs = seconds(lambda: peers.igraph.pagerank(directed=g.directed, damping=0.85, weights=strengths), repeat)
        add("pagerank", "igraph (PRPACK)", t)
        compare_pagerank(checks, label, "igraph", ours["pagerank"], theirs)
    if args.no_networkx:
        return

    # networkx on a part of the work, scaled to the whole.
    weight = None if hops else "weight"
    k = min(n, args.nx_sources)
    if "betweenness" in wanted:
        t, _ = seconds(lambda: networkx.betweenness_centrality(peers.nx, k=k, normalized=False, weight=weight, seed=1), 1)
        add("betweenness", "networkx", t * n / k, f"(scaled from {k} sources)" if k < n else "")
    nodes = list(range(0, n, max(1, n // k)))[:k]
    if "closeness" in wanted:
        # What closeness_centrality() does per node, on the graph it reverses once.
        reverse = peers.nx.reverse(copy=False) if g.directed else peers.nx
        search = (networkx.single_source_shortest_path_length if weight is None
                  else lambda G, u: networkx.single_source_dijkstra_path_length(G, u, weight=weight))
        start = clock()
        for u in nodes:
            search(reverse, u)
        add("closeness", "networkx", (clock() - start) * n / len(nodes), f"(scaled from {len(nodes)} nodes)")
    if "harmonic" in wanted:
        start = clock()
        networkx.harmonic_centrality(peers.nx, distance=weight, sources=nodes)
        add("harmonic", "networkx", (clock() - start) * n / len(nodes), f"(scaled from {len(nodes)} sources)")
    if "pagerank" in wanted:
        t, theirs = seconds(lambda: networkx.pagerank(peers.nx, weight="strength" if strengths else None), 1)
        add("pagerank", "networkx", t)
        compare_pagerank(checks, label, "networkx", ours["pagerank"], [theirs[v] for v in range(n)])


def igraph_betweenness(label, g, hops, peers, repeat, add, ours, checks):
    t, theirs = seconds(lambda: peers.igraph.betweenness(directed=g.directed, weights=peers.weights), repeat)
    add("betweenness", "igraph", t)
    if hops or g.integer_weights:
        compare(checks, label, "betweenness", "igraph", ours["betweenness"], theirs, 1e-6)
    else:
        # Real costs: igraph counts paths whose lengths differ by rounding as equally short,
        # networkx and pathscope compare lengths exactly; so the check is networkx's, on a part
        # small enough for it.
        part = ball(g, 0, 700)
        reference = networkx.betweenness_centrality(Peers(part, weighted=True).nx, normalized=False, weight="weight")
        compare(checks, f"{label} (700-node part)", "betweenness", "networkx",
                pathscope.centrality(part, "betweenness", engine="cpu", normalized=False)["betweenness"],
                [reference[v] for v in range(part.n)], 1e-9)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--graphs", default="larva-hops,larva-inverse,rome99,lux-ball")
    parser.add_argument("--measures", default="betweenness,closeness,harmonic,pagerank",
                        help="comma-separated: which of betweenness, closeness, harmonic, pagerank to time")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="cpu: CPU time of the process (one thread against igraph on a loaded machine)")
    parser.add_argument("--no-networkx", action="store_true", help="time pathscope and igraph only")
    parser.add_argument("--nx-sources", type=int, default=40, help="networkx's share of the work, scaled up")
    parser.add_argument("--ball", type=int, default=10_000, help="nodes of the Luxembourg part (lux-ball)")
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    unknown = set(args.measures.split(",")) - {"betweenness", "closeness", "harmonic", "pagerank"}
    if unknown:
        parser.error(f"--measures: unknown {', '.join(sorted(unknown))} (betweenness, closeness, harmonic, pagerank)")
    data = shared_data()
    larva = data / "connectome" / "drosophila_larva_G_edgelist.txt"
    graphs = {"larva-hops": (lambda: pathscope.load_graph(larva), True),
              "larva-inverse": (lambda: pathscope.load_graph(larva, cost_rule="inverse"), False),
              "rome99": (lambda: pathscope.load_graph(data / "rome99.gr"), False),
              "lux-ball": (lambda: ball(pathscope.load_graph(data / "luxembourg.osm.graph"), 0, args.ball), True),
              "luxembourg": (lambda: pathscope.load_graph(data / "luxembourg.osm.graph"), True)}
    rows, checks = [], []
    for label in args.graphs.split(","):
        make, hops = graphs[label]
        g = make()
        print(f"{label}: {g.n} nodes, {g.arc_count} arcs, {'directed' if g.directed else 'undirected'}, "
              f"{'hops' if hops else 'costs'}", file=sys.stderr, flush=True)
        run_graph(label, g, hops, args, rows, checks)
    print(f"{args.clock} time, load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores, pathscope {pathscope.__version__}, "
          f"igraph {igraph.__version__}, networkx {networkx.__version__}, repeat {args.repeat}")
    print("| graph | measure | library | seconds | |")
    print("|---|---|---|---|---|")
    for label, measure, library, t, note in rows:
        print(f"| {label} | {measure} | {library} | {t:.4g} | {note} |")
    print("\n| graph | measure | checked against | difference | agrees |")
    print("|---|---|---|---|---|")
    for label, measure, library, worst, agrees in checks:
        print(f"| {label} | {measure} | {library} | {worst} | {'yes' if agrees else 'NO'} |")
    if not all(agrees for *_, agrees in checks):
        sys.exit("some values disagree (see the table)")


if __name__ == "__main__":
    main()
