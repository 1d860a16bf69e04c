#!/usr/bin/env bash
# Builds numcu with its tests and runs the whole suite, then builds a consumer project that links
# numcu::numcu through find_package and through add_subdirectory and runs it. On a machine without a GPU the
# [cuda] cases are reported as skipped. Installs what is missing when run as root; otherwise prints the
# command to run and stops. Prints the ten slowest translation units of the build. The tests with NumPy on the
# other side (tests/python) need Python 3 and install NumPy from PyPI into the build directory where it is missing.
#   scripts/test.sh            (preset "ci": sm_90; NUMCU_PRESET=gpu on the H200)
#   scripts/test.sh --sanitize (the host code built with -fsanitize=address,undefined, preset "sanitize"; runs
#                               the suite only: every CPU case, and the CUDA cases where a GPU is present)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${NUMCU_PRESET:-ci}
jobs=${NUMCU_JOBS:-$(nproc)}
sanitize=false
if [[ ${1:-} == --sanitize ]]; then
  sanitize=true
  preset=sanitize
fi

scripts/ensure-tools.sh
scripts/check-readme.sh
scripts/check-layers.sh
scripts/check-layers.sh --self-test

export PATH="/usr/local/cuda/bin:$PATH"
# ccache (when installed) keys on paths relative to the repository root, so another clone on the same
# machine reuses the cache
export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=true
start=$(date +%s)
cmake --preset "$preset" -DNUMCU_BUILD_TESTS=ON
cmake --build --preset "$preset" -j "$jobs"
echo "build: $(($(date +%s) - start)) s"
if $sanitize; then
  # protect_shadow_gap=0: the CUDA driver maps memory where ASan keeps its gap. Leaks are checked where no GPU
  # driver runs; with one, the CUDA runtime's own allocations that live until exit are not numcu's
  leaks=1
  if nvidia-smi >/dev/null 2>&1; then leaks=0; fi
  ASAN_OPTIONS=protect_shadow_gap=0:detect_leaks=$leaks UBSAN_OPTIONS=print_stacktrace=1 \
    ./build/"$preset"/tests/numcu_tests
  exit 0
fi
scripts/slowest-units.sh "build/$preset"
./build/"$preset"/tests/numcu_tests
scripts/python-tests.sh "build/$preset"
./build/"$preset"/examples/quickstart >/dev/null && echo "quickstart: ran"
scripts/run-examples.sh "build/$preset"
scripts/check-consumer.sh "$preset"
