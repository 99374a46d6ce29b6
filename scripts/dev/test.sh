#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest: install what is missing, build (CUDA
# for one architecture when nvcc exists), run every test but the GPU ones (unit, cli, timing,
# package, gui; GPU tests need a GPU: scripts/device/device-check.sh runs them on the device
# machine) and the Python module's pytest suite, run the unit tests again under
# AddressSanitizer + UBSan (only they: the others run the CLI binary, time things or install,
# which the Release run covers), then every reader's fuzzer for a short fixed budget.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
jobs=$(nproc)
fuzz_seconds=${PATHSCOPE_FUZZ_SECONDS:-20}

"$root/scripts/user/install-deps.sh"

echo "== build (Release)"
"$root/scripts/user/build.sh" "$root/build" -DPATHSCOPE_PYTHON=ON
echo "== tests: all labels but gpu (no GPU here)"
(cd "$root/build" && xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" ctest -LE gpu --output-on-failure -j "$jobs")

echo "== Python module (pytest, tests/python)"
python=$(sed -n 's/^PATHSCOPE_PYTHON_EXECUTABLE:INTERNAL=//p' "$root/build/CMakeCache.txt")
[ -n "$python" ] || { echo "the build has no Python module (PATHSCOPE_PYTHON)" >&2; exit 1; }
status=0
PATHSCOPE_BUILD_DIR="$root/build" PYTHONDONTWRITEBYTECODE=1 \
  "$python" -m pytest -q -p no:cacheprovider "$root/tests/python" || status=$?
# pytest's 5 means it collected nothing: a CI that ran no tests has not passed.
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests in tests/python" >&2
  exit 1
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi

echo "== unit tests under AddressSanitizer + UBSan"
source "$root/scripts/dev/compiler-cache.sh"
cmake -S "$root" -B "$root/build-asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPATHSCOPE_SANITIZE=ON \
  -DPATHSCOPE_CUDA=OFF -DPATHSCOPE_GUI=OFF "${compiler_cache_flags[@]}" >/dev/null
cmake --build "$root/build-asan" -j "$jobs" --target unit_tests
(cd "$root/build-asan" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest -L unit --output-on-failure -j "$jobs")

echo "== fuzzers, ${fuzz_seconds} s each"
"$root/scripts/dev/run-fuzzers.sh" "$fuzz_seconds"
echo "== all checks passed"
