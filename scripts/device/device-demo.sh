#!/usr/bin/env bash
# Runs pathscope-demo's races headless on the GPU machine, where there is no X server: the demo
# draws through EGL (the NVIDIA EGL vendor library behind glvnd), the GPU lanes really run.
# Stage first with scripts/device/prepare-device-demo.sh; on the device, from the repository root,
# carrying .demo .gl .devdata .devdeps:
#   OUT=$OUT scripts/device/device-demo.sh [races|frames]
# races (the default) runs every race; frames times drawing instead (--bench-frames): a generated
# 1,000,000-node, 3,000,000-arc geometric graph, Luxembourg where the carry has it, a generated
# 139,255-neuron brain, and frames
# while an all-pairs race runs, each printing median and 95th-percentile frame times as JSON.
# Writes $OUT/demo-<race>-rome99.{png,json,log} per race and $OUT/device-demo.log (everything).
# Each race that fails is reported and the next one still runs; the exit status is the number
# of failed races. Locally (PATHSCOPE_DEMO_SKIP_GL_UNPACK=1, not root, or no NVIDIA driver) the
# .gl debs are not unpacked into / and the races draw with this machine's EGL (Mesa).
# PATHSCOPE_SHARED_DATA overrides the data folder (default .devdata); the correlation race reads
# PATHSCOPE_DEMO_CORRELATE_INPUT when set, else the demo's own random table.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
: "${OUT:?set OUT to the folder for the results}"
mkdir -p "$OUT"
exec > >(tee "$OUT/device-demo.log") 2>&1

say() { echo "device-demo: $*"; }
# The driver's tools may be mounted off PATH.
[ -d /usr/local/nvidia/bin ] && PATH="$PATH:/usr/local/nvidia/bin"
on_nvidia_machine() { command -v nvidia-smi >/dev/null || [ -e /dev/nvidiactl ]; }

# Unpacking writes into /: only as root, and only where an NVIDIA driver says this is the device.
if [ "${PATHSCOPE_DEMO_SKIP_GL_UNPACK:-0}" = 1 ] || [ "$(id -u)" -ne 0 ] || ! on_nvidia_machine; then
  say "not unpacking .gl (PATHSCOPE_DEMO_SKIP_GL_UNPACK=1, not root, or no NVIDIA driver): using this machine's GL libraries"
elif ls .gl/*.deb >/dev/null 2>&1; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
  say "unpacked $(ls .gl/*.deb | wc -l) debs from .gl"
else
  say "FAIL: no .gl/*.deb: run scripts/device/prepare-device-demo.sh and carry .gl"
fi

cuda_lib=${CUDA_HOME:-/usr/local/cuda}/lib64
export LD_LIBRARY_PATH="$root/.demo/lib:$cuda_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# Where the driver's own libraries (libEGL_nvidia, ...) are mounted, in case ldconfig misses them.
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib; do
  [ -d "$d" ] && LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$d"
done
nvidia_egl=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
if [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ] && [ -f "$nvidia_egl" ]; then
  export __EGL_VENDOR_LIBRARY_FILENAMES=$nvidia_egl
fi
# The demo tells every EGL platform it tries, and which one gave the context.
export PATHSCOPE_DEMO_GL_VERBOSE=1
demo="$root/.demo/bin/pathscope-demo"
data=${PATHSCOPE_SHARED_DATA:-$root/.devdata}

say "diagnostics"
if command -v nvidia-smi >/dev/null; then nvidia-smi -L; else say "no nvidia-smi"; fi
echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
echo "__EGL_VENDOR_LIBRARY_FILENAMES=${__EGL_VENDOR_LIBRARY_FILENAMES:-(unset: the glvnd default folders)}"
for d in /usr/share/glvnd/egl_vendor.d /etc/glvnd/egl_vendor.d /usr/local/nvidia/share/glvnd/egl_vendor.d; do
  [ -d "$d" ] && echo "$d: $(ls "$d" | tr '\n' ' ')"
done
ldconfig -p | grep -E 'lib(EGL|GL|GLX|OpenGL|GLdispatch)(_nvidia)?\.so|libnvidia-egl' | sed 's/^/  /'
if [ ! -x "$demo" ]; then
  say "FAIL: no $demo: run scripts/device/prepare-device-demo.sh and carry .demo"
  exit 1
fi
unresolved=$(ldd "$demo" | grep 'not found')
if [ -n "$unresolved" ]; then say "FAIL: unresolved libraries:"; echo "$unresolved"; fi
echo "DISPLAY=${DISPLAY:-(unset)}"
unset DISPLAY WAYLAND_DISPLAY

failed=0
# race NAME ARGS...: one headless race, its files named after NAME, its stderr in its log.
race() {
  local name=$1
  shift
  local log="$OUT/demo-$name.log"
  say "race $name: pathscope-demo $*"
  local start=$SECONDS
  timeout 580 "$demo" "$@" --headless --size 1600x900 --out "$OUT/demo-$name.json" \
    --screenshot "$OUT/demo-$name.png" >"$log" 2>&1
  local status=$?
  sed 's/^/  | /' "$log"
  if [ $status -ne 0 ] || [ ! -s "$OUT/demo-$name.png" ] || [ ! -s "$OUT/demo-$name.json" ]; then
    say "FAIL: race $name (exit status $status after $((SECONDS - start)) s)"
    failed=$((failed + 1))
    return
  fi
  say "race $name done in $((SECONDS - start)) s; its lanes:"
  # The report's keys are sorted: the lanes come before "problem".
  local lanes
  lanes=$(tr -d '\n' <"$OUT/demo-$name.json" | sed 's/.*"lanes"\(.*\)"problem".*/\1/' |
          grep -oE '"(engine|status|seconds|reason|error)": *("[^"]*"|[-0-9.e+]+)')
  echo "$lanes" | sed 's/^/  /'
  if ! grep -q '"status": *"done"' <<<"$lanes"; then
    say "FAIL: race $name: no lane finished"
    failed=$((failed + 1))
  elif grep -qE '"status": *"(unavailable|failed|cancelled)"' <<<"$lanes"; then
    if on_nvidia_machine; then
      say "FAIL: race $name: a lane did not run on this GPU machine"
      failed=$((failed + 1))
    else
      say "note: race $name: some lanes did not run (no NVIDIA driver here)"
    fi
  fi
}

