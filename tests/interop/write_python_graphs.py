#!/usr/bin/env python3
"""Writes random graphs with node attributes through networkx and igraph (GraphML, GEXF, GML,
Pajek, node-link JSON) into OUT, with OUT/expected.json saying what each file holds: node labels as pathscope
shows them, edges with weights, attributes and positions. tests/unit/io/test_read_python_files.cpp
runs this and compares what pathscope reads.
usage: write_python_graphs.py OUT SEED"""
import json
import os
import random
import sys

import igraph as ig
import networkx as nx

out, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
os.makedirs(out, exist_ok=True)
expected = []


def random_graph(directed):
    n = rng.randint(5, 37)
    G = nx.DiGraph() if directed else nx.Graph()
    for i in range(n):
        G.add_node(i, kind=rng.choice(["a", "b c", "d-e"]), size=rng.randint(-5, 100000),
                   score=rng.uniform(-10, 10), flag=rng.random() < 0.5,
                   x=round(rng.uniform(-100, 100), 3), y=round(rng.uniform(-100, 100), 3))
    for _ in range(rng.randint(n, 3 * n)):
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v and not G.has_edge(u, v):
            G.add_edge(u, v, weight=round(rng.uniform(0.5, 1000), 3), length=rng.randint(1, 50))
    return G


def record(path, G, label, attributes, coords, weight="weight", options=None):
    nodes = {}
    for i, data in G.nodes(data=True):
        nodes[label(i)] = {a: data[a] for a in attributes}
        if coords:
            nodes[label(i)]["pos"] = [data["x"], data["y"]]
    edges = [[label(u), label(v), d[weight]] for u, v, d in G.edges(data=True)]
    expected.append({"file": path, "directed": G.is_directed(), "nodes": nodes, "edges": edges,
                     "coords": coords, "options": options or {}})


for k, directed in enumerate([True, False]):
    G = random_graph(directed)
    base = os.path.join(out, f"nx{k}")
    typed = ["kind", "size", "score", "flag"]
    nx.write_graphml(G, base + ".graphml")
    record(base + ".graphml", G, str, typed, True)
    nx.write_gexf(G, base + ".gexf")
    record(base + ".gexf", G, str, typed, True)
    nx.write_gml(G, base + ".gml")
    record(base + ".gml", G, str, typed, True)
    # The weight chosen by option: osmnx-style "length".
    nx.write_graphml(G, base + "_length.graphml.gz")
    record(base + "_length.graphml.gz", G, str, [], True, weight="length", options={"weight_attribute": "length"})
    # networkx node-link JSON, as networkx writes it ("links", or "edges" from 3.4 on) and
    # with the keys of the document in another order (edges before nodes, "directed" last,
    # the other spelling): JSON objects have no order.
    data = nx.node_link_data(G)
    with open(base + ".json", "w") as f:
        json.dump(data, f, indent=1)
    record(base + ".json", G, str, typed, True)
    other = "edges" if "links" in data else "links"
    data[other] = data.pop("links" if other == "edges" else "edges")
    reordered = {key: data[key] for key in [other, "graph", "nodes", "multigraph", "directed"]}
    with open(base + "_links_first.json", "w") as f:
        json.dump(reordered, f)
    record(base + "_links_first.json", G, str, typed, True)
    # Weights and a node attribute mixing ints and floats: networkx writes two GraphML keys of
    # one name (attr.type long and double), which must feed one column, widened to reals.
    M = G.copy()
    for j, (u, v) in enumerate(M.edges):
        M.edges[u, v]["weight"] = rng.randint(1, 50) if j % 2 == 0 else round(rng.uniform(0.5, 50), 3)
    for j, i in enumerate(M.nodes):
        M.nodes[i]["level"] = rng.randint(-9, 9) if j % 2 == 0 else round(rng.uniform(-9, 9), 2)
    nx.write_graphml(M, base + "_mixed.graphml")
    record(base + "_mixed.graphml", M, str, typed + ["level"], True)
    with open(base + "_mixed.json", "w") as f:
        json.dump(nx.node_link_data(M), f)
    record(base + "_mixed.json", M, str, typed + ["level"], True)
    P = G.copy()
    for i in P.nodes:  # Pajek carries only string attributes besides x, y
        for a in typed:
            del P.nodes[i][a]
    nx.write_pajek(P, base + ".net")
    record(base + ".net", G, str, [], True)

    # igraph: vertices named v0.., the same attributes (booleans where the format has them).
    g = ig.Graph(n=G.number_of_nodes(), edges=list(G.edges()), directed=directed)
    g.vs["name"] = [f"v{i}" for i in G.nodes]
    for a in ["kind", "size", "score", "x", "y"]:
        g.vs[a] = [G.nodes[i][a] for i in G.nodes]
    g.es["weight"] = [G.edges[e]["weight"] for e in G.edges()]
    label = lambda i: f"v{i}"
    base = os.path.join(out, f"ig{k}")
    g.write_graphml(base + ".graphml")
    record(base + ".graphml", G, label, ["kind", "size", "score"], True)
    g.write_gml(base + ".gml")
    record(base + ".gml", G, label, ["size", "score"], True)
    g.write_pajek(base + ".net")  # labels are the vertex numbers, 1..n
    record(base + ".net", G, lambda i: str(i + 1), [], True)

with open(os.path.join(out, "expected.json"), "w") as f:
    json.dump(expected, f)
