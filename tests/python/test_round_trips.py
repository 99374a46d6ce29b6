"""pathscope -> networkx / igraph / pandas / arrays -> pathscope keeps ids, names, positions, node,
edge and graph attributes and parallel edges; and a FlyWire Codex frame gives the graph that the
same table gives as a file."""
import networkx as nx
import numpy as np
import pandas as pd
import pytest

import pathscope
from conftest import python_igraph


def rich_graph(rng, directed):
    """Names, ids, positions, typed node and edge attributes with missing values, graph values,
    parallel edges and loops kept whole."""
    n = rng.randint(3, 60)
    m = rng.randint(1, 4 * n)
    sources = np.array([rng.randrange(n) for _ in range(m)])
    targets = np.array([rng.randrange(n) for _ in range(m)])
    if not directed:  # an undirected edge is listed once, tail <= head, as extra_arcs keep it
        sources, targets = np.minimum(sources, targets), np.maximum(sources, targets)
    weights = np.array([rng.randint(1, 50) for _ in range(m)], dtype=float)
    node_attributes = {
        "size": np.array([rng.randint(-9, 9) for _ in range(n)]),
        "mass": np.array([rng.uniform(0, 2) if rng.random() < 0.8 else np.nan for _ in range(n)]),
        "kind": [rng.choice(["KC", "PN", None]) for _ in range(n)],
    }
    edge_attributes = {
        "lanes": np.array([rng.randint(1, 4) for _ in range(m)]),
        "road": [rng.choice(["A1", "B2", None]) for _ in range(m)],
        "open": np.array([rng.random() < 0.5 for _ in range(m)]),
    }
    return pathscope.from_arrays(
        sources, targets, weights, n=n, directed=directed, names=[f"v{i}" for i in range(n)],
        ids=np.array(rng.sample(range(1, 10**15), n)), coordinates=np.array([[rng.random(), rng.random()] for _ in range(n)]),
        node_attributes=node_attributes, edge_attributes=edge_attributes,
        graph_attributes={"title": "rich", "version": 3}, keep_parallel=True)


def values(column):
    if isinstance(column, list):
        return column
    return [None if gone else v for v, gone in zip(np.ma.getdata(column).tolist(), np.ma.getmaskarray(column).tolist())]


def edge_records(g):
    """The multiset of edges with their costs and attributes, in node names."""
    s, t, w = g.to_arrays()
    names = g.names
    frame = g.to_pandas()
    # A column with no value at all leaves no trace in networkx or igraph (they keep values, not
    # schemas), so it cannot come back and is not compared.
    columns = sorted(c for c in frame.columns if c not in ("source", "target", "weight") and frame[c].notna().any())
    records = []
    for k in range(len(s)):
        a, b = names[s[k]], names[t[k]]
        if not g.directed:
            a, b = min(a, b), max(a, b)
        extra = tuple(None if pd.isna(frame[c].iloc[k]) else frame[c].iloc[k] for c in columns)
        records.append((a, b, float(w[k])) + extra)
    return sorted(records, key=repr)


def assert_same(original, copy):
    assert copy.n == original.n and copy.directed == original.directed
    assert copy.names == original.names
    np.testing.assert_array_equal(copy.ids, original.ids)
    np.testing.assert_allclose(copy.coordinates, original.coordinates)
    with_values = [name for name, column in original.node_attributes.items() if any(v is not None for v in values(column))]
    assert set(with_values) <= copy.node_attributes.keys() <= original.node_attributes.keys()
    for name in with_values:
        assert values(copy.node_attributes[name]) == values(original.node_attributes[name]), name
    assert {k: values(v) for k, v in copy.graph_attributes.items()} == \
        {k: values(v) for k, v in original.graph_attributes.items()}
    assert len(copy.extra_arcs) == len(original.extra_arcs)
    assert edge_records(copy) == edge_records(original)


@pytest.mark.parametrize("directed", [True, False], ids=["directed", "undirected"])
def test_networkx_igraph_pandas_and_arrays_round_trips(directed, rng):
    g = rich_graph(rng, directed)
    G = g.to_networkx()
    assert isinstance(G, nx.MultiDiGraph if directed else nx.MultiGraph) or len(g.extra_arcs) == 0
    assert G.number_of_edges() == len(g.to_arrays()[0])
    assert_same(g, pathscope.from_networkx(G))
    if python_igraph() is not None:
        assert_same(g, pathscope.from_igraph(g.to_igraph()))
    s, t, w = g.to_arrays()
    again = pathscope.from_arrays(s, t, w, n=g.n, directed=g.directed, keep_parallel=True)
    np.testing.assert_array_equal(again.offsets, g.offsets)
    np.testing.assert_array_equal(again.heads, g.heads)
    np.testing.assert_array_equal(again.extra_arcs, g.extra_arcs)
    nodes = g.nodes_frame()
    assert list(nodes["name"]) == g.names and nodes["id"].tolist() == g.ids.tolist()
    edges = g.to_pandas()
    frame_copy = pathscope.from_pandas(edges, directed=g.directed, nodes=nodes.drop(columns=["id"]).rename(
        columns={"name": "key"}), node_id="key", keep_parallel=True)
    assert sorted(frame_copy.names) == sorted(g.names)
    assert edge_records(frame_copy) == edge_records(g)


