#!/usr/bin/env bash
# Runs the examples of the CUDA programming model (examples/CMakeLists.txt, numcu_cuda_examples and
# vector_add_nvcc) from a build directory; each prints whether its result matched the host, or that it skipped
# without a GPU. Fails if any fails.
#   scripts/run-examples.sh BUILD_DIR
set -uo pipefail
build=${1:?build directory}
status=0
for example in vector_add_raw vector_add_elementwise vector_add_nvcc vector_add_arrays block_reduction \
  constant_memory coalescing block_size_tuning streams_overlap; do
  "$build/examples/$example" || status=1
done
exit $status
