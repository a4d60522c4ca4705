#!/usr/bin/env bash
# Installs what kago needs on Debian. `deps.sh run`: what running needs, the
# PoCL OpenCL runtime (the CPU device every machine can have) and the
# OpenCL ICD loader. `deps.sh` (the tests): those, clinfo, the SPIR-V
# tools the compiler's tests check their output with, and the Vulkan loader
# with Mesa's lavapipe CPU driver that backends/vulkan's binding is tested
# on.
# As root it installs them with apt-get; otherwise it prints the command.
set -euo pipefail

want=(pocl-opencl-icd ocl-icd-libopencl1)
if [ "${1:-test}" != run ]; then
  want+=(clinfo spirv-tools llvm-spirv-15 libvulkan1 mesa-vulkan-drivers)
fi
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

cmd="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "kago needs these Debian packages: ${missing[*]}" >&2
  echo "install them as root with:" >&2
  echo "  $cmd" >&2
  exit 1
fi
echo "installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
