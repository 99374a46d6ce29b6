"""Information-flow layers (docs/information-flow.md): from seed neurons, a probabilistic
traversal that crosses an arc with a chance growing with its share of the target's synaptic
input, repeated many times; each node's layer is the step at which a run reached it, averaged
over the runs that did. The engines ("cpu", "gpu", "auto") run with the GIL released.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from pathscope import _core
from pathscope._node_results import NodeResult, graph_and_keys

if TYPE_CHECKING:
    import numpy

Progress = Optional[Callable[[float], Optional[bool]]]
Keep = Union[None, str, Sequence[str], "numpy.ndarray"]

__all__ = ["FlowLayers", "flow_layers", "flow_engines"]

# Where a seed type is looked for when type_column is not given: the node attribute names the
# readers give a neuron's type (FlyWire Codex, hemibrain, the larva connectome's metadata).
TYPE_COLUMNS = ("cell_type", "type", "celltype", "class1", "class", "super_class")


class FlowLayers(NodeResult):
    """What :func:`flow_layers` returns: "flow_layer" (mean step at which a run reached the node;
    seeds 1, NaN where never reached), "flow_layer_sd" (its standard deviation) and
    "flow_reached" (in how many runs), float64 / int32 arrays in node order over the result's
    memory, with to_dict() and to_frame(). ``seeds`` holds the seed nodes' indices."""

    @property
    def seeds(self):
        return self.run.seeds

    @property
    def repetitions(self) -> int:
        return self.run.repetitions


def flow_engines() -> List[Dict[str, Any]]:
    """The information-flow engines: name, description, available, unavailable_reason."""
    return _core.flow_engines()


def _text_columns(graph) -> Dict[str, list]:
    return {name: values for name, values in graph.node_attributes.items() if isinstance(values, list)}


def seed_nodes(graph, seeds: Union[str, Iterable[Any]], type_column: Optional[str] = None) -> List[int]:
    """The seed nodes' indices. A str is a type: every node whose type_column (None: the first of
    TYPE_COLUMNS that has it) holds that text; a str no type has, but that names a node, is that
    node. Anything else is a list of nodes (indices, names or ids as str)."""
    if not isinstance(seeds, str):
        return list(seeds)
    columns = _text_columns(graph)
    if type_column is not None:
        if type_column not in columns:
            raise _core.InvalidArgument(f"no text node attribute '{type_column}' (the graph has "
                                        f"{', '.join(columns) or 'none'})")
        candidates = [type_column]
    else:
        candidates = [name for name in TYPE_COLUMNS if name in columns]
    for name in candidates:
        nodes = [i for i, value in enumerate(columns[name]) if value == seeds]
        if nodes:
            return nodes
    node = graph.find_node(seeds)
    if node is not None:
        return [node]
    raise _core.InvalidArgument(f"no node has type '{seeds}' (looked in {', '.join(candidates) or 'no type column'}) "
                                f"and no node is named '{seeds}'")


def flow_layers(graph: Any, seeds: Union[str, Iterable[Any]], repetitions: int = 1000, saturation_share: float = 0.3,
                *, min_share: float = 0.0, max_steps: int = 0, seed: int = 1, type_column: Optional[str] = None,
                engine: str = "auto", keep_nodes: Keep = None, keep_arcs: Keep = None, threads: Optional[int] = None,
                memory_budget: int = 0, gpu_memory_budget: int = 0, weight: Optional[str] = "weight",
                progress: Progress = None) -> FlowLayers:
    """Information-flow layers of every node from ``seeds`` (layer 1).

    seeds: a type name (nodes whose type_column, by default the first of cell_type, type,
    celltype, class1, class, super_class the graph has, holds it), or a list of nodes (indices,
    names, ids as str). Each of ``repetitions`` runs crosses an arc u -> v with chance
    share / saturation_share (capped at 1), share being the arc's strength over v's total input
    strength (arcs count 1 without strengths); shares at or below min_share never cross;
    max_steps (0: none) stops a run. Same seed, same layers, any engine.

    graph: as for pathscope.centrality; a networkx graph's ``weight`` data are its synapse
    counts. keep_nodes / keep_arcs, engine, threads and progress as there.

    >>> g = pathscope.from_arrays([0, 1], [1, 2], strengths=[5, 5])
    >>> layers = pathscope.flow_layers(g, [0], repetitions=10)
    >>> layers["flow_layer"].tolist()
    [1.0, 2.0, 3.0]
    """
    g, keys, kind = graph_and_keys(graph, weight=weight, strength=weight)
    nodes = seed_nodes(g, seeds, type_column)
    run = _core._flow_layers(g, nodes, int(repetitions), float(saturation_share), float(min_share), int(max_steps),
                             int(seed), engine, keep_nodes, keep_arcs, 0 if threads is None else int(threads),
                             int(memory_budget), int(gpu_memory_budget), progress)
    columns = {"flow_layer": run.mean_layer, "flow_layer_sd": run.layer_deviation, "flow_reached": run.times_reached}
    return FlowLayers(run, columns, keys, kind)
