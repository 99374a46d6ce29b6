# Types of the compiled extension pathscope._core. The public API is the pathscope package
# (pathscope/*.py), which calls these; each part of the module adds its own functions here.
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy

__version__: str

class Error(RuntimeError): ...
class ParseError(Error, ValueError): ...
class InvalidArgument(Error, ValueError): ...
class Cancelled(Error): ...
class OverBudget(Error, MemoryError): ...
class NegativeCycle(Error): ...
class TspInfeasible(Error): ...

_Node = Union[int, str, numpy.integer]
_Progress = Optional[Callable[[float], Optional[bool]]]
_Column = Tuple[str, Any, Optional[numpy.ndarray]]

class Graph:
    def __init__(self, graph: Graph) -> None: ...
    @property
    def n(self) -> int: ...
    def __len__(self) -> int: ...
    @property
    def arc_count(self) -> int: ...
    @property
    def directed(self) -> bool: ...
    @property
    def integer_weights(self) -> bool: ...
    @property
    def unit_weights(self) -> bool: ...
    @property
    def offsets(self) -> numpy.ndarray: ...
    @property
    def heads(self) -> numpy.ndarray: ...
    @property
    def weights(self) -> numpy.ndarray: ...
    @property
    def arc_strengths(self) -> Optional[numpy.ndarray]: ...
    @property
    def node_attributes(self) -> Dict[str, Any]: ...
    @property
    def arc_attributes(self) -> Dict[str, Any]: ...
    @property
    def graph_attributes(self) -> Dict[str, Any]: ...
    @property
    def extra_arcs(self) -> numpy.ndarray: ...
    @property
    def ids(self) -> Optional[numpy.ndarray]: ...
    @property
    def coordinates(self) -> Optional[numpy.ndarray]: ...
    @property
    def self_loops(self) -> numpy.ndarray: ...
    @property
    def names(self) -> Optional[List[str]]: ...
    @property
    def report(self) -> Dict[str, Any]: ...
    def find_node(self, key: str) -> Optional[int]: ...
    def label(self, node: _Node) -> str: ...
    def distance_type(self) -> Tuple[str, bool, str]: ...

class ApspRun:
    distances: numpy.ndarray
    next_hops: Optional[numpy.ndarray]
    dist: str
    timing: Dict[str, Any]
    address: int
    def path(self, source: _Node, target: _Node) -> Path: ...

class Path:
    reachable: bool
    distance: float
    nodes: numpy.ndarray
    arc_costs: numpy.ndarray
    labels: List[str]
    def __len__(self) -> int: ...

class ClosureRun:
    bits: numpy.ndarray
    n: int
    timing: Dict[str, Any]
    address: int
    def reaches(self, i: int, j: int) -> bool: ...
    def to_dense(self) -> numpy.ndarray: ...

class ReachRun:
    nodes: numpy.ndarray
    hops: Optional[numpy.ndarray]
    start: int
    on_cycle: bool
    method: str
    labels: List[str]

class TspRun:
    tour: numpy.ndarray
    length: float
    proven_optimal: bool
    algorithm: str
    backend: str
    fraction_searched: float
    gap_percent: float
    known_optimum: float
    stop_names: List[str]
    graph_nodes: Optional[numpy.ndarray]
    costs: numpy.ndarray
    timing: Dict[str, Any]
    address: int

class CorrelateRun:
    edges: numpy.ndarray
    row_labels: List[str]
    table_rows: numpy.ndarray
    samples: int
    rows_read: int
    skipped_missing: int
    skipped_constant: int
    pairs_tested: int
    rho_cutoff: float
    arithmetic: str
    columns: List[str]
    timing: Dict[str, Any]
    address: int
    def p_values(self) -> numpy.ndarray: ...

def graph_formats_help() -> str: ...
def load_graph(spec: Any, *, format: str = ..., cost_rule: str = ..., min_weight: float = ...,
               min_synapses: Optional[int] = ..., source_column: str = ..., target_column: str = ...,
               weight_column: str = ..., weight_attribute: str = ..., node_table: Any = ...,
               force_undirected: bool = ..., dense_no_arc: float = ..., dense_zero_is_arc: bool = ...,
               max_nodes: int = ..., max_arcs: int = ..., max_decompressed_bytes: int = ...,
               max_value_bytes: int = ...) -> Graph: ...
def graph_from_arrays(sources: numpy.ndarray, targets: numpy.ndarray, weights: Optional[numpy.ndarray],
                      strengths: Optional[numpy.ndarray], n: int, directed: bool, ids: Optional[numpy.ndarray],
                      names: Optional[List[str]], coordinates: Optional[numpy.ndarray], node_columns: List[_Column],
                      edge_columns: List[_Column], graph_columns: List[_Column], keep_parallel: bool, source: str,
                      format: str, max_nodes: int, max_arcs: int) -> Graph: ...
