#!/usr/bin/env python3
"""Times pathscope's Python distance calls beside scipy.sparse.csgraph, igraph and networkx on
the same graphs, side by side in one run, and checks that every library gives the same numbers.

Graphs: rome99 (DIMACS-9) and Luxembourg (DIMACS-10 with its .xyz, Euclidean costs), from
PATHSCOPE_SHARED_DATA (default ../shared/data beside the repository). Each library gets the
graph pathscope loaded (the same arcs and costs); building them is not timed. Tasks:
all-pairs (rome99 only: Luxembourg's 114,599^2 table is 105 GB in float64), one source to every
node, 1,000 random pairs, a 100 x 100 table. Figures are medians of --repeat runs (a single
source: the median over --repeat x 5 sources). networkx's slow tasks are timed on a part of the
work and scaled up, marked "(scaled from k)".

Usage: PYTHONPATH=build/python /usr/bin/python3 scripts/bench/python-peers.py [--repeat 5] [--seed 1]
"""
import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import igraph
import networkx
import numpy as np
import scipy.sparse
import scipy.sparse.csgraph

import pathscope

ROOT = Path(__file__).resolve().parents[2]


def shared_data():
    return Path(os.environ.get("PATHSCOPE_SHARED_DATA") or ROOT.parent / "shared" / "data")


def seconds(call, repeat):
    """Median wall seconds of `repeat` calls, and the last call's answer."""
    times = []
    answer = None
    for _ in range(repeat):
        start = time.perf_counter()
        answer = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), answer


class Peers:
    """The graph as each library holds it, built from pathscope's arcs."""

    def __init__(self, g):
        self.g = g
        tails = np.repeat(np.arange(g.n, dtype=np.int64), np.diff(g.offsets))
        self.csr = scipy.sparse.csr_matrix((np.array(g.weights), np.array(g.heads), np.array(g.offsets)),
                                           shape=(g.n, g.n))
        self.igraph = igraph.Graph(n=g.n, edges=np.column_stack([tails, g.heads]).tolist(), directed=True)
        self.igraph.es["weight"] = g.weights.tolist()
        self.nx = networkx.DiGraph()
        self.nx.add_nodes_from(range(g.n))
        self.nx.add_weighted_edges_from(zip(tails.tolist(), g.heads.tolist(), g.weights.tolist()))


def nx_row(peers, source, n):
    row = np.full(n, np.inf)
    for node, d in networkx.single_source_dijkstra_path_length(peers.nx, source).items():
        row[node] = d
    return row


def scaled(call, part, whole, repeat):
    """Seconds for `whole` units, timed on the first `part` (call(k) does k units)."""
    t, answer = seconds(lambda: call(part), repeat)
    return t * whole / part, answer, part


def check(name, expected, actual):
    expected, actual = np.asarray(expected, dtype=np.float64), np.asarray(actual, dtype=np.float64)
    if expected.shape != actual.shape or not np.allclose(expected, actual, rtol=1e-9, atol=0, equal_nan=False):
        sys.exit(f"{name}: answers differ from pathscope's")


