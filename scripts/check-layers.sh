#!/usr/bin/env bash
# Checks that includes between the folders of src/ point down only (docs/architecture.md):
#
#   api       -> dispatch memory rtc core device      (the bodies of the public functions)
#   dispatch  -> memory cuda host core device          (plans, the execution context, routing)
#   memory    -> cuda core device                      (allocation and transfers)
#   cuda      -> core device                           (kernel launchers, instantiation units)
#   host      -> core device                           (host loops)
#   rtc       -> core device                           (runtime compilation and the kernel cache)
#   core      -> device                                (host-only planning)
#   device    -> (device only)                         (code compiled for the GPU and by NVRTC)
#
# Every layer may include its own folder and the public headers (numcu/...), except device, which may
# include only numcu/config.hpp, numcu/half.hpp and numcu/dtype_list.hpp of the public headers (they are NVRTC-clean).
#   scripts/check-layers.sh [SRC_DIR]    checks SRC_DIR (default: src/ of this repository)
#   scripts/check-layers.sh --self-test  shows that an upward include is caught
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = --self-test ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cp -r "$here/src" "$tmp/src"
  "$0" "$tmp/src" >/dev/null || { echo "self-test: the tree itself does not pass"; exit 1; }
  echo '#include "dispatch/route.hpp"' >>"$tmp/src/device/cast.hpp"
  if "$0" "$tmp/src" >"$tmp/out" 2>&1; then
    echo "self-test FAILED: an include of dispatch/ from device/ went unnoticed"
    exit 1
  fi
  grep -q 'device/cast.hpp.*dispatch/route.hpp' "$tmp/out" || { cat "$tmp/out"; echo "self-test: wrong report"; exit 1; }
  echo "self-test passed: $(grep -c 'includes' "$tmp/out") upward include reported"
  exit 0
fi

src=${1:-$here/src}
declare -A allowed=(
  [api]="api dispatch memory rtc core device"
  [dispatch]="dispatch memory cuda host core device"
  [memory]="memory cuda core device"
  [cuda]="cuda core device"
  [host]="host core device"
  [rtc]="rtc core device"
  [core]="core device"
  [device]="device"
)
device_public="numcu/config.hpp numcu/half.hpp numcu/dtype_list.hpp"
bad=0
for layer in "${!allowed[@]}"; do
  [ -d "$src/$layer" ] || continue
  while IFS= read -r line; do
    file=${line%%:*}
    target=$(echo "$line" | sed -E 's/.*#include "([^"]+)".*/\1/')
    folder=${target%%/*}
    rel=${file#"$src/"}
    if [ "$folder" = numcu ]; then
      if [ "$layer" = device ] && [[ " $device_public " != *" $target "* ]]; then
        echo "$rel includes $target: device code may include only $device_public of the public headers"
        bad=1
      fi
      continue
    fi
    if [[ " ${allowed[$layer]} " != *" $folder "* ]]; then
      echo "$rel includes $target: $layer/ may include only ${allowed[$layer]}"
      bad=1
    fi
  done < <(grep -rHE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"' "$src/$layer" || true)
done
# no stray folders: every folder of src/ is a layer
for dir in "$src"/*/; do
  name=$(basename "$dir")
  [ -n "${allowed[$name]+x}" ] || { echo "src/$name/ is not a layer of docs/architecture.md"; bad=1; }
done
if [ $bad -ne 0 ]; then
  echo "layer check FAILED"
  exit 1
fi
echo "layer check passed: includes point down only"
