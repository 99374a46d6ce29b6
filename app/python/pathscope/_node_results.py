"""Results of one value per node (centrality measures, information-flow layers) as a read-only
mapping of column name -> float64 array in node order, views of the result object's memory,
with the ways out users reach for: {node key: value} dicts shaped as networkx returns them and
pandas DataFrames indexed by node key. Node keys follow the conversions back out: a networkx
input's own keys, else the graph's names, ids or indices (pathscope._edges.node_keys)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Dict, Iterator, List, Optional


class NodeResult(Mapping):
    """Column name -> float64 array of graph.n values (NaN at nodes keep_nodes dropped).

    ``run`` is the extension's result object (timing, filter, and the rest); every array's
    ``base`` is that object.
    """

    def __init__(self, run: Any, columns: Dict[str, Any], keys: List[Any], key_kind: str) -> None:
        self.run = run
        self._columns = columns
        self._keys = keys
        self.key_kind = key_kind

    def __getitem__(self, column: str):
        try:
            return self._columns[column]
        except KeyError:
            raise KeyError(f"no column '{column}' (this result has {', '.join(self._columns)})") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)

    @property
    def keys_in_order(self) -> List[Any]:
        """The node keys, in node index order."""
        return list(self._keys)

    @property
    def timing(self) -> Dict[str, Any]:
        return self.run.timing

    @property
    def filter(self) -> str:
        """What keep_nodes / keep_arcs kept ("" for the whole graph)."""
        return self.run.filter

    def to_dict(self, column: Optional[str] = None) -> Dict[Any, float]:
        """{node key: value} of one column (default: the only one), as networkx's functions
        return it. Nodes the filter dropped (NaN) are left out, as networkx on the kept subgraph
        has no such nodes."""
        if column is None:
            if len(self._columns) != 1:
                raise ValueError(f"name the column: this result has {', '.join(self._columns)}")
            column = next(iter(self._columns))
        values = self[column].tolist()
        return {key: value for key, value in zip(self._keys, values) if value == value}

    def to_frame(self):
        """A pandas DataFrame: one row per node indexed by node key (index name: 'name', 'id',
        'index' or 'node'), one column per measure."""
        import pandas as pd

        frame = pd.DataFrame({name: values for name, values in self._columns.items()},
                             index=pd.Index(self._keys, name=self.key_kind))
        return frame

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self._keys)} nodes: {', '.join(self._columns)}>"


def graph_and_keys(graph: Any, *, weight: Optional[str] = "weight", strength: Optional[str] = None):
    """(pathscope.Graph, node keys, key kind) for any graph input an engine call takes."""
    from pathscope import _core
    from pathscope._convert import as_graph
    from pathscope._edges import node_keys
    from pathscope._graph import Graph
    from pathscope._load import load_graph

    converted = as_graph(graph, weight=weight, strength=strength)
    if not isinstance(converted, _core.Graph):
        converted = load_graph(converted)
    elif not isinstance(converted, Graph):
        converted = Graph(converted)
    if type(graph).__module__.split(".", 1)[0] == "networkx":
        return converted, list(graph.nodes), "node"
    keys, kind = node_keys(converted)
    return converted, keys.tolist(), kind