def graph_with_node_columns(graph: Graph, columns: List[_Column]) -> Graph: ...
def codex_graph(pre: numpy.ndarray, post: numpy.ndarray, synapses: numpy.ndarray,
                neuropil_codes: Optional[numpy.ndarray], neuropils: Optional[List[str]],
                nt_codes: Optional[numpy.ndarray], nt_types: Optional[List[str]], cost_rule: str,
                min_synapses: Optional[int], max_nodes: int, max_arcs: int, source: str) -> Graph: ...
def apsp(graph: Any, *, engine: str = ..., dist: str = ..., next_hop: bool = ..., threads: int = ...,
         memory_budget: int = ..., gpu_memory_budget: int = ..., progress: _Progress = ...) -> numpy.ndarray: ...
def path(graph: Any, source: _Node, target: _Node, *, engine: Optional[str] = ..., dist: str = ...,
         threads: int = ..., memory_budget: int = ..., gpu_memory_budget: int = ...,
         progress: _Progress = ...) -> Path: ...
def gpu_info() -> Dict[str, Any]: ...
def closure(graph: Any, *, engine: str = ..., threads: int = ..., memory_budget: int = ...,
            gpu_memory_budget: int = ..., progress: _Progress = ...) -> numpy.ndarray: ...
def reach(graph: Any, node: _Node, *, direction: str = ..., max_hops: int = ..., with_start: bool = ...,
          engine: Optional[str] = ..., threads: int = ..., memory_budget: int = ..., gpu_memory_budget: int = ...,
          progress: _Progress = ...) -> numpy.ndarray: ...
def tsp(problem: Any, stops: Optional[Sequence[Any]] = ..., *, algorithm: str = ..., backend: str = ...,
        seed: int = ..., time_limit: float = ..., kicks: int = ..., starts: int = ..., threads: int = ...,
        memory_budget: int = ..., gpu_memory_budget: int = ..., progress: _Progress = ...) -> numpy.ndarray: ...
def correlate(table: Any, *, method: str = ..., max_p: Optional[float] = ..., min_abs_rho: Optional[float] = ...,
              engine: str = ..., columns: str = ..., row_names: Any = ..., delimiter: str = ..., header: str = ...,
              max_edges: int = ..., pairs_per_band: int = ..., threads: int = ..., memory_budget: int = ...,
              gpu_memory_budget: int = ..., progress: _Progress = ...) -> numpy.ndarray: ...
def apsp_engines() -> List[Dict[str, Any]]: ...
def closure_engines() -> List[Dict[str, Any]]: ...
def tsp_engines() -> List[Dict[str, Any]]: ...
def correlation_engines() -> List[Dict[str, Any]]: ...
# pathscope/_distances.py's private calls (distances, distance_table, pair_distances).
def _distances(graph: Any, source: _Node, return_predecessors: bool) -> Any: ...
def _distance_table(graph: Any, sources: Any, targets: Any, threads: int, memory_budget: int,
                    progress: _Progress) -> numpy.ndarray: ...
def _pair_distances(graph: Any, sources: Any, targets: Any, threads: int, progress: _Progress) -> numpy.ndarray: ...
# pathscope/_centrality.py's and pathscope/_flow.py's calls.
_Keep = Union[None, str, Sequence[str], numpy.ndarray]

class CentralityRun:
    measures: List[str]
    error_bound: float
    bound_delta: float
    sources_used: int
    pagerank_iterations: int
    filter: str
    timing: Dict[str, Any]
    def values(self, measure: str) -> numpy.ndarray: ...

class FlowRun:
    mean_layer: numpy.ndarray
    layer_deviation: numpy.ndarray
    times_reached: numpy.ndarray
    seeds: numpy.ndarray
    repetitions: int
    filter: str
    timing: Dict[str, Any]

def centrality_measures() -> List[str]: ...
def centrality_engines() -> List[Dict[str, Any]]: ...
def flow_engines() -> List[Dict[str, Any]]: ...
def _centrality(graph: Any, measures: List[str], engine: str, hops: bool, normalized: bool, samples: int, seed: int,
                pagerank_alpha: float, pagerank_tolerance: float, pagerank_max_iterations: int, keep_nodes: _Keep,
                keep_arcs: _Keep, threads: int, memory_budget: int, gpu_memory_budget: int,
                progress: _Progress) -> CentralityRun: ...
def _flow_layers(graph: Any, seeds: Sequence[_Node], repetitions: int, saturation_share: float, min_share: float,
                 max_steps: int, seed: int, engine: str, keep_nodes: _Keep, keep_arcs: _Keep, threads: int,
                 memory_budget: int, gpu_memory_budget: int, progress: _Progress) -> FlowRun: ...
