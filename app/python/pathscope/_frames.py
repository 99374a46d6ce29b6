"""Graph.nodes_frame() and Graph.to_pandas(): nodes and edges as pandas DataFrames, typed as the
graph model types them (integer and boolean columns with missing values as pandas' nullable
Int64 and boolean, text as object)."""
import numpy as np
import pandas as pd

from pathscope._edges import edge_rows, node_keys


def _series(values, rows=None):
    if isinstance(values, list):
        taken = values if rows is None else [values[r] for r in rows]
        return pd.Series(taken, dtype=object)
    data = np.ma.getdata(values)
    mask = np.ma.getmaskarray(values)
    if rows is not None:
        data, mask = data[rows], mask[rows]
    if not mask.any():
        return pd.Series(np.array(data))
    if data.dtype.kind == "f":
        return pd.Series(np.where(mask, np.nan, data))
    nullable = "boolean" if data.dtype.kind == "b" else "Int64"
    return pd.Series(pd.array(np.array(data), dtype=nullable)).mask(mask)


def nodes_frame(graph):
    columns = {}
    if graph.ids is not None:
        columns["id"] = np.array(graph.ids)
    if graph.names is not None:
        columns["name"] = pd.Series(graph.names, dtype=object)
    coordinates = graph.coordinates
    if coordinates is not None:
        for axis, name in enumerate("xyz"[: coordinates.shape[1]]):
            columns[name] = np.array(coordinates[:, axis], dtype=np.float64)
    for name, values in graph.node_attributes.items():
        columns[name] = _series(values)
    return pd.DataFrame({name: pd.Series(values).reset_index(drop=True) for name, values in columns.items()},
                        index=pd.RangeIndex(graph.n))


def edges_frame(graph):
    rows = edge_rows(graph)
    keys, _ = node_keys(graph)
    columns = {"source": keys[rows.sources], "target": keys[rows.targets], "weight": rows.weights}
    if rows.strengths is not None:
        columns["strength"] = rows.strengths
    for name, values in graph.arc_attributes.items():
        columns[name] = _series(values, rows.attribute_rows)
    return pd.DataFrame({name: pd.Series(values).reset_index(drop=True) for name, values in columns.items()})
