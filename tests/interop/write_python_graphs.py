#!/usr/bin/env python3
"""Writes random graphs with node, edge and graph attributes through networkx and igraph (GraphML,
GEXF, GML, Pajek, node-link JSON), multigraphs with parallel edges and self-loops among them,
into OUT, with OUT/expected.json saying what each file holds as networkx or igraph holds it:
node labels as pathscope shows them, every edge with its weight and attributes, graph
attributes and positions. tests/unit/io/test_read_python_files.cpp runs this and compares what
pathscope reads. NaN and infinities, which expected.json cannot hold as JSON, are written there
as {"nonfinite": "nan" | "inf" | "-inf"}.
usage: write_python_graphs.py OUT SEED"""
import json
import math
import os
import random
import sys
import warnings

import igraph as ig
import networkx as nx

# networkx's Pajek writer warns of each non-string edge attribute it leaves out, as expected here.
warnings.simplefilter("ignore", UserWarning)
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


def plain(value):
    """A value as expected.json can hold it."""
    if isinstance(value, float) and not math.isfinite(value):
        return {"nonfinite": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    return value


def record(path, G, label, attributes, coords, weight="weight", options=None, edge_attributes=(),
           graph_attributes=()):
    """What `path` holds: the node attributes named, every edge (parallel ones and self-loops
    too) with the edge attributes named, the graph attributes named."""
    nodes = {}
    for i, data in G.nodes(data=True):
        nodes[label(i)] = {a: plain(data[a]) for a in attributes if a in data}
        if coords:
            nodes[label(i)]["pos"] = [data["x"], data["y"]]
    edges = [[label(u), label(v), d.get(weight, 1), {a: plain(d[a]) for a in edge_attributes if a in d}]
             for u, v, d in G.edges(data=True)]
    expected.append({"file": path, "directed": G.is_directed(), "nodes": nodes, "edges": edges,
                     "coords": coords, "options": options or {}, "edge_attributes": list(edge_attributes),
                     "graph": {a: plain(G.graph[a]) for a in graph_attributes}})


def random_multigraph(directed):
    """Parallel edges with their own attributes, self-loops (some repeated), an edge attribute
    of mixed int and float values and one of text, graph attributes."""
    n = rng.randint(4, 23)
    G = nx.MultiDiGraph() if directed else nx.MultiGraph()
    G.graph.update(name=f"multi {rng.randint(0, 999)}", year=rng.randint(1900, 2100), ratio=rng.uniform(0, 1))
    for i in range(n):
        G.add_node(i, kind=rng.choice(["a", "b", "c"]), x=round(rng.uniform(-9, 9), 3), y=round(rng.uniform(-9, 9), 3))
    for j in range(rng.randint(n, 4 * n)):
        u = rng.randrange(n)
        v = u if rng.random() < 0.1 else rng.randrange(n)
        for _ in range(rng.choice([1, 1, 2, 3])):  # parallel edges
            G.add_edge(u, v, weight=rng.randint(1, 9),
                       capacity=rng.randint(1, 99) if rng.random() < 0.5 else round(rng.uniform(0, 99), 2),
                       lane=rng.choice(["bus", "car", "bike lane"]))
    return G


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

edge_typed = ["length"]
for k, directed in enumerate([True, False]):
    # Simple graphs again, now with their edge attributes and graph attributes compared.
    G = random_graph(directed)
    G.graph.update(name=f"simple {k}", year=rng.randint(1900, 2100))
    base = os.path.join(out, f"nxe{k}")
    nx.write_graphml(G, base + ".graphml")
    record(base + ".graphml", G, str, [], True, edge_attributes=edge_typed, graph_attributes=["name", "year"])
    nx.write_gexf(G, base + ".gexf")
    record(base + ".gexf", G, str, [], True, edge_attributes=edge_typed, graph_attributes=["name"])
    nx.write_gml(G, base + ".gml")
    record(base + ".gml", G, str, [], True, edge_attributes=edge_typed, graph_attributes=["name", "year"])

    # Multigraphs: every parallel edge and self-loop with its own attributes.
    M = random_multigraph(directed)
    multi = ["capacity", "lane"]
    graph_keys = ["name", "year", "ratio"]
    base = os.path.join(out, f"nxm{k}")
    nx.write_graphml(M, base + ".graphml")
    record(base + ".graphml", M, str, ["kind"], True, edge_attributes=multi, graph_attributes=graph_keys)
    nx.write_gml(M, base + ".gml")
    record(base + ".gml", M, str, ["kind"], True, edge_attributes=multi, graph_attributes=graph_keys)
    with open(base + ".json", "w") as f:
        json.dump(nx.node_link_data(M), f)
    record(base + ".json", M, str, ["kind"], True, edge_attributes=multi, graph_attributes=graph_keys)
    # GEXF declares one type per attribute: the text one only, and the name of the graph.
    nx.write_gexf(M, base + ".gexf")
    record(base + ".gexf", M, str, ["kind"], True, edge_attributes=["lane"], graph_attributes=["name"])
    nx.write_pajek(M, base + ".net")  # Pajek carries string values only
    record(base + ".net", M, str, [], True, edge_attributes=["lane"])

    # NaN and infinities as Python's json.dump writes them (its default, allow_nan=True): as
    # values of node, edge and graph attributes.
    N = random_graph(directed)
    N.graph["limit"] = float("inf")
    for j, i in enumerate(N.nodes):
        if j % 3 == 0:
            N.nodes[i]["score"] = float("nan")
        elif j % 3 == 1:
            N.nodes[i]["score"] = float("-inf")
    for j, (u, v) in enumerate(N.edges):
        N.edges[u, v]["slope"] = [float("nan"), float("inf"), -0.5 * j][j % 3]
    with open(base + "_nan.json", "w") as f:
        json.dump(nx.node_link_data(N), f)
    record(base + "_nan.json", N, str, ["score"], True, edge_attributes=["slope"], graph_attributes=["limit"])

    # igraph, with parallel edges, an edge attribute of numbers and one of text, a graph attribute.
    n = rng.randint(4, 19)
    pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(n, 3 * n))]
    pairs += pairs[: len(pairs) // 4]  # parallel edges
    g = ig.Graph(n=n, edges=pairs, directed=directed)
    g.vs["name"] = [f"v{i}" for i in range(n)]
    g.es["weight"] = [rng.randint(1, 20) for _ in pairs]
    g.es["length"] = [round(rng.uniform(0, 100), 2) for _ in pairs]
    g.es["kind"] = [rng.choice(["road", "rail"]) for _ in pairs]
    g["title"] = f"igraph {rng.randint(0, 999)}"
    I = nx.MultiDiGraph() if directed else nx.MultiGraph()
    I.graph["title"] = g["title"]
    for i in range(n):
        I.add_node(i)
    for e in g.es:
        I.add_edge(e.source, e.target, weight=e["weight"], length=e["length"], kind=e["kind"])
    base = os.path.join(out, f"igm{k}")
    g.write_graphml(base + ".graphml")
    record(base + ".graphml", I, lambda i: f"v{i}", [], False, edge_attributes=["length", "kind"],
           graph_attributes=["title"])
    g.write_gml(base + ".gml")
    record(base + ".gml", I, lambda i: f"v{i}", [], False, edge_attributes=["length", "kind"],
           graph_attributes=["title"])
    g.write_pajek(base + ".net")
    record(base + ".net", I, lambda i: str(i + 1), [], False)

with open(os.path.join(out, "expected.json"), "w") as f:
    json.dump(expected, f, allow_nan=False)
