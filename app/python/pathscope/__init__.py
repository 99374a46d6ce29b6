"""pathscope: graph paths on CPU and GPU.

Graphs come from files and generators (load_graph) or from Python objects (from_arrays,
from_scipy, from_pandas, from_networkx, from_igraph) and go back out through Graph.to_arrays,
to_scipy, to_pandas, nodes_frame, to_networkx and to_igraph. apsp(), path(), closure(), reach(),
tsp() and correlate() run the engines by name and return NumPy arrays over the results' own
memory (array.base is the result object); centrality() and flow_layers() return mappings of
such arrays, one per measure, and betweenness_centrality(), closeness_centrality(),
harmonic_centrality() and pagerank() the {node: value} dicts networkx's functions return.
open_table() reads an all-pairs table that `pathscope-cli apsp --out` saved (.npy or Zarr) in
place, a row at a time.

The engines live in the compiled extension pathscope._core; the modules here are its Python
face (signatures, documentation, conversions). NumPy, SciPy, pandas, networkx and igraph are
imported only by the calls that need them.
"""
from pathscope._core import (  # noqa: F401  (the exception types and result classes)
    ApspRun, Cancelled, ClosureRun, CorrelateRun, Error, InvalidArgument, NegativeCycle, OverBudget, ParseError, Path,
    ReachRun, TspInfeasible, TspRun, __version__)
from pathscope._graph import Graph  # noqa: F401
from pathscope._load import load_graph  # noqa: F401
from pathscope._convert import from_arrays, from_igraph, from_networkx, from_pandas, from_scipy  # noqa: F401
from pathscope._engines import (  # noqa: F401
    apsp, apsp_engines, closure, closure_engines, correlate, correlation_engines, gpu_info, path, reach, tsp,
    tsp_engines)
from pathscope._distances import distance_table, distances, pair_distances  # noqa: F401
from pathscope._centrality import (  # noqa: F401
    Centrality, betweenness_centrality, centrality, centrality_engines, centrality_measures, closeness_centrality,
    harmonic_centrality, pagerank)
from pathscope._flow import FlowLayers, flow_engines, flow_layers  # noqa: F401
from pathscope._tables import DistanceTable, open_table  # noqa: F401
