"""Centrality and information-flow layers from Python, against networkx as the reference.

Fresh random graphs of awkward sizes (1, 2, primes, a few dozen nodes), weighted with ties and
unweighted, directed and undirected, with a part the rest cannot reach and isolated nodes; every
engine that can run here ("cpu", and "gpu" on a machine with one). networkx 2.8 and 3.x compute
the same values, so the reference holds on both."""
import math

import networkx as nx
import numpy as np
import pytest

import pathscope

ENGINES = [e["name"] for e in pathscope.centrality_engines() if e["available"] and e["name"] in ("cpu", "gpu")]
FLOW_ENGINES = [e["name"] for e in pathscope.flow_engines() if e["available"] and e["name"] in ("cpu", "gpu")]
SIZES = [1, 2, 3, 7, 13, 29, 41, 58]


def random_case(rng, directed, weighted, n=None):
    """A networkx graph whose nodes (keys: ints far from 0..n-1, or names) come in a known order,
    with no self-loops or parallel edges (pathscope keeps those off the arcs, networkx counts
    them). Nodes from `blocked` on never reach the ones before it, and the last few are isolated.
    Node data 'side', edge data 'synapses' for the filters."""
    n = n if n is not None else rng.choice(SIZES)
    isolated = min(n, rng.randint(0, 3))
    linked = n - isolated
    blocked = rng.randint(0, linked)
    edges = {}
    for _ in range(rng.randint(0, 3 * linked)):
        u, v = rng.randrange(max(linked, 1)), rng.randrange(max(linked, 1))
        if u == v or u >= linked or (u >= blocked > v) or (not directed and (v < blocked <= u or u < blocked <= v)):
            continue
        if not directed and (v, u) in edges:
            continue
        edges[(u, v)] = rng.randint(1, 4) if weighted else 1
    keys = ([f"n{i}" for i in rng.sample(range(10 * n), n)] if rng.random() < 0.5
            else rng.sample(range(10**6, 10**9), n))
    G = nx.DiGraph() if directed else nx.Graph()
    for i, key in enumerate(keys):
        G.add_node(key, side=rng.choice(["left", "right"]))
    for (u, v), w in edges.items():
        G.add_edge(keys[u], keys[v], weight=w, synapses=rng.randint(1, 6))
    return G


def cases(rng, count=12):
    for k in range(count):
        directed = k % 2 == 0
        weighted = k % 4 < 2
        yield random_case(rng, directed, weighted, n=SIZES[k % len(SIZES)] if k < len(SIZES) else None)


def assert_values(ours, theirs, what, rel=1e-9, abs_=1e-12):
    assert ours.keys() == theirs.keys(), what
    for key in theirs:
        assert ours[key] == pytest.approx(theirs[key], rel=rel, abs=abs_), f"{what}: node {key!r}"


@pytest.mark.parametrize("engine", ENGINES)
def test_exact_values_equal_networkx(engine, rng):
    for G in cases(rng):
        what = f"{engine}, n={G.number_of_nodes()}, {'directed' if G.is_directed() else 'undirected'}"
        for weight in (None, "weight"):
            for normalized in (True, False):
                assert_values(pathscope.betweenness_centrality(G, normalized=normalized, weight=weight, engine=engine),
                              nx.betweenness_centrality(G, normalized=normalized, weight=weight),
                              f"betweenness {what}, weight={weight}, normalized={normalized}")
            assert_values(pathscope.closeness_centrality(G, distance=weight, engine=engine),
                          nx.closeness_centrality(G, distance=weight), f"closeness {what}, weight={weight}")
            assert_values(pathscope.harmonic_centrality(G, distance=weight, engine=engine),
                          nx.harmonic_centrality(G, distance=weight), f"harmonic {what}, weight={weight}")
            # networkx stops once the L1 change is below n * tol; both follow the same iteration.
            if G.number_of_nodes():
                assert_values(pathscope.pagerank(G, weight=weight, engine=engine), nx.pagerank(G, weight=weight),
                              f"pagerank {what}, weight={weight}", rel=1e-6, abs_=1e-9)


