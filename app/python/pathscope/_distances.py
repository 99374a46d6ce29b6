"""Shortest distances without an all-pairs matrix: one node to every node, a table of sources by
targets, or a list of pairs.

Each source costs one search (breadth-first for unit costs, Dijkstra for non-negative ones,
Bellman-Ford with negative arcs), which stops as soon as the targets asked for are settled;
tables and pairs spread their sources over threads with the GIL released. A node is an int
(0-based index, NumPy integers too) or a str (a name, or the file's own id). Unreachable
nodes get ``inf``. NumPy is imported when one of these functions is called, not before.
"""
from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Tuple, Union

from pathscope import _core

if TYPE_CHECKING:
    import os

    import numpy
    import numpy.typing

    GraphLike = Union[_core.Graph, str, bytes, os.PathLike]
    Node = Union[int, str, numpy.integer]
    Nodes = Union[Node, Iterable[Node], numpy.typing.NDArray[numpy.integer]]
    FloatArray = numpy.typing.NDArray[numpy.float64]
    IntArray = numpy.typing.NDArray[numpy.int32]

__all__ = ["distances", "distance_table", "pair_distances"]


def _is_single_node(nodes: Any) -> bool:
    import numpy

    if isinstance(nodes, (int, str, numpy.integer)):
        return True
    return isinstance(nodes, numpy.ndarray) and nodes.ndim == 0


def _single_node(node: Any) -> Any:
    """A str or int as it is; any other integer (numpy.int64, a 0-d array) as a Python int."""
    if isinstance(node, (int, str)) or not hasattr(node, "__index__"):
        return node
    return operator.index(node)


def distances(graph: GraphLike, source: Node, *, return_predecessors: bool = False
              ) -> Union[FloatArray, Tuple[FloatArray, IntArray]]:
    """Shortest distances from ``source`` to every node, in node index order.

    Returns a float64 array of ``graph.n`` entries (``inf`` where ``source`` does not reach;
    0 at ``source``), the same numbers as ``scipy.sparse.csgraph.dijkstra(matrix, indices=s)``.
    With ``return_predecessors=True`` returns ``(distances, predecessors)``, where
    ``predecessors[v]`` is the node before ``v`` on a shortest path from ``source`` (int32),
    and -9999 at ``source`` and at unreached nodes: scipy's convention.

    ``graph`` is a :class:`pathscope.Graph`, or a file name or generator spec loaded with the
    default options. Raises ``pathscope.NegativeCycle`` when a negative cycle is reachable from
    ``source``, ``IndexError`` for an index outside the graph, ``pathscope.Error`` for a name
    that is not in it.

    >>> import pathscope
    >>> g = pathscope.load_graph("random:n=100,deg=4,seed=1")
    >>> d = pathscope.distances(g, 0)
    >>> d.shape, d.dtype.name, float(d[0])
    ((100,), 'float64', 0.0)
    >>> d, before = pathscope.distances(g, 0, return_predecessors=True)
    >>> int(before[0])
    -9999
    """
    return _core._distances(graph, _single_node(source), bool(return_predecessors))


def distance_table(graph: GraphLike, sources: Nodes, targets: Optional[Nodes] = None, *, threads: int = 0,
                   memory_budget: int = 0, progress: Optional[Callable[[float], Any]] = None) -> FloatArray:
    """Shortest distances from each of ``sources`` to each of ``targets`` (every node when None).

    Returns a float64 array of shape ``(len(sources), len(targets))``, row = source, ``inf``
    where there is no path. A single node (not in a list) as ``sources`` gives one-to-many
    distances, shape ``(len(targets),)``; a single node as ``targets``, shape ``(len(sources),)``.
    Nodes may be a list of ints and strs, or a NumPy integer array (checked without a Python
    object per node).

    One search per source, stopped once every target is settled; sources run on ``threads``
    threads (0: every core) with the GIL released. ``memory_budget`` (bytes, 0: the default
    share of memory) bounds the table: a larger one raises ``pathscope.OverBudget`` before
    anything is allocated. ``progress(fraction)`` is called with increasing fractions;
    returning False cancels (``pathscope.Cancelled``) and Ctrl-C raises ``KeyboardInterrupt``.

    >>> import pathscope
    >>> g = pathscope.load_graph("random:n=100,deg=4,seed=1")
    >>> pathscope.distance_table(g, [0, 1, 2], [3, 4]).shape
    (3, 2)
    >>> pathscope.distance_table(g, 0, [3, 4]).shape
    (2,)
    >>> pathscope.distance_table(g, [0, 5]).shape
    (2, 100)
    """
    one_source = _is_single_node(sources)
    one_target = targets is not None and _is_single_node(targets)
    rows = [_single_node(sources)] if one_source else sources
    columns = [_single_node(targets)] if one_target else targets
    table = _core._distance_table(graph, rows, columns, int(threads), int(memory_budget), progress)
    if one_source and one_target:
        return table.reshape(())
    if one_source or one_target:
        return table.reshape(-1)
    return table


def pair_distances(graph: GraphLike, pairs: Union[Iterable[Tuple[Node, Node]], numpy.typing.NDArray[Any]], *,
                   threads: int = 0, progress: Optional[Callable[[float], Any]] = None) -> FloatArray:
    """Shortest distance of each (source, target) pair: a float64 array of ``len(pairs)``.

    ``pairs`` is a ``(k, 2)`` NumPy array of node indices (or of names), or any sequence of
    two-node pairs. Pairs with the same source share one search, as ``pathscope-cli path
    --pairs`` does; sources run on ``threads`` threads with the GIL released, with
    ``progress`` as in :func:`distance_table`. ``inf`` where there is no path.

    >>> import pathscope
    >>> g = pathscope.load_graph("random:n=100,deg=4,seed=1")
    >>> d = pathscope.pair_distances(g, [(0, 5), (0, 7), (3, 3)])
    >>> d.shape, float(d[2])
    ((3,), 0.0)
    """
    import numpy

    if isinstance(pairs, numpy.ndarray):
        if pairs.ndim != 2 or pairs.shape[1] != 2:
            raise ValueError(f"pairs must have shape (k, 2), got {pairs.shape}")
        sources, targets = pairs[:, 0], pairs[:, 1]
    else:
        sources, targets = [], []
        for row, pair in enumerate(pairs):
            if isinstance(pair, (str, bytes)) or len(pair) != 2:
                raise ValueError(f"pairs[{row}] is {pair!r}: each pair is (source, target)")
            sources.append(_single_node(pair[0]))
            targets.append(_single_node(pair[1]))
    return _core._pair_distances(graph, sources, targets, int(threads), progress)
