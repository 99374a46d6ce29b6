#!/usr/bin/env bash
# The Python module with the CUDA engines, on the device machine (or any CUDA machine): the
# README's recipe, `pip install .` into a fresh venv (the in-tree backend finds nvcc and builds
# the GPU engines), then the Python tests from that venv, the GPU engines called from Python
# against the CPU's, and that machine's networkx (3.x, where Debian 12 has 2.8) reading every
# GEXF the CLI writes. Carry [".devdeps", ".devdata"] (prepare-device-carry.sh); the
# image's python3 must have pybind11 (its CMake files are found through CMAKE_PREFIX_PATH).
#
#   OUT=/tmp/out PATHSCOPE_SHARED_DATA=$PWD/.devdata scripts/device/device-python.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$PWD/device-out}
DATA=${PATHSCOPE_SHARED_DATA:-$PWD/../shared/data}
mkdir -p "$OUT"
summary="$OUT/python-summary.txt"
: >"$summary"
note() { printf '%-48s %s\n' "$1" "$2" | tee -a "$summary" >/dev/null; }
step() {  # step NAME LOG command...
  local name=$1 log=$2 t0=$SECONDS
  shift 2
  "$@" >"$OUT/$log" 2>&1
  local rc=$?
  note "$name" "$([ $rc -eq 0 ] && echo ok || echo "FAILED (rc $rc, see $log)") $((SECONDS - t0)) s"
  return $rc
}
export PATH="$PATH:/usr/local/cuda/bin" NCCL_NVLS_ENABLE=0
python=$(command -v python3)
note "device" "$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
note "python" "$($python -c 'import sys, numpy, networkx; print(sys.version.split()[0], "numpy", numpy.__version__, "networkx", networkx.__version__)' 2>&1)"
CMAKE_PREFIX_PATH=$($python -c 'import os, pybind11; print(os.path.dirname(os.path.dirname(os.path.dirname(pybind11.get_cmake_dir()))))')
export CMAKE_PREFIX_PATH

venv=/tmp/pathscope-venv
rm -rf "$venv" build-wheel
# The image's python3 is itself a venv: --system-site-packages would show its base Python's
# packages, not NumPy and networkx, so a .pth file adds the outer venv's site folder.
pip=("$venv/bin/pip")
if ! step "venv (--system-site-packages)" venv.log "$python" -m venv --system-site-packages "$venv"; then
  rm -rf "$venv"
  step "venv without pip (no ensurepip here)" venv.log "$python" -m venv --system-site-packages --without-pip "$venv" ||
    { cat "$summary"; exit 1; }
  pip=("$python" -m pip --python "$venv/bin/python")
fi
outer=$("$python" -c 'import site, sys; print(site.getsitepackages()[0] if sys.prefix != sys.base_prefix else "")')
[ -n "$outer" ] && echo "$outer" >"$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/outer-venv.pth"
step "pip install . (fresh build, CUDA)" pip.log "${pip[@]}" install --no-index --no-build-isolation -v . ||
  { tail -30 "$OUT/pip.log"; cat "$summary"; exit 1; }
step "import pathscope, GPU engines listed" import.log "$venv/bin/python" -c '
import pathscope
print(pathscope.__file__)
print(pathscope.gpu_info())
print([e for e in pathscope.apsp_engines()])'
step "GPU from Python equals CPU" gpu-equal.log "$venv/bin/python" -c '
import numpy as np, pathscope
for spec in ["random:n=1531,deg=7,seed=3", "random:n=4099,deg=5,seed=11"]:
    g = pathscope.load_graph(spec)
    cpu = np.asarray(pathscope.apsp(g, engine="blocked"))
    gpu = np.asarray(pathscope.apsp(g, engine="gpu-blocked"))
    assert np.array_equal(cpu, gpu), spec
    t = pathscope.distance_table(g, list(range(0, g.n, 97)))
    assert np.array_equal(t, np.where(cpu[::97] == np.iinfo(cpu.dtype).max, np.inf, cpu[::97]).astype(float)), spec
    print(spec, "equal", cpu.shape)'
ldd "$(find "$venv" -name '_core*.so' | head -1)" >"$OUT/ldd.txt" 2>&1
note "extension links the CUDA runtime" "$(grep -c cudart "$OUT/ldd.txt") line(s)"

# The CLI and the export tests read back with this machine's networkx; pytest needs the CLI too.
step "configure tests build" configure.log cmake -S . -B build-wheel -DPATHSCOPE_TESTS=ON "-DPATHSCOPE_SHARED_DATA=$DATA" "-DPATHSCOPE_PYTHON3=$python" &&
  step "build CLI + export tests" build.log cmake --build build-wheel -j "$(nproc)" --target pathscope-cli \
    cli_test_cli_export_ranks
# The image has no python-igraph (and nothing can be fetched there): the export test that reads
# every GEXF with networkx alone, and the Python tests without their igraph comparisons.
step "nx.read_gexf of every GEXF, networkx $($python -c 'import networkx; print(networkx.__version__)')" export.log \
  ctest --test-dir build-wheel -R 'cli.test_cli_export_ranks' --output-on-failure
grep -E "tests passed|Failed|\*\*\*" "$OUT/export.log" | tee -a "$summary" >/dev/null
(cd /tmp && PATHSCOPE_BUILD_DIR="$OLDPWD/build-wheel" PATHSCOPE_TEST_INSTALLED=1 PYTHONNOUSERSITE=1 PATHSCOPE_TESTS_WITHOUT_IGRAPH=1 \
  PATHSCOPE_SHARED_DATA="$DATA" PYTHONDONTWRITEBYTECODE=1 \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider -rs "$OLDPWD/tests/python" >"$OUT/pytest.log" 2>&1)
note "pytest from the venv" "$(tail -1 "$OUT/pytest.log")"
cat "$summary"
