"""Graphs from Python objects: NumPy arrays, SciPy sparse matrices, pandas DataFrames, networkx
and igraph graphs. Every one ends in from_arrays, whose arrays the extension reads in place and
hands to the core's GraphBuilder: self-loops, parallel arcs and the load report follow the rules
every file reader follows. Each library is imported only by the function that needs it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from pathscope import _core
from pathscope._graph import Graph

if TYPE_CHECKING:
    import numpy

# LoadOptions' limits (core/include/pathscope/io/load.hpp), checked before anything is allocated.
_MAX_NODES = 100_000_000
_MAX_ARCS = 2_000_000_000


def _node_indices(values, what):
    import numpy as np

    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{what} must be one-dimensional, not of shape {array.shape}")
    if array.size and array.dtype.kind not in "iu":
        raise TypeError(f"{what} must hold integers (0-based node indices), not {array.dtype}")
    if array.dtype.kind == "u" and array.size and array.max() > np.iinfo(np.int64).max:
        raise ValueError(f"{what} holds {array.max()}, beyond any node index")
    return np.ascontiguousarray(array, dtype=np.int64)


def _costs(values, what, count):
    import numpy as np

    if values is None:
        return None
    array = np.asarray(values)
    if array.ndim != 1 or len(array) != count:
        raise ValueError(f"{what} must hold one number per arc: {array.shape} for {count} arcs")
    if array.size and array.dtype.kind not in "iuf":
        raise TypeError(f"{what} must hold numbers, not {array.dtype}")
    return np.ascontiguousarray(array, dtype=np.float64)


def _columns(attributes, count, what):
    """Attribute columns from a dict name -> array or sequence (or a ready triple list)."""
    if not attributes:
        return []
    import numpy as np

    from pathscope._columns import column_from_series, column_from_values

    columns = []
    for name, values in attributes.items():
        if hasattr(values, "dtype") and hasattr(values, "isna"):  # a pandas Series
            columns.append(column_from_series(name, values.reset_index(drop=True)))
        elif isinstance(values, np.ndarray) and values.dtype.kind in "biuf":
            mask = np.ma.getmaskarray(values) if np.ma.isMaskedArray(values) else None
            data = np.ascontiguousarray(np.ma.getdata(values))
            if data.dtype.kind == "f":  # NaN is a missing value, as in pandas
                mask = np.isnan(data) if mask is None else (mask | np.isnan(data))
            present = None if mask is None or not mask.any() else ~mask
            columns.append((str(name), data, present))
        else:
            columns.append(column_from_values(name, list(values)))
    for name, values, _ in columns:
        if len(values) != count:
            raise ValueError(f"{what} attribute '{name}' has {len(values)} values for {count} {what}s")
    return columns


def from_arrays(sources: "numpy.typing.ArrayLike", targets: "numpy.typing.ArrayLike",
                weights: Optional["numpy.typing.ArrayLike"] = None, *, n: Optional[int] = None,
                directed: bool = True, ids: Optional["numpy.typing.ArrayLike"] = None,
                names: Optional[Sequence[str]] = None,
                node_attributes: Optional[Mapping[str, Any]] = None,
                edge_attributes: Optional[Mapping[str, Any]] = None,
                graph_attributes: Optional[Mapping[str, Any]] = None,
                strengths: Optional["numpy.typing.ArrayLike"] = None,
                coordinates: Optional["numpy.typing.ArrayLike"] = None,
                keep_parallel: bool = False, source: str = "arrays") -> Graph:
    """A graph from arrays of arc ends and costs: arc k runs from sources[k] to targets[k] (0-based
    node indices, any integer dtype) at cost weights[k] (any number dtype; None: every arc costs 1).

    int64 and float64 arrays are read in place, others converted once by NumPy; no Python runs per
    arc. n: the number of nodes (default: the highest index + 1). directed=False makes each row an
    edge both ways. ids (integers) and names (str) label the nodes; node_attributes and
    edge_attributes map a name to one value per node or per row (a NumPy array: integer, real or
    bool; NaN or a masked element is missing; anything else is read as Python values); graph_attributes
    map a name to one value. strengths: the connection strength each cost was made from
    (Graph.arc_strengths); coordinates: n x 2 or n x 3 positions.

    As in every reader, self-loops are kept off the arcs (Graph.self_loops) and parallel arcs keep
    the cheapest; keep_parallel=True keeps the others as Graph.extra_arcs (engines never walk
    them, conversions give them back). graph.report counts both.

    >>> g = pathscope.from_arrays([0, 1, 1], [1, 2, 2], [4.0, 1.5, 0.5])
    >>> g.n, g.arc_count, g.report["parallel_arcs_dropped"]
    (3, 2, 1)
    >>> float(pathscope.path(g, 0, 2).distance)
    4.5
    """
    import numpy as np

    sources = _node_indices(sources, "sources")
    targets = _node_indices(targets, "targets")
    if len(sources) != len(targets):
        raise ValueError(f"sources and targets must be of one length, not {len(sources)} and {len(targets)}")
    if n is not None:
        n = int(n)
        if n < 0:
            raise ValueError(f"n must be 0 or more, not {n}")
    weights = _costs(weights, "weights", len(sources))
    strengths = _costs(strengths, "strengths", len(sources))
    if ids is not None:
        ids = np.asarray(ids)
        if ids.size and ids.dtype.kind not in "iu":
            raise TypeError(f"ids must be integers, not {ids.dtype} (give text labels as names)")
        ids = np.ascontiguousarray(ids, dtype=np.int64)
    if names is not None:
        names = [str(name) for name in names]
    if coordinates is not None:
        coordinates = np.ascontiguousarray(coordinates, dtype=np.float32)
    count = n if n is not None else (int(max(sources.max(initial=-1), targets.max(initial=-1))) + 1)
    if n is None:
        for labels in (ids, names):
            if labels is not None:
                count = max(count, len(labels))  # nodes past the highest index are isolated ones
    return _build(sources, targets, weights, count, directed, ids=ids, names=names, strengths=strengths,
                  coordinates=coordinates, node_columns=_columns(node_attributes, count, "node"),
                  edge_columns=_columns(edge_attributes, len(sources), "edge"),
                  graph_columns=_columns(graph_attributes and {k: [v] for k, v in graph_attributes.items()}, 1, "graph"),
                  keep_parallel=keep_parallel, source=source)


def _build(sources, targets, weights, n, directed, *, ids=None, names=None, strengths=None, coordinates=None,
           node_columns=(), edge_columns=(), graph_columns=(), keep_parallel=False, source="arrays"):
    """The graph of checked arrays (int64 indices, float64 costs) and ready attribute columns."""
    core = _core.graph_from_arrays(sources, targets, weights, strengths, n, bool(directed), ids, names, coordinates,
                                   list(node_columns), list(edge_columns), list(graph_columns), bool(keep_parallel),
                                   source, source, _MAX_NODES, _MAX_ARCS)
    return Graph(core)


def from_scipy(matrix: Any, *, directed: bool = True, keep_parallel: bool = False) -> Graph:
    """A graph from a SciPy sparse matrix or array of any format: entry (i, j) is an arc i -> j of
    that cost, as scipy.sparse.csgraph reads it.

    Follows csgraph's convention: every stored entry is an arc, an explicit zero one of cost 0;
    duplicate entries of a COO matrix are summed (as its conversion to CSR does); directed=False
    makes each entry an edge both ways, the cheaper of (i, j) and (j, i) kept. The matrix must be
    square. Diagonal entries become self-loops (kept off the arcs).

    >>> import scipy.sparse
    >>> m = scipy.sparse.csr_matrix(([2.0, 0.0], ([0, 1], [1, 2])), shape=(3, 3))
    >>> g = pathscope.from_scipy(m)
    >>> float(pathscope.path(g, 0, 2).distance)
    2.0
    """
    import numpy as np
    import scipy.sparse

    if not scipy.sparse.issparse(matrix):
        raise TypeError(f"from_scipy takes a scipy.sparse matrix or array, not {type(matrix).__name__} "
                        "(from_arrays takes arrays of arc ends)")
    rows, columns = matrix.shape
    if rows != columns:
        raise ValueError(f"an adjacency matrix must be square, not {rows} x {columns}")
    # As csgraph converts: a COO matrix's duplicates are summed, a CSR matrix's are left as
    # parallel arcs (the cheapest is the one a search takes).
    csr = scipy.sparse.csr_matrix(matrix)
    sources = np.repeat(np.arange(rows, dtype=np.int64), np.diff(csr.indptr))
    return from_arrays(sources, csr.indices, csr.data, n=rows, directed=directed, keep_parallel=keep_parallel,
                       source="scipy")


_CODEX_COLUMNS = ("pre_root_id", "post_root_id", "syn_count")


def _keys_to_nodes(keys, extra_keys=None):
    """Node keys (ids or names) in order of first appearance, as the file readers number them;
    returns (codes per key, the unique keys, whether they are integers)."""
    import numpy as np
    import pandas as pd

    codes, uniques = pd.factorize(keys)
    if len(codes) and codes.min() < 0:
        row = int(np.argmax(codes < 0)) // 2
        raise ValueError(f"edge row {row} has no source or no target (a missing value)")
    uniques = pd.Index(uniques)
    if extra_keys is not None:
        known = set(uniques.tolist())
        more = [key for key in pd.unique(extra_keys).tolist() if key not in known]
        uniques = uniques.append(pd.Index(more, dtype=uniques.dtype if more and uniques.dtype.kind in "iu" else None))
    integer = uniques.dtype.kind in "iu" or (len(uniques) == 0 and np.asarray(keys).dtype.kind in "iu")
    return np.asarray(codes, dtype=np.int64), uniques, integer


def _interleaved(first, second):
    import numpy as np

    keys = np.empty(2 * len(first), dtype=np.result_type(first.dtype, second.dtype) if first.dtype.kind in "iu" and
                    second.dtype.kind in "iu" else object)
    keys[0::2] = first
    keys[1::2] = second
    return keys


def from_pandas(edges: Any, source: str = "source", target: str = "target", weight: Optional[str] = None, *,
                nodes: Any = None, node_id: Optional[str] = None, directed: bool = True,
                cost_rule: str = "weight", min_synapses: Optional[int] = None,
                keep_parallel: bool = False) -> Graph:
    """A graph from a pandas DataFrame of edges, one row each, and optionally one of nodes.

    source, target: the columns of the node keys (integers become Graph.ids, anything else
    Graph.names), numbered in order of first appearance as the edge-table reader numbers a
    file's. weight: the cost column (None: 'weight' when there is one, else every edge costs 1).
    Every other column becomes an edge attribute typed by its dtype (int, float, bool, text;
    NaN/None/NA missing). nodes: a frame with a column of the same keys (node_id; default 'id',
    else 'root_id' or 'bodyId' when present) whose other columns become node attributes ('name'
    becomes Graph.names when the keys are integers); keys it lists that no edge has are added as
    isolated nodes after the others.

    A FlyWire Codex ``connections`` frame (pre_root_id, post_root_id, syn_count, optionally
    neuropil and nt_type) is read by the core's own Codex reader, as load_graph reads the same
    table from a file: rows of a pair summed, pairs of fewer than min_synapses synapses dropped
    (None: Codex's 5), costs made by cost_rule (weight, hops, inverse, max-minus), each neuron's
    nt_type the one most of its outgoing synapses carry.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"source": ["a", "b"], "target": ["b", "c"], "weight": [1.5, 2.0],
    ...                       "kind": ["x", "y"]})
    >>> g = pathscope.from_pandas(frame)
    >>> g.names, float(pathscope.path(g, "a", "c").distance)
    (['a', 'b', 'c'], 3.5)
    """
    import numpy as np

    columns = set(edges.columns)
    if set(_CODEX_COLUMNS) <= columns and source not in columns and target not in columns:
        graph = _codex_graph(edges, cost_rule, min_synapses)
        if nodes is not None:
            graph = _with_node_table(graph, nodes, node_id)
        return graph
    for column in (source, target):
        if column not in columns:
            raise ValueError(f"no column '{column}' in the edges frame (columns: {', '.join(map(str, edges.columns))})")
    if weight is None and "weight" in columns and "weight" not in (source, target):
        weight = "weight"
    if weight is not None and weight not in columns:
        raise ValueError(f"no weight column '{weight}' in the edges frame")
    if cost_rule != "weight" or min_synapses is not None:
        raise ValueError("cost_rule and min_synapses apply to FlyWire Codex frames; give other frames their costs")
    first = edges[source].to_numpy()
    second = edges[target].to_numpy()
    node_keys = None
    node_key_column = None
    if nodes is not None:
        node_key_column = _node_key_column(nodes, node_id)
        node_keys = nodes[node_key_column].to_numpy()
    codes, uniques, integer = _keys_to_nodes(_interleaved(first, second), node_keys)
    ids = names = None
    if integer:
        ids = np.asarray(uniques, dtype=np.int64)
    else:
        names = [str(key) for key in uniques]
    node_columns = []
    if nodes is not None:
        from pathscope._columns import column_from_series

        positions = pd_index_positions(nodes[node_key_column], uniques)
        for name in nodes.columns:
            if name == node_key_column:
                continue
            column = column_from_series(name, nodes[name].reset_index(drop=True), positions)
            if name == "name" and names is None and isinstance(column[1], list):
                names = [value if value is not None else str(key) for value, key in zip(column[1], uniques)]
                continue
            node_columns.append(column)
    from pathscope._columns import column_from_series

    edge_columns = [column_from_series(name, edges[name].reset_index(drop=True))
                    for name in edges.columns if name not in (source, target, weight)]
    return _build(codes[0::2], codes[1::2], _costs(None if weight is None else edges[weight].to_numpy(), "weight",
                                                    len(edges)),
                  len(uniques), directed, ids=ids, names=names, node_columns=node_columns, edge_columns=edge_columns,
                  keep_parallel=keep_parallel, source="DataFrame")


def pd_index_positions(keys, uniques):
    """For each node key, its row in the node table's key column (-1: not there)."""
    import pandas as pd

    return pd.Index(keys.to_numpy()).get_indexer(pd.Index(uniques))


