#!/usr/bin/env bash
# Checks that the documentation shows the quickstart program as it is:
#   - README.md's first ```cpp block is examples/quickstart.cpp, without the file's leading // comment lines;
#   - every non-empty line of every ```cpp block of docs/quickstart.md is a line of examples/quickstart.cpp
#     (leading and trailing whitespace ignored).
# Exit status 1, with a message, when either does not hold.
#   scripts/check-readme.sh
set -euo pipefail
cd "$(dirname "$0")/.."

example=examples/quickstart.cpp
readme=README.md
guide=docs/quickstart.md
for f in "$example" "$readme" "$guide"; do
  if [[ ! -f $f ]]; then
    echo "check-readme: $f is missing" >&2
    exit 1
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The example without its leading // comment lines.
awk 'started || !/^\/\// { started = 1; print }' "$example" >"$tmp/example"

# README.md's first ```cpp block.
awk '!inside && /^```cpp[[:space:]]*$/ { inside = 1; found = 1; next }
     inside && /^```[[:space:]]*$/ { exit }
     inside { print }
     END { exit !found }' "$readme" >"$tmp/readme" || {
  echo "check-readme: $readme has no \`\`\`cpp block" >&2
  exit 1
}

if ! diff -u --label "$example (without its leading comments)" --label "$readme (first cpp block)" \
    "$tmp/example" "$tmp/readme" >"$tmp/diff"; then
  echo "check-readme: the first \`\`\`cpp block of $readme differs from $example:" >&2
  cat "$tmp/diff" >&2
  exit 1
fi

# Every line of docs/quickstart.md's ```cpp blocks, trimmed, must be a trimmed line of the example.
trim() { sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//'; }
trim <"$example" >"$tmp/example-lines"
awk '!inside && /^```cpp[[:space:]]*$/ { inside = 1; blocks++; next }
     inside && /^```[[:space:]]*$/ { inside = 0; next }
     inside { print FNR "\t" $0 }
     END { if (!blocks) exit 1 }' "$guide" >"$tmp/guide" || {
  echo "check-readme: $guide has no \`\`\`cpp block" >&2
  exit 1
}
status=0
while IFS=$'\t' read -r number line; do
  line=$(printf '%s\n' "$line" | trim)
  [[ -z $line ]] && continue
  if ! grep -qxF -- "$line" "$tmp/example-lines"; then
    echo "check-readme: $guide:$number is not a line of $example: $line" >&2
    status=1
  fi
done <"$tmp/guide"
if [[ $status -ne 0 ]]; then
  exit 1
fi

echo "check-readme: $readme and $guide show $example as it is"
