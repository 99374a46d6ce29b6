"""A graph's edges as it was given, one row each, for every conversion back out.

Order: the arcs in CSR order (an undirected graph's edges once, tail < head), then the
self-loops, then the extra arcs. Each row also knows its element of Graph.arc_attributes, whose
columns run over the arcs, then the self-loops, then the extra arcs.
"""
from typing import NamedTuple, Optional

import numpy as np


class EdgeRows(NamedTuple):
    sources: np.ndarray      # int64
    targets: np.ndarray      # int64
    weights: np.ndarray      # float64
    strengths: Optional[np.ndarray]  # float64, or None when the graph has none
    attribute_rows: np.ndarray       # int64: each row's element of the arc attribute columns


def edge_rows(graph) -> EdgeRows:
    offsets = np.asarray(graph.offsets)
    heads = np.asarray(graph.heads, dtype=np.int64)
    tails = np.repeat(np.arange(graph.n, dtype=np.int64), np.diff(offsets))
    arcs = np.arange(len(heads), dtype=np.int64)
    if not graph.directed:
        arcs = arcs[tails < heads]
    loops = graph.self_loops
    extra = graph.extra_arcs
    arc_count = len(heads)
    loop_rows = arc_count + np.arange(len(loops), dtype=np.int64)
    extra_rows = arc_count + len(loops) + np.arange(len(extra), dtype=np.int64)
    sources = np.concatenate([tails[arcs], loops["node"].astype(np.int64), extra["tail"].astype(np.int64)])
    targets = np.concatenate([heads[arcs], loops["node"].astype(np.int64), extra["head"].astype(np.int64)])
    weights = np.concatenate([np.asarray(graph.weights)[arcs], loops["weight"], extra["weight"]])
    strengths = None
    if graph.arc_strengths is not None:
        # A self-loop keeps no strength of its own in the graph model: it reads as missing (NaN).
        strengths = np.concatenate([np.asarray(graph.arc_strengths)[arcs], np.full(len(loops), np.nan),
                                    extra["strength"]])
    return EdgeRows(sources, targets, weights.astype(np.float64), strengths,
                    np.concatenate([arcs, loop_rows, extra_rows]))


def node_keys(graph):
    """What stands for each node outside pathscope: its name when every node has a distinct one,
    else its id, else its index; and which of the three it is ("name", "id", "index")."""
    names = graph.names
    if names is not None and len(set(names)) == len(names):
        return np.array(names, dtype=object), "name"
    if graph.ids is not None:
        return np.asarray(graph.ids), "id"
    return np.arange(graph.n, dtype=np.int64), "index"


def attribute_lists(columns, rows=None):
    """Each attribute column as a list of Python values (None where missing), taken at `rows`."""
    lists = {}
    for name, values in columns.items():
        if isinstance(values, list):
            taken = values if rows is None else [values[r] for r in rows]
        else:
            mask = np.ma.getmaskarray(values)
            data = np.ma.getdata(values)
            if rows is not None:
                data, mask = data[rows], mask[rows]
            taken = [None if gone else value for value, gone in zip(data.tolist(), mask.tolist())]
        lists[name] = taken
    return lists
