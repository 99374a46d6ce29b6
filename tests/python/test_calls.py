"""The calls as Python code expects them: every public name has a real signature and a
docstring, numpy integers are nodes, errors are the built-in exceptions Python code catches,
load_graph takes every load option as a keyword, and `import pathscope` needs no NumPy."""
import errno
import inspect
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pathscope
from conftest import MODULE_DIR
from graphs import random_arcs, write_edge_table


def public_callables():
    for name in sorted(dir(pathscope)):
        value = getattr(pathscope, name)
        if name.startswith("_") or inspect.ismodule(value) or isinstance(value, str):
            continue
        if inspect.isclass(value):
            if issubclass(value, BaseException):
                continue
            for method_name, method in vars(value).items():
                if not method_name.startswith("_") and callable(method) and not isinstance(method, property):
                    yield f"{name}.{method_name}", getattr(value, method_name)
        else:
            yield name, value


def test_every_public_function_and_method_has_a_signature_and_a_docstring():
    seen = dict(public_callables())
    assert {"load_graph", "from_arrays", "from_pandas", "apsp", "Graph.to_networkx", "ApspRun.path",
            "ClosureRun.to_dense", "CorrelateRun.p_values"} <= seen.keys()
    for name, function in seen.items():
        signature = inspect.signature(function)  # raises for a builtin without one
        assert function.__doc__ and len(function.__doc__) > 20, name
        assert "(self" not in str(signature) or "." in name, name
    assert "weight_attribute" in inspect.signature(pathscope.load_graph).parameters
    assert list(inspect.signature(pathscope.ApspRun.path).parameters) == ["self", "source", "target"]


def test_numpy_integers_are_nodes(rng):
    g = pathscope.load_graph(f"random:n={rng.randint(20, 80)},deg=3,seed={rng.randrange(10**9)}")
    s, t = rng.randrange(g.n), rng.randrange(g.n)
    expected = pathscope.path(g, s, t)
    for key_type in (np.int64, np.int32, np.uint16, np.intp):
        got = pathscope.path(g, key_type(s), np.array(t, dtype=key_type))
        np.testing.assert_array_equal(got.nodes, expected.nodes)
    assert pathscope.reach(g, np.int64(s)).tolist() == pathscope.reach(g, s).tolist()
    assert g.label(np.int32(s)) == g.label(s)
    with pytest.raises(TypeError, match="a node is"):
        pathscope.path(g, np.bool_(True), 0)
    with pytest.raises(TypeError):
        pathscope.path(g, np.array([s, t]), 0)
    with pytest.raises(IndexError, match=f"node index {g.n} is outside"):
        pathscope.path(g, np.int64(g.n), 0)


def test_files_that_cannot_be_opened_raise_the_os_errors(tmp_path):
    missing = tmp_path / "missing.gr"
    with pytest.raises(FileNotFoundError) as raised:
        pathscope.load_graph(missing)
    assert raised.value.errno == errno.ENOENT and raised.value.filename == str(missing)
    with pytest.raises(FileNotFoundError):
        pathscope.load_graph(os.fsencode(missing))
    with pytest.raises(IsADirectoryError):
        pathscope.load_graph(tmp_path)
    table = tmp_path / "edges.csv"
    table.write_text("source,target\na,b\n")
    with pytest.raises(FileNotFoundError):
        pathscope.load_graph(table, node_table=tmp_path / "nodes.csv")
    if os.geteuid() != 0:  # root reads everything
        table.chmod(0)
        with pytest.raises(PermissionError):
            pathscope.load_graph(table)


def test_bad_values_are_value_errors_and_budgets_memory_errors(tmp_path):
    bad = tmp_path / "bad.gr"
    bad.write_text("p sp 3 1\na 1 9 5\n")
    with pytest.raises(ValueError, match=r"bad\.gr:2: "):
        pathscope.load_graph(bad)
    assert issubclass(pathscope.ParseError, pathscope.Error)
    cases = [
        lambda: pathscope.apsp("random:n=5,deg=2,seed=1", engine="quick"),
        lambda: pathscope.apsp("random:n=5,deg=2,seed=1", dist="int12"),
        lambda: pathscope.closure("random:n=5,deg=2,seed=1", engine="quick"),
        lambda: pathscope.reach("random:n=5,deg=2,seed=1", 0, direction="sideways"),
        lambda: pathscope.correlate("random-table:rows=20,cols=5,seed=1", method="kendall", min_abs_rho=0.5),
        lambda: pathscope.tsp([[0, 1], [1, 0]], algorithm="guess"),
        lambda: pathscope.load_graph("random:n=5,deg=2,seed=1", cost_rule="shortest"),
        lambda: pathscope.load_graph("random:n=5,deg=2,seed=1", format="dot-ish"),
        lambda: pathscope.load_graph("random:n=5,deg=2,seed=1", min_synapses=-2),
        lambda: pathscope.load_graph("random:n=5,bogus=2"),
        lambda: pathscope.apsp("random:n=5,deg=2,seed=1", threads=-3),
    ]
    for case in cases:
        with pytest.raises(pathscope.InvalidArgument) as raised:
            case()
        assert isinstance(raised.value, ValueError) and isinstance(raised.value, pathscope.Error)
    with pytest.raises(MemoryError):
        pathscope.apsp("random:n=3000,deg=2,seed=1", memory_budget=1000)
    assert issubclass(pathscope.OverBudget, pathscope.Error)


def test_load_options_the_cli_has_are_keywords(rng, tmp_path):
    n = rng.randint(10, 60)
    arcs = random_arcs(rng, n, 2.0, weights="int")
    table = tmp_path / "edges.csv"
    write_edge_table(table, n, arcs)
    for keyword, value in (("min_synapses", 400), ("weight_attribute", "weight")):
        assert keyword in inspect.signature(pathscope.load_graph).parameters
    kept = pathscope.load_graph(table, min_synapses=400)
    assert np.all(kept.weights >= 400)
    strongest = {}
    for s, t, w in zip(*arcs):
        strongest[(s, t)] = max(w, strongest.get((s, t), 0))
    assert kept.arc_count == sum(1 for w in strongest.values() if w >= 400)
    graphml = tmp_path / "g.graphml"
    graphml.write_text(textwrap.dedent("""\
        <graphml><key id="d0" for="edge" attr.name="length" attr.type="double"/>
        <key id="d1" for="edge" attr.name="weight" attr.type="double"/>
        <graph edgedefault="directed"><node id="a"/><node id="b"/>
        <edge source="a" target="b"><data key="d0">7.5</data><data key="d1">2</data></edge></graph></graphml>
        """))
    assert pathscope.load_graph(graphml).weights.tolist() == [2.0]
    assert pathscope.load_graph(graphml, weight_attribute="length").weights.tolist() == [7.5]


def test_import_needs_no_numpy():
    # A NumPy that cannot be imported: the package must still import and say what it is.
    script = textwrap.dedent(f"""
        import sys
        sys.modules["numpy"] = None
        sys.path.insert(0, {str(MODULE_DIR)!r})
        import pathscope
        print(pathscope.__version__, "numpy" in sys.modules and sys.modules["numpy"] is not None)
        """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[1] == "False"