@pytest.mark.parametrize("engine", ENGINES)
def test_all_measures_at_once_from_a_pathscope_graph(engine, rng):
    G = random_case(rng, directed=rng.random() < 0.5, weighted=True, n=rng.choice([17, 31, 47]))
    g = pathscope.from_networkx(G, strength="weight")
    result = pathscope.centrality(g, "all", engine=engine)
    assert set(result) == set(pathscope.centrality_measures())
    frame = result.to_frame()
    assert frame.index.tolist() == list(G.nodes) and list(frame.columns) == list(result)
    for measure, reference in (("betweenness", nx.betweenness_centrality(G, weight="weight")),
                               ("closeness", nx.closeness_centrality(G, distance="weight")),
                               ("harmonic", nx.harmonic_centrality(G, distance="weight"))):
        assert_values(result.to_dict(measure), reference, measure)
        assert result[measure].base is result.run
    assert_values(result.to_dict("pagerank"), nx.pagerank(G, weight="weight"), "pagerank", rel=1e-6, abs_=1e-9)
    in_degree = G.in_degree() if G.is_directed() else G.degree()
    out_degree = G.out_degree() if G.is_directed() else G.degree()
    in_strength = G.in_degree(weight="weight") if G.is_directed() else G.degree(weight="weight")
    out_strength = G.out_degree(weight="weight") if G.is_directed() else G.degree(weight="weight")
    for measure, reference in (("in-degree", in_degree), ("out-degree", out_degree), ("in-strength", in_strength),
                               ("out-strength", out_strength)):
        assert_values(result.to_dict(measure), {key: float(value) for key, value in reference}, measure)


@pytest.mark.parametrize("engine", ENGINES)
def test_sampled_betweenness_within_its_stated_bound(engine, rng):
    for _ in range(4):
        G = random_case(rng, directed=rng.random() < 0.5, weighted=rng.random() < 0.5, n=rng.choice([40, 57, 83]))
        n = G.number_of_nodes()
        k = rng.randint(3, n - 1)
        exact = nx.betweenness_centrality(G, weight="weight")
        sampled = pathscope.centrality(G, "betweenness", samples=k, seed=rng.randrange(2**32), engine=engine)
        assert sampled.sources_used == k
        assert sampled.error_bound > 0 and 0 < sampled.bound_delta < 1
        for key, value in sampled.to_dict().items():
            assert abs(value - exact[key]) <= sampled.error_bound, f"n={n}, k={k}, node {key!r}"
        # Every source drawn is the exact computation.
        everything = pathscope.centrality(G, "betweenness", samples=n, seed=rng.randrange(2**32), engine=engine)
        assert_values(everything.to_dict(), exact, f"n={n}, k=n")


def kept_subgraph(G, side, min_synapses):
    kept = [node for node, data in G.nodes(data=True) if data["side"] == side]
    H = G.subgraph(kept).copy()
    H.remove_edges_from([(u, v) for u, v, data in H.edges(data=True) if data["synapses"] < min_synapses])
    return H


