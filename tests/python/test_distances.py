"""distances, distance_table and pair_distances against scipy.sparse.csgraph on random graphs of
awkward sizes (isolated and unreachable nodes, unit, whole and fractional costs, negative arcs)
and on rome99, read by scipy from this test's own parser."""
import doctest

import numpy as np
import pytest
import scipy.sparse.csgraph

import pathscope
import pathscope._distances
from conftest import shared_data_file
from graphs import random_arcs, scipy_matrix, write_dimacs


def random_graph(rng, tmp_path, weights, degree=None):
    """A DIMACS file (ids 1..n, so index = id - 1) and scipy's matrix of it."""
    n = rng.randint(30, 400)
    arcs = random_arcs(rng, n, degree if degree is not None else rng.uniform(0.6, 3.0), weights=weights)
    path = tmp_path / "g.gr"
    write_dimacs(path, n, arcs)
    return pathscope.load_graph(path), scipy_matrix(n, arcs)


def assert_distances_equal(actual, expected):
    assert actual.dtype == np.float64 and actual.shape == expected.shape
    np.testing.assert_array_equal(np.isinf(actual), np.isinf(expected))
    finite = np.isfinite(expected)
    # Equal paths may add the same costs in another order: fractional sums may differ in the last bit.
    np.testing.assert_allclose(actual[finite], expected[finite], rtol=1e-12, atol=0)


@pytest.mark.parametrize("weights", ["unit", "int", "real"])
def test_single_source_distances_and_predecessors_equal_scipy(weights, rng, tmp_path):
    g, matrix = random_graph(rng, tmp_path, weights)
    dense = matrix.toarray()
    for source in rng.sample(range(g.n), 5):
        expected, expected_before = scipy.sparse.csgraph.dijkstra(matrix, indices=source, return_predecessors=True)
        assert_distances_equal(pathscope.distances(g, source), expected)
        dist, before = pathscope.distances(g, source, return_predecessors=True)
        assert_distances_equal(dist, expected)
        assert before.dtype == np.int32
        # Ties may pick another predecessor than scipy's: each one must end a shortest path.
        np.testing.assert_array_equal(before == -9999, expected_before == -9999)
        reached = np.flatnonzero(before != -9999)
        np.testing.assert_allclose(dist[before[reached]] + dense[before[reached], reached], dist[reached], rtol=1e-12)


def test_node_kinds_and_one_to_many_shapes(rng, tmp_path):
    g, matrix = random_graph(rng, tmp_path, "int")
    full = scipy.sparse.csgraph.dijkstra(matrix)
    s, t = rng.randrange(g.n), rng.randrange(g.n)
    by_index = pathscope.distances(g, s)
    for same in (np.int64(s), np.uint16(s), np.array(s), str(s + 1)):  # str: the file's id
        np.testing.assert_array_equal(pathscope.distances(g, same), by_index)
    assert pathscope.distance_table(g, s, [t]).shape == (1,)
    assert pathscope.distance_table(g, [s], t).shape == (1,)
    assert pathscope.distance_table(g, np.int32(s), str(t + 1)).shape == ()
    assert_distances_equal(pathscope.distance_table(g, s, None), full[s])
    assert_distances_equal(pathscope.distance_table(g, [s, t], t), full[[s, t], t])
    assert pathscope.distance_table(g, [], None).shape == (0, g.n)
    assert pathscope.distance_table(g, [s], []).shape == (1, 0)


@pytest.mark.parametrize("weights", ["unit", "int", "real"])
def test_distance_table_equals_scipy(weights, rng, tmp_path):
    g, matrix = random_graph(rng, tmp_path, weights)
    full = scipy.sparse.csgraph.dijkstra(matrix)
    # Repeated sources and targets, lists and arrays of several integer types, names.
    sources = [rng.randrange(g.n) for _ in range(rng.randint(1, 40))]
    targets = [rng.randrange(g.n) for _ in range(rng.randint(1, 60))]
    expected = full[np.ix_(sources, targets)]
    assert_distances_equal(pathscope.distance_table(g, sources, targets), expected)
    assert_distances_equal(pathscope.distance_table(g, np.array(sources, dtype=np.uint32),
                                                    np.array(targets, dtype=np.int64), threads=1), expected)
    assert_distances_equal(pathscope.distance_table(g, [str(v + 1) for v in sources], targets), expected)
    assert_distances_equal(pathscope.distance_table(g, sources), full[sources])


@pytest.mark.parametrize("weights", ["unit", "int", "real"])
def test_pair_distances_equal_scipy(weights, rng, tmp_path):
    g, matrix = random_graph(rng, tmp_path, weights)
    full = scipy.sparse.csgraph.dijkstra(matrix)
    k = rng.randint(1, 300)
    # Few distinct sources, so that most searches answer several pairs and stop at their last target.
    sources = [rng.randrange(g.n) for _ in range(rng.randint(1, 12))]
    pairs = np.array([(rng.choice(sources), rng.randrange(g.n)) for _ in range(k)], dtype=np.int64)
    expected = full[pairs[:, 0], pairs[:, 1]]
    assert_distances_equal(pathscope.pair_distances(g, pairs), expected)
    assert_distances_equal(pathscope.pair_distances(g, [(str(s + 1), int(t)) for s, t in pairs], threads=1), expected)
    assert pathscope.pair_distances(g, np.empty((0, 2), dtype=np.int64)).shape == (0,)


