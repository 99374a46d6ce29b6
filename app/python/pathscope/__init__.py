"""pathscope: graph paths on CPU and GPU.

load_graph() reads any format pathscope knows; apsp(), closure(), reach(), path(), tsp() and
correlate() run its engines by name and return NumPy arrays over the results' own memory
(array.base is the result object).

The engines live in the compiled extension pathscope._core; this package is the Python face
over it (what takes Python objects, signatures, documentation), so that everything a user calls
is imported from `pathscope` itself.
"""
from pathscope._core import *  # noqa: F401,F403  (the extension defines no private API to hide)
from pathscope._core import __version__  # noqa: F401
from pathscope._distances import *  # noqa: F401,F403  (distances, distance_table, pair_distances)