@pytest.mark.parametrize("engine", ENGINES)
def test_filters_equal_networkx_on_the_kept_subgraph(engine, rng):
    for _ in range(8):
        G = random_case(rng, directed=rng.random() < 0.5, weighted=rng.random() < 0.5, n=rng.choice([9, 23, 38]))
        if G.number_of_edges() == 0:  # no edge, no 'synapses' column to filter on
            continue
        side, least = rng.choice(["left", "right"]), rng.randint(1, 4)
        H = kept_subgraph(G, side, least)
        result = pathscope.centrality(G, ["betweenness", "closeness", "harmonic"], keep_nodes=f"side == {side}",
                                      keep_arcs=[f"synapses >= {least}"], engine=engine)
        assert_values(result.to_dict("betweenness"), nx.betweenness_centrality(H, weight="weight"), "betweenness")
        assert_values(result.to_dict("closeness"), nx.closeness_centrality(H, distance="weight"), "closeness")
        assert_values(result.to_dict("harmonic"), nx.harmonic_centrality(H, distance="weight"), "harmonic")
        dropped = [i for i, (_, data) in enumerate(G.nodes(data=True)) if data["side"] != side]
        assert np.isnan(result["betweenness"][dropped]).all()
        assert f"side == {side}" in result.filter and f"synapses >= {least}" in result.filter
        # The same masks as bool arrays: per node, and per CSR arc of the converted graph.
        g = pathscope.from_networkx(G)
        sides = g.node_attributes["side"]
        synapses = np.ma.getdata(g.arc_attributes["synapses"])[:g.arc_count]
        by_array = pathscope.centrality(g, "betweenness", keep_nodes=np.array([s == side for s in sides]),
                                        keep_arcs=synapses >= least, engine=engine)
        assert_values(by_array.to_dict(), nx.betweenness_centrality(H, weight="weight"), "betweenness, arrays")


def test_networkx_shaped_arguments(rng):
    G = random_case(rng, directed=False, weighted=True, n=19)
    node = next(iter(G.nodes))
    assert pathscope.closeness_centrality(G, u=node) == pytest.approx(nx.closeness_centrality(G, u=node))
    few = list(G.nodes)[:5]
    assert_values(pathscope.harmonic_centrality(G, nbunch=few), nx.harmonic_centrality(G, nbunch=few), "nbunch")
    g = pathscope.from_networkx(G)
    assert_values(pathscope.betweenness_centrality(g, weight="weight"), nx.betweenness_centrality(G, weight="weight"),
                  "a pathscope.Graph")
    for call in (lambda: pathscope.betweenness_centrality(G, endpoints=True),
                 lambda: pathscope.closeness_centrality(G, wf_improved=False),
                 lambda: pathscope.pagerank(G, personalization={node: 1}),
                 lambda: pathscope.betweenness_centrality(g, weight="length")):
        with pytest.raises(pathscope.InvalidArgument):
            call()


def test_bad_arguments_raise_the_module_errors(rng):
    g = pathscope.from_networkx(random_case(rng, directed=True, weighted=True, n=11))
    with pytest.raises(pathscope.InvalidArgument, match="sideways"):
        pathscope.centrality(g, "sideways")
    with pytest.raises(pathscope.InvalidArgument, match="no-such-engine"):
        pathscope.centrality(g, engine="no-such-engine")
    with pytest.raises(pathscope.InvalidArgument, match="the value is missing"):
        pathscope.centrality(g, keep_nodes="side >= ")
    with pytest.raises(pathscope.InvalidArgument, match="hemisphere"):
        pathscope.centrality(g, keep_nodes="hemisphere == left")
    with pytest.raises(ValueError, match="one bool per node"):
        pathscope.centrality(g, keep_nodes=np.ones(g.n + 1, dtype=bool))
    with pytest.raises(TypeError):
        pathscope.centrality(g, keep_nodes=[3])
    with pytest.raises(pathscope.InvalidArgument):
        pathscope.centrality(g, samples=0)
    with pytest.raises(pathscope.Cancelled):
        pathscope.centrality("random:n=3000,deg=6,seed=2", "betweenness", engine="cpu", progress=lambda f: False)


def shares_graph(rng, n):
    """A directed networkx graph with synapse counts as 'weight', and the first nodes as seeds."""
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    for _ in range(3 * n):
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            G.add_edge(u, v, weight=rng.randint(1, 20))
    return G


