#!/usr/bin/env python3
"""`pathscope-cli metrics` against networkx on fresh random graphs of awkward sizes.

Each case is a random graph (directed or undirected, integer costs with many equal-length
paths, a second component and isolated nodes, so some nodes reach nothing), written as GraphML
with a cell_type column (some nodes without one, some types of one node). The CLI writes its
values as CSV, as its JSON document (with --by-type), as GEXF and as GraphML; every one is read
back and compared with networkx's betweenness, closeness, harmonic, PageRank, degrees and
strengths (no strengths in these files: arcs count 1); the per-type summaries are compared with
a pandas groupby of the CSV; sampled betweenness must lie within its stated bound of the exact
values. Works with networkx 2.8 and 3.x. Exit 0 when all agree; otherwise every difference is
printed and the exit status is 1.

Usage: check_metrics.py CLI SEED FOLDER
"""
import json
import math
import random
import subprocess
import sys

import networkx as nx
import pandas as pd

MEASURES = ["betweenness", "closeness", "harmonic", "pagerank", "in-degree", "out-degree", "in-strength", "out-strength"]
problems = []


def problem(where, text):
    problems.append(f"{where}: {text}")


def close(a, b, rel=1e-9, abs_tol=1e-12):
    if a is None or b is None or (isinstance(a, float) and math.isnan(a)) or (isinstance(b, float) and math.isnan(b)):
        return (a is None or math.isnan(a)) and (b is None or math.isnan(b))
    return math.isclose(float(a), float(b), rel_tol=rel, abs_tol=abs_tol)


