#!/usr/bin/env bash
# Checks that includes between the folders of src/ point down only (docs/architecture.md):
#
#   api       -> dispatch memory rtc core device      (the bodies of the public functions)
#   dispatch  -> memory cuda host core device          (plans, the execution context, routing)
#   memory    -> cuda core device                      (allocation and transfers)
#   cuda      -> core device                           (kernel launchers, instantiation units)
#   host      -> core device                           (host loops)
#   rtc       -> core device                           (runtime compilation and the kernel cache)
#   core      -> device                                (host-only planning)
#   device    -> (device only)                         (code compiled for the GPU and by NVRTC)
#
# Every layer may include its own folder and the public headers (numcu/...), except device, which may
# include only numcu/config.hpp, numcu/half.hpp and numcu/dtype_list.hpp of the public headers (they are NVRTC-clean).
# Both forms of include are read: "..." always names a project header, <...> does when it starts with numcu/
# or names a file of a layer folder (<cuda/module.hpp> does, libcu++'s <cuda/atomic> does not).
#
# Layers below api/ call no public function that does work: they allocate with detail::new_array and copy with
# detail::copy_of. Outside comments and string literals, these are reported there:
#  - calls qualified as numcu::NAME( or nc::NAME( (numcu::random::NAME( for random.hpp), NAME a free function
#    of include/numcu/{creation,elementwise,generated_ufuncs,reduction,manipulation,random,memory}.hpp that
#    returns arrays, a bool or an event (read from the headers), except the views that never copy: transpose,
#    swapaxes, moveaxis, squeeze, expand_dims, broadcast_to, broadcast_arrays, real (reshape and ravel copy
#    where the strides do not allow a view);
#  - the ndarray members .astype(, .copy(), .flatten(), .to(, .to_vector<, .item<.
# Unqualified calls are not checked: device code and the backends have functions of the same names (exp,
# arange, identity, ...).
#   scripts/check-layers.sh [SRC_DIR]    checks SRC_DIR (default: src/ of this repository)
#   scripts/check-layers.sh --self-test  shows that upward includes of both forms and calls of public functions
#                                        from below api/ are caught, and views, comments and strings are not
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = --self-test ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cp -r "$here/src" "$tmp/src"
  "$0" "$tmp/src" >/dev/null || { echo "self-test: the tree itself does not pass"; exit 1; }
  # expect WHAT FILE PATTERN LINE...: LINEs appended to FILE of a fresh copy of src/ fail the check, and the
  # report matches PATTERN
  expect() {
    local what=$1 file=$2 pattern=$3
    shift 3
    rm -rf "$tmp/src"
    cp -r "$here/src" "$tmp/src"
    printf '%s\n' "$@" >>"$tmp/src/$file"
    if "$0" "$tmp/src" >"$tmp/out" 2>&1; then
      echo "self-test FAILED: $what went unnoticed"
      exit 1
    fi
    grep -q "$pattern" "$tmp/out" || { cat "$tmp/out"; echo "self-test: wrong report for $what"; exit 1; }
  }
  expect 'an include of dispatch/ from device/' device/cast.hpp 'device/cast.hpp.*dispatch/route.hpp' \
    '#include "dispatch/route.hpp"'
  expect 'an include <dispatch/...> from device/' device/cast.hpp 'device/cast.hpp.*dispatch/route.hpp' \
    '#include <dispatch/route.hpp>'
  expect 'an include <numcu/ndarray.hpp> from device/' device/cast.hpp 'device/cast.hpp.*numcu/ndarray.hpp' \
    '#  include <numcu/ndarray.hpp>'
  expect 'numcu::zeros called from dispatch/' dispatch/dispatch.cpp 'dispatch/dispatch.cpp:.*numcu::zeros' \
    'static numcu::ndarray layer_probe(const numcu::ndarray& a) { return numcu::zeros(a.shape()); }'
  expect 'ndarray::astype called from core/' core/shape.cpp 'core/shape.cpp:.*\.astype' \
    'static auto layer_probe(const numcu::ndarray& a) { return a.astype(numcu::float32); }'
  # views, comments and strings are not calls of a public function that does work
  rm -rf "$tmp/src"
  cp -r "$here/src" "$tmp/src"
  printf '%s\n' 'static numcu::ndarray layer_probe(const numcu::ndarray& a) {' \
    '  const char* s = "numcu::zeros(a.shape()) or a.copy()";  // numcu::empty(a.shape()), a.astype(t)' \
    '  /* numcu::ones(a.shape()) */ return numcu::broadcast_to(numcu::transpose(a), a.shape());' '}' \
    >>"$tmp/src/dispatch/dispatch.cpp"
  "$0" "$tmp/src" >"$tmp/out" 2>&1 || { cat "$tmp/out"; echo "self-test FAILED: a view or a comment reported"; exit 1; }
  echo "self-test passed: upward includes (\"...\" and <...>) and public calls from below api/ reported"
  exit 0
fi

