"""The rest of the module's surface against independent references: load options, node keys,
paths and reach sets against the matrices, tours against brute force, tables from arrays,
GPU engines by name, and errors as Python exceptions carrying the core's message."""
import itertools
import os

import numpy as np
import pytest
import scipy.sparse.csgraph

import pathscope
from graphs import random_arcs, scipy_matrix, write_dimacs, write_edge_table


def test_load_options_are_keywords(rng, tmp_path):
    n = rng.randint(20, 60)
    arcs = random_arcs(rng, n, 2.5, weights="int")
    table = tmp_path / "edges.csv"
    write_edge_table(table, n, arcs)
    directed = pathscope.load_graph(table)
    hops = pathscope.load_graph(table, cost_rule="hops", force_undirected=True)
    assert directed.directed and not hops.directed and hops.unit_weights
    assert np.all(hops.weights == 1)
    threshold = 500
    kept = pathscope.load_graph(table, min_weight=threshold)
    assert np.all(kept.weights >= threshold)
    assert kept.report["below_min_weight_dropped"] == sum(w < threshold for w in arcs[2])
    with pytest.raises(TypeError):
        pathscope.load_graph(table, cost_rul="hops")
    with pytest.raises(pathscope.Error, match="weight, hops, inverse"):
        pathscope.load_graph(table, cost_rule="shortest")


def test_graph_arrays_equal_the_file(rng, tmp_path):
    n = rng.randint(20, 90)
    arcs = random_arcs(rng, n, 3.0, weights="int")
    expected = scipy_matrix(n, arcs)
    loops = {}
    for _ in range(rng.randint(1, 6)):
        node, weight = rng.randrange(n), rng.randint(-5, 50)
        loops[node] = min(weight, loops.get(node, weight))
        arcs[0].append(node), arcs[1].append(node), arcs[2].append(weight)
    path = tmp_path / "g.gr"
    write_dimacs(path, n, arcs)
    g = pathscope.load_graph(path)
    csr = scipy.sparse.csr_matrix((g.weights, g.heads, g.offsets), shape=(g.n, g.n))
    assert (csr != expected).nnz == 0
    # Loops are kept off the arcs, the cheapest per node, ascending.
    assert g.self_loops["node"].tolist() == sorted(loops)
    assert g.self_loops["weight"].tolist() == [loops[v] for v in sorted(loops)]
    np.testing.assert_array_equal(g.ids, np.arange(1, n + 1))
    assert g.names is None and g.coordinates is None
    assert g.find_node("1") == 0 and g.label(0) == "1"


def test_paths_and_reach_sets_agree_with_the_matrices(rng):
    g = pathscope.load_graph(f"random:n={rng.randint(40, 120)},deg=2,seed={rng.randrange(10**9)}")
    distances = pathscope.apsp(g, engine="blocked")
    bits = pathscope.closure(g, engine="scc")
    dense = bits.base.to_dense()
    for _ in range(10):
        s, t = rng.randrange(g.n), rng.randrange(g.n)
        for path in (pathscope.path(g, s, t), pathscope.path(g, s, t, engine="sparse"), distances.base.path(s, t)):
            reachable = distances[s, t] != np.iinfo(np.int32).max
            assert path.reachable == reachable
            if reachable:
                assert path.distance == distances[s, t] and path.nodes[0] == s and path.nodes[-1] == t
                assert sum(path.arc_costs) == path.distance
        np.testing.assert_array_equal(pathscope.reach(g, s), np.flatnonzero(dense[s]))
        np.testing.assert_array_equal(pathscope.reach(g, s, direction="upstream"), np.flatnonzero(dense[:, s]))
        within = pathscope.reach(g, s, max_hops=2)
        assert set(within) <= set(np.flatnonzero(dense[s])) and np.all(within.base.hops <= 2)
    s = rng.randrange(g.n)
    from_closure = pathscope.reach(g, s, engine="bitset", with_start=True)
    assert from_closure.base.method == "closure (bitset)"
    np.testing.assert_array_equal(from_closure, np.union1d(np.flatnonzero(dense[s]), [s]))


def brute_force_tour(costs):
    k = len(costs)
    best = min(itertools.permutations(range(1, k)),
               key=lambda rest: sum(costs[a][b] for a, b in zip((0,) + rest, rest + (0,))))
    tour = (0,) + best
    return sum(costs[a][b] for a, b in zip(tour, tour[1:] + (0,)))


@pytest.mark.parametrize("algorithm", ["brute", "held-karp", "auto"])
def test_tour_is_optimal(algorithm, rng):
    k = rng.randint(5, 8)
    costs = np.array([[0 if i == j else rng.randint(1, 100) for j in range(k)] for i in range(k)], dtype=float)
    tour = pathscope.tsp(costs, algorithm=algorithm)
    assert sorted(tour) == list(range(k)) and tour[0] == 0
    assert tour.base.length == brute_force_tour(costs.tolist())
    assert tour.base.proven_optimal


