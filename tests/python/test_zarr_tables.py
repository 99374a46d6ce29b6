"""A table written by `pathscope-cli apsp --out X.zarr` opens without pathscope: with numpy from
the .zarray JSON and the chunk files alone (zstd chunks through the zstd command), and with
zarr-python where it is installed; both equal `--out X.npy` of the same graph."""
import importlib.util
import json
import pathlib
import shutil
import sys

import numpy as np
import pytest

from graphs import random_arcs, write_dimacs

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))
import zarr_check  # noqa: E402  (tests/tools: the same reader checks full-size tables on the GPU machine)


@pytest.mark.parametrize("zstd", [0, 3])
def test_zarr_table_opens_without_pathscope_and_equals_the_npy(zstd, rng, cli, tmp_path):
    if zstd and shutil.which("zstd") is None:
        pytest.skip("the zstd command is missing (Debian package zstd, in scripts/user/install-deps.sh)")
    n = rng.randint(23, 190)
    dist = rng.choice(["int32", "int64", "float"])
    arcs = random_arcs(rng, n, rng.uniform(1.2, 4.0), weights="int")
    graph_file = tmp_path / "g.gr"
    write_dimacs(graph_file, n, arcs)
    chunk = rng.randint(5, n + 10)
    cli("apsp", graph_file, "--dist", dist, "--out", tmp_path / "D.npy")
    cli("apsp", graph_file, "--dist", dist, "--out", tmp_path / "D.zarr", "--chunk", chunk, "--zstd", zstd)
    expected = np.load(tmp_path / "D.npy")

    mine = zarr_check.read_whole(tmp_path / "D.zarr")
    assert mine.dtype == expected.dtype and mine.shape == (n, n)
    np.testing.assert_array_equal(mine, expected)
    assert zarr_check.compare(tmp_path / "D.npy", tmp_path / "D.zarr") >= 1
    attrs = json.loads((tmp_path / "D.zarr" / ".zattrs").read_text())["pathscope"]
    assert attrs["nodes"] == n and attrs["dist"] == dist and len(attrs["graph_sha256"]) == 64

    if importlib.util.find_spec("zarr") is None:
        pytest.skip("zarr-python is not installed (Debian package python3-zarr): checked with numpy only")
    import zarr

    opened = zarr.open(str(tmp_path / "D.zarr"), mode="r")
    assert opened.dtype == expected.dtype and opened.shape == (n, n)
    np.testing.assert_array_equal(opened[:], expected)
    row = rng.randrange(n)
    np.testing.assert_array_equal(opened[row, :], expected[row, :])