@pytest.mark.parametrize("engine", FLOW_ENGINES)
def test_flow_layers_where_every_arc_crosses_are_hop_distances(engine, rng):
    for n in (1, 6, 37):
        G = shares_graph(rng, n)
        seeds = rng.sample(range(n), rng.randint(1, min(3, n)))
        # Any share is at least 1e-9 of the input: every arc crosses, so each run is a breadth-first search.
        layers = pathscope.flow_layers(G, seeds, repetitions=7, saturation_share=1e-9, seed=rng.randrange(2**32),
                                       engine=engine)
        hops = nx.multi_source_dijkstra_path_length(G, seeds, weight=None)
        for node in G.nodes:
            if node in hops:
                assert layers["flow_layer"][node] == hops[node] + 1 and layers["flow_layer_sd"][node] == 0
                assert layers["flow_reached"][node] == 7
            else:
                assert math.isnan(layers["flow_layer"][node]) and layers["flow_reached"][node] == 0


@pytest.mark.parametrize("engine", FLOW_ENGINES)
def test_flow_crossing_chance_follows_the_input_share(engine, rng):
    # Node 1 takes 1 synapse from the seed 0 and 3 from node 2: a share of 1/4, which crosses with
    # chance (1/4) / 0.5 = 1/2. The count reached is Binomial(1000, 1/2): 8 standard deviations
    # (about 127) leave a failure chance below 1e-15.
    G = nx.DiGraph()
    G.add_edge(0, 1, weight=1)
    G.add_edge(2, 1, weight=3)
    layers = pathscope.flow_layers(G, [0], repetitions=1000, saturation_share=0.5, seed=rng.randrange(2**32),
                                   engine=engine)
    assert abs(int(layers["flow_reached"][1]) - 500) <= 127
    assert layers["flow_reached"][0] == 1000 and layers["flow_reached"][2] == 0
    first, second = (pathscope.flow_layers(G, [0], repetitions=100, saturation_share=0.5, seed=5, engine=engine)
                     for _ in range(2))
    np.testing.assert_array_equal(first["flow_reached"], second["flow_reached"])


def test_flow_seeds_by_type_or_file_and_engines_agree(rng, tmp_path):
    n = 29
    G = nx.relabel_nodes(shares_graph(rng, n), {i: f"n{i}" for i in range(n)})
    types = [rng.choice(["ORN", "PN", "KC"]) for _ in range(n)]
    types[0] = "ORN"
    nx.set_node_attributes(G, {f"n{i}": t for i, t in enumerate(types)}, "cell_type")
    layers = pathscope.flow_layers(G, "ORN", repetitions=50, seed=3)
    orn = [i for i, t in enumerate(types) if t == "ORN"]
    assert sorted(layers.seeds.tolist()) == orn
    assert (layers["flow_layer"][orn] == 1).all() and (layers["flow_reached"][orn] == 50).all()
    summary = layers.by_type().set_index("type")
    for name in set(types):
        assert summary.loc[name, "nodes"] == types.count(name)
        members = [i for i, t in enumerate(types) if t == name]
        assert summary.loc[name, "reached"] == int((layers["flow_reached"][members] > 0).sum())
    assert summary.loc["ORN", "mean_layer"] == 1
    seed_file = tmp_path / "seeds.txt"
    seed_file.write_text("# the ORNs by name\n" + "\n".join(f"n{i}" for i in orn) + "\n")
    from_file = pathscope.flow_layers(G, seed_file, repetitions=50, seed=3)
    np.testing.assert_array_equal(from_file["flow_reached"], layers["flow_reached"])
    for engine in FLOW_ENGINES:
        other = pathscope.flow_layers(G, "ORN", repetitions=50, seed=3, engine=engine)
        np.testing.assert_array_equal(other["flow_reached"], layers["flow_reached"])
        np.testing.assert_allclose(other["flow_layer"], layers["flow_layer"], rtol=1e-12)
    with pytest.raises(pathscope.InvalidArgument, match="LHN"):
        pathscope.flow_layers(G, "LHN")
