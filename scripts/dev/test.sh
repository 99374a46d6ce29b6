#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest: install what is missing, build (CUDA
# for one architecture when nvcc exists), run every test but the GPU ones (unit, cli, timing,
# package, gui; GPU tests need a GPU: scripts/device/device-check.sh runs them on the device
# machine) and the Python module's pytest suite (from a venv the build is pip-installed into),
# run the unit tests again under AddressSanitizer + UBSan (only they: the others run the CLI
# binary, time things or install, which the Release run covers), then every reader's fuzzer for
# a short fixed budget.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
jobs=$(nproc)
fuzz_seconds=${PATHSCOPE_FUZZ_SECONDS:-20}

"$root/scripts/user/install-deps.sh"

echo "== build (Release)"
"$root/scripts/user/build.sh" "$root/build" -DPATHSCOPE_PYTHON=ON
echo "== tests: all labels but gpu (no GPU here)"
(cd "$root/build" && xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" ctest -LE gpu --output-on-failure -j "$jobs")

echo "== Python module (pytest, tests/python), pip-installed from this build into a virtual environment"
python=$(sed -n 's/^PATHSCOPE_PYTHON_EXECUTABLE:INTERNAL=//p' "$root/build/CMakeCache.txt")
[ -n "$python" ] || { echo "the build has no Python module (PATHSCOPE_PYTHON)" >&2; exit 1; }
venv="$root/build/test-venv"
rm -rf "$venv"
# --system-site-packages: Debian's NumPy, SciPy, networkx, igraph, pandas and pytest are seen.
"$python" -m venv --system-site-packages "$venv"
# build-dir: the build above is packed, not compiled again; --no-index: nothing is fetched.
PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/pip" install --quiet --no-index \
  --config-settings=build-dir="$root/build" "$root"
status=0
# PYTHONNOUSERSITE: a pathscope.pth in the user's site directory (build.sh) must not stand in for
# the installed package; conftest.py checks that the venv's copy is the one imported.
PATHSCOPE_BUILD_DIR="$root/build" PATHSCOPE_TEST_INSTALLED=1 PYTHONNOUSERSITE=1 PYTHONDONTWRITEBYTECODE=1 \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/tests/python" || status=$?
# pytest's 5 means it collected nothing: a CI that ran no tests has not passed.
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests in tests/python" >&2
  exit 1
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi

echo "== unit tests under AddressSanitizer + UBSan"
source "$root/scripts/dev/compiler-cache.sh"
# -O1 -g1, as AddressSanitizer's own docs suggest: line numbers in every report, and a much
# shorter build on CI's 2 cores (docs/architecture.md, "tests/").
cmake -S "$root" -B "$root/build-asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DPATHSCOPE_SANITIZE=ON \
  -DPATHSCOPE_CUDA=OFF -DPATHSCOPE_GUI=OFF "${compiler_cache_flags[@]}" >/dev/null
cmake --build "$root/build-asan" -j "$jobs" --target unit_tests
(cd "$root/build-asan" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest -L unit --output-on-failure -j "$jobs")

echo "== fuzzers, ${fuzz_seconds} s each"
"$root/scripts/dev/run-fuzzers.sh" "$fuzz_seconds"
echo "== all checks passed"
