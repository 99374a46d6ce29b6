"""Attribute values from Python objects as the typed columns of the graph model.

A column is the triple (name, values, present) that pathscope._core takes: values a NumPy array
(int64, float64 or bool) or a list of str/None (text), present None or a bool mask. The type
follows the graph model's one rule for mixed values (AttributeColumn::widen_for): integers and
reals meet as reals, any other mix becomes text. None and NaN are missing values.
"""
import math
import numbers


def _is_missing(value):
    return value is None or (isinstance(value, float) and math.isnan(value))


def _kind(value):
    # bool first: it is an int to Python, but a truth to a graph file.
    if isinstance(value, (bool,)) or type(value).__name__ in ("bool_", "bool"):
        return "boolean"
    if isinstance(value, numbers.Integral):
        return "integer"
    if isinstance(value, numbers.Real):
        return "real"
    return "text"


def column_from_values(name, values):
    """A column from a sequence of Python values (networkx or igraph attributes, one per element)."""
    import numpy as np

    values = list(values)
    present = [not _is_missing(v) for v in values]
    kinds = {_kind(v) for v, here in zip(values, present) if here}
    if kinds <= {"boolean"} and kinds:
        data = np.array([bool(v) if here else False for v, here in zip(values, present)], dtype=bool)
    elif kinds <= {"integer"} and kinds and all(-2**63 <= int(v) < 2**63 for v, here in zip(values, present) if here):
        data = np.array([int(v) if here else 0 for v, here in zip(values, present)], dtype=np.int64)
    elif kinds <= {"integer", "real"} and kinds:
        data = np.array([float(v) if here else 0.0 for v, here in zip(values, present)], dtype=np.float64)
    else:
        data = [_text(v) if here else None for v, here in zip(values, present)]
    mask = None if all(present) else np.array(present, dtype=bool)
    return (str(name), data, mask)


def _text(value):
    if isinstance(value, bool) or type(value).__name__ in ("bool_", "bool"):
        return "true" if value else "false"  # as the graph model writes a truth
    return str(value)


def column_from_series(name, series, positions=None):
    """A column from a pandas Series, typed by its dtype; NaN, None and pandas.NA are missing.

    positions: for each element, the row of `series` it takes (-1: none, a missing value).
    """
    import numpy as np
    import pandas as pd

    missing = series.isna().to_numpy()
    kind = series.dtype.kind
    if isinstance(series.dtype, pd.CategoricalDtype) or kind in "OSU" or kind not in "biuf":
        values = [None if gone else _text(v) for v, gone in zip(series.to_numpy(dtype=object), missing)]
        if positions is not None:
            values = [values[p] if p >= 0 else None for p in positions]
        return (str(name), values, None)
    if kind == "b":
        data = series.to_numpy(dtype=bool, na_value=False)
    elif kind in "iu":
        data = series.to_numpy(dtype=np.uint64 if kind == "u" and series.dtype.itemsize == 8 else np.int64, na_value=0)
    else:
        data = series.to_numpy(dtype=np.float64, na_value=np.nan)
    present = ~missing
    if positions is not None:
        positions = np.asarray(positions)
        taken = np.clip(positions, 0, None)
        data = data[taken] if len(data) else np.zeros(len(positions), dtype=data.dtype)
        present = (present[taken] if len(present) else np.zeros(len(positions), dtype=bool)) & (positions >= 0)
    return (str(name), data, None if present.all() else present)


def graph_columns_from_dict(attributes):
    """Graph-level values (networkx G.graph, igraph g.attributes()) as one-element columns."""
    return [column_from_values(name, [value]) for name, value in attributes.items()]
