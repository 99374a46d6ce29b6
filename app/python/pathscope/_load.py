"""pathscope.load_graph: every input format and generator, with every load option the CLI has
as a keyword, and the operating system's own exceptions for a file that cannot be opened."""
from __future__ import annotations

import os
from typing import Optional, Sequence, Union

from pathscope import _core
from pathscope._graph import Graph

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

_DEFAULTS = {"dense_no_arc": 1e6, "max_nodes": 100_000_000, "max_arcs": 2_000_000_000, "max_value_bytes": 16 << 20}


def _raise_if_unopenable(path):
    """Raises what open() raises for a path that cannot be read (FileNotFoundError,
    PermissionError, IsADirectoryError: errno and file name set); nothing for a readable one."""
    if path in ("-", b"-"):
        return
    with open(path, "rb"):
        pass


def _is_generator_spec(spec):
    text = os.fsdecode(spec) if isinstance(spec, (str, bytes)) else None
    return text is not None and not os.path.exists(text) and ":" in text and text.split(":", 1)[0].isalpha() and \
        len(text.split(":", 1)[0]) > 1


def load_graph(spec: PathLike, *, format: str = "", cost_rule: str = "weight",
               min_weight: float = float("-inf"), min_synapses: Optional[int] = None,
               source_column: str = "", target_column: str = "", weight_column: str = "",
               weight_attribute: str = "", node_table: Optional[PathLike] = None,
               force_undirected: bool = False, dense_no_arc: float = _DEFAULTS["dense_no_arc"],
               dense_zero_is_arc: bool = False, max_nodes: int = _DEFAULTS["max_nodes"],
               max_arcs: int = _DEFAULTS["max_arcs"], max_decompressed_bytes: int = 0,
               max_value_bytes: int = _DEFAULTS["max_value_bytes"],
               keep_nodes: Union[None, str, Sequence[str]] = None,
               keep_arcs: Union[None, str, Sequence[str]] = None) -> Graph:
    """Loads a graph file or generates one.

    spec: a file name (str, bytes or os.PathLike; the format by extension or content, or
    format=NAME), '-' for standard input, or a generator spec such as
    'random:n=1000,deg=8,seed=1'. The keywords are the CLI's load options:

    - cost_rule: how the numbers of a file (strengths) become costs: 'weight', 'hops',
      'inverse' (1/w) or 'max-minus' (max(w) - w + 1).
    - min_weight: edge tables: drop connections weaker than this.
    - min_synapses: connection tables: drop pairs of fewer synapses (None: 5 for FlyWire Codex
      exports, else 0).
    - source_column, target_column, weight_column: edge tables: columns by header name or 0-based index.
    - weight_attribute: node-link JSON, GraphML, GEXF, GML, Pajek: the edge attribute that holds
      the cost (osmnx writes 'length'); by default 'weight' when present, else every edge costs 1.
    - node_table: a CSV of node ids or names with optional x, y, z positions.
    - force_undirected: edge tables: every row joins both ways.
    - dense_no_arc, dense_zero_is_arc: dense matrices: entries at or above dense_no_arc mean no
      arc; 0 off the diagonal is an arc of cost 0 only with dense_zero_is_arc.
    - max_nodes, max_arcs: limits checked before memory is taken.
    - max_decompressed_bytes: what a compressed file may inflate to (0: 100 times its size, at
      least 64 MiB); max_value_bytes: the longest single value (an XML tag, a JSON string).
    - keep_nodes, keep_arcs: load only the nodes (and the arcs between them) and the arcs that
      meet these conditions, a str or a list of str that must all hold, as the CLI's
      --keep-nodes / --keep-arcs: 'side == left', 'nt_type in {ACH, GABA}', 'synapses >= 10',
      'cell_type ~ KC.*' (docs/filters.md). report["filter"] says what was kept.

    Raises FileNotFoundError, PermissionError or IsADirectoryError (errno and file name set) for
    a file that cannot be opened, pathscope.ParseError (also a ValueError) reading
    "FILE:LINE: what is wrong" for bad content, pathscope.InvalidArgument (also a ValueError) for
    a bad keyword value. Ctrl-C stops a load within a piece of input.

    >>> g = pathscope.load_graph("random:n=100,deg=4,seed=1")
    >>> g.n, g.directed, g.report["format"]
    (100, True, 'random')
    """
    try:
        loaded = _core.load_graph(
            spec, format=format, cost_rule=cost_rule, min_weight=min_weight, min_synapses=min_synapses,
            source_column=source_column, target_column=target_column, weight_column=weight_column,
            weight_attribute=weight_attribute, node_table=node_table, force_undirected=force_undirected,
            dense_no_arc=dense_no_arc, dense_zero_is_arc=dense_zero_is_arc, max_nodes=max_nodes, max_arcs=max_arcs,
            max_decompressed_bytes=max_decompressed_bytes, max_value_bytes=max_value_bytes,
            keep_nodes=keep_nodes, keep_arcs=keep_arcs)
    except _core.Error as error:
        if isinstance(error, (_core.ParseError, _core.InvalidArgument, _core.Cancelled)):
            raise
        # The core says "cannot open": Python code expects the OS error, with its errno.
        if not _is_generator_spec(spec):
            try:
                _raise_if_unopenable(spec)
            except OSError as os_error:
                raise os_error from error
        if node_table is not None:
            try:
                _raise_if_unopenable(node_table)
            except OSError as os_error:
                raise os_error from error
        raise
    return Graph(loaded)


load_graph.__doc__ += "\n" + _core.graph_formats_help()
