"""Centrality: betweenness, closeness, harmonic, PageRank, degrees and strengths, computed by
the engines by name ("cpu", "gpu", "auto") with the GIL released, and networkx-shaped functions
(betweenness_centrality, closeness_centrality, harmonic_centrality, pagerank) that take the same
arguments as networkx's and return the same {node: value} dicts, so that they can be swapped in.

Values follow networkx's definitions and scaling (docs/centrality.md): betweenness counts each
unordered pair once in an undirected graph, closeness and harmonic read distances *to* the
node, closeness uses networkx's wf_improved scaling.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from pathscope import _core
from pathscope._node_results import NodeResult, graph_and_keys

if TYPE_CHECKING:
    import numpy

Progress = Optional[Callable[[float], Optional[bool]]]
Keep = Union[None, str, Sequence[str], "numpy.ndarray"]

__all__ = ["Centrality", "centrality", "centrality_engines", "centrality_measures", "betweenness_centrality",
           "closeness_centrality", "harmonic_centrality", "pagerank"]


class Centrality(NodeResult):
    """What :func:`centrality` returns: measure name -> float64 array in node order (a view of
    the result's memory; NaN at nodes keep_nodes dropped), with ``to_dict(measure)`` and
    ``to_frame()``.

    ``error_bound``: sampled betweenness lies within it of the exact value at every node with
    probability ``1 - bound_delta`` (0 when exact). ``sources_used``, ``pagerank_iterations``,
    ``timing`` and ``filter`` say how the run went.
    """

    @property
    def error_bound(self) -> float:
        return self.run.error_bound

    @property
    def bound_delta(self) -> float:
        return self.run.bound_delta

    @property
    def sources_used(self) -> int:
        return self.run.sources_used

    @property
    def pagerank_iterations(self) -> int:
        return self.run.pagerank_iterations


def centrality_measures() -> List[str]:
    """The names measures= takes: betweenness, closeness, harmonic, pagerank, in-degree, ..."""
    return _core.centrality_measures()


def centrality_engines() -> List[Dict[str, Any]]:
    """The centrality engines: name, description, available, unavailable_reason."""
    return _core.centrality_engines()


def _measure_names(measures: Union[str, Iterable[str]]) -> List[str]:
    if isinstance(measures, str):
        measures = centrality_measures() if measures == "all" else [measures]
    return [str(name).replace("_", "-") for name in measures]


def _seed_value(seed: Any) -> int:
    """An int as it is, a random.Random (as networkx takes) drawn from, None as 1: runs repeat."""
    if seed is None:
        return 1
    if isinstance(seed, random.Random):
        return seed.randrange(2**63)
    return int(seed)


def centrality(graph: Any, measures: Union[str, Iterable[str]] = ("betweenness",), *, engine: str = "auto",
               hops: bool = False, normalized: bool = True, samples: Optional[int] = None, seed: Any = None,
               pagerank_alpha: float = 0.85, pagerank_tolerance: float = 1e-6, pagerank_max_iterations: int = 100,
               keep_nodes: Keep = None, keep_arcs: Keep = None, threads: Optional[int] = None,
               memory_budget: int = 0, gpu_memory_budget: int = 0, weight: Optional[str] = "weight",
               progress: Progress = None) -> Centrality:
    """Centrality measures of every node.

    graph: a pathscope.Graph, a file name or generator spec, or a networkx / igraph graph, a
    pandas DataFrame of edges or a SciPy sparse matrix (converted as the from_* functions do;
    ``weight`` names a networkx or igraph graph's cost data). measures: one name or several of
    betweenness, closeness, harmonic, pagerank, in-degree, out-degree, in-strength,
    out-strength (underscores work too), or "all".

    hops=True: every arc costs 1 (breadth-first), else the arcs' costs (Dijkstra).
    normalized: networkx's betweenness scaling. samples: betweenness from that many sources
    drawn without replacement (networkx's k), scaled to the whole; ``error_bound`` says how
    far from exact; seed (int or random.Random; None: 1) draws them. PageRank walks arcs in
    proportion to their strengths (synapse counts) where the graph has them, as networkx's
    pagerank(weight=...) does with the same numbers as weights.

    keep_nodes, keep_arcs: attribute conditions ("side == left", ["synapses >= 10"]; all must
    hold) or a bool array per node / per CSR arc: the engine runs on the kept part without a
    copy, dropped nodes get NaN. engine: "cpu", "gpu" or "auto"; threads (None: every core).
    progress(fraction) is called with increasing fractions; returning False cancels
    (pathscope.Cancelled); Ctrl-C cancels and raises KeyboardInterrupt.

    >>> g = pathscope.from_arrays([0, 1, 2], [1, 2, 3], directed=False)
    >>> c = pathscope.centrality(g, ["betweenness", "closeness"])
    >>> c["betweenness"].tolist()
    [0.0, 0.6666666666666666, 0.6666666666666666, 0.0]
    >>> round(c.to_dict("closeness")[1], 4)
    0.75
    """
    g, keys, kind = graph_and_keys(graph, weight=weight, strength=weight)
    names = _measure_names(measures)
    if samples is not None and int(samples) < 1:
        raise _core.InvalidArgument(f"samples must be 1 or more (None: every source), not {samples}")
    run = _core._centrality(g, names, engine, bool(hops), bool(normalized), 0 if samples is None else int(samples),
                            _seed_value(seed), float(pagerank_alpha), float(pagerank_tolerance),
                            int(pagerank_max_iterations), keep_nodes, keep_arcs, 0 if threads is None else int(threads),
                            int(memory_budget), int(gpu_memory_budget), progress)
    return Centrality(run, {name: run.values(name) for name in run.measures}, keys, kind)


def _refuse(what: str) -> None:
    raise _core.InvalidArgument(f"{what} is not supported by pathscope's centrality engines")


def _networkx_shaped(graph: Any, measure: str, weight: Optional[str], **keywords: Any) -> Dict[Any, float]:
    """One measure as networkx returns it. weight=None: hops, as networkx's default; a name:
    a networkx or igraph graph's edge data of that name; a pathscope.Graph's own costs ('weight')."""
    if isinstance(graph, _core.Graph) and weight not in (None, "weight"):
        raise _core.InvalidArgument(f"a pathscope.Graph's costs are its weights: pass 'weight' or None (hops), "
                                    f"not {weight!r}")
    result = centrality(graph, [measure], hops=weight is None, weight=weight, **keywords)
    return result.to_dict(measure)


def betweenness_centrality(G: Any, k: Optional[int] = None, normalized: bool = True, weight: Optional[str] = None,
                           endpoints: bool = False, seed: Any = None, *, engine: str = "auto",
                           threads: Optional[int] = None, keep_nodes: Keep = None, keep_arcs: Keep = None,
                           progress: Progress = None) -> Dict[Any, float]:
    """networkx.betweenness_centrality on pathscope's engines: {node: value}.

    k: sampled sources (scaled by n / k, as networkx does); weight: None counts hops, a name
    the edge data used as cost. endpoints=True is not supported.

    >>> import networkx as nx
    >>> pathscope.betweenness_centrality(nx.path_graph(3))
    {0: 0.0, 1: 1.0, 2: 0.0}
    """
    if endpoints:
        _refuse("endpoints=True")
    return _networkx_shaped(G, "betweenness", weight, normalized=normalized, samples=k, seed=seed, engine=engine,
                            threads=threads, keep_nodes=keep_nodes, keep_arcs=keep_arcs, progress=progress)


def closeness_centrality(G: Any, u: Any = None, distance: Optional[str] = None, wf_improved: bool = True, *,
                         engine: str = "auto", threads: Optional[int] = None, keep_nodes: Keep = None,
                         keep_arcs: Keep = None, progress: Progress = None) -> Union[float, Dict[Any, float]]:
    """networkx.closeness_centrality on pathscope's engines: {node: value} (distances to the
    node; networkx's wf_improved scaling), or the value of node u. distance: as networkx's.

    >>> import networkx as nx
    >>> pathscope.closeness_centrality(nx.path_graph(3))[1]
    1.0
    """
    if not wf_improved:
        _refuse("wf_improved=False")
    values = _networkx_shaped(G, "closeness", distance, engine=engine, threads=threads, keep_nodes=keep_nodes,
                              keep_arcs=keep_arcs, progress=progress)
    return values if u is None else values[u]


def harmonic_centrality(G: Any, nbunch: Optional[Iterable[Any]] = None, distance: Optional[str] = None,
                        sources: Optional[Iterable[Any]] = None, *, engine: str = "auto",
                        threads: Optional[int] = None, keep_nodes: Keep = None, keep_arcs: Keep = None,
                        progress: Progress = None) -> Dict[Any, float]:
    """networkx.harmonic_centrality on pathscope's engines: {node: sum of 1/d(u, node)} over
    every other node u, for the nodes of nbunch (None: all). sources= is not supported.

    >>> import networkx as nx
    >>> pathscope.harmonic_centrality(nx.path_graph(3))[0]
    1.5
    """
    if sources is not None:
        _refuse("sources=")
    values = _networkx_shaped(G, "harmonic", distance, engine=engine, threads=threads, keep_nodes=keep_nodes,
                              keep_arcs=keep_arcs, progress=progress)
    if nbunch is None:
        return values
    return {node: values[node] for node in nbunch}


def pagerank(G: Any, alpha: float = 0.85, personalization: Any = None, max_iter: int = 100, tol: float = 1e-06,
             nstart: Any = None, weight: Optional[str] = "weight", dangling: Any = None, *, engine: str = "auto",
             threads: Optional[int] = None, keep_nodes: Keep = None, keep_arcs: Keep = None,
             progress: Progress = None) -> Dict[Any, float]:
    """networkx.pagerank on pathscope's engines: {node: value}, the same power iteration with
    the same stopping rule. weight: the edge data each arc is walked in proportion to (None:
    every arc counts 1); a pathscope.Graph's arcs weigh their strengths (synapse counts) where
    it has them. personalization, nstart and dangling are not supported. Self-loops, which
    pathscope keeps off the arcs, take no part.

    >>> import networkx as nx
    >>> round(pathscope.pagerank(nx.cycle_graph(4))[0], 6)
    0.25
    """
    for name, value in (("personalization", personalization), ("nstart", nstart), ("dangling", dangling)):
        if value is not None:
            _refuse(f"{name}=")
    if isinstance(G, _core.Graph) and weight is None and G.arc_strengths is not None:
        from pathscope._convert import from_arrays

        sources, targets, costs = G.to_arrays()
        G = from_arrays(sources, targets, costs, n=G.n, directed=G.directed, ids=G.ids, names=G.names)
    return centrality(G, ["pagerank"], pagerank_alpha=alpha, pagerank_tolerance=tol, pagerank_max_iterations=max_iter,
                      weight=weight, engine=engine, threads=threads, keep_nodes=keep_nodes, keep_arcs=keep_arcs,
                      progress=progress).to_dict("pagerank")