def run_graph(label, g, args, rng, rows):
    peers = Peers(g)
    n = g.n
    repeat = args.repeat

    def add(task, library, t, note=""):
        rows.append((label, task, library, t, note))

    if label == "rome99":
        t, d = seconds(lambda: pathscope.apsp(g), repeat)
        add("all-pairs", "pathscope apsp", t, str(d.dtype))
        t, table = seconds(lambda: pathscope.distance_table(g, np.arange(n)), repeat)
        add("all-pairs", "pathscope distance_table", t, "float64")
        t, ref = seconds(lambda: scipy.sparse.csgraph.shortest_path(peers.csr, method="D"), repeat)
        add("all-pairs", "scipy shortest_path(D)", t)
        check("scipy all-pairs", table, ref)
        check("pathscope apsp", table, np.where(d == np.iinfo(d.dtype).max, np.inf, d) if d.dtype.kind == "i" else d)
        t, ig = seconds(lambda: peers.igraph.distances(weights="weight"), max(1, repeat // 2))
        add("all-pairs", "igraph distances", t)
        check("igraph all-pairs", table, ig)
        t, _, part = scaled(lambda k: [nx_row(peers, s, n) for s in range(k)], 100, n, 1)
        add("all-pairs", "networkx", t, f"(scaled from {part} sources)")

    sources = [rng.randrange(n) for _ in range(repeat * 5)]
    single = {"pathscope distances": lambda s: pathscope.distances(g, s),
              "scipy dijkstra": lambda s: scipy.sparse.csgraph.dijkstra(peers.csr, indices=s),
              "igraph distances": lambda s: peers.igraph.distances(source=s, weights="weight")[0],
              "networkx": lambda s: nx_row(peers, s, n)}
    for library, call in single.items():
        times = []
        for s in sources[: 5 if library == "networkx" else len(sources)]:
            start = time.perf_counter()
            answer = call(s)
            times.append(time.perf_counter() - start)
        check(f"{library} single source", pathscope.distances(g, s), answer)
        add("single source", library, statistics.median(times))

    pairs = np.array([(rng.randrange(n), rng.randrange(n)) for _ in range(1000)], dtype=np.int64)
    t, expected = seconds(lambda: pathscope.pair_distances(g, pairs), repeat)
    add("1,000 pairs", "pathscope pair_distances", t)
    t, _ = seconds(lambda: pathscope.pair_distances(g, pairs, threads=1), repeat)
    add("1,000 pairs", "pathscope pair_distances, 1 thread", t)

    def scipy_pairs(k):
        out = np.empty(k)
        for i, (s, t) in enumerate(pairs[:k]):
            out[i] = scipy.sparse.csgraph.dijkstra(peers.csr, indices=s)[t]
        return out

    def igraph_pairs(k):
        return np.array([peers.igraph.distances(source=int(s), target=int(t), weights="weight")[0][0]
                         for s, t in pairs[:k]])

    def nx_pairs(k):
        out = np.empty(k)
        for i, (s, t) in enumerate(pairs[:k]):
            try:
                out[i] = networkx.bidirectional_dijkstra(peers.nx, int(s), int(t))[0]
            except networkx.NetworkXNoPath:
                out[i] = np.inf
        return out

    part = 1000 if n < 10000 else 100
    for library, call in (("scipy dijkstra per source", scipy_pairs), ("igraph distances per pair", igraph_pairs),
                          ("networkx bidirectional_dijkstra", nx_pairs)):
        k = part if library != "networkx bidirectional_dijkstra" else min(part, 100 if n < 10000 else 20)
        t, answer, used = scaled(call, k, 1000, 1 if k < 1000 else max(1, repeat // 2))
        check(library, expected[:used], answer)
        add("1,000 pairs", library, t, "" if used == 1000 else f"(scaled from {used})")

    table_sources = np.array(rng.sample(range(n), 100))
    table_targets = np.array(rng.sample(range(n), 100))
    t, expected = seconds(lambda: pathscope.distance_table(g, table_sources, table_targets), repeat)
    add("100 x 100 table", "pathscope distance_table", t)
    t, _ = seconds(lambda: pathscope.distance_table(g, table_sources, table_targets, threads=1), repeat)
    add("100 x 100 table", "pathscope distance_table, 1 thread", t)
    t, answer = seconds(lambda: scipy.sparse.csgraph.dijkstra(peers.csr, indices=table_sources)[:, table_targets],
                        max(1, repeat // 2))
    add("100 x 100 table", "scipy dijkstra", t)
    check("scipy table", expected, answer)
    t, answer = seconds(lambda: peers.igraph.distances(source=table_sources.tolist(), target=table_targets.tolist(),
                                                       weights="weight"), max(1, repeat // 2))
    add("100 x 100 table", "igraph distances", t)
    check("igraph table", expected, answer)
    k = 100 if n < 10000 else 5
    t, answer, used = scaled(lambda k: [nx_row(peers, s, n)[table_targets] for s in table_sources[:k]], k, 100, 1)
    add("100 x 100 table", "networkx", t, "" if used == 100 else f"(scaled from {used} sources)")
    check("networkx table", expected[:used], answer)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--graphs", default="rome99,luxembourg")
    args = parser.parse_args()
    import random

    rng = random.Random(args.seed)
    data = shared_data()
    files = {"rome99": data / "rome99.gr", "luxembourg": data / "luxembourg.osm.graph"}
    rows = []
    for label in args.graphs.split(","):
        g = pathscope.load_graph(files[label])
        print(f"{label}: {g.n} nodes, {g.arc_count} arcs", file=sys.stderr, flush=True)
        run_graph(label, g, args, rng, rows)
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores, pathscope {pathscope.__version__}, "
          f"scipy {scipy.__version__}, igraph {igraph.__version__}, networkx {networkx.__version__}, "
          f"repeat {args.repeat}, seed {args.seed}")
    print("| graph | task | library | seconds | |")
    print("|---|---|---|---|---|")
    for label, task, library, t, note in rows:
        print(f"| {label} | {task} | {library} | {t:.4g} | {note} |")


if __name__ == "__main__":
    main()
