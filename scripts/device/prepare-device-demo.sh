#!/usr/bin/env bash
# Stages pathscope-demo for the GPU machine (Ubuntu 24.04, NVIDIA driver, CUDA 13; no X server,
# no GLFW, no network) in two ignored folders the device run carries:
#   .demo/bin/pathscope-demo, and .demo/lib: the shared libraries it needs that a bare target may
#         lack (GLFW, stb, the X11/xcb libraries GLFW links, libgomp, ...). Left out: glibc's own
#         libraries, libstdc++/libgcc_s (the target's are newer), libcudart/libcuda/libnccl (the target's
#         CUDA 13 and driver), and the GL/EGL/GLX/glvnd libraries, which come from .gl;
#   .gl/  the glvnd and Vulkan loader debs the device's documentation asks for (kept if there).
# Usage: scripts/device/prepare-device-demo.sh [BUILD_DIR]   (default build-lead: Release, CUDA sm_90a)
# Then carry [".demo", ".gl", ".devdata", ".devdeps"] and run scripts/device/device-demo.sh there.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build-lead}
cd "$root"

cmake --build "$build" -j2 --target pathscope-demo
binary="$build/app/demo/pathscope-demo"
[ -x "$binary" ] || { echo "prepare-device-demo: no $binary after the build" >&2; exit 1; }

# Only the libraries a target might not have, or not in a version this binary needs.
leave_out='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libresolv|libutil|libmvec|libstdc\+\+|libgcc_s|libcuda|libcudart|libnccl|libGL|libEGL|libGLX|libGLES|libGLESv[12]_CM|libGLdispatch|libOpenGL|libvulkan)\.so'
rm -rf .demo
mkdir -p .demo/bin .demo/lib
cp "$binary" .demo/bin/
while read -r name _ path _; do
  [[ "$name" =~ $leave_out ]] && continue
  if [ ! -f "$path" ]; then
    echo "prepare-device-demo: $name is not found here: $path" >&2
    exit 1
  fi
  cp -L "$path" ".demo/lib/$name"
done < <(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $2, $3, $4 }')
echo "prepare-device-demo: .demo/lib holds: $(cd .demo/lib && ls | tr '\n' ' ')"

# Whatever ldd still cannot find with .demo/lib first must be one of the GL libraries from .gl.
missing=$(LD_LIBRARY_PATH=.demo/lib ldd .demo/bin/pathscope-demo | awk '/not found/ { print $1 }' |
          grep -Ev '^lib(GL|EGL|GLX|OpenGL|GLdispatch)' || true)
if [ -n "$missing" ]; then
  echo "prepare-device-demo: unresolved libraries: $missing" >&2
  exit 1
fi

# The debs, as the device's documentation says: amd64 package lists in /tmp, this machine's sources.
if ! ls .gl/*.deb >/dev/null 2>&1; then
  mkdir -p .gl /tmp/amd64/partial
  apt_options=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64)
  apt-get "${apt_options[@]}" update
  (cd .gl && apt-get "${apt_options[@]}" download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
fi
echo "prepare-device-demo: .gl holds: $(cd .gl && ls | tr '\n' ' ')"

for folder in .demo .gl; do
  git check-ignore -q "$folder/x" || { echo "prepare-device-demo: $folder is not ignored by git" >&2; exit 1; }
done

# The device call carries 64 MiB at most, all carried paths together.
du -sk .demo .gl .devdata .devdeps 2>/dev/null | awk '
  { printf "%8.1f MiB  %s\n", $1 / 1024, $2; total += $1 }
  END { printf "%8.1f MiB  carry in all (limit 64 MiB)\n", total / 1024; if (total > 64 * 1024) exit 1 }' ||
  { echo "prepare-device-demo: the carry is over 64 MiB" >&2; exit 1; }
