#!/usr/bin/env bash
# Builds numcu and runs the quickstart example on the default device (the GPU when one is usable, else the
# CPU); the example first prints what numcu sees (nc::info()).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-tools.sh
export PATH="/usr/local/cuda/bin:$PATH"
preset=${NUMCU_PRESET:-default}
cmake --preset "$preset" -DNUMCU_BUILD_TESTS=OFF -DNUMCU_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build --preset "$preset" -j "${NUMCU_JOBS:-$(nproc)}" --target quickstart numcu-info
./build/"$preset"/examples/quickstart
