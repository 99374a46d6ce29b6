"""The engines by name, as Python functions with real signatures over pathscope._core: all-pairs
distances, one path, closure and reach, tours, correlation networks, and what each family has.

Each result is a NumPy array over the result's own memory: array.base is the result object
(ApspRun, ClosureRun, ReachRun, TspRun, CorrelateRun), which has the timing and the rest.
progress(fraction) is called with increasing fractions in [0, 1]; returning False cancels the
run (pathscope.Cancelled); Ctrl-C cancels the engine and raises KeyboardInterrupt.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence, Union

from pathscope import _core

if TYPE_CHECKING:
    import os

    import numpy

    from pathscope._graph import Graph

GraphLike = Union["Graph", str, bytes, "os.PathLike[str]"]
Node = Union[int, str, "numpy.integer"]
Progress = Optional[Callable[[float], Optional[bool]]]


def apsp(graph: GraphLike, *, engine: str = "auto", dist: str = "auto", next_hop: bool = False, threads: int = 0,
         memory_budget: int = 0, gpu_memory_budget: int = 0, progress: Progress = None) -> "numpy.ndarray":
    """All-pairs shortest distances as an n x n array (row = source) over the result's memory; its
    base is the ApspRun (timing, next_hops, path()).

    graph: a Graph, or a file name / generator spec loaded with the default options.
    engine: textbook, blocked, sparse, auto, gpu-naive, gpu-blocked. dist: auto (the narrowest
    exact type), int32, int64, float, hop16; unreachable is the dtype's max (int), +inf (float)
    or 65535 (hop16). next_hop=True keeps the next node of each shortest path (base.next_hops).

    >>> d = pathscope.apsp(pathscope.from_arrays([0, 1], [1, 2], [3, 4]), dist="float")
    >>> d.tolist()
    [[0.0, 3.0, 7.0], [inf, 0.0, 4.0], [inf, inf, 0.0]]
    """
    return _core.apsp(graph, engine=engine, dist=dist, next_hop=next_hop, threads=threads,
                      memory_budget=memory_budget, gpu_memory_budget=gpu_memory_budget, progress=progress)


def path(graph: GraphLike, source: Node, target: Node, *, engine: Optional[str] = None, dist: str = "auto",
         threads: int = 0, memory_budget: int = 0, gpu_memory_budget: int = 0, progress: Progress = None):
    """One shortest path as a Path (nodes, arc_costs, labels, distance: +inf when unreachable).

    Nodes: an int or NumPy integer is a 0-based index, a str a name or the file's id. Without
    engine: one single-source search (BFS, Dijkstra or Bellman-Ford); with engine: rebuilt from
    that all-pairs engine's matrix.

    >>> p = pathscope.path(pathscope.from_arrays([0, 1], [1, 2], [3, 4]), 0, 2)
    >>> p.nodes.tolist(), float(p.distance)
    ([0, 1, 2], 7.0)
    """
    return _core.path(graph, source, target, engine=engine, dist=dist, threads=threads, memory_budget=memory_budget,
                      gpu_memory_budget=gpu_memory_budget, progress=progress)


def closure(graph: GraphLike, *, engine: str = "auto", threads: int = 0, memory_budget: int = 0,
            gpu_memory_budget: int = 0, progress: Progress = None) -> "numpy.ndarray":
    """The transitive closure R+ (bit j of row i set when a path of length >= 1 leads from i to j)
    as a uint64 array of shape (n, ceil(n/64)), least significant bit first, over the result's
    memory (base: ClosureRun, with reaches() and to_dense()). engine: textbook, bitset, scc, gpu, auto.

    >>> bits = pathscope.closure(pathscope.from_arrays([0, 1], [1, 2]))
    >>> bits.base.to_dense().astype(int).tolist()
    [[0, 1, 1], [0, 0, 1], [0, 0, 0]]
    """
    return _core.closure(graph, engine=engine, threads=threads, memory_budget=memory_budget,
                         gpu_memory_budget=gpu_memory_budget, progress=progress)


def reach(graph: GraphLike, node: Node, *, direction: str = "downstream", max_hops: Optional[int] = None,
          with_start: bool = False, engine: Optional[str] = None, threads: int = 0, memory_budget: int = 0,
          gpu_memory_budget: int = 0, progress: Progress = None) -> "numpy.ndarray":
    """The nodes `node` reaches (direction='downstream') or that reach it ('upstream'), ascending
    int32 over the answer's memory (base: ReachRun, with hops and labels). The node itself is in
    the set only when it lies on a cycle, unless with_start=True. Without engine: a breadth-first
    search (max_hops limits it); with engine: read from that closure engine's matrix.

    >>> pathscope.reach(pathscope.from_arrays([0, 1, 3], [1, 2, 0]), 0).tolist()
    [1, 2]
    """
    keywords = {} if max_hops is None else {"max_hops": max_hops}
    return _core.reach(graph, node, direction=direction, with_start=with_start, engine=engine, threads=threads,
                       memory_budget=memory_budget, gpu_memory_budget=gpu_memory_budget, progress=progress,
                       **keywords)


def tsp(problem: Any, stops: Optional[Sequence[Node]] = None, *, algorithm: str = "auto", backend: str = "cpu",
        seed: int = 1, time_limit: float = 0.0, kicks: int = -1, starts: int = 0, threads: int = 0,
        memory_budget: int = 0, gpu_memory_budget: int = 0, progress: Progress = None) -> "numpy.ndarray":
    """The best closed tour. problem: a TSPLIB .tsp file, a k x k cost matrix (cost[i, j] = going
    from i to j; inf = no way), or a graph with stops=[nodes] (costs = shortest-path distances).
    Returns the tour (int32 stop indices from stop 0) over the result's memory; its base, a TspRun,
    has length, proven_optimal, algorithm. algorithm: auto, brute, held-karp, 2opt; backend: cpu, gpu.

    >>> tour = pathscope.tsp([[0, 1, 9], [9, 0, 1], [1, 9, 0]])
    >>> tour.tolist(), float(tour.base.length)
    ([0, 1, 2], 3.0)
    """
    return _core.tsp(problem, stops, algorithm=algorithm, backend=backend, seed=seed, time_limit=time_limit,
                     kicks=kicks, starts=starts, threads=threads, memory_budget=memory_budget,
                     gpu_memory_budget=gpu_memory_budget, progress=progress)


def correlate(table: Any, *, method: str = "spearman", max_p: Optional[float] = None,
              min_abs_rho: Optional[float] = None, engine: str = "cpu", columns: str = "",
              row_names: Any = None, delimiter: str = "", header: str = "auto", max_edges: int = 50_000_000,
              pairs_per_band: Optional[int] = None, threads: int = 0, memory_budget: int = 0,
              gpu_memory_budget: int = 0, progress: Progress = None) -> "numpy.ndarray":
    """The pairs of rows whose |rho| passes the cut-off (max_p and/or min_abs_rho) as a structured
    array of (i, j, rho), i < j indexing the used rows, over the result's memory (base:
    CorrelateRun, with row_labels, table_rows, p_values()). table: a TSV/CSV file,
    'random-table:rows=R,cols=C,seed=S', or a 2-D array (rows x samples; row_names= a list of
    names). pairs_per_band bounds the survivors held at once (and how often progress is reported).
    method: spearman or pearson; engine: cpu, cpu-rerank, gpu.

    >>> edges = pathscope.correlate([[1, 2, 3, 4], [2, 4, 6, 8], [4, 3, 2, 1]], min_abs_rho=0.9)
    >>> [(int(e["i"]), int(e["j"]), float(e["rho"])) for e in edges]
    [(0, 1, 1.0), (0, 2, -1.0), (1, 2, -1.0)]
    """
    keywords = {} if pairs_per_band is None else {"pairs_per_band": pairs_per_band}
    return _core.correlate(table, method=method, max_p=max_p, min_abs_rho=min_abs_rho, engine=engine,
                           columns=columns, row_names=row_names, delimiter=delimiter, header=header,
                           max_edges=max_edges, threads=threads, memory_budget=memory_budget,
                           gpu_memory_budget=gpu_memory_budget, progress=progress, **keywords)


def gpu_info() -> Dict[str, Any]:
    """The GPU this program would use (name, memory, compute capability), or why there is none."""
    return _core.gpu_info()


def apsp_engines() -> List[Dict[str, Any]]:
    """The all-pairs engines: name, description, available, unavailable_reason."""
    return _core.apsp_engines()


def closure_engines() -> List[Dict[str, Any]]:
    """The closure engines: name, description, available, unavailable_reason."""
    return _core.closure_engines()


def tsp_engines() -> List[Dict[str, Any]]:
    """The tour engines: name, description, available, unavailable_reason."""
    return _core.tsp_engines()


def correlation_engines() -> List[Dict[str, Any]]:
    """The correlation engines: name, description, available, unavailable_reason."""
    return _core.correlation_engines()
