#!/usr/bin/env bash
# Build lookupviz_bench (Release, into build/) and print issue 5's figures: each a ratio
# of two timings taken side by side in this run, next to its target (lower is better).
# Installs any missing Debian package the build needs first, like scripts/setup.sh.
#
#   ./scripts/bench.sh [--quick] [--json FILE] [--with-peer] [--no-peer] [--rounds N] [--strategies] [--only TEXT]
#
#   --quick       only the lookup's, the frame's and the table figures, in under 5 minutes on
#                 two cores (the whole run takes about 22; docs/performance.md has both): the
#                 lookup against memcpy and the plain gather (as --no-peer --only lookup
#                 --rounds 5), FRAMES=60 frames a slide, the big tables' first frame, memory
#                 and edits (one run of each table, not two);
#                 not the nearest rows, GGUF, picker, training or tokenizer figures
#                 (scripts/bench_full.sh)
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
# Environment: BUILD_DIR (default build), FRAMES (default 600, 60 with --quick; for --bench-frames),
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

json="" with_peer=0 quick=0 bench_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --json) json="${2:?--json needs a file}"; shift 2 ;;
    --with-peer) with_peer=1; shift ;;
    --quick) quick=1; shift ;;
    --no-peer | --strategies) bench_args+=("$1"); shift ;;
    --only) bench_args+=(--only "${2:?--only needs a text}"); shift 2 ;;
    --rounds) bench_args+=(--rounds "${2:?--rounds needs a number}"); shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
# Before the others, so a --only given with --quick still chooses.
[ "$quick" = 1 ] && bench_args=(--no-peer --only lookup --rounds 5 "${bench_args[@]}")
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
app_targets=(lookupviz gl_floor lookupviz_make_tables)
[ "$quick" = 1 ] || app_targets+=(lookupviz_picker_bench lookupviz_train_bench lookupviz_nearest_bench lookupviz_gguf_bench)
cmake --build "$build" -j "$(nproc)" --target "${app_targets[@]}" >&2 ||
  echo "bench.sh: lookupviz did not build; no frame figures" >&2

figures="$(mktemp)"
trap 'rm -f "$figures"' EXIT
app="$build/lookupviz"
# (grep reads the whole help: with -q it would stop early, and under pipefail the app's
# SIGPIPE on the rest of its help would read as "no --bench-frames")
if [ -x "$app" ] && "$app" --help 2>&1 | grep -- '--bench-frames' >/dev/null; then
  frames="${FRAMES:-600}"
  [ "$quick" = 1 ] && frames="${FRAMES:-60}"
  run=("$app" --bench-frames "$frames")
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
    table_rounds=(1 2)
    [ "$quick" = 1 ] && table_rounds=(1)  # one run each: the first frame not the smaller of two
    for round in "${table_rounds[@]}"; do
      for i in 0 1 2 3 4; do
        w=(); [ -n "${specs[$i]}" ] && w=(--weights "${specs[$i]}")
        "${edits[@]}" "${w[@]}" | grep '^FIGURE edit_' >"$out/${labels[$i]}.$round" ||
          echo "bench.sh: lookupviz --bench-edits ${w[*]} failed" >&2
      done
    done
    val() { [ ! -f "$out/$1" ] || awk -v n="$2" '$2 == n { print $3 }' "$out/$1"; }  # (no run 2 with --quick)
    min2() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }'; }
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
        for r in "${table_rounds[@]}"; do echo "FIGURE table_${f#edit_}/$l/run$r $(val "$l.$r" "$f") 16"; done
      done >>"$figures"
      [ "$l" = llama3_8b_bf16 ] &&
        for r in "${table_rounds[@]}"; do echo "FIGURE table_heatmap_overview_s/$l/run$r $(val "$l.$r" edit_heatmap_overview_s) 3"; done >>"$figures"
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
# The rest (nearest rows, GGUF, picker, training, tokenizer) only in the whole run.
[ "$quick" = 1 ] || source "$LV_ROOT/scripts/bench_full.sh"
bench_args+=(--figures "$figures")

echo
"$build/lookupviz_bench" "${bench_args[@]}"
[ -n "$json" ] && echo "wrote $json"
exit 0
