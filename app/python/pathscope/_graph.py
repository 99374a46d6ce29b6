"""pathscope.Graph: the graph every function takes, and its ways back out to NumPy, SciPy,
pandas, networkx and igraph.

The arrays are read-only views of the graph's own memory (array.base is the graph). The class
is a Python subclass of pathscope._core.Graph, so that its methods have real signatures and the
engines take it as they take the extension's own object.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence, Tuple, Union

from pathscope import _core

if TYPE_CHECKING:  # NumPy, pandas and the graph libraries are imported only when a call needs them
    import numpy


class Graph(_core.Graph):
    """A directed graph in CSR form, with the names, ids, positions and attributes it came with.

    An undirected input is stored as two arcs per edge (``directed`` is False). Graphs come from
    :func:`load_graph` and the ``from_*`` functions; ``Graph(other)`` is another handle on the same
    graph.

    >>> g = pathscope.load_graph("random:n=5,deg=2,seed=1")
    >>> g.n, len(g.offsets)
    (5, 6)
    """

    def __init__(self, graph: "_core.Graph") -> None:
        super().__init__(graph)

    def find_node(self, key: str) -> Optional[int]:
        """The index of the node with this name (exact, then any case) or id; None when there is none."""
        return _core.Graph.find_node(self, key)

    def label(self, node: Union[int, str]) -> str:
        """The node's name, or its id as text. node: a 0-based index (int or NumPy integer) or a name/id."""
        return _core.Graph.label(self, node)

    def distance_type(self) -> Tuple[str, bool, str]:
        """(type, exact, reason): the narrowest distance type that holds every distance ('auto' picks it)."""
        return _core.Graph.distance_type(self)

    def filter(self, nodes: Union[None, str, Sequence[str]] = None,
               arcs: Union[None, str, Sequence[str]] = None) -> "Graph":
        """The part of the graph that meets the conditions, as a new graph.

        nodes, arcs: a condition as a str, or a list of them that must all hold, as load_graph's
        keep_nodes= / keep_arcs= and the CLI's --keep-nodes / --keep-arcs read them
        ('side == left', 'nt_type in {ACH, GABA}', 'synapses >= 10', 'cell_type ~ KC.*';
        docs/filters.md). An arc is kept only when both its ends are. Nodes keep their ids (the
        old indices become ids where the graph had none), names, positions and attributes;
        report["filter"] says what was kept. Raises pathscope.InvalidArgument for a condition
        that does not parse or names an attribute the graph lacks.

        >>> g = pathscope.load_graph("random:n=20,deg=3,seed=2")
        >>> g.filter(nodes="id < 10").n
        10
        """
        return Graph(_core.filter_graph(self, nodes, arcs))

    # Conversions ---------------------------------------------------------------------------

    def to_arrays(self) -> Tuple["numpy.ndarray", "numpy.ndarray", "numpy.ndarray"]:
        """(sources, targets, weights): one row per edge as the graph was given.

        The arcs in CSR order (an undirected graph's edges once each, source < target), then the
        self-loops, then the extra arcs (parallel arcs and loops beyond the cheapest, when the
        graph kept them). from_arrays(*g.to_arrays(), n=g.n, directed=g.directed) rebuilds it.

        >>> s, t, w = pathscope.load_graph("random:n=6,deg=2,seed=3").to_arrays()
        >>> len(s) == len(t) == len(w)
        True
        """
        from pathscope._edges import edge_rows

        rows = edge_rows(self)
        return rows.sources, rows.targets, rows.weights

    def to_scipy(self, *, array: bool = False):
        """The arcs as a SciPy CSR matrix (csr_array with array=True), row = tail, value = cost.

        Self-loops and extra arcs are left out, as engines leave them: the matrix is what
        scipy.sparse.csgraph needs for the same distances. A zero cost is an explicit zero, which
        csgraph reads as an arc of cost 0 (as from_scipy does).
        """
        import numpy as np
        import scipy.sparse

        kind = scipy.sparse.csr_array if array else scipy.sparse.csr_matrix
        return kind((np.array(self.weights), np.array(self.heads), np.array(self.offsets)), shape=(self.n, self.n))

    def nodes_frame(self):
        """A pandas DataFrame with one row per node (index = node index): id, name, x, y, z and
        every node attribute, missing values as pandas shows them (NaN, None, <NA>)."""
        from pathscope._frames import nodes_frame

        return nodes_frame(self)

    def to_pandas(self):
        """The edges as a pandas DataFrame: source, target (node labels), weight, strength when the
        graph has strengths, and every edge attribute; rows in to_arrays() order. nodes_frame()
        gives the nodes."""
        from pathscope._frames import edges_frame

        return edges_frame(self)

    def to_networkx(self, *, weight: str = "weight"):
        """A networkx DiGraph (Graph when undirected; MultiDiGraph/MultiGraph when the graph kept
        parallel arcs or extra loops): node keys the names, else the ids, else the indices;
        the other of name/id, positions (x, y, z) and node attributes as node data; costs under
        `weight`, strengths as 'strength', edge attributes as edge data; graph attributes in G.graph."""
        from pathscope._exchange import to_networkx

        return to_networkx(self, weight)

    def to_igraph(self, *, weight: str = "weight"):
        """An igraph Graph: vertex 'name' (names, else ids as text) and 'id', positions and node
        attributes as vertex attributes; costs under `weight`, strengths and edge attributes as
        edge attributes (parallel arcs kept as multi-edges); graph attributes as graph attributes."""
        from pathscope._exchange import to_igraph

        return to_igraph(self, weight)

    def __repr__(self) -> str:
        return _core.Graph.__repr__(self)


def wrap(graph: Any) -> Graph:
    """The Python class over a graph the extension made."""
    return Graph(graph)
