#!/usr/bin/env bash
# The one command for the GPU machine: builds with the gpu preset on all cores, runs the
# whole suite (no case may be skipped) and the examples, runs compute-sanitizer memcheck over the CUDA cases,
# builds and runs the consumer project, runs the benchmarks with CuPy and PyTorch in the same run, and prints a summary last.
# Logs and JSON go to $OUT (default ./gpu-check-out).
#   scripts/gpu-check.sh [all|test|bench|suite|sanitize|sanitize-1|sanitize-2|sanitize-3|sanitize-4|build]
# "build" builds only. "suite" includes tests/python (DLPack with NumPy, PyTorch and CuPy; NumPy reading numcu's
# files), run by scripts/python-tests.sh.
# "test" is "suite" (the test suite and the examples) then "sanitize" (memcheck and the consumer project); the
# parts can run as separate calls on the same machine when one call's time limit is too short: "sanitize" is
# "sanitize-1" (memcheck over the CUDA cases of the lighter test files, and the consumer project),
# "sanitize-2" (memcheck over those of the sorting tests), "sanitize-3" (those of the matrix products,
# decompositions and FFT tests) and "sanitize-4" (those of the reduction and differential tests).
# With NUMCU_DIFFERENTIAL_CASES=FILE, "test" also replays that differential case file (a longer run of another
# seed, drawn by `python3 tests/data/generate_differential.py --seed N --cases M --output FILE`).
# With NUMCU_BASELINE=DIR (a source tree of another revision, e.g. from `git archive REV`), "bench" also
# builds that tree's numcu_bench and runs it in the same call, and prints every row the two share side by
# side (bench/compare_runs.py).
# The CPU cases of the matrix products run on OpenBLAS where the build finds one: on a machine without network,
# stage a copy first where one is installed (scripts/stage-cpu-libs.sh puts it in cpu-libs/, which travels with
# the tree when carried); the summary's "cpu blas" line says which the build used.
# On the H200 machine (2026-12-05, 476 cases) "suite" on a fresh machine takes about 7.5 minutes with its build
# (4 of them the build), "bench" 2.5, and memcheck far more than one call's 10 minutes (the sorting, reduction
# and differential files together did not finish in 6); run "suite", "bench", then "sanitize-1" to
# "sanitize-4" on the same machine, one call each.
set -uo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT"
export PATH="/usr/local/cuda/bin:$PATH"
export NUMCU_JOBS=$(nproc)
summary=()
status=0
# each summary line is printed when known as well as at the end, so that a run cut off by a time limit
# still reports what it finished
note() {
  summary+=("$1")
  echo "$1"
}

nvidia-smi >"$OUT/build.log" 2>&1
# the CPU's BLAS: the system's where installed, else the copy scripts/stage-cpu-libs.sh put in cpu-libs/ (the GPU
# machine has no network to install one); without either the CPU's matrix products run on numcu's loops
blas_args=()
if [ -f cpu-libs/libopenblas.so.0 ]; then
  blas_args=(-DNUMCU_BLAS_LIBRARIES="$PWD/cpu-libs/libopenblas.so.0")
  export LD_LIBRARY_PATH="$PWD/cpu-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
[ -f cpu-libs/include/kissfft/kissfft.hh ] && blas_args+=(-DNUMCU_KISSFFT_INCLUDE_DIR="$PWD/cpu-libs/include")
cmake --preset gpu -DNUMCU_BUILD_TESTS=ON -DNUMCU_BUILD_BENCHMARKS=ON "${blas_args[@]}" >>"$OUT/build.log" 2>&1 &&
  cmake --build --preset gpu -j "$NUMCU_JOBS" >>"$OUT/build.log" 2>&1
if [ $? -ne 0 ]; then
  tail -60 "$OUT/build.log"
  echo "BUILD FAILED"
  exit 1
fi
note "cpu blas:    $(grep -m1 -oE "numcu: (CPU BLAS|no CPU BLAS).*" "$OUT/build.log")"
note "cpu fft:     $(grep -m1 -oE "numcu: (CPU FFT|no kissfft).*" "$OUT/build.log")"

if [ "$what" = all ] || [ "$what" = test ] || [ "$what" = suite ]; then
  # the committed case file here; a longer one (NUMCU_DIFFERENTIAL_CASES) below
  env -u NUMCU_DIFFERENTIAL_CASES ./build/gpu/tests/numcu_tests >"$OUT/tests.log" 2>&1 || status=1
  line=$(grep "test cases:" "$OUT/tests.log")
  note "tests:       $line"
  if echo "$line" | grep -qE "[1-9][0-9]* skipped"; then
    note "tests:       cases were skipped on the GPU machine"
    status=1
  fi
  grep -q "Status: SUCCESS" "$OUT/tests.log" || { grep -B2 -A8 "ERROR\|FATAL" "$OUT/tests.log" | head -120; status=1; }
  # NumPy, PyTorch and CuPy on the other side: DLPack round trips (none of the three may be missing here) and
  # NumPy reading numcu's files
  NUMCU_REQUIRE_GPU_INTEROP=1 scripts/python-tests.sh build/gpu >"$OUT/python.log" 2>&1 || status=1
  while read -r line; do note "python:      $line"; done < <(grep -E "^(dlpack interop|numpy reads numcu):" "$OUT/python.log")
  grep -E "FAILED|Error|Traceback" "$OUT/python.log" | head -40
  scripts/run-examples.sh build/gpu >"$OUT/examples.log" 2>&1 || status=1
  note "examples:    $(grep -cE ': ok \(' "$OUT/examples.log") ok, $(grep -cE ': (FAILED|skipped)' "$OUT/examples.log") failed or skipped"
  # the longer differential run: a case file of another seed (NUMCU_DIFFERENTIAL_CASES=FILE, drawn where NumPy
  # and ml_dtypes are installed by scripts/differential.sh) replayed on every device
  if [ -n "${NUMCU_DIFFERENTIAL_CASES:-}" ]; then
    NUMCU_DIFFERENTIAL_CASES=$NUMCU_DIFFERENTIAL_CASES ./build/gpu/tests/numcu_tests -ts=differential \
      >"$OUT/differential_long.log" 2>&1 || status=1
    while read -r line; do note "long run:    $line"; done < <(grep -E "^differential [a-z0-9:]+: [0-9]+ cases" "$OUT/differential_long.log")
  fi
