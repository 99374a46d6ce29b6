"""Graph.filter and load_graph(keep_nodes=, keep_arcs=) against pandas filters of the same random
frames and the networkx graph of the rows they keep: the same nodes, edges, costs and attributes,
and distances networkx agrees with."""
import pytest

import pathscope

pd = pytest.importorskip("pandas")
nx = pytest.importorskip("networkx")
np = pytest.importorskip("numpy")

ROOT = 720575940600000000  # 64-bit ids as FlyWire root ids (a column named root_id would make a neuron table)

# (condition, the same test on the pandas frame): missing values fail all but != and not in.
NODE_CONDITIONS = [
    ("side == left", lambda f: f["side"] == "left"),
    ("side != left", lambda f: f["side"] != "left"),
    ("side in {left, center}", lambda f: f["side"].isin(["left", "center"])),
    ("side not in {left}", lambda f: ~f["side"].isin(["left"])),
    ("cell_type ~ KC.*", lambda f: f["cell_type"].str.fullmatch("KC.*").fillna(False).astype(bool)),
    (f"long_id >= {ROOT + 37}", lambda f: f["long_id"] >= ROOT + 37),
    (f"long_id < {ROOT + 60}.5", lambda f: f["long_id"] <= ROOT + 60),
    ("size < 2.5", lambda f: f["size"] < 2.5),
    ("size != 1", lambda f: f["size"] != 1),
]
ARC_CONDITIONS = [
    ("weight >= 10", lambda e: e["weight"] >= 10),
    ("weight <= 20", lambda e: e["weight"] <= 20),
    ("neuropil == MB_CA_L", lambda e: e["neuropil"] == "MB_CA_L"),
    ("nt_type not in {GABA}", lambda e: ~e["nt_type"].isin(["GABA"])),
    ("neuropil ~ .*_L", lambda e: e["neuropil"].str.fullmatch(".*_L").fillna(False).astype(bool)),
]


def random_frames(rng):
    n = rng.choice([3, 17, 64, 101, 150])
    sides = ["left", "right", "center", None]
    nodes = pd.DataFrame({
        "id": [f"n{i}" for i in range(n)],
        "side": [rng.choice(sides) for _ in range(n)],
        "cell_type": [rng.choice(["KCg", "KC_a", "MBON01", "PN", None]) for _ in range(n)],
        "long_id": np.array([ROOT + rng.randrange(100) for _ in range(n)], dtype=np.int64),
        "size": [rng.choice([0.5, 1.0, 2.5, 4.0, float("nan")]) for _ in range(n)],
    })
    pairs = set()
    for _ in range(3 * n):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            pairs.add((a, b))  # distinct pairs without loops: no merging to tell apart
    pairs = sorted(pairs)
    edges = pd.DataFrame({
        "source": [f"n{a}" for a, _ in pairs],
        "target": [f"n{b}" for _, b in pairs],
        "weight": [rng.randint(1, 30) for _ in pairs],
        "neuropil": [rng.choice(["MB_CA_L", "AL_R", "LH_L", None]) for _ in pairs],
        "nt_type": [rng.choice(["ACH", "GABA", "GLUT"]) for _ in pairs],
    })
    return nodes, edges


def random_filter(rng):
    node_picks = rng.sample(NODE_CONDITIONS, rng.randrange(3))
    arc_picks = rng.sample(ARC_CONDITIONS, rng.randrange(3))
    return node_picks, arc_picks


def reference(nodes, edges, node_picks, arc_picks):
    """The networkx graph of the kept rows, and the kept node frame."""
    keep = pd.Series(True, index=nodes.index)
    for _, test in node_picks:
        keep &= test(nodes)
    kept_nodes = nodes[keep.astype(bool)]
    names = set(kept_nodes["id"])
    keep_edges = edges["source"].isin(names) & edges["target"].isin(names)
    for _, test in arc_picks:
        keep_edges &= test(edges)
    kept_edges = edges[keep_edges.astype(bool)]
    G = nx.DiGraph()
    G.add_nodes_from(kept_nodes["id"])
    for row in kept_edges.itertuples():
        G.add_edge(row.source, row.target, weight=float(row.weight))
    return G, kept_nodes, kept_edges


