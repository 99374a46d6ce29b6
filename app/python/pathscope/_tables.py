"""All-pairs tables saved by ``pathscope-cli apsp --out``, opened again without recomputing.

A ``.npy`` file is memory-mapped; a Zarr folder (one process's, or the chunks a job of
processes wrote into a shared folder) is read chunk by chunk, each chunk mapped (plain) or
decompressed (zstd) when a question first touches it. Both answer the same calls, as the CLI's
``table`` and the explorer read them, so a table too large for memory is used a row at a time.
"""
from __future__ import annotations

import os
import warnings
from typing import Any, Union

from pathscope import _core

__all__ = ["DistanceTable", "open_table"]

DistanceTable = _core.DistanceTable


def open_table(path: Union[str, bytes, "os.PathLike[str]"], graph: Any = None) -> DistanceTable:
    """Opens the table at ``path`` (``D.npy`` or the folder ``D.zarr``) for reading in place.

    With ``graph`` (a :class:`pathscope.Graph`, or a file name or generator spec loaded with
    the default options) the table must belong to it: one row per node, and, where the table
    has its fingerprint (``D.npy.fingerprint``, or the Zarr folder's ``.zattrs``), computed on
    this very graph (nodes, arcs, costs after the cost rule, self-loops); otherwise
    ``pathscope.Error`` says which differs. A table without a fingerprint is opened with a
    ``UserWarning`` that only its node count could be checked. With a graph, nodes may be given
    by name or file id as well as by index.

    The table answers ``row(node)`` and ``t[node]`` (the row as the file holds it, of the
    table's ``dtype``: the type's own unreachable value where there is no path), ``t[u, v]``
    (one cell), ``rows(nodes)``, ``to_numpy()`` and ``numpy.asarray(t)`` (the whole table in
    memory, refused with ``pathscope.OverBudget`` before allocating past the memory budget),
    ``distances(node)`` (float64, ``inf`` for no path) and ``distance(u, v)``.

    A path that cannot be read raises what the operating system says (``FileNotFoundError``,
    ``PermissionError``, errno and file name set); a file that is no table, ``pathscope.Error``
    naming it.

    >>> import os, tempfile, numpy
    >>> path = os.path.join(tempfile.mkdtemp(), "D.npy")  # `pathscope-cli apsp G --out D.npy` writes such files
    >>> numpy.save(path, numpy.array([[0, 3], [2147483647, 0]], dtype=numpy.int32))
    >>> t = pathscope.open_table(path)
    >>> t.shape, t.dtype.name, int(t[0, 1]), t.distances(1).tolist()
    ((2, 2), 'int32', 3, [inf, 0.0])
    """
    if os.path.isdir(path):
        os.listdir(path)
    else:
        open(path, "rb").close()
    table = _core._open_table(path, graph)
    warning = _core._unchecked_warning(table)
    if warning:
        warnings.warn(warning, UserWarning, stacklevel=2)
    return table
