# Sourced by the build scripts: compile through ccache when it is installed, keyed on paths
# relative to the checkout, so a second checkout (a CI clone, a worktree) reuses what an
# earlier one compiled. Without ccache the flags are empty and nothing changes.
compiler_cache_flags=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
  compiler_cache_flags=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
    -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache)
fi
