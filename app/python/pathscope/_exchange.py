"""Graph.to_networkx() and Graph.to_igraph(): the graph with its ids, names, positions and
every node, edge and graph attribute, parallel arcs kept (a multigraph) where the graph kept them."""
import numpy as np

from pathscope._edges import attribute_lists, edge_rows, node_keys


def _node_data(graph, key_kind):
    """Per node, the dict of what the key does not already say."""
    data = [dict() for _ in range(graph.n)]
    if graph.names is not None and key_kind != "name":
        for d, name in zip(data, graph.names):
            d["name"] = name
    if graph.ids is not None and key_kind != "id":
        for d, node_id in zip(data, graph.ids.tolist()):
            d["id"] = node_id
    coordinates = graph.coordinates
    if coordinates is not None:
        for axis, name in enumerate("xyz"[: coordinates.shape[1]]):
            for d, value in zip(data, coordinates[:, axis].tolist()):
                d[name] = value
    for name, values in attribute_lists(graph.node_attributes).items():
        for d, value in zip(data, values):
            if value is not None:
                d[name] = value
    return data


def _edge_data(graph, rows, weight):
    data = [{weight: w} for w in rows.weights.tolist()]
    if rows.strengths is not None:
        for d, s in zip(data, rows.strengths.tolist()):
            if s == s:  # NaN: a loop, which keeps no strength
                d["strength"] = s
    for name, values in attribute_lists(graph.arc_attributes, rows.attribute_rows).items():
        for d, value in zip(data, values):
            if value is not None:
                d[name] = value
    return data


def _graph_data(graph):
    return {name: values[0] for name, values in attribute_lists(graph.graph_attributes).items()
            if values[0] is not None}


def to_networkx(graph, weight):
    import networkx as nx

    rows = edge_rows(graph)
    multi = len(graph.extra_arcs) > 0
    kind = {(True, False): nx.DiGraph, (False, False): nx.Graph,
            (True, True): nx.MultiDiGraph, (False, True): nx.MultiGraph}[(graph.directed, multi)]
    G = kind()
    G.graph.update(_graph_data(graph))
    keys, key_kind = node_keys(graph)
    keys = keys.tolist()
    G.add_nodes_from(zip(keys, _node_data(graph, key_kind)))
    G.add_edges_from((keys[s], keys[t], d) for s, t, d in
                     zip(rows.sources.tolist(), rows.targets.tolist(), _edge_data(graph, rows, weight)))
    return G


def to_igraph(graph, weight):
    import igraph

    rows = edge_rows(graph)
    g = igraph.Graph(n=graph.n, edges=np.column_stack([rows.sources, rows.targets]).tolist(),
                     directed=graph.directed)
    for name, value in _graph_data(graph).items():
        g[name] = value
    if graph.names is not None:
        g.vs["name"] = list(graph.names)
    elif graph.ids is not None:
        g.vs["name"] = [str(i) for i in graph.ids.tolist()]
    if graph.ids is not None:
        g.vs["id"] = graph.ids.tolist()
    coordinates = graph.coordinates
    if coordinates is not None:
        for axis, name in enumerate("xyz"[: coordinates.shape[1]]):
            g.vs[name] = coordinates[:, axis].tolist()
    for name, values in attribute_lists(graph.node_attributes).items():
        g.vs[name] = values
    g.es[weight] = rows.weights.tolist()
    if rows.strengths is not None:
        g.es["strength"] = [s if s == s else None for s in rows.strengths.tolist()]
    for name, values in attribute_lists(graph.arc_attributes, rows.attribute_rows).items():
        g.es[name] = values
    return g
