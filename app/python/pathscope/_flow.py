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
    import os

    import numpy

Progress = Optional[Callable[[float], Optional[bool]]]
Keep = Union[None, str, Sequence[str], "numpy.ndarray"]

__all__ = ["FlowLayers", "flow_layers", "flow_engines"]


class FlowLayers(NodeResult):
    """What :func:`flow_layers` returns: "flow_layer" (mean step at which a run reached the node;
    seeds 1, NaN where never reached), "flow_layer_sd" (its standard deviation) and
    "flow_reached" (in how many runs), float64 / int32 arrays in node order over the result's
    memory, with to_dict(), to_frame() and by_type(). ``seeds`` holds the seed nodes' indices."""

    @property
    def seeds(self):
        return self.run.seeds

    @property
    def repetitions(self) -> int:
        return self.run.repetitions

    def by_type(self):
        """A pandas DataFrame, one row per cell type from the seeds outwards: nodes, reached, and
        the mean and median of the reached nodes' mean layers (as the FlyWire and hemibrain
        analyses read a flow run). Empty when the graph has no type column."""
        import pandas as pd

        return pd.DataFrame(self.run.type_layers(), columns=["type", "nodes", "reached", "mean_layer", "median_layer"])


def flow_engines() -> List[Dict[str, Any]]:
    """The information-flow engines: name, description, available, unavailable_reason."""
    return _core.flow_engines()


def flow_layers(graph: Any, seeds: Union[str, "os.PathLike[str]", Iterable[Any]], repetitions: int = 1000,
                saturation_share: float = 0.3, *, min_share: float = 0.0, max_steps: int = 0, seed: int = 1,
                engine: str = "auto", keep_nodes: Keep = None, keep_arcs: Keep = None, threads: Optional[int] = None,
                memory_budget: int = 0, gpu_memory_budget: int = 0, weight: Optional[str] = "weight",
                progress: Progress = None) -> FlowLayers:
    """Information-flow layers of every node from ``seeds`` (layer 1).

    seeds: a cell type (every node whose type column, cell_type, type, primary_type, class,
    super_class or group, holds it; as spelled, else ignoring case), a file (os.PathLike) of
    ids or names one a line, or a list of nodes (indices, names, ids as str); the CLI's
    --seeds rule. Each of ``repetitions`` runs crosses an arc u -> v with chance
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
    if not isinstance(seeds, (str, bytes)) and not hasattr(seeds, "__fspath__"):
        seeds = list(seeds)
    run = _core._flow_layers(g, seeds, int(repetitions), float(saturation_share), float(min_share), int(max_steps),
                             int(seed), engine, keep_nodes, keep_arcs, 0 if threads is None else int(threads),
                             int(memory_budget), int(gpu_memory_budget), progress)
    columns = {"flow_layer": run.mean_layer, "flow_layer_sd": run.layer_deviation, "flow_reached": run.times_reached}
    return FlowLayers(run, columns, keys, kind)
