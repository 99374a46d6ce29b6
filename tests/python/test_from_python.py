"""One random graph from every kind of Python object and from a file: the same graph each time,
and the distances scipy.sparse.csgraph finds on it. Awkward sizes, isolated nodes (unreachable
parts), integer, real and unit costs, both directions, parallel edges and self-loops."""
import networkx as nx
import numpy as np
import pandas as pd
import pytest
import scipy.sparse
import scipy.sparse.csgraph

import pathscope
from conftest import python_igraph
from graphs import random_arcs, scipy_matrix


def random_case(rng, weights, directed):
    n = rng.randint(2, 75)
    arcs = random_arcs(rng, n, rng.uniform(0.3, 3.0), weights=weights, directed=directed)
    sources, targets, values = arcs
    for _ in range(rng.randint(1, 8)):  # parallel edges: a repeat of a row, at another cost
        if sources:
            k = rng.randrange(len(sources))
            sources.append(sources[k]), targets.append(targets[k])
            values.append(values[k] if weights == "unit" else max(1, values[k] + rng.randint(-3, 3)))
    reference = scipy_matrix(n + 2, arcs, directed=directed)  # the last two nodes stay isolated
    for _ in range(rng.randint(0, 3)):  # self-loops: never on a shortest path
        node = rng.randrange(n)
        sources.append(node), targets.append(node), values.append(values[0] if values else 1)
    return n + 2, np.array(sources, dtype=np.int64), np.array(targets, dtype=np.int64), np.array(values, dtype=float), \
        reference


def csr_of(g):
    return np.asarray(g.offsets), np.asarray(g.heads), np.asarray(g.weights)


def assert_same_graph(expected, got, what):
    for name, a, b in zip(("offsets", "heads", "weights"), csr_of(expected), csr_of(got)):
        np.testing.assert_array_equal(a, b, err_msg=f"{what}: {name}")
    assert got.directed == expected.directed, what
    np.testing.assert_array_equal(expected.self_loops, got.self_loops, err_msg=f"{what}: self_loops")


def distances(g):
    d = pathscope.apsp(g, engine="blocked", dist="float").astype(np.float64)
    return d


@pytest.mark.parametrize("weights", ["int", "real", "unit"])
@pytest.mark.parametrize("directed", [True, False], ids=["directed", "undirected"])
def test_every_source_gives_the_same_graph_and_distances(weights, directed, rng, tmp_path):
    n, s, t, w, reference = random_case(rng, weights, directed)
    from_arrays = pathscope.from_arrays(s, t, w, n=n, directed=directed)
    expected = scipy.sparse.csgraph.shortest_path(reference, method="D", directed=directed)
    np.testing.assert_allclose(distances(from_arrays), expected, rtol=1e-6)

    # Any integer dtype for the ends and any number dtype for the costs.
    # (float32 holds whole costs exactly; real ones go as a strided float64 view.)
    other_costs = w.astype(np.float32) if weights != "real" else np.repeat(w, 2)[::2]
    narrow = pathscope.from_arrays(s.astype(np.uint32), t.astype(np.int16), other_costs, n=n, directed=directed)
    assert_same_graph(from_arrays, narrow, "uint32/int16 ends")

    # scipy: a CSR matrix keeps a row's repeated entries as parallel arcs, as csgraph does.
    order = np.lexsort((t, s))
    indptr = np.searchsorted(s[order], np.arange(n + 1))
    csr = scipy.sparse.csr_matrix((w[order], t[order], indptr), shape=(n, n))
    assert_same_graph(from_arrays, pathscope.from_scipy(csr, directed=directed), "scipy CSR")
    np.testing.assert_allclose(scipy.sparse.csgraph.shortest_path(csr, method="D", directed=directed), expected)

    graph = nx.MultiDiGraph() if directed else nx.MultiGraph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(zip(s.tolist(), t.tolist(), w.tolist()))
    assert_same_graph(from_arrays, pathscope.from_networkx(graph, keep_parallel=False), "networkx")

    igraph = python_igraph()
    if igraph is not None:
        ig = igraph.Graph(n=n, edges=list(zip(s.tolist(), t.tolist())), directed=directed)
        ig.es["weight"] = w.tolist()
        assert_same_graph(from_arrays, pathscope.from_igraph(ig, keep_parallel=False), "igraph")

    # pandas and a file number nodes their own way: compare through the ids they keep.
    frame = pd.DataFrame({"source": s + 1, "target": t + 1, "weight": w})
    nodes = pd.DataFrame({"id": np.arange(1, n + 1)})
    from_frame = pathscope.from_pandas(frame, nodes=nodes, directed=directed)
    order = np.asarray(from_frame.ids) - 1
    np.testing.assert_allclose(distances(from_frame), expected[np.ix_(order, order)], rtol=1e-6)

    file = tmp_path / "g.mtx"
    with open(file, "w") as out:
        kind = "general" if directed else "symmetric"
        out.write(f"%%MatrixMarket matrix coordinate real {kind}\n{n} {n} {len(s)}\n")
        for a, b, c in zip(s.tolist(), t.tolist(), w.tolist()):
            out.write(f"{max(a, b) + 1} {min(a, b) + 1} {c!r}\n" if not directed else f"{a + 1} {b + 1} {c!r}\n")
    from_file = pathscope.load_graph(file)
    np.testing.assert_array_equal(csr_of(from_file)[0], csr_of(from_arrays)[0])
    np.testing.assert_allclose(distances(from_file), expected, rtol=1e-6)