fi

# the cases that provoke CUDA API errors on purpose (a 1 PiB allocation, timing an untimed event, a raw
# kernel's missing names; and counting a raw kernel's parameters, which asks the driver past the last) are
# left out: memcheck counts every failing API call as an error; so is the loop over 2^31 elements (its kernel
# is the general loop that other cases check, and under memcheck it would take minutes)
memcheck() {  # memcheck NAME DOCTEST-FILTER...: the CUDA cases that the filter keeps
  local name=$1
  shift
  env -u NUMCU_DIFFERENTIAL_CASES compute-sanitizer --tool memcheck --error-exitcode 3 ./build/gpu/tests/numcu_tests \
    -tc="*cuda*" -tce="*larger than the GPU*,*check their devices*,*raw kernel*,*more than 2^31*" "$@" \
    >"$OUT/memcheck_$name.log" 2>&1 || status=1
  note "memcheck $name: $(grep -E "ERROR SUMMARY" "$OUT/memcheck_$name.log" | tail -1)  $(grep "test cases:" "$OUT/memcheck_$name.log")"
  grep -q "ERROR SUMMARY: 0 errors" "$OUT/memcheck_$name.log" || grep -m 60 "=========" "$OUT/memcheck_$name.log"
}
# the test files whose CUDA cases take most of memcheck's time: the sorting tests (long rows) are
# "sanitize-2", the reductions' (every path) and the differential cases "sanitize-4"; the others and the
# consumer project: "sanitize-1"
sorting="*test_sorting*"
reductions="*test_reduction*,*test_differential*"
heavy="$sorting,$reductions"
# the linear algebra and FFT files (hundreds of cuBLAS, cuSOLVER and cuFFT calls): "sanitize-3"
libraries="*test_matrix_products*,*test_decompositions*,*test_fft*"
if [ "$what" = all ] || [ "$what" = test ] || [ "$what" = sanitize ] || [ "$what" = sanitize-1 ]; then
  memcheck 1 -sfe="$heavy,$libraries"
  scripts/check-consumer.sh gpu >"$OUT/consumer.log" 2>&1 || status=1
  note "consumer:    $(grep -A3 "^consumer through" "$OUT/consumer.log" | grep -v "^--" | tr '\n' ' ')"
fi
if [ "$what" = all ] || [ "$what" = test ] || [ "$what" = sanitize ] || [ "$what" = sanitize-2 ]; then
  memcheck 2 -sf="$sorting"
fi
if [ "$what" = all ] || [ "$what" = test ] || [ "$what" = sanitize ] || [ "$what" = sanitize-4 ]; then
  memcheck 4 -sf="$reductions"
fi
if [ "$what" = all ] || [ "$what" = test ] || [ "$what" = sanitize ] || [ "$what" = sanitize-3 ]; then
  memcheck 3 -sf="$libraries"
fi

if [ "$what" = all ] || [ "$what" = bench ]; then
  # the io group's files (numcu's and compare.py's) on a memory file system where it has room: a write through
  # the page cache to a disk runs at whatever speed the kernel's writeback allows at that moment, which changes
  # from one write to the next and would make the save rows and their ceiling measure the disk
  if [ -d /dev/shm ] && [ "$(df --output=avail -k /dev/shm | tail -1)" -gt $((4 << 20)) ]; then
    export TMPDIR=/dev/shm
  fi
  note "bench files: ${TMPDIR:-/tmp} (the io group's .npy files and ceilings)"
  ./build/gpu/bench/numcu_bench "$OUT/numcu_bench.json" >"$OUT/bench.log" 2>&1 || status=1
  PYTHONUNBUFFERED=1 python3 bench/compare.py "$OUT/numcu_bench.json" "$OUT/bench_compare.json" \
    "$OUT/benchmarks_table.md" >>"$OUT/bench.log" 2>&1 || status=1
  cat "$OUT/bench.log"
  if [ -n "${NUMCU_BASELINE:-}" ]; then
    base=$(cd "$NUMCU_BASELINE" && pwd)
    { cmake -S "$base" -B "$base/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
        -DNUMCU_BUILD_TESTS=OFF -DNUMCU_BUILD_EXAMPLES=OFF -DNUMCU_INSTALL=OFF &&
        cmake --build "$base/build" -j "$NUMCU_JOBS" --target numcu_bench; } >>"$OUT/build.log" 2>&1 || status=1
    "$base/build/bench/numcu_bench" "$OUT/baseline_bench.json" >"$OUT/baseline_bench.log" 2>&1 || status=1
    # the same rows once more with this tree's build, right after, so that both saw the same machine state
    ./build/gpu/bench/numcu_bench "$OUT/numcu_bench_again.json" >>"$OUT/bench.log" 2>&1 || status=1
    python3 bench/compare_runs.py "$OUT/baseline_bench.json" "$OUT/numcu_bench.json" "$OUT/numcu_bench_again.json" \
      | tee "$OUT/against_baseline.md"
  fi
fi

echo "==== summary"
printf '%s\n' "${summary[@]}"
exit $status