def test_negative_arcs_equal_bellman_ford_and_cycles_are_refused(rng, tmp_path):
    # Arcs from lower to higher index only: no cycle, whatever the signs.
    n = rng.randint(30, 200)
    arcs = ([], [], [])
    for _ in range(n * 3):
        u, v = sorted(rng.sample(range(n), 2))
        # No zero costs: what a stored zero means to scipy is beside the point here.
        arcs[0].append(u), arcs[1].append(v), arcs[2].append(rng.choice([-1, 1]) * rng.randint(1, 80))
    path = tmp_path / "dag.gr"
    write_dimacs(path, n, arcs)
    g = pathscope.load_graph(path)
    full = scipy.sparse.csgraph.shortest_path(scipy_matrix(n, arcs), method="BF")
    source = rng.randrange(n // 2)
    dist, before = pathscope.distances(g, source, return_predecessors=True)
    assert_distances_equal(dist, full[source])
    dense = scipy_matrix(n, arcs).toarray()
    reached = np.flatnonzero(before != -9999)
    np.testing.assert_array_equal(np.sort(np.append(reached, source)), np.flatnonzero(np.isfinite(full[source])))
    np.testing.assert_array_equal(dist[before[reached]] + dense[before[reached], reached], dist[reached])
    sources = [rng.randrange(n) for _ in range(7)]
    assert_distances_equal(pathscope.distance_table(g, sources, range(n)), full[sources])
    pairs = np.array([(rng.randrange(n), rng.randrange(n)) for _ in range(50)])
    assert_distances_equal(pathscope.pair_distances(g, pairs), full[pairs[:, 0], pairs[:, 1]])
    # A cycle of negative total cost, reachable from node 0 only through the arc 0 -> 1.
    arcs[0].extend([0, 1, 2]), arcs[1].extend([1, 2, 1]), arcs[2].extend([1, 5, -6])
    write_dimacs(path, n, arcs)
    cyclic = pathscope.load_graph(path)
    with pytest.raises(pathscope.NegativeCycle):
        pathscope.distances(cyclic, 0)
    with pytest.raises(pathscope.NegativeCycle):
        pathscope.distance_table(cyclic, [n - 1, 0], [n - 1])
    with pytest.raises(pathscope.NegativeCycle):
        pathscope.pair_distances(cyclic, [(0, n - 1)])


def test_unreachable_path_has_infinite_distance(rng, tmp_path):
    n = rng.randint(30, 200)
    path = tmp_path / "g.gr"
    write_dimacs(path, n + 1, random_arcs(rng, n, 2.0))  # node n has no arcs
    g = pathscope.load_graph(path)
    s = rng.randrange(n)
    assert pathscope.distances(g, s)[n] == np.inf
    p = pathscope.path(g, s, n)
    assert not p.reachable and p.distance == np.inf and len(p) == 0
    assert pathscope.pair_distances(g, [(s, n), (n, n)]).tolist() == [np.inf, 0.0]


def test_bad_arguments_raise_python_exceptions(rng, tmp_path):
    g, _ = random_graph(rng, tmp_path, "int")
    with pytest.raises(IndexError, match=f"node index {g.n} is outside"):
        pathscope.distances(g, g.n)
    with pytest.raises(IndexError, match="node index -1 is outside"):
        pathscope.distance_table(g, np.array([0, -1]), [0])
    with pytest.raises(IndexError, match=f"node index {g.n + 7} is outside"):
        pathscope.pair_distances(g, np.array([[0, 1], [2, g.n + 7]], dtype=np.uint64))
    with pytest.raises(pathscope.Error, match="no node 'nowhere'"):
        pathscope.distance_table(g, ["nowhere"], [0])
    with pytest.raises(ValueError, match="shape"):
        pathscope.pair_distances(g, np.zeros((4, 3), dtype=np.int64))
    with pytest.raises(ValueError, match=r"pairs\[1\]"):
        pathscope.pair_distances(g, [(0, 1), (0, 1, 2)])
    with pytest.raises(ValueError, match="1-D"):
        pathscope.distance_table(g, np.zeros((2, 2), dtype=np.int64))
    with pytest.raises(pathscope.OverBudget, match="distance table of 3 x"):
        pathscope.distance_table(g, [0, 1, 2], memory_budget=16)
    with pytest.raises(TypeError):
        pathscope.distances(g, 0, True)  # return_predecessors is a keyword


def test_progress_and_cancel():
    g = pathscope.load_graph("random:n=3000,deg=4,seed=3")
    seen = []
    pathscope.distance_table(g, range(0, 3000, 7), [1, 2, 3], progress=seen.append)
    assert seen and seen == sorted(set(seen)) and seen[-1] == 1.0
    with pytest.raises(pathscope.Cancelled, match="distance_table cancelled"):
        pathscope.distance_table(g, range(600), progress=lambda fraction: False)
    with pytest.raises(pathscope.Cancelled, match="pair_distances cancelled"):
        pathscope.pair_distances(g, [(s, 0) for s in range(600)], progress=lambda fraction: False)


def test_rome99_single_source_and_pairs_equal_scipy(rng):
    from test_rome99_scipy import read_dimacs

    path = shared_data_file("rome99.gr")
    g = pathscope.load_graph(path)
    matrix = read_dimacs(path)
    sources = rng.sample(range(g.n), 3)
    reference = scipy.sparse.csgraph.dijkstra(matrix, indices=sources)
    for row, source in enumerate(sources):
        assert_distances_equal(pathscope.distances(g, source), reference[row])
    targets = np.array([rng.randrange(g.n) for _ in range(len(sources))])
    assert_distances_equal(pathscope.pair_distances(g, np.column_stack([sources, targets])),
                           reference[np.arange(len(sources)), targets])


def test_docstring_examples_run():
    failures, tried = doctest.testmod(pathscope._distances, raise_on_error=False)
    assert tried >= 8 and failures == 0
