#!/usr/bin/env bash
# The longer differential run on demand: draws a new case file with another seed (NumPy 2 and ml_dtypes
# needed) into a temporary directory and replays it with the built test binary on every device present,
# printing one summary line per device and the disagreements.
#   scripts/differential.sh [--seed N] [--cases M] [--build DIR]     (defaults: a seed from the clock, 20000
#                                                                      cases, build/ci)
set -euo pipefail
cd "$(dirname "$0")/.."

seed=$(date +%s)
cases=20000
build=build/ci
while [[ $# -gt 0 ]]; do
  case $1 in
    --seed) seed=$2; shift 2 ;;
    --cases) cases=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "usage: scripts/differential.sh [--seed N] [--cases M] [--build DIR]" >&2; exit 2 ;;
  esac
done

binary=$build/tests/numcu_tests
if [[ ! -x $binary ]]; then
  echo "differential: $binary is missing; build the tests first (cmake --preset ci -DNUMCU_BUILD_TESTS=ON)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 tests/data/generate_differential.py --seed "$seed" --cases "$cases" --output "$tmp/cases.txt"
echo "differential: seed $seed"
NUMCU_DIFFERENTIAL_CASES=$tmp/cases.txt "$binary" -ts=differential