def test_scipy_explicit_zeros_are_arcs_and_coo_duplicates_add_up(rng):
    n = rng.randint(3, 40)
    rows = np.array([0, 0, 1] + [rng.randrange(n) for _ in range(n)])
    cols = np.array([1, 1, 2] + [rng.randrange(n) for _ in range(n)])
    data = np.array([2.0, 3.0, 0.0] + [rng.randint(1, 9) for _ in range(n)], dtype=float)
    for matrix in (scipy.sparse.coo_matrix((data, (rows, cols)), shape=(n, n)),
                   scipy.sparse.coo_array((data, (rows, cols)), shape=(n, n))):
        g = pathscope.from_scipy(matrix)
        expected = scipy.sparse.csgraph.shortest_path(matrix, method="D")
        np.testing.assert_allclose(distances(g), expected)
    with pytest.raises(ValueError, match="square"):
        pathscope.from_scipy(scipy.sparse.csr_matrix((2, 3)))


def test_arrays_are_checked_before_building(rng):
    n = rng.randint(2, 30)
    with pytest.raises(ValueError, match=r"targets\[1\] is 30000, outside 0\.\." + str(n - 1)):
        pathscope.from_arrays([0, 1], [1, 30000], n=n)
    with pytest.raises(ValueError, match=r"sources\[0\] is -1"):
        pathscope.from_arrays(np.array([-1], dtype=np.int8), [0])
    with pytest.raises(ValueError, match=r"weights\[1\] is nan"):
        pathscope.from_arrays([0, 1], [1, 0], [1.0, float("nan")])
    with pytest.raises(TypeError, match="integers"):
        pathscope.from_arrays([0.5], [1.0])
    with pytest.raises(pathscope.InvalidArgument, match="names must hold one name per node"):
        pathscope.from_arrays([0], [1], names=["a"], n=2)


def test_node_attributes_and_labels_from_arrays(rng):
    n = rng.randint(3, 50)
    size = np.array([rng.randint(-5, 5) for _ in range(n)])
    weight = np.array([rng.uniform(0, 1) if rng.random() < 0.7 else np.nan for _ in range(n)])
    flag = np.array([rng.random() < 0.5 for _ in range(n)])
    kind = [rng.choice(["a", "b", None]) for _ in range(n)]
    ids = np.array(rng.sample(range(10**12, 10**12 + 10 * n), n), dtype=np.uint64)
    g = pathscope.from_arrays([0], [n - 1], ids=ids, names=[f"v{i}" for i in range(n)],
                              node_attributes={"size": size, "weight": weight, "flag": flag, "kind": kind},
                              graph_attributes={"title": "random", "year": 2026})
    attributes = g.node_attributes
    np.testing.assert_array_equal(attributes["size"], size)
    assert attributes["size"].dtype == np.int64 and attributes["flag"].dtype == bool
    np.testing.assert_array_equal(attributes["flag"], flag)
    assert attributes["kind"] == kind
    np.testing.assert_array_equal(np.ma.getmaskarray(attributes["weight"]), np.isnan(weight))
    np.testing.assert_array_equal(attributes["weight"].compressed(), weight[~np.isnan(weight)])
    np.testing.assert_array_equal(g.ids, ids.astype(np.int64))
    assert g.find_node(str(int(ids[n - 1]))) == n - 1 and g.label(np.int64(2)) == "v2"
    assert g.graph_attributes == {"title": ["random"], "year": [2026]} or \
        (g.graph_attributes["title"] == ["random"] and g.graph_attributes["year"].tolist() == [2026])