# frames NAME ARGS...: one headless frame benchmark, its JSON line in $OUT/frames-NAME.json.
frames() {
  local name=$1
  shift
  say "frames $name: pathscope-demo $*"
  local start=$SECONDS
  timeout 580 "$demo" "$@" --headless --size 1600x900 >"$OUT/frames-$name.json" 2>"$OUT/frames-$name.log"
  local status=$?
  sed 's/^/  | /' "$OUT/frames-$name.log" | tail -20
  cat "$OUT/frames-$name.json"
  if [ $status -ne 0 ] || ! grep -q median_ms "$OUT/frames-$name.json"; then
    say "FAIL: frames $name (exit status $status after $((SECONDS - start)) s)"
    failed=$((failed + 1))
  else
    say "frames $name done in $((SECONDS - start)) s"
  fi
}

run_frames() {
  frames million --graph random:n=1000000,deg=4.2,seed=1,geometric --bench-frames 120
  local lux="$data/luxembourg.osm.graph"
  [ -f "$lux" ] && frames luxembourg --graph "$lux" --bench-frames 120
  # A whole fly brain's size with every connected pair kept (no synapse threshold): 6.9M arcs.
  frames brain139k --graph connectome:n=139255,seed=1 --bench-frames 120
  frames racing-rome99 --graph "$data/rome99.gr" --race apsp --bench-frames 300
  frames racing-random --graph random:n=6000,deg=8,seed=1 --race apsp --bench-frames 300
}

run_races() {
  race race-rome99 --race apsp --graph "$data/rome99.gr"
  race tour-rome99 --race tsp --graph "$data/rome99.gr"
  # Races other builds may have: run those this binary's --help lists.
  races=$("$demo" --help 2>&1 | grep -e '--race')
  if grep -q -w reach <<<"$races"; then
    race reach-rome99 --race reach --graph "$data/rome99.gr"
  else
    say "this build has no --race reach"
  fi
  if grep -q -w correlate <<<"$races"; then
    race correlate --race correlate ${PATHSCOPE_DEMO_CORRELATE_INPUT:+--graph "$PATHSCOPE_DEMO_CORRELATE_INPUT"}
  else
    say "this build has no --race correlate"
  fi

  # The real datasets of docs/demo.md's screenshots, where the carry has them (.devdata gets them
  # from scripts/device/prepare-device-carry.sh).
  if grep -q -w reach <<<"$races"; then
    celegans="$data/connectome/celegans_varshney2011_NeuronConnect.csv"
    [ -f "$celegans" ] && race reach-celegans --race reach --graph "$celegans" --from AVAL
    drosophila="$data/connectome/drosophila_larva_G_edgelist.txt"
    [ -f "$drosophila" ] && race reach-drosophila --race reach --graph "$drosophila"
  fi
  if grep -q -w correlate <<<"$races"; then
    yeast="$data/expression/yeast_cellcycle_oscillating-genes_normalized-profiles.tsv"
    [ -f "$yeast" ] && race correlate-yeast --race correlate --graph "$yeast" --min-abs-rho 0.9
    golub="$data/expression/golub_data_set_ALL_AML_train.csv"
    [ -f "$golub" ] && race correlate-golub --race correlate --graph "$golub" --min-abs-rho 0.8
    # Real tables here are small enough for the CPU; a large one shows where the GPU pays.
    race correlate-large --race correlate --graph random-table:rows=200000,cols=30,seed=1 --min-abs-rho 0.8
  fi

}

case "${1:-races}" in
  races) run_races ;;
  frames) run_frames ;;
  *) say "unknown mode '$1' (races, frames)"; exit 2 ;;
esac

ls -l "$OUT"
say "$failed race(s) failed"
exit "$failed"