def test_tour_through_graph_stops(rng):
    g = pathscope.load_graph(f"random:n=80,deg=5,seed={rng.randrange(10**9)}")
    distances = pathscope.apsp(g, dist="float")  # unreachable is inf, not int32's sentinel
    # Stops from one strongly connected component: a random digraph leaves some nodes
    # unreachable from others, and a tour through them does not exist.
    while True:
        root = rng.randrange(g.n)
        component = [v for v in range(g.n) if np.isfinite(distances[root, v]) and np.isfinite(distances[v, root])]
        if len(component) >= 5:
            break
    stops = rng.sample(component, 5)
    tour = pathscope.tsp(g, stops)
    expected = brute_force_tour(distances[np.ix_(stops, stops)].tolist())
    assert tour.base.length == expected
    np.testing.assert_array_equal(tour.base.graph_nodes, stops)


def test_table_from_an_array_equals_the_file(rng, tmp_path):
    rows, cols = rng.randint(40, 140), rng.randint(4, 13)
    values = np.array([[rng.randrange(7) for _ in range(cols)] for _ in range(rows)], dtype=float)
    path = tmp_path / "t.tsv"
    np.savetxt(path, values, delimiter="\t", fmt="%d")
    from_file = pathscope.correlate(path, min_abs_rho=0.5, header="no")
    from_array = pathscope.correlate(values, min_abs_rho=0.5)
    np.testing.assert_array_equal(from_file, from_array)
    names = [f"r{r}" for r in range(rows)]
    named = pathscope.correlate(values, min_abs_rho=0.5, row_names=names)
    labels = named.base.row_labels
    assert [labels[i] for i in named["i"]] == [names[r] for r in named.base.table_rows[named["i"]]]


def test_gpu_engines_of_every_family_by_name():
    g = pathscope.load_graph("random:n=70,deg=4,seed=11")
    gpu = pathscope.gpu_info()
    for engine in ("gpu-naive", "gpu-blocked", "gpu-sparse"):
        if gpu["available"]:
            np.testing.assert_array_equal(pathscope.apsp(g, engine=engine), pathscope.apsp(g, engine="blocked"))
        else:
            with pytest.raises(pathscope.Error, match=f"{engine} is unavailable: .+"):
                pathscope.apsp(g, engine=engine)
    table = "random-table:rows=300,cols=14,seed=4"
    costs = np.array([[0, 3, 9, 4], [2, 0, 6, 8], [7, 1, 0, 5], [3, 9, 2, 0]], dtype=float)
    if gpu["available"]:
        np.testing.assert_array_equal(pathscope.closure(g, engine="gpu"), pathscope.closure(g, engine="bitset"))
        np.testing.assert_array_equal(pathscope.correlate(table, engine="gpu", max_p=0.01),
                                      pathscope.correlate(table, engine="cpu", max_p=0.01))
        assert pathscope.tsp(costs, backend="gpu").base.length == pathscope.tsp(costs).base.length
    else:
        with pytest.raises(pathscope.Error, match="gpu is unavailable: .+"):
            pathscope.closure(g, engine="gpu")
        with pytest.raises(pathscope.Error, match="gpu is unavailable: .+"):
            pathscope.correlate(table, engine="gpu", max_p=0.01)
        with pytest.raises(pathscope.Error, match="unavailable: .+"):
            pathscope.tsp(costs, backend="gpu")
    listed = {e["name"]: e for e in pathscope.apsp_engines()}
    assert listed.keys() >= {"textbook", "blocked", "sparse", "auto", "gpu-naive", "gpu-blocked", "gpu-sparse"}
    assert listed["gpu-blocked"]["available"] == gpu["available"]
    tours = {e["name"]: e for e in pathscope.tsp_engines()}
    assert tours.keys() >= {"auto", "brute", "held-karp", "2opt", "gpu-auto", "gpu-brute", "gpu-held-karp", "gpu-2opt"}
    assert tours["gpu-held-karp"]["available"] == gpu["available"]
    assert [e["name"] for e in pathscope.correlation_engines()] == ["cpu", "gpu", "cpu-rerank"]


def test_errors_carry_the_core_message(tmp_path):
    bad = tmp_path / "bad.gr"
    bad.write_text("p sp 3 1\na 1 9 5\n")
    with pytest.raises(pathscope.ParseError, match=r"bad\.gr:2: "):
        pathscope.load_graph(bad)
    with pytest.raises(pathscope.Error, match="unknown engine 'quick'"):
        pathscope.apsp("random:n=5,deg=2,seed=1", engine="quick")
    with pytest.raises(pathscope.Error, match="no node 'nowhere'"):
        pathscope.path("random:n=5,deg=2,seed=1", 0, "nowhere")
    negative = tmp_path / "negative.gr"
    negative.write_text("p sp 3 3\na 1 2 1\na 2 3 -4\na 3 1 2\n")
    with pytest.raises(pathscope.NegativeCycle, match="negative cycle"):
        pathscope.apsp(negative, engine="blocked")
    with pytest.raises(pathscope.OverBudget):
        pathscope.apsp("random:n=3000,deg=2,seed=1", memory_budget=1000)


