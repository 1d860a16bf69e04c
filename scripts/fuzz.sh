#!/usr/bin/env bash
# Fuzzes the readers of files numcu did not write (tests/fuzz/fuzz_file_readers.cpp: load, load_npz, loadtxt,
# fromfile) with libFuzzer under AddressSanitizer and UndefinedBehaviorSanitizer: the file-format sources are
# compiled by clang with coverage and sanitizers and linked with the rest of the library as scripts/test.sh
# built it (build/ci). Seeds are the committed test files; a crash, a read past a buffer or an exception other
# than numcu::error stops the run with the input that caused it (in build/fuzz).
#   scripts/fuzz.sh [seconds]        (default 60; needs clang with libFuzzer, Debian's clang)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
library=build/ci/libnumcu.a
[ -f "$library" ] || { echo "fuzz: build the library first (scripts/test.sh)"; exit 1; }
out=build/fuzz
mkdir -p "$out/objects" "$out/corpus"
flags=(-std=c++20 -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
       -Iinclude -Isrc -DNUMCU_HAVE_ZLIB=1)
objects=()
for source in src/api/io.cpp src/api/io_text.cpp src/core/npy_format.cpp src/core/zip_archive.cpp; do
  object="$out/objects/$(basename "$source").o"
  clang++ "${flags[@]}" -c "$source" -o "$object"
  objects+=("$object")
done
cuda=/usr/local/cuda/lib64
[ -d "$cuda" ] || cuda=/usr/local/cuda/lib
clang++ "${flags[@]}" -fsanitize=fuzzer tests/fuzz/fuzz_file_readers.cpp "${objects[@]}" "$library" \
  -Wl,--as-needed -L"$cuda" -L"$cuda/stubs" -Wl,-rpath,"$cuda" -lcusolver -lcublas -lcublasLt -lcusparse -lcufft -lnvrtc -lcudart \
  -lcuda $(ls /usr/lib/*/libopenblas.so 2>/dev/null | head -1) -lz -lpthread -ldl -lrt -o "$out/fuzz_file_readers"
# the seeds: each committed file once per reader that takes its kind (the first byte picks the reader)
seed() {  # seed READER FILE
  { printf "\\$(printf '%03o' "$1")"; cat "$2"; } >"$out/corpus/$1_$(basename "$2")"
}
for f in tests/data/npy/*; do seed 0 "$f"; done
for f in tests/data/npz/*; do seed 1 "$f"; seed 6 "$f"; done
for f in tests/data/text/*; do for r in 2 3 4 5; do seed "$r" "$f"; done; done
ASAN_OPTIONS=detect_leaks=1 "$out/fuzz_file_readers" "$out/corpus" -max_total_time="$seconds" -max_len=65536 \
  -rss_limit_mb=4096 -artifact_prefix="$out/" -print_final_stats=1 2>&1 | tail -25
