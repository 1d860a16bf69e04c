#!/usr/bin/env bash
# Checks for what building numcu needs (CUDA toolkit, CMake >= 3.24, Ninja, doctest) and installs the Debian
# packages that are missing when run as root; otherwise prints the command and exits 1. ccache, which makes a
# second build minutes instead of tens of minutes, OpenBLAS and kissfft, the CPU backend's linear algebra and FFT,
# are installed too when possible, and are never required.
set -euo pipefail
missing=()
[ -f /usr/include/doctest/doctest.h ] || [ -f /usr/local/include/doctest/doctest.h ] || missing+=(doctest-dev)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v cmake >/dev/null || missing+=(cmake)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "numcu needs: ${missing[*]}. Install them with:"
    echo "  sudo apt-get install -y ${missing[*]}"
    exit 1
  fi
fi
if ! command -v ccache >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing ccache (optional)"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ccache >/dev/null; } 2>&1 ||
    echo "ccache could not be installed: building without it"
fi
# OpenBLAS (the CPU backend's BLAS and LAPACK) and kissfft (its FFT), optional: without them the CPU's matrix
# products run on numcu's own loops and its solvers and transforms raise device_error
optional=()
ls /usr/lib/*/libopenblas.so >/dev/null 2>&1 || optional+=(libopenblas-dev)
[ -f /usr/include/kissfft/kissfft.hh ] || optional+=(libkissfft-dev)
if [ ${#optional[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing ${optional[*]} (optional)"
  { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${optional[@]}" >/dev/null ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${optional[@]}" >/dev/null; }; } 2>&1 ||
    echo "${optional[*]} could not be installed: the CPU's linear algebra and FFT are limited (docs/linalg.md)"
fi
if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "numcu needs the CUDA toolkit 12 or 13 (nvcc, CUDA runtime, NVRTC): https://developer.nvidia.com/cuda-downloads"
  exit 1
fi
