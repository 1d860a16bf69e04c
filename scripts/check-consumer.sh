#!/usr/bin/env bash
# Builds tests/consumer, a project outside numcu's tree, against numcu twice: through find_package on an
# installed numcu, and through add_subdirectory of the source tree; runs the program each way.
#   scripts/check-consumer.sh PRESET     (uses build/PRESET, which scripts/test.sh has built)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-ci}
root=$PWD
build=$root/build/$preset
arch=$(sed -n 's/^CMAKE_CUDA_ARCHITECTURES:[A-Z]*=//p' "$build/CMakeCache.txt")

echo "installing into $build/install"
cmake --install "$build" --prefix "$build/install"
cmake -S tests/consumer -B "$build/consumer-find-package" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$build/install" -DCMAKE_CUDA_ARCHITECTURES="$arch"
cmake --build "$build/consumer-find-package"
echo "consumer through find_package:"
"$build/consumer-find-package/consumer"

# beside build/PRESET, at the same depth: ccache (CCACHE_BASEDIR) sees the same relative paths there, so the
# library's units compiled for build/PRESET are cache hits rather than a second full build
subdirectory=$root/build/$preset-consumer-subdirectory
cmake -S tests/consumer -B "$subdirectory" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DNUMCU_SOURCE_DIR="$root" -DCMAKE_CUDA_ARCHITECTURES="$arch"
cmake --build "$subdirectory" -j "${NUMCU_JOBS:-$(nproc)}"
echo "consumer through add_subdirectory:"
"$subdirectory/consumer"
