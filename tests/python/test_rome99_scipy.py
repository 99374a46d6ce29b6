"""pathscope.apsp on the real rome99 road network equals scipy.sparse.csgraph's, read from the
file by this test's own parser."""
import numpy as np
import scipy.sparse
import scipy.sparse.csgraph

import pathscope
from conftest import shared_data_file


def read_dimacs(path):
    best = {}
    n = 0
    with open(path) as f:
        for line in f:
            if line.startswith("p "):
                n = int(line.split()[2])
            elif line.startswith("a "):
                _, u, v, w = line.split()
                key = (int(u) - 1, int(v) - 1)
                best[key] = min(best.get(key, np.inf), float(w))
    rows, cols = np.array(list(best)).T
    return scipy.sparse.csr_matrix((np.array(list(best.values())), (rows, cols)), shape=(n, n))


def test_rome99_apsp_equals_scipy():
    path = shared_data_file("rome99.gr")
    distances = pathscope.apsp(str(path))
    reference = scipy.sparse.csgraph.shortest_path(read_dimacs(path), method="D")
    assert isinstance(distances, np.ndarray) and distances.shape == reference.shape == (3353, 3353)
    assert distances.dtype == np.int32
    finite = np.isfinite(reference)
    np.testing.assert_array_equal(distances[finite], reference[finite].astype(np.int32))
    assert np.all(distances[~finite] == np.iinfo(np.int32).max)