def _node_key_column(nodes, node_id):
    if node_id is not None:
        if node_id not in nodes.columns:
            raise ValueError(f"no column '{node_id}' in the nodes frame")
        return node_id
    for candidate in ("id", "root_id", "bodyId", "name"):
        if candidate in nodes.columns:
            return candidate
    raise ValueError("the nodes frame needs a column of node keys: name it with node_id=")


def _codex_graph(edges, cost_rule, min_synapses):
    import numpy as np
    import pandas as pd

    def coded(column):
        if column not in edges.columns:
            return None, None
        codes, uniques = pd.factorize(edges[column])
        return np.ascontiguousarray(codes, dtype=np.int64), [str(value) for value in uniques]

    def ids(column):
        values = edges[column].to_numpy()
        if values.dtype.kind not in "iu":
            raise TypeError(f"{column} must hold integer root ids, not {values.dtype}")
        return np.ascontiguousarray(values, dtype=np.int64)

    neuropil_codes, neuropils = coded("neuropil")
    nt_codes, nt_types = coded("nt_type")
    synapses = edges["syn_count"].to_numpy()
    if synapses.dtype.kind not in "iuf":
        raise TypeError(f"syn_count must hold numbers, not {synapses.dtype}")
    core = _core.codex_graph(ids("pre_root_id"), ids("post_root_id"), np.ascontiguousarray(synapses, dtype=np.float64),
                             neuropil_codes, neuropils, nt_codes, nt_types, cost_rule, min_synapses, _MAX_NODES,
                             _MAX_ARCS, "DataFrame")
    return Graph(core)


