#!/usr/bin/env bash
# Copies this machine's OpenBLAS (Debian's libopenblas, with the gfortran runtime it needs) and kissfft's C++
# header (Debian's libkissfft-dev) into cpu-libs/, for a
# machine that cannot install packages (no network) but gets a copy of the working tree: there
# scripts/gpu-check.sh builds against cpu-libs/ (NUMCU_BLAS_LIBRARIES, NUMCU_KISSFFT_INCLUDE_DIR) and runs with it
# on the library path, so that the CPU cases of the linear algebra and FFT run there as in CI. cpu-libs/ is not
# committed.
set -euo pipefail
cd "$(dirname "$0")/.."
blas=$(ls /usr/lib/*/libopenblas.so.0 /usr/lib/*/openblas-pthread/libopenblas.so.0 2>/dev/null | head -1 || true)
if [ -z "$blas" ]; then
  echo "stage-cpu-libs: no libopenblas.so.0 here (Debian: apt-get install libopenblas-dev)" >&2
  exit 1
fi
mkdir -p cpu-libs
cp -L "$blas" cpu-libs/libopenblas.so.0
for dep in $(ldd "$blas" | awk '/libgfortran|libquadmath/ {print $3}'); do cp -L "$dep" cpu-libs/; done
if [ -f /usr/include/kissfft/kissfft.hh ]; then
  mkdir -p cpu-libs/include/kissfft
  cp /usr/include/kissfft/kissfft.hh cpu-libs/include/kissfft/
fi
du -sh cpu-libs
ls cpu-libs