def random_graph(rng, n, directed):
    """Nodes 0..n-1; the first ~2/3 densely joined, the rest a sparse second part, a few isolated."""
    g = nx.DiGraph() if directed else nx.Graph()
    types = ["A", "B", "C"]
    for u in range(n):
        attrs = {"name": f"v{u}"}
        draw = rng.random()
        if draw < 0.7:
            attrs["cell_type"] = rng.choice(types)
        elif draw < 0.85:
            attrs["cell_type"] = f"solo{u}"
        g.add_node(u, **attrs)
    split = max(1, (2 * n) // 3)
    for part, (lo, hi, degree) in enumerate([(0, split, 3), (split, n, 1)]):
        size = hi - lo
        if size < 2:
            continue
        for _ in range(degree * size):
            u, v = rng.randrange(lo, hi), rng.randrange(lo, hi)
            if u != v and not g.has_edge(u, v):
                g.add_edge(u, v, weight=rng.randint(1, 4))
    for u in rng.sample(range(n), min(n, 2)):  # isolated nodes: reach nothing, reached by nothing
        g.remove_edges_from(list(g.in_edges(u) if directed else g.edges(u)))
        if directed:
            g.remove_edges_from(list(g.out_edges(u)))
    return g


def reference(g, hops):
    w = None if hops else "weight"
    directed = g.is_directed()
    ref = {
        "betweenness": nx.betweenness_centrality(g, weight=w, normalized=True),
        "closeness": nx.closeness_centrality(g, distance=w),
        "harmonic": nx.harmonic_centrality(g, distance=w),
        # No strengths in these files: every arc weighs 1.
        "pagerank": nx.pagerank(g, alpha=0.85, weight=None, tol=1e-13, max_iter=10000),
    }
    deg_in = dict(g.in_degree()) if directed else dict(g.degree())
    deg_out = dict(g.out_degree()) if directed else dict(g.degree())
    ref["in-degree"], ref["out-degree"] = deg_in, deg_out
    ref["in-strength"], ref["out-strength"] = deg_in, deg_out
    return ref


def run(cli, args, where):
    done = subprocess.run([cli] + args, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        problem(where, f"exit {done.returncode}: {done.stderr.strip()} {' '.join(args)}")
        return None
    return done.stdout


def compare_values(where, ref, read, names):
    """read: measure -> {node index: value}."""
    for m in names:
        # PageRank stops, as networkx does, once an iteration changes the ranks by less than
        # n * 1e-6 in total (L1); the ranks are then within alpha / (1 - alpha) (< 6) times that of
        # the converged ranks the reference holds.
        rel, abs_tol = (0, 6 * len(ref[m]) * 1e-6) if m == "pagerank" else (1e-9, 1e-12)
        if m not in read:
            problem(where, f"no {m} values")
            continue
        for u, expected in ref[m].items():
            found = read[m].get(u)
            if not close(expected, found, rel, abs_tol):
                problem(where, f"{m} of node {u}: networkx {expected}, pathscope {found}")


def check_case(cli, folder, rng, case, n, directed, hops):
    where = f"case {case} (n={n}, {'directed' if directed else 'undirected'}, {'hops' if hops else 'weighted'})"
    g = random_graph(rng, n, directed)
    graph_file = f"{folder}/g{case}.graphml"
    nx.write_graphml(g, graph_file)
    ref = reference(g, hops)
    base = ["metrics", graph_file, "--measures", "all", "--top", "3"] + (["--hops"] if hops else [])
    # CSV: every value, read back exactly.
    csv_file = f"{folder}/m{case}.csv"
    if run(cli, base + ["--out", csv_file], where) is None:
        return
    # round_trip: pandas' default parser may read a value one unit in the last place off, which
    # reorders nodes whose values differ by that much (the top lists below compare orders).
    frame = pd.read_csv(csv_file, keep_default_na=False, na_values=[""], float_precision="round_trip")
    index_of = {f"v{u}": u for u in g.nodes}
    if sorted(frame["name"]) != sorted(index_of):
        problem(where, f"CSV names {sorted(frame['name'])[:5]}... are not the graph's")
        return
    frame["node"] = [index_of[name] for name in frame["name"]]
    compare_values(where + " CSV", ref, {m: dict(zip(frame["node"], frame[m])) for m in MEASURES if m in frame}, MEASURES)
    # JSON document with per-type summaries against a pandas groupby of the CSV.
    json_file = f"{folder}/m{case}.json"
    if run(cli, base + ["--by-type", "--out", json_file], where) is None:
        return
    doc = json.load(open(json_file))
    if doc.get("schema") != "pathscope/metrics/1" or doc["graph"]["n"] != n:
        problem(where, f"JSON header {doc.get('schema')} n={doc.get('graph', {}).get('n')}")
    read = {m: {index_of[node["name"]]: node[m] for node in doc["nodes"]} for m in MEASURES}
    compare_values(where + " JSON", ref, read, MEASURES)
    if doc["by_type"]["column"] != "cell_type":
        problem(where, f"grouped by {doc['by_type']['column']}")
    groups = frame.groupby(frame["type"].fillna("\0none"))
    for m in MEASURES:
        found = {("\0none" if s["missing_value"] else s["group"]): s for s in doc["by_type"]["measures"][m]}
        if set(found) != set(groups.groups):
            problem(where, f"{m}: groups {sorted(found)} but pandas has {sorted(groups.groups)}")
            continue
        for name, rows in groups:
            s = found[name]
            values = rows[m]
            expected = {"nodes": len(rows), "with_value": int(values.notna().sum()), "mean": values.mean(),
                        "median": values.median(), "min": values.min(), "max": values.max()}
            for key, value in expected.items():
                if not close(float(value), s[key] if s[key] is not None else float("nan")):
                    problem(where, f"{m} group {name!r} {key}: pandas {value}, pathscope {s[key]}")
            top = rows.sort_values([m, "node"], ascending=[False, True]).head(3)
            if [t["name"] for t in s["top"]] != list(top["name"]):
                problem(where, f"{m} group {name!r} top {[t['name'] for t in s['top']]}, pandas {list(top['name'])}")
    # GEXF and GraphML: the values as double node attributes, read by networkx.
    for ending in ("gexf", "graphml"):
        out = f"{folder}/m{case}.{ending}"
        if run(cli, base + ["--out", out], where) is None:
            continue
        text = open(out).read()
        declared = 'attr.name="betweenness" attr.type="double"' if ending == "graphml" else 'title="betweenness" type="double"'
        if declared not in text:
            problem(where, f"{ending}: betweenness is not declared as a double")
        h = nx.read_gexf(out) if ending == "gexf" else nx.read_graphml(out)
        read = {}
        for key, attrs in h.nodes(data=True):
            name = attrs.get("name", attrs.get("label", key))
            for m in MEASURES:
                column = m.replace("-", "_")
                if column in attrs:
                    read.setdefault(m, {})[index_of[name]] = attrs[column]
        compare_values(f"{where} {ending}", ref, read, MEASURES)
    # Sampled betweenness: within its bound of the exact values.
    if n > 3:
        k = max(2, n // 2)
        sampled = run(cli, base[:2] + ["--measures", "betweenness", "--samples", str(k), "--seed", str(rng.randrange(1 << 30)),
                                       "--json"] + (["--hops"] if hops else []), where)
        if sampled is not None:
            doc = json.loads(sampled)
            bound = doc["betweenness_bound"]["error"]
            for node in doc["nodes"]:
                value, exact = node["betweenness"], ref["betweenness"][index_of[node["name"]]]
                if value is not None and abs(value - exact) > bound + 1e-12:
                    problem(where, f"sampled betweenness of {node['name']}: {value}, exact {exact}, bound {bound}")


def main():
    cli, seed, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    case = 0
    for directed in (True, False):
        for hops in (False, True):
            case += 1
            check_case(cli, folder, rng, case, rng.choice([3, 7, 19, 26, 37, 53]), directed, hops)
    for p in problems:
        print(p)
    print(f"{case} cases, {len(problems)} differences (networkx {nx.__version__})")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
