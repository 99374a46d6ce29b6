#!/usr/bin/env bash
# Configures and builds pathscope into a build folder (default: build). Extra arguments go to
# CMake, e.g. -DPATHSCOPE_CUDA=OFF. CUDA code is compiled for one architecture unless
# PATHSCOPE_CUDA_ARCHS says otherwise (the full list takes much longer on a small machine).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
export PATH="$PATH:/usr/local/cuda/bin"
archs=${PATHSCOPE_CUDA_ARCHS:-90a-real}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CUDA_ARCHITECTURES=$archs" "$@"
cmake --build "$build" -j "$(nproc)"
