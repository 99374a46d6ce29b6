"""pathscope.open_table on tables pathscope-cli wrote (.npy and Zarr, plain and zstd chunks):
every way of reading gives the file's own cells (numpy.load of the .npy) and scipy's distances;
a table is refused for another graph, warned about without a fingerprint, and never read past
the memory budget."""
import math
import shutil

import numpy as np
import pytest
import scipy.sparse.csgraph

import pathscope
from graphs import random_arcs, scipy_matrix, write_dimacs, write_edge_table


def written_tables(cli, tmp_path, graph_file, dist, chunk, zstd):
    cli("apsp", graph_file, "--dist", dist, "--out", tmp_path / "D.npy")
    cli("apsp", graph_file, "--dist", dist, "--out", tmp_path / "D.zarr", "--chunk", chunk, "--zstd", zstd)
    return tmp_path / "D.npy", tmp_path / "D.zarr"


@pytest.mark.parametrize("zstd", [0, 3])
def test_every_read_gives_the_files_cells_and_scipys_distances(zstd, rng, cli, tmp_path):
    n = rng.randint(2, 170)
    dist = rng.choice(["int32", "int64", "float"])
    arcs = random_arcs(rng, n, rng.uniform(0.8, 3.5), weights="int" if dist != "float" else "real")
    graph_file = tmp_path / "g.gr"
    write_dimacs(graph_file, n, arcs)
    npy, zarr = written_tables(cli, tmp_path, graph_file, dist, rng.randint(3, n + 7), zstd)
    expected = np.load(npy)
    reference = scipy.sparse.csgraph.dijkstra(scipy_matrix(n, arcs), directed=True)
    g = pathscope.load_graph(str(graph_file))
    for path in (npy, zarr):
        t = pathscope.open_table(path, graph=g)
        assert t.is_zarr == (path == zarr) and t.fingerprinted
        assert t.shape == (n, n) and len(t) == n and t.dtype == expected.dtype
        np.testing.assert_array_equal(t.to_numpy(), expected)
        np.testing.assert_array_equal(np.asarray(t), expected)
        picked = [rng.randrange(n) for _ in range(rng.randint(1, 6))]
        np.testing.assert_array_equal(t.rows(picked), expected[picked])
        for _ in range(5):
            u, v = rng.randrange(n), rng.randrange(n)
            np.testing.assert_array_equal(t.row(u), expected[u])
            np.testing.assert_array_equal(t[u], expected[u])
            assert t[u, v] == expected[u, v] and type(t[u, v]) is type(expected[u, v])
            distances = t.distances(u)
            assert distances.dtype == np.float64
            if dist == "float":  # float cells: the closest float to the distance
                np.testing.assert_allclose(distances, reference[u], rtol=1e-6)
            else:
                np.testing.assert_array_equal(distances, reference[u])
            assert t.distance(u, v) == distances[v] and (math.isinf(t.distance(u, v)) == math.isinf(reference[u, v]))


def test_nodes_by_name_need_the_graph(rng, cli, tmp_path):
    n = rng.randint(5, 60)
    arcs = random_arcs(rng, n, 2.5)
    graph_file = tmp_path / "g.csv"
    write_edge_table(graph_file, n, arcs)
    cli("apsp", graph_file, "--out", tmp_path / "D.npy")
    g = pathscope.load_graph(str(graph_file))
    with_graph = pathscope.open_table(tmp_path / "D.npy", graph=g)
    name = rng.choice(g.names)
    np.testing.assert_array_equal(with_graph.row(name), with_graph.row(g.find_node(name)))
    assert with_graph.distance(name, name) == 0
    alone = pathscope.open_table(str(tmp_path / "D.npy"))
    with pytest.raises(pathscope.InvalidArgument, match="without its graph"):
        alone.row(name)
    with pytest.raises(IndexError):
        alone.row(len(alone))
    with pytest.raises(IndexError):
        alone[-1]
    with pytest.raises(TypeError, match="slice"):
        alone[0:2]
    with pytest.raises(TypeError, match="float"):
        alone.row(1.5)
    with pytest.raises(FileNotFoundError):
        pathscope.open_table(tmp_path / "missing.zarr")
    (tmp_path / "not-a-table.npy").write_text("a,b\n")
    with pytest.raises(pathscope.Error, match="not-a-table.npy"):
        pathscope.open_table(tmp_path / "not-a-table.npy")


def test_another_graph_is_refused_and_an_unchecked_table_warned_about(rng, cli, tmp_path):
    n = rng.randint(10, 80)
    arcs = random_arcs(rng, n, 3.0)
    graph_file = tmp_path / "g.gr"
    write_dimacs(graph_file, n, arcs)
    npy, zarr = written_tables(cli, tmp_path, graph_file, "int32", rng.randint(4, n), 0)
    sources, targets, values = arcs
    other = tmp_path / "other.gr"
    write_dimacs(other, n, (sources, targets, [w + 1 for w in values]))  # same size, other costs
    for path in (npy, zarr):
        with pytest.raises(pathscope.Error, match="another graph|computed on"):
            pathscope.open_table(path, graph=str(other))
    bigger = tmp_path / "bigger.gr"
    write_dimacs(bigger, n + 1, arcs)
    with pytest.raises(pathscope.Error, match="rows"):
        pathscope.open_table(npy, graph=str(bigger))
    bare = tmp_path / "bare.npy"
    shutil.copy(npy, bare)  # no fingerprint file beside it
    with pytest.warns(UserWarning, match="node count"):
        t = pathscope.open_table(bare, graph=str(graph_file))
    assert not t.fingerprinted


def test_nothing_is_read_past_the_memory_budget(rng, cli, tmp_path):
    n = rng.randint(40, 120)
    graph_file = tmp_path / "g.gr"
    write_dimacs(graph_file, n, random_arcs(rng, n, 2.0))
    _, zarr = written_tables(cli, tmp_path, graph_file, "int32", 16, 0)
    t = pathscope.open_table(zarr)
    with pytest.raises(pathscope.OverBudget):
        t.to_numpy(memory_budget=n * n * 4 - 1)
    with pytest.raises(pathscope.OverBudget):
        t.rows(range(n), memory_budget=1000)
    assert t.to_numpy(memory_budget=n * n * 4).shape == (n, n)
