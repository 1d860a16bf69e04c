#!/usr/bin/env bash
# Builds numcu with its tests and runs the whole suite, then builds a consumer project that links
# numcu::numcu through find_package and through add_subdirectory and runs it. On a machine without a GPU the
# [cuda] cases are reported as skipped. Installs what is missing when run as root; otherwise prints the
# command to run and stops.
#   scripts/test.sh            (preset "ci": sm_90; NUMCU_PRESET=gpu on the H200)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${NUMCU_PRESET:-ci}
jobs=${NUMCU_JOBS:-$(nproc)}

scripts/ensure-tools.sh

export PATH="/usr/local/cuda/bin:$PATH"
cmake --preset "$preset" -DNUMCU_BUILD_TESTS=ON
cmake --build --preset "$preset" -j "$jobs"
./build/"$preset"/tests/numcu_tests
scripts/check-consumer.sh "$preset"
