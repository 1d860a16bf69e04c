#!/usr/bin/env bash
# Runs the tests that need Python with NumPy 2 on the other side (tests/python/test_*.py): DLPack round trips
# with NumPy (and PyTorch and CuPy where a GPU and they are present) and NumPy reading the files numcu writes.
# Uses python3 when it has NumPy; otherwise makes a virtual environment in the build directory and installs
# NumPy 2 there from PyPI.
#   scripts/python-tests.sh build/ci
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: scripts/python-tests.sh <build-dir>}
python=python3
# python3 as it is where it has NumPy (on the GPU machine it also has PyTorch and CuPy); otherwise a virtual
# environment with NumPy 2 from PyPI
if ! python3 -c 'import numpy' 2>/dev/null; then
  venv="$build/python-venv"
  if [ ! -x "$venv/bin/python" ]; then
    echo "python tests: installing NumPy into $venv"
    python3 -m venv "$venv"
  fi
  "$venv/bin/python" -c 'import numpy' 2>/dev/null || "$venv/bin/pip" install -q 'numpy>=2.1'
  python="$venv/bin/python"
fi
status=0
for test in tests/python/test_*.py; do
  "$python" "$test" "$build" || status=1
done
exit $status