def _with_columns(graph, node_columns):
    """The graph with these node attribute columns added."""
    return Graph(_core.graph_with_node_columns(graph, list(node_columns)))


def _with_node_table(graph, nodes, node_id):
    from pathscope._columns import column_from_series

    key_column = _node_key_column(nodes, node_id if node_id is not None else None)
    if graph.ids is None:
        raise ValueError("a node table joins a graph with integer ids")
    positions = pd_index_positions(nodes[key_column], graph.ids)
    columns = [column_from_series(name, nodes[name].reset_index(drop=True), positions)
               for name in nodes.columns if name != key_column]
    return _with_columns(graph, columns)


def _node_labels(keys):
    """ids or names from the node keys of a networkx graph: integers (not 0..n-1 in order, which
    an index already says) as ids, anything else as names (str of the key)."""
    import numpy as np

    integer = all(isinstance(key, int) and not isinstance(key, bool) or type(key).__name__.startswith(("int", "uint"))
                  for key in keys)
    if integer and keys:
        values = [int(key) for key in keys]
        if values == list(range(len(values))):
            return None, None
        if all(-2**63 <= v < 2**63 for v in values):
            return np.array(values, dtype=np.int64), None
    if not keys:
        return None, None
    return None, [str(key) for key in keys]


def _data_columns(records, skip=()):
    """Attribute columns from a list of dicts (networkx node or edge data), one per element."""
    from pathscope._columns import column_from_values

    names = []
    seen = set()
    for record in records:
        for name in record:
            if name not in seen and name not in skip:
                seen.add(name)
                names.append(name)
    return [column_from_values(name, [record.get(name) for record in records]) for name in names]


