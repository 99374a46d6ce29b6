"""Shared fixtures for the Python module's tests.

The module under test is the one in <build>/python, where <build> is PATHSCOPE_BUILD_DIR or the
repository's build/ folder: it is put first on sys.path, so an older module linked into the
user's site directory never stands in for it; with PATHSCOPE_TEST_INSTALLED=1, the one pip
installed into the running virtual environment. Real datasets come from PATHSCOPE_SHARED_DATA
(environment) or else the CMake cache variable of the same name, as in tests/support/shared_data.hpp.
"""
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("PATHSCOPE_BUILD_DIR") or REPOSITORY / "build").resolve()
MODULE_DIR = BUILD / "python"

# PATHSCOPE_TEST_INSTALLED=1 (scripts/dev/test.sh): the package pip installed into the virtual
# environment running the tests is tested instead, and it must be that one, not a build folder's.
INSTALLED = os.environ.get("PATHSCOPE_TEST_INSTALLED") == "1"

if INSTALLED:
    import pathscope

    _location = Path(pathscope.__file__).resolve()
    if sys.prefix == sys.base_prefix or Path(sys.prefix).resolve() not in _location.parents:
        raise pytest.UsageError(
            f"PATHSCOPE_TEST_INSTALLED=1, but pathscope was imported from {_location}, not from a virtual environment "
            f"(sys.prefix {sys.prefix}): run the tests with the venv's python, and PYTHONNOUSERSITE=1 so that a "
            "pathscope.pth in the user's site directory does not win")
else:
    if not any((MODULE_DIR / "pathscope").glob("_core*.so")):
        raise pytest.UsageError(
            f"no pathscope module in {MODULE_DIR}: build it first (scripts/user/build.sh), or set PATHSCOPE_BUILD_DIR "
            "to the build folder that has one")
    sys.path.insert(0, str(MODULE_DIR))


def cmake_cache_value(name):
    cache = BUILD / "CMakeCache.txt"
    if cache.exists():
        for line in cache.read_text().splitlines():
            if line.startswith(name + ":"):
                return line.split("=", 1)[1]
    return None


def shared_data_file(relative):
    """Full path of `relative` inside the shared datasets; fails the test, saying what to fix, when missing."""
    chosen = os.environ.get("PATHSCOPE_SHARED_DATA")
    folder = chosen or cmake_cache_value("PATHSCOPE_SHARED_DATA") or str(REPOSITORY.parent / "shared" / "data")
    path = Path(folder) / relative
    if path.exists():
        return path
    source = ("the environment variable PATHSCOPE_SHARED_DATA" if chosen
              else "the CMake cache variable PATHSCOPE_SHARED_DATA")
    pytest.fail(f"shared test data missing: {relative} is not in {folder} (folder taken from {source}). Put the "
                f"datasets there, or set PATHSCOPE_SHARED_DATA (environment, or cmake -DPATHSCOPE_SHARED_DATA=...) "
                f"to the folder that holds {relative}.", pytrace=False)


@pytest.fixture
def rng():
    """A new seed every run, printed so that a failure can be replayed (PATHSCOPE_TEST_SEED=...)."""
    seed = int(os.environ.get("PATHSCOPE_TEST_SEED") or random.SystemRandom().randrange(2**63))
    print(f"seed {seed}")
    return random.Random(seed)


@pytest.fixture(scope="session")
def cli():
    """Runs build/app/pathscope-cli with the given arguments and returns its standard output."""
    binary = BUILD / "app" / "pathscope-cli"
    if not binary.exists():
        pytest.fail(f"{binary} is missing: build the pathscope-cli target", pytrace=False)

    def run(*args):
        done = subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True)
        assert done.returncode == 0, f"pathscope-cli {' '.join(map(str, args))} failed:\n{done.stderr}"
        return done.stdout

    return run


def python_igraph():
    """Debian's python3-igraph, which every machine the README sets up has: a missing one fails the
    test. Only PATHSCOPE_TESTS_WITHOUT_IGRAPH=1 (a machine whose Python cannot have it, such as the
    GPU image, scripts/device/device-python.sh) makes this None, and the caller leaves out just the
    igraph comparison."""
    if os.environ.get("PATHSCOPE_TESTS_WITHOUT_IGRAPH") == "1":
        try:
            import igraph
        except ImportError:
            return None
        return igraph
    import igraph
    return igraph