def test_parallel_edges_merged_are_reported(rng):
    G = nx.MultiDiGraph()
    count = rng.randint(2, 9)
    for k in range(count):
        G.add_edge("a", "b", weight=k + 1, label=f"e{k}")
    merged = pathscope.from_networkx(G, keep_parallel=False)
    assert merged.arc_count == 1 and merged.weights.tolist() == [1.0]
    assert merged.report["parallel_arcs_dropped"] == count - 1 and len(merged.extra_arcs) == 0
    kept = pathscope.from_networkx(G)
    assert len(kept.extra_arcs) == count - 1 and isinstance(kept.to_networkx(), nx.MultiDiGraph)
    assert sorted(d["label"] for _, _, d in kept.to_networkx().edges(data=True)) == sorted(f"e{k}" for k in range(count))


def codex_frame(rng):
    neurons = [rng.randrange(720575940600000000, 720575940700000000) for _ in range(rng.randint(5, 60))]
    rows = []
    for _ in range(rng.randint(10, 400)):
        rows.append((rng.choice(neurons), rng.choice(neurons), rng.choice(["MB_CA_R", "AL_L", "LO,R"]),
                     rng.randint(1, 12), rng.choice(["ACH", "GABA", "GLUT", ""])))
    return pd.DataFrame(rows, columns=["pre_root_id", "post_root_id", "neuropil", "syn_count", "nt_type"])


@pytest.mark.parametrize("cost_rule", ["weight", "inverse", "max-minus", "hops"])
def test_a_codex_frame_gives_the_graph_its_csv_gives(cost_rule, rng, tmp_path):
    frame = codex_frame(rng)
    file = tmp_path / "connections.csv"
    frame.to_csv(file, index=False)
    min_synapses = rng.choice([None, 0, 3, 9])
    from_file = pathscope.load_graph(file, cost_rule=cost_rule, min_synapses=min_synapses)
    from_frame = pathscope.from_pandas(frame, cost_rule=cost_rule, min_synapses=min_synapses)
    assert from_file.report["format"] == from_frame.report["format"] == "codex"
    for name in ("offsets", "heads", "weights", "arc_strengths", "ids"):
        np.testing.assert_array_equal(getattr(from_frame, name), getattr(from_file, name), err_msg=name)
    assert values(from_frame.node_attributes["nt_type"]) == values(from_file.node_attributes["nt_type"])
    assert from_frame.arc_attributes.keys() == from_file.arc_attributes.keys()
    for name in from_file.arc_attributes:
        assert values(from_frame.arc_attributes[name]) == values(from_file.arc_attributes[name]), name
    assert from_frame.report["notes"] == from_file.report["notes"]


def test_to_scipy_gives_csgraph_the_same_distances(rng):
    import scipy.sparse
    import scipy.sparse.csgraph

    g = pathscope.load_graph(f"random:n={rng.randint(2, 90)},deg=2,seed={rng.randrange(10**9)}")
    expected = pathscope.apsp(g, engine="blocked", dist="float").astype(np.float64)
    for matrix in (g.to_scipy(), g.to_scipy(array=True)):
        assert scipy.sparse.issparse(matrix) and matrix.shape == (g.n, g.n)
        np.testing.assert_allclose(scipy.sparse.csgraph.shortest_path(matrix, method="D"), expected, rtol=1e-6)
    assert isinstance(g.to_scipy(array=True), scipy.sparse.csr_array)


def test_pandas_columns_keep_their_dtype(rng):
    m = rng.randint(2, 80)
    lanes = pd.array([rng.randint(1, 4) if rng.random() < 0.8 else None for _ in range(m)], dtype="Int64")
    frame = pd.DataFrame({
        "source": [rng.randrange(10**12) for _ in range(m)], "target": [rng.randrange(10**12) for _ in range(m)],
        "length": [rng.uniform(1, 9) if rng.random() < 0.8 else np.nan for _ in range(m)],
        "lanes": lanes, "oneway": [rng.random() < 0.5 for _ in range(m)],
        "name": [rng.choice(["Rue A", None, "Route B"]) for _ in range(m)],
        "kind": pd.Categorical([rng.choice(["x", "y"]) for _ in range(m)]),
    })
    g = pathscope.from_pandas(frame, keep_parallel=True)
    assert g.ids is not None and g.names is None and len(g.to_arrays()[0]) == m
    back = g.to_pandas()
    key = ["source", "target", "length", "name"]
    expected = frame.drop(columns=["kind", "lanes", "oneway"]).sort_values(key, na_position="first")
    got = back[expected.columns].sort_values(key, na_position="first")
    np.testing.assert_array_equal(got["source"], expected["source"])
    np.testing.assert_array_equal(got["length"], expected["length"])
    # Missing text is missing whichever marker the pandas version puts there (None, NaN, pd.NA).
    def text(column):
        return [None if pd.isna(v) else v for v in column]
    assert text(got["name"]) == text(expected["name"])
    columns = g.arc_attributes
    assert columns["length"].dtype == np.float64 and columns["oneway"].dtype == bool
    assert columns["lanes"].dtype == np.int64 and isinstance(columns["kind"], list)
    assert np.ma.getmaskarray(columns["lanes"]).sum() == lanes.isna().sum()
    assert sorted(values(columns["lanes"]), key=repr) == sorted([None if v is pd.NA else int(v) for v in lanes], key=repr)