src=${1:-$here/src}
public=$here/include/numcu
declare -A allowed=(
  [api]="api dispatch memory rtc core device"
  [dispatch]="dispatch memory cuda host core device"
  [memory]="memory cuda core device"
  [cuda]="cuda core device"
  [host]="host core device"
  [rtc]="rtc core device"
  [core]="core device"
  [device]="device"
)
device_public="numcu/config.hpp numcu/half.hpp numcu/dtype_list.hpp"
bad=0
for layer in "${!allowed[@]}"; do
  [ -d "$src/$layer" ] || continue
  while IFS= read -r line; do
    [[ $line =~ ^([^:]*):[[:space:]]*#[[:space:]]*include[[:space:]]*([\"\<])([^\">]+) ]] || continue
    file=${BASH_REMATCH[1]} form=${BASH_REMATCH[2]} target=${BASH_REMATCH[3]}
    folder=${target%%/*}
    rel=${file#"$src/"}
    if [ "$form" = "<" ]; then
      # <...>: a project header only under numcu/ or as a file of a layer folder
      if [ "$folder" != numcu ] && { [ -z "${allowed[$folder]+x}" ] || [ ! -f "$src/$target" ]; }; then
        continue
      fi
    fi
    if [ "$folder" = numcu ]; then
      if [ "$layer" = device ] && [[ " $device_public " != *" $target "* ]]; then
        echo "$rel includes $target: device code may include only $device_public of the public headers"
        bad=1
      fi
      continue
    fi
    if [[ " ${allowed[$layer]} " != *" $folder "* ]]; then
      echo "$rel includes $target: $layer/ may include only ${allowed[$layer]}"
      bad=1
    fi
  done < <(grep -rHE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' "$src/$layer" || true)
done

# public functions that do work, called from below api/
views="transpose swapaxes moveaxis squeeze expand_dims broadcast_to broadcast_arrays real"
declaration='s/^(\[\[[a-z_]+\]\] )?(inline )?(ndarray|std::vector<ndarray>|std::pair<ndarray, ?ndarray>|bool|event) +([a-z_0-9]+)\(.*/\4/p'
names=$(
  for h in creation elementwise generated_ufuncs reduction manipulation memory; do
    sed -nE "$declaration" "$public/$h.hpp"
  done | sort -u | grep -vxF -f <(tr ' ' '\n' <<<"$views")
  sed -nE "$declaration" "$public/random.hpp" | sed 's/^/random::/'
)
for probe in empty zeros add sum; do
  if ! grep -qx "$probe" <<<"$names"; then
    echo "no declaration of numcu::$probe found in $public: the list of public functions is wrong"
    exit 1
  fi
done
calls="(^|[^A-Za-z0-9_:])(::)?(numcu|nc)::($(tr '\n' '|' <<<"$names" | sed 's/|$//'))[ \t]*(<[^()]*>)?[ \t]*[(]"
members="([.]|->)(astype[ \t]*[(]|copy[ \t]*[(][ \t]*[)]|flatten[ \t]*[(][ \t]*[)]|to[ \t]*[(]|to_vector[ \t]*<|item[ \t]*<)"
below=()
for layer in dispatch memory cuda host rtc core device; do
  [ -d "$src/$layer" ] && below+=("$src/$layer")
done
files=()
if [ ${#below[@]} -gt 0 ]; then
  mapfile -t files < <(find "${below[@]}" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.cu' -o -name '*.cuh' \
    -o -name '*.inc' -o -name '*.h' \) | sort)
fi
if [ ${#files[@]} -gt 0 ]; then
  # each line with its comments, string and character literals blanked (block comments and raw strings may
  # span lines), then the patterns above
  report=$(awk -v calls="$calls" -v members="$members" -v src="$src/" '
    FNR == 1 { block = 0; raw = 0 }
    {
      line = $0; out = ""; i = 1; n = length(line)
      while (i <= n) {
        if (raw) {
          k = index(substr(line, i), ")" delim "\"")
          if (k == 0) { i = n + 1; continue }
          i += k + length(delim) + 1; raw = 0; out = out "\"\""; continue
        }
        if (block) {
          k = index(substr(line, i), "*/")
          if (k == 0) { i = n + 1; continue }
          i += k + 1; block = 0; out = out " "; continue
        }
        c = substr(line, i, 1); d = substr(line, i + 1, 1); p = i > 1 ? substr(line, i - 1, 1) : ""
        if (c == "/" && d == "/") break
        if (c == "/" && d == "*") { block = 1; i += 2; continue }
        if (c == "R" && d == "\"" && p !~ /[A-Za-z0-9_]/) {
          k = index(substr(line, i + 2), "(")
          if (k > 0) { delim = substr(line, i + 2, k - 1); raw = 1; i += k + 2; continue }
        }
        if (c == "\"" || (c == "'\''" && !(p ~ /[0-9A-Fa-f]/ && d ~ /[0-9A-Fa-f]/))) {
          j = i + 1
          while (j <= n && substr(line, j, 1) != c) j += substr(line, j, 1) == "\\" ? 2 : 1
          out = out c c; i = j + 1; continue
        }
        out = out c; i++
      }
      what = ""
      if (match(out, calls)) { what = substr(out, RSTART, RLENGTH); sub(/^[^A-Za-z]/, "", what) }
      else if (match(out, members)) what = substr(out, RSTART, RLENGTH)
      if (what != "") {
        text = $0; sub(/^[ \t]+/, "", text)
        file = FILENAME; if (index(file, src) == 1) file = substr(file, length(src) + 1)
        print file ":" FNR ": " text "  [" what "]"
      }
    }' "${files[@]}")
  if [ -n "$report" ]; then
    echo "$report"
    echo "^ layers below api/ call no public function that does work: they allocate with detail::new_array and"
    echo "  copy with detail::copy_of (docs/architecture.md)"
    bad=1
  fi
fi

# no stray folders: every folder of src/ is a layer
for dir in "$src"/*/; do
  name=$(basename "$dir")
  [ -n "${allowed[$name]+x}" ] || { echo "src/$name/ is not a layer of docs/architecture.md"; bad=1; }
done
if [ $bad -ne 0 ]; then
  echo "layer check FAILED"
  exit 1
fi
echo "layer check passed: includes point down only, and no public function that does work is called below api/"