def check_against(graph, G, kept_nodes, kept_edges):
    assert graph.n == G.number_of_nodes()
    assert graph.arc_count == G.number_of_edges()
    if graph.n == 0:
        return
    got = graph.to_networkx()
    assert set(got.nodes) == set(G.nodes)
    assert {(u, v, d["weight"]) for u, v, d in got.edges(data=True)} == \
        {(u, v, d["weight"]) for u, v, d in G.edges(data=True)}
    # Every kept node keeps its attributes, every kept edge its own.
    frame = graph.nodes_frame().set_index("name")
    want = kept_nodes.set_index("id")
    for column in ("side", "cell_type"):
        assert [None if pd.isna(v) else v for v in frame[column].reindex(want.index)] == \
            [None if pd.isna(v) else v for v in want[column]]
    assert list(frame["long_id"].reindex(want.index).astype(np.int64)) == list(want["long_id"])
    edge_frame = graph.to_pandas()
    got_neuropils = {(r.source, r.target): (None if pd.isna(r.neuropil) else r.neuropil)
                     for r in edge_frame.itertuples()} if len(edge_frame) else {}
    want_neuropils = {(r.source, r.target): (None if pd.isna(r.neuropil) else r.neuropil) for r in kept_edges.itertuples()}
    assert got_neuropils == want_neuropils
    # Distances from one kept node, as networkx measures them on the kept rows.
    if G.number_of_nodes():
        source = sorted(G.nodes)[0]
        want_distances = nx.single_source_dijkstra_path_length(G, source)
        distances = pathscope.distances(graph, source)
        got_distances = {graph.label(u): float(d) for u, d in enumerate(distances) if np.isfinite(d)}
        assert got_distances == {k: float(v) for k, v in want_distances.items()}


def test_graph_filter_keeps_what_pandas_keeps(rng):
    for _ in range(25):
        nodes, edges = random_frames(rng)
        graph = pathscope.from_pandas(edges, nodes=nodes)
        node_picks, arc_picks = random_filter(rng)
        filtered = graph.filter(nodes=[c for c, _ in node_picks], arcs=[c for c, _ in arc_picks])
        G, kept_nodes, kept_edges = reference(nodes, edges, node_picks, arc_picks)
        check_against(filtered, G, kept_nodes, kept_edges)
        summary = filtered.report["filter"]
        assert summary.startswith(f"kept {len(kept_nodes):,} of {len(nodes):,} node"), summary
        # The original is left as it was.
        assert graph.n == len(nodes)


def test_load_graph_keeps_what_pandas_keeps(rng, tmp_path):
    for round in range(10):
        nodes, edges = random_frames(rng)
        edge_file, node_file = tmp_path / f"e{round}.csv", tmp_path / f"n{round}.csv"
        edges.to_csv(edge_file, index=False)
        nodes.rename(columns={"id": "name"}).to_csv(node_file, index=False)
        node_picks, arc_picks = random_filter(rng)
        keep_nodes = [c for c, _ in node_picks]
        keep_arcs = arc_picks[0][0] if len(arc_picks) == 1 else [c for c, _ in arc_picks]  # a str or a list
        graph = pathscope.load_graph(edge_file, node_table=node_file, keep_nodes=keep_nodes, keep_arcs=keep_arcs)
        G, kept_nodes, kept_edges = reference(nodes, edges, node_picks, arc_picks)
        assert graph.n == G.number_of_nodes()
        assert {(graph.label(u), graph.label(int(v)), float(w))
                for u in range(graph.n)
                for v, w in zip(graph.heads[graph.offsets[u]:graph.offsets[u + 1]],
                                graph.weights[graph.offsets[u]:graph.offsets[u + 1]])} == \
            {(u, v, d["weight"]) for u, v, d in G.edges(data=True)}
        if node_picks or arc_picks:
            assert graph.report["filter"].startswith(f"kept {len(kept_nodes):,} of {len(nodes):,} node")
        else:
            assert graph.report["filter"] == ""


def test_filter_of_a_filter_and_ids(rng):
    graph = pathscope.load_graph(f"random:n=300,deg=4,seed={rng.randrange(1000)}")
    first = graph.filter(nodes="id >= 100")
    # Nodes keep the id a person sees: the old index, where the graph had no ids.
    assert list(first.ids) == list(range(100, 300))
    second = first.filter(nodes=["id < 250"], arcs="weight >= 3")
    assert list(second.ids) == list(range(100, 250))
    assert "; then kept 150 of 200 nodes" in second.report["filter"]
    heads = np.array(graph.heads)
    offsets = np.array(graph.offsets)
    weights = np.array(graph.weights)
    want = sum(1 for u in range(100, 250) for a in range(offsets[u], offsets[u + 1])
               if 100 <= heads[a] < 250 and weights[a] >= 3)
    assert second.arc_count == want


def test_bad_conditions_raise_invalid_argument():
    graph = pathscope.load_graph("random:n=10,deg=2,seed=1")
    with pytest.raises(pathscope.InvalidArgument, match="'side = left'"):
        graph.filter(nodes="side = left")
    with pytest.raises(ValueError, match="no attribute 'side'"):
        graph.filter(nodes="side == left")
    with pytest.raises(pathscope.InvalidArgument, match="no connection strengths"):
        graph.filter(arcs="synapses >= 3")
    with pytest.raises(TypeError, match="a condition is a str"):
        graph.filter(nodes=[3])
    with pytest.raises(pathscope.InvalidArgument, match="'weight <'"):
        pathscope.load_graph("random:n=10,deg=2,seed=1", keep_arcs="weight <")
    with pytest.raises(pathscope.InvalidArgument, match="random:n=10,deg=2,seed=1: .*no attribute 'x'"):
        pathscope.load_graph("random:n=10,deg=2,seed=1", keep_nodes=["x == 1"])
