#!/usr/bin/env bash
# Prepares the two ignored folders a device run carries (the GPU machine has no network, no
# CLI11/fmt/xz/bzip2 headers and no shared/ data): .devdeps (Debian's CLI11, fmt, liblzma and
# libbz2 headers, the last two's shared libraries, found there by CMake) and .devdata (rome99 and the TSPLIB instances the
# acceptance benchmarks read). Then call the device with carry [".devdeps", ".devdata"] and
#   OUT=$OUT PATHSCOPE_SHARED_DATA=$PWD/.devdata scripts/device/device-check.sh all
#   OUT=$OUT PATHSCOPE_SHARED_DATA=$PWD/.devdata scripts/device/device-acceptance.sh all
# COMPARE=<revision> also puts that revision's tree in .devdata/compare (the machine gets no
# .git), which device-centrality.sh bench builds and times beside this tree in the same call.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
data=${PATHSCOPE_SHARED_DATA:-$root/../shared/data}
mkdir -p "$root/.devdeps/include" "$root/.devdata/tsplib"
cp -r /usr/include/CLI /usr/include/fmt "$root/.devdeps/include/"
# xz and bzip2 input: headers and Debian's shared libraries to link against (cmake/InputLibraries.cmake
# looks here when the machine has no liblzma-dev or libbz2-dev); at run time the machine's own
# liblzma5 and libbz2-1.0 answer their sonames. Not the static ones: Debian's libbz2.a is not
# position-independent, so the Python extension could not take it.
rm -rf "$root/.devdeps/lib"
mkdir -p "$root/.devdeps/lib"
cp -r /usr/include/lzma.h /usr/include/lzma /usr/include/bzlib.h "$root/.devdeps/include/"
cp -L /usr/lib/x86_64-linux-gnu/liblzma.so "$root/.devdeps/lib/liblzma.so"
cp -L /usr/lib/x86_64-linux-gnu/libbz2.so "$root/.devdeps/lib/libbz2.so"
cp "$data/rome99.gr" "$data/luxembourg.osm.graph" "$data/luxembourg.osm.xyz" "$root/.devdata/"
for f in gr24 bays29 berlin52 kroA100 pr1002; do cp "$data/tsplib/$f.tsp" "$root/.devdata/tsplib/"; done
cp "$data/tsplib/bestSolutions.txt" "$data/tsplib/OPTIMA.md" "$root/.devdata/tsplib/"
# The demo's real-data races (scripts/device/device-demo.sh): connectomes and expression tables.
mkdir -p "$root/.devdata/connectome" "$root/.devdata/expression"
cp "$data"/connectome/celegans_* "$data"/connectome/drosophila_* "$root/.devdata/connectome/"
cp "$data"/expression/yeast_*.tsv "$data"/expression/golub_data_set_ALL_AML_train.csv "$root/.devdata/expression/"
rm -rf "$root/.devdata/compare"
if [ -n "${COMPARE:-}" ]; then
  mkdir -p "$root/.devdata/compare"
  git -C "$root" archive "$COMPARE" | tar -x -C "$root/.devdata/compare"
fi
du -sh "$root/.devdeps" "$root/.devdata"