def from_networkx(G: Any, weight: Optional[str] = "weight", *, keep_parallel: bool = True,
                  strength: Optional[str] = None) -> Graph:
    """A graph from a networkx Graph, DiGraph, MultiGraph or MultiDiGraph.

    Nodes in G's order; keys that are integers become Graph.ids (unless they are just 0..n-1),
    any other keys Graph.names (as str); node data 'name' (str) and 'id' (int) fill the other.
    Each edge costs its `weight` data (1 when it has none, or for weight=None); every other edge
    data key becomes an edge attribute, every other node data key a node attribute (x, y, z
    numbers on every node become positions), G.graph the graph attributes. A multigraph's
    parallel edges are kept (Graph.extra_arcs, which engines never walk but to_networkx gives
    back) unless keep_parallel=False, when the report counts them as merged. strength: the edge
    data key (1 where an edge has none) whose numbers become Graph.arc_strengths, the connection
    strengths PageRank and information flow weigh arcs by.

    >>> import networkx as nx
    >>> G = nx.DiGraph()
    >>> G.add_edge("a", "b", weight=2, road="A1")
    >>> g = pathscope.from_networkx(G)
    >>> g.names, g.arc_attributes["road"]
    (['a', 'b'], ['A1'])
    """
    import numpy as np

    keys = list(G.nodes)
    ids, names = _node_labels(keys)
    node_data = [dict(data) for _, data in G.nodes(data=True)]
    skip = set()
    if names is not None and all(isinstance(d.get("id"), int) and not isinstance(d.get("id"), bool) for d in node_data):
        ids = np.array([d["id"] for d in node_data], dtype=np.int64)
        skip.add("id")
    if names is None and node_data and all(isinstance(d.get("name"), str) for d in node_data):
        names = [d["name"] for d in node_data]
        skip.add("name")
    coordinates = None
    for axes in ("xyz", "xy"):
        if node_data and all(all(isinstance(d.get(a), (int, float)) and not isinstance(d.get(a), bool) for a in axes)
                             for d in node_data):
            coordinates = np.array([[d[a] for a in axes] for d in node_data], dtype=np.float32)
            skip.update(axes)
            break
    index = {key: i for i, key in enumerate(keys)}
    edge_list = list(G.edges(data=True))
    sources = np.array([index[u] for u, _, _ in edge_list], dtype=np.int64)
    targets = np.array([index[v] for _, v, _ in edge_list], dtype=np.int64)
    weights = None
    if weight is not None:
        weights = np.array([data.get(weight, 1) for _, _, data in edge_list], dtype=np.float64)
    strengths = None
    if strength is not None:
        strengths = np.array([data.get(strength, 1) for _, _, data in edge_list], dtype=np.float64)
    edge_columns = _data_columns([data for _, _, data in edge_list], skip={weight, strength})
    from pathscope._columns import graph_columns_from_dict

    return _build(sources, targets, weights, len(keys), G.is_directed(), ids=ids, names=names, strengths=strengths,
                  coordinates=coordinates, node_columns=_data_columns(node_data, skip=skip), edge_columns=edge_columns,
                  graph_columns=graph_columns_from_dict(G.graph), keep_parallel=keep_parallel, source="networkx")


