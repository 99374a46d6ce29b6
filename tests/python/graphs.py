"""Random graph files of awkward sizes, written by the tests themselves, and an independent
reading of them for scipy (no pathscope code involved)."""
import numpy as np
import scipy.sparse


def random_arcs(rng, n, degree, weights="int", directed=True):
    """(sources, targets, weights) with no self-loops; parallel arcs are left in, as files have them."""
    m = int(n * degree)
    sources = [rng.randrange(n) for _ in range(m)]
    targets = [rng.randrange(n) for _ in range(m)]
    keep = [k for k in range(m) if sources[k] != targets[k]]
    if weights == "int":
        values = [rng.randint(1, 1000) for _ in keep]
    elif weights == "unit":
        values = [1 for _ in keep]
    else:
        values = [round(rng.uniform(0.5, 100.0), 3) for _ in keep]
    return [sources[k] for k in keep], [targets[k] for k in keep], values


def write_edge_table(path, n, arcs):
    """CSV with a header and node names n0..n{n-1}, so that names never look like indices. Nodes
    are numbered by first appearance, so graph.names gives each node's original number."""
    sources, targets, values = arcs
    with open(path, "w") as f:
        f.write("source,target,weight\n")
        for s, t, w in zip(sources, targets, values):
            f.write(f"n{s},n{t},{w}\n")


def write_dimacs(path, n, arcs):
    sources, targets, values = arcs
    with open(path, "w") as f:
        f.write(f"c random test graph\np sp {n} {len(sources)}\n")
        for s, t, w in zip(sources, targets, values):
            f.write(f"a {s + 1} {t + 1} {w}\n")


def scipy_matrix(n, arcs, directed=True):
    """CSR matrix keeping the cheapest of parallel arcs (scipy would add them)."""
    best = {}
    sources, targets, values = arcs
    for s, t, w in zip(sources, targets, values):
        for key in ((s, t),) if directed else ((s, t), (t, s)):
            if key not in best or w < best[key]:
                best[key] = w
    rows = np.array([k[0] for k in best], dtype=np.int64)
    cols = np.array([k[1] for k in best], dtype=np.int64)
    data = np.array(list(best.values()), dtype=np.float64)
    return scipy.sparse.csr_matrix((data, (rows, cols)), shape=(n, n))
