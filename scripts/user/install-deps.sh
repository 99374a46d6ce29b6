#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages pathscope builds with, only those that are missing.
# Works on Debian 12 and Ubuntu 24.04, as root or through sudo. The CUDA toolkit is not a
# Debian package: when nvcc is on PATH (or in /usr/local/cuda/bin) the GPU engines are built.
# NCCL (several-GPU runs) comes with the toolkit or NVIDIA's libnccl-dev; without it those runs
# say they are unavailable.
set -euo pipefail

packages=(build-essential cmake ninja-build pkg-config ccache python3
  libgtest-dev nlohmann-json3-dev libcli11-dev libfmt-dev
  qt6-base-dev libqt6opengl6-dev libgl-dev libegl-dev libglfw3-dev libimgui-dev libstb-dev
  zlib1g-dev libzstd-dev liblzma-dev libbz2-dev libexpat1-dev
  xvfb xauth x11-utils libx11-dev libgl1-mesa-dri clang libclang-rt-dev
  zstd python3-networkx python3-igraph
  pybind11-dev python3-dev python3-numpy python3-scipy python3-pandas python3-pytest python3-venv
  python3-zarr)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