def test_arc_strengths_beside_the_costs_the_rule_made(rng, tmp_path):
    n = rng.randint(15, 70)
    arcs = random_arcs(rng, n, 2.0, weights="int")
    table = tmp_path / "edges.csv"
    write_edge_table(table, n, arcs)
    g = pathscope.load_graph(table, cost_rule="inverse")
    assert g.arc_strengths is not None and not g.arc_strengths.flags.writeable
    np.testing.assert_allclose(g.weights * g.arc_strengths, 1.0)
    # Parallel arcs keep the cheapest cost, that is the strongest connection.
    strongest = {}
    for s, t, w in zip(*arcs):
        strongest[(f"n{s}", f"n{t}")] = max(w, strongest.get((f"n{s}", f"n{t}"), 0))
    names = g.names
    for u in range(g.n):
        for k in range(g.offsets[u], g.offsets[u + 1]):
            assert g.arc_strengths[k] == strongest[(names[u], names[g.heads[k]])]
    assert g.node_attributes == {}


def test_node_attributes_of_a_generated_connectome(rng):
    g = pathscope.load_graph(f"connectome:n={rng.randint(150, 700)},seed={rng.randrange(10**9)}", cost_rule="inverse")
    attributes = g.node_attributes
    assert {"cell_type", "side", "super_class", "nt_type"} <= attributes.keys()
    letters = {"left": "L", "right": "R", "center": "C"}
    # Each name is cell type, side letter and a count (KC1_L3): the columns must line up with it.
    for name, cell_type, side in zip(g.names, attributes["cell_type"], attributes["side"]):
        assert name.rsplit("_", 1)[0] == cell_type
        assert name.rsplit("_", 1)[1][0] == letters[side]
    assert len(attributes["nt_type"]) == g.n
    np.testing.assert_allclose(g.weights * g.arc_strengths, 1.0)
    assert g.coordinates.shape == (g.n, 3) and g.ids.dtype == np.int64


def test_unreachable_paths_big_indices_and_byte_paths(rng, tmp_path):
    n = rng.randint(10, 40)
    arcs = random_arcs(rng, n, 1.2, weights="int")
    file = tmp_path / "g.gr"
    write_dimacs(file, n + 1, arcs)  # the last node has no arcs: unreachable from every other
    expected = scipy.sparse.csgraph.shortest_path(scipy_matrix(n + 1, arcs), method="D")
    g = pathscope.load_graph(os.fsencode(file))
    assert g.n == n + 1 and np.array_equal(g.weights, pathscope.load_graph(file).weights)
    matrix = pathscope.apsp(g, engine="blocked").base
    pairs = [(rng.randrange(n + 1), rng.randrange(n + 1)) for _ in range(20)] + [(0, n)]
    for s, t in pairs:
        for path in (pathscope.path(g, s, t), pathscope.path(g, s, t, engine="sparse"), matrix.path(s, t)):
            assert path.reachable == np.isfinite(expected[s, t])
            assert path.distance == expected[s, t]  # +inf where there is no path
    assert pathscope.path(os.fsencode(file), 0, n).distance == float("inf")
    for index in (2**70, -2**70, n + 1, -1):
        with pytest.raises(IndexError, match=f"node index {index} is outside 0..{n}"):
            pathscope.path(g, index, 0)
    missing = os.fsencode(tmp_path / "missing.gr")
    with pytest.raises(FileNotFoundError) as refused:
        pathscope.load_graph(missing)
    # The OS error names the path as given; the core's message, its cause, as text.
    assert refused.value.filename == missing
    cause = str(refused.value.__cause__)
    assert str(tmp_path / "missing.gr") in cause and "b'" not in cause
    with pytest.raises(TypeError):
        pathscope.load_graph(3)


def test_one_value_longer_than_max_value_bytes_is_refused_at_its_line(rng, tmp_path):
    limit = rng.randint(1000, 20000)
    head = ('<graphml><key id="k" for="node" attr.name="note" attr.type="string"/>\n'
            '<graph edgedefault="directed">\n<node id="a"/>\n')
    longer = "v" * (limit + 1 + rng.randint(0, 5000))
    path = tmp_path / "long.graphml"
    path.write_text(head + f'<node id="b">\n<data key="k">{longer}</data></node>\n</graph></graphml>\n')
    with pytest.raises(pathscope.Error, match=r"long\.graphml:5:.*limit"):
        pathscope.load_graph(path, max_value_bytes=limit)
    g = pathscope.load_graph(path, max_value_bytes=2 * len(longer))
    assert g.n == 2 and g.node_attributes["note"][1] == longer
    with pytest.raises(ValueError):
        pathscope.load_graph(path, max_value_bytes=0)
