"""The module and pathscope-cli on the same fresh random files: equal distances, closures and
correlation edges; scipy as an independent check of the distances and closures."""
import numpy as np
import pytest
import scipy.sparse.csgraph
import scipy.stats

import pathscope
from graphs import random_arcs, scipy_matrix, write_dimacs, write_edge_table


def unreachable_of(dtype):
    return np.inf if np.issubdtype(dtype, np.floating) else np.iinfo(dtype).max


@pytest.mark.parametrize("engine", ["textbook", "blocked", "sparse", "auto"])
def test_apsp_equals_cli_and_scipy(engine, rng, cli, tmp_path):
    n = rng.randint(37, 211)
    arcs = random_arcs(rng, n, rng.uniform(1.2, 5.0), weights=rng.choice(["int", "fraction"]))
    graph_file = tmp_path / "g.gr"
    write_dimacs(graph_file, n, arcs)
    g = pathscope.load_graph(graph_file)
    mine = pathscope.apsp(g, engine=engine)
    cli("apsp", graph_file, "--engine", engine, "--out", tmp_path / "D.npy")
    theirs = np.load(tmp_path / "D.npy")
    assert mine.dtype == theirs.dtype and mine.shape == (n, n)
    np.testing.assert_array_equal(mine, theirs)

    reference = scipy.sparse.csgraph.shortest_path(scipy_matrix(n, arcs), method="D")
    expected = np.where(np.isinf(reference), unreachable_of(mine.dtype), reference)
    if np.issubdtype(mine.dtype, np.floating):
        np.testing.assert_allclose(mine, expected, rtol=1e-5)
    else:
        np.testing.assert_array_equal(mine, expected.astype(mine.dtype))


@pytest.mark.parametrize("dist", ["int32", "int64", "float"])
def test_apsp_distance_types_equal_cli_on_an_edge_table(dist, rng, cli, tmp_path):
    n = rng.randint(29, 173)
    arcs = random_arcs(rng, n, 3.0, weights="int")
    table = tmp_path / "edges.csv"
    write_edge_table(table, n, arcs)
    g = pathscope.load_graph(table, cost_rule="weight")
    mine = pathscope.apsp(g, engine="blocked", dist=dist)
    cli("apsp", table, "--engine", "blocked", "--dist", dist, "--out", tmp_path / "D.npy")
    np.testing.assert_array_equal(mine, np.load(tmp_path / "D.npy"))
    # The names give each node's number in the file: scipy on the same arcs, rows in that order.
    order = np.array([int(name[1:]) for name in g.names])
    reference = scipy.sparse.csgraph.shortest_path(scipy_matrix(n, arcs), method="D")[np.ix_(order, order)]
    finite = np.isfinite(reference)
    np.testing.assert_array_equal(mine[finite], reference[finite].astype(mine.dtype))
    assert np.all(mine[~finite] == unreachable_of(mine.dtype))


def scipy_closure(n, arcs):
    """R+ from scipy: i reaches j by a path of length >= 1 exactly when some arc i -> k leads to
    a k from which j is reachable (k == j included)."""
    a = scipy_matrix(n, arcs)
    reflexive = np.isfinite(scipy.sparse.csgraph.shortest_path(a, unweighted=True))
    return (a.astype(bool).astype(np.int64) @ reflexive.astype(np.int64)) > 0


@pytest.mark.parametrize("engine", ["textbook", "bitset", "scc", "auto"])
def test_closure_equals_cli_and_scipy(engine, rng, cli, tmp_path):
    n = rng.randint(65, 300)
    arcs = random_arcs(rng, n, rng.uniform(0.6, 2.0), weights="unit")
    graph_file = tmp_path / "g.gr"
    write_dimacs(graph_file, n, arcs)
    bits = pathscope.closure(pathscope.load_graph(graph_file), engine=engine)
    cli("closure", graph_file, "--engine", engine, "--out", tmp_path / "R.npy")
    np.testing.assert_array_equal(bits, np.load(tmp_path / "R.npy"))
    dense = np.unpackbits(bits.view(np.uint8), axis=1, bitorder="little")[:, :n].astype(bool)
    np.testing.assert_array_equal(dense, scipy_closure(n, arcs))
    np.testing.assert_array_equal(dense, bits.base.to_dense())


def write_table(path, rng, rows, cols):
    """Integer levels (many ties), a few rows with a missing value and a few constant ones."""
    with open(path, "w") as f:
        f.write("gene\t" + "\t".join(f"s{c}" for c in range(cols)) + "\n")
        for r in range(rows):
            values = [str(rng.randrange(6)) for _ in range(cols)]
            kind = rng.random()
            if kind < 0.03:
                values[rng.randrange(cols)] = "NA"
            elif kind < 0.06:
                values = ["3"] * cols
            f.write(f"g{r}\t" + "\t".join(values) + "\n")


@pytest.mark.parametrize("method", ["spearman", "pearson"])
def test_correlation_edges_equal_cli(method, rng, cli, tmp_path):
    rows, cols = rng.randint(90, 260), rng.randint(5, 17)
    table = tmp_path / "t.tsv"
    write_table(table, rng, rows, cols)
    edges = pathscope.correlate(table, method=method, max_p=0.05)
    run = edges.base
    labels = run.row_labels
    mine = {(labels[e["i"]], labels[e["j"]]): (e["rho"], p) for e, p in zip(edges, run.p_values())}
    cli("correlate", table, "--method", method, "--max-p", 0.05, "--out", tmp_path / "e.tsv")
    theirs = {}
    with open(tmp_path / "e.tsv") as f:
        assert f.readline().split() == ["i", "j", "rho", "p"]
        for line in f:
            i, j, rho, p = line.split("\t")
            theirs[(i, j)] = (float(rho), float(p))
    assert mine.keys() == theirs.keys()
    assert len(mine) > 0
    # The TSV has 9 decimals of an exact Spearman rho, 7 significant digits of a float32 Pearson one.
    written_to = 2e-9 if method == "spearman" else 1e-7
    for pair, (rho, p) in mine.items():
        assert rho == pytest.approx(theirs[pair][0], abs=written_to)
        assert p == pytest.approx(theirs[pair][1], rel=1e-5, abs=1e-300)
    # scipy on a few of the edges: the coefficient itself is right, not only equal to the CLI's.
    values = {}
    with open(table) as f:
        f.readline()
        for line in f:
            name, *fields = line.rstrip("\n").split("\t")
            values[name] = fields
    statistic = scipy.stats.spearmanr if method == "spearman" else scipy.stats.pearsonr
    # Exact arithmetic (integer ranks) is exact to the last digits; float products to float32's.
    tolerance = 1e-9 if "exact" in run.arithmetic else 1e-6
    for (a, b) in list(mine)[:20]:
        x, y = np.array(values[a], dtype=float), np.array(values[b], dtype=float)
        assert mine[(a, b)][0] == pytest.approx(statistic(x, y)[0], abs=tolerance), run.arithmetic
