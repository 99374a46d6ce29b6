"""Results reach Python without a copy: each array is a view whose base is the result object
owning the memory, and the memory lives as long as any array over it."""
import gc

import numpy as np

import pathscope


def data_address(array):
    return array.__array_interface__["data"][0]


def check_view(array, owner_type):
    assert not array.flags.owndata
    assert isinstance(array.base, owner_type)
    assert data_address(array) == array.base.address


def test_result_arrays_are_views_of_their_results():
    g = pathscope.load_graph("random:n=131,deg=4,seed=7")
    check_view(pathscope.apsp(g, engine="blocked"), pathscope.ApspRun)
    check_view(pathscope.closure(g, engine="bitset"), pathscope.ClosureRun)
    check_view(pathscope.correlate("random-table:rows=200,cols=9,seed=3", max_p=0.05), pathscope.CorrelateRun)
    check_view(pathscope.tsp(np.arange(49, dtype=float).reshape(7, 7) % 11 + 1), pathscope.TspRun)
    reached = pathscope.reach(g, 0)
    assert not reached.flags.owndata and isinstance(reached.base, pathscope.ReachRun)


def test_array_outlives_every_other_reference():
    distances = pathscope.apsp("random:n=97,deg=3,seed=5", engine="sparse")
    expected = distances.copy()
    second_view = distances.base.distances
    assert data_address(second_view) == data_address(distances)
    second_view[0, 1] = -7  # writeable, and the same memory
    assert distances[0, 1] == -7
    distances[0, 1] = expected[0, 1]
    del second_view
    gc.collect()
    np.testing.assert_array_equal(distances, expected)


def test_graph_arrays_are_read_only_views():
    g = pathscope.load_graph("random:n=53,deg=3,seed=9")
    for array in (g.offsets, g.heads, g.weights):
        assert not array.flags.owndata and not array.flags.writeable and array.base is g
    assert g.offsets.shape == (g.n + 1,) and g.heads.shape == g.weights.shape == (g.arc_count,)
