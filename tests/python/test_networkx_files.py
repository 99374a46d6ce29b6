"""Files networkx writes load through load_graph as networkx meant them: an attribute of mixed
int and float values (two GraphML keys of one name) is one real column, and NaN and Infinity,
as Python's json.dump writes them into node-link JSON, are attribute values."""
import json
import math

import networkx as nx
import numpy as np

import pathscope


def values(column):
    if isinstance(column, list):
        return column
    return [None if gone else v for v, gone in zip(np.ma.getdata(column).tolist(), np.ma.getmaskarray(column).tolist())]


def test_mixed_int_and_float_attribute_from_graphml(rng, tmp_path):
    n = rng.randint(3, 40)
    G = nx.DiGraph()
    scores = {}
    for v in range(n):
        scores[f"v{v}"] = rng.randint(-50, 50) if rng.random() < 0.5 else rng.uniform(-50, 50)
        G.add_node(f"v{v}", score=scores[f"v{v}"])
    G.nodes["v0"]["score"], G.nodes["v1"]["score"] = 7, 0.25  # both types, whatever the draw
    scores["v0"], scores["v1"] = 7, 0.25
    for _ in range(2 * n):
        G.add_edge(f"v{rng.randrange(n)}", f"v{rng.randrange(n)}", weight=rng.randint(1, 9))
    path = tmp_path / "mixed.graphml"
    nx.write_graphml(G, path)
    g = pathscope.load_graph(path)
    column = g.node_attributes["score"]
    assert column.dtype == np.float64
    assert dict(zip(g.names, values(column))) == {name: float(score) for name, score in scores.items()}


def test_nan_and_infinity_in_node_link_json(rng, tmp_path):
    n = rng.randint(3, 40)
    G = nx.Graph()
    expected = {}
    for v in range(n):
        value = rng.choice([float("nan"), float("inf"), float("-inf"), rng.uniform(0, 1)])
        expected[v] = value
        G.add_node(v, level=value)
    edges = {}
    for _ in range(2 * n):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b and (a, b) not in edges and (b, a) not in edges:
            edges[(a, b)] = rng.choice([float("nan"), 1.5])
            G.add_edge(a, b, weight=rng.randint(1, 9), confidence=edges[(a, b)])
    path = tmp_path / "g.json"
    path.write_text(json.dumps(nx.node_link_data(G)))  # json's default: NaN, Infinity, -Infinity as bare words
    assert "NaN" in path.read_text() or "Infinity" in path.read_text()
    g = pathscope.load_graph(path)
    got = dict(zip(g.ids.tolist() if g.ids is not None else range(g.n), values(g.node_attributes["level"])))
    for v, value in expected.items():
        assert (math.isnan(got[v]) and math.isnan(value)) or got[v] == value, (v, got[v], value)
    expected_distance = nx.single_source_dijkstra_path_length(G, 0)
    distances = pathscope.apsp(g, dist="float")[0]
    for v, d in expected_distance.items():
        assert distances[v] == d
