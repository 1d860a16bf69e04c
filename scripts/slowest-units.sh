#!/usr/bin/env bash
# Prints the ten slowest translation units of the last build in BUILD_DIR, from ninja's log (a unit served
# by ccache shows its cache time). Split a unit that takes more than about two minutes on CI (DESIGN.md §7).
#   scripts/slowest-units.sh build/ci
set -euo pipefail
log=${1:?build directory}/.ninja_log
[ -f "$log" ] || { echo "no $log"; exit 0; }
echo "slowest translation units (seconds):"
# .ninja_log: start(ms) end(ms) mtime output hash; keep the last entry of each output
awk -F'\t' 'NR > 1 && $4 ~ /\.o$/ { t[$4] = ($2 - $1) / 1000 } END { for (o in t) printf "%8.1f  %s\n", t[o], o }' \
  "$log" | sort -rn | awk 'NR <= 10'
