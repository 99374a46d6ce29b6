#!/usr/bin/env bash
# Configures and builds pathscope into a build folder (default: build). Extra arguments go to
# CMake, e.g. -DPATHSCOPE_CUDA=OFF. CUDA code is compiled for one architecture unless
# PATHSCOPE_CUDA_ARCHS says otherwise (the full list takes much longer on a small machine).
# PATHSCOPE_BUILD_TARGETS (space-separated) builds only those targets (the wheel backend's
# pathscope_python) instead of everything.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
shift || true
export PATH="$PATH:/usr/local/cuda/bin"
archs=${PATHSCOPE_CUDA_ARCHS:-90a-real}
# shellcheck source=scripts/dev/compiler-cache.sh
source "$root/scripts/dev/compiler-cache.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CUDA_ARCHITECTURES=$archs" \
  "${compiler_cache_flags[@]}" "$@"
targets=()
for target in ${PATHSCOPE_BUILD_TARGETS:-}; do targets+=(--target "$target"); done
cmake --build "$build" -j "$(nproc)" "${targets[@]}"
# `import pathscope` from anywhere after a build of the default folder: a .pth file in the
# user's site directory puts <build>/python on the path of the interpreter the module was
# built for (README, "Python"). Other build folders are left to PYTHONPATH.
python=$(sed -n 's/^PATHSCOPE_PYTHON_EXECUTABLE:INTERNAL=//p' "$build/CMakeCache.txt")
if [ -n "$python" ] && [ "$(cd "$build" && pwd)" = "$root/build" ]; then
  if "$python" -c 'import site, sys; sys.exit(0 if site.ENABLE_USER_SITE else 1)'; then
    site=$("$python" -m site --user-site)
    mkdir -p "$site"
    echo "$root/build/python" > "$site/pathscope.pth"
    echo "build: $python imports pathscope from $root/build/python (through $site/pathscope.pth)"
  else
    echo "build: user site directories are off for $python: use PYTHONPATH=$root/build/python"
  fi
fi