def from_igraph(g: Any, weight: Optional[str] = "weight", *, keep_parallel: bool = True) -> Graph:
    """A graph from a python-igraph Graph: vertices in index order; vertex 'name' becomes
    Graph.names and 'id' (integers) Graph.ids (a name that only repeats the id as text is left
    out); x, y, z numbers positions; every other vertex, edge and graph attribute kept. Each edge
    costs its `weight` attribute (1 when absent or None). Multi-edges are kept as extra arcs
    unless keep_parallel=False.

    >>> import igraph
    >>> g = pathscope.from_igraph(igraph.Graph([(0, 1), (1, 2)], directed=True))
    >>> g.n, g.arc_count
    (3, 2)
    """
    import numpy as np

    n = g.vcount()
    vertex_names = set(g.vs.attributes())
    names = ids = None
    skip = set()
    if "id" in vertex_names:
        values = g.vs["id"]
        if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            ids = np.array(values, dtype=np.int64)
            skip.add("id")
    if "name" in vertex_names:
        values = g.vs["name"]
        as_text = [None if v is None else str(v) for v in values]
        if ids is not None and as_text == [str(i) for i in ids.tolist()]:
            skip.add("name")
        elif all(v is not None for v in as_text):
            names = as_text
            skip.add("name")
    coordinates = None
    for axes in ("xyz", "xy"):
        if n and set(axes) <= vertex_names and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for a in axes for v in g.vs[a]):
            coordinates = np.array([g.vs[a] for a in axes], dtype=np.float32).T.copy()
            skip.update(axes)
            break
    from pathscope._columns import column_from_values, graph_columns_from_dict

    edges = np.array(g.get_edgelist(), dtype=np.int64).reshape(-1, 2)
    weights = None
    if weight is not None and weight in g.es.attributes():
        weights = np.array([1 if w is None else w for w in g.es[weight]], dtype=np.float64)
    node_columns = [column_from_values(name, g.vs[name]) for name in g.vs.attributes() if name not in skip]
    edge_columns = [column_from_values(name, g.es[name]) for name in g.es.attributes() if name != weight]
    graph_columns = graph_columns_from_dict({name: g[name] for name in g.attributes()})
    return _build(np.ascontiguousarray(edges[:, 0]), np.ascontiguousarray(edges[:, 1]), weights, n, g.is_directed(),
                  ids=ids, names=names, coordinates=coordinates, node_columns=node_columns, edge_columns=edge_columns,
                  graph_columns=graph_columns, keep_parallel=keep_parallel, source="igraph")


def as_graph(graph: Any, *, weight: Optional[str] = "weight", strength: Optional[str] = None) -> Any:
    """What an engine call takes as its graph: a pathscope.Graph, a file name or generator spec
    (the extension loads it) as they are; a networkx or igraph graph, a pandas DataFrame of edges
    or a SciPy sparse matrix through its from_* conversion. weight and strength name the edge
    data of a networkx graph that become costs and strengths (igraph: weight only)."""
    if isinstance(graph, (_core.Graph, str, bytes)) or hasattr(graph, "__fspath__"):
        return graph
    module = type(graph).__module__.split(".", 1)[0]
    if module == "networkx":
        return from_networkx(graph, weight, strength=strength)
    if module == "igraph":
        return from_igraph(graph, weight)
    if module == "pandas" and hasattr(graph, "columns"):
        return from_pandas(graph, weight=weight if weight != "weight" else None)
    if module == "scipy":
        return from_scipy(graph)
    raise TypeError(f"expected a pathscope.Graph, a file name or generator spec, a networkx or igraph graph, a pandas "
                    f"DataFrame of edges or a SciPy sparse matrix, not {type(graph).__name__}")
