#!/usr/bin/env bash
# Command-line pictures of a Llama-sized table (issue 25, item 2): a 128,256 × 4,096 BF16
# safetensors (1 GB, written sparse) is drawn at every slide with --screenshot. Each picture
# waits only for the whole-table work its slide draws (slide 2 needs three rows; slide 4 the
# file's non-finite counts and the fresh Linear's print; slide 8 the logits), and the work
# budget counts only that: every slide's picture is taken (exit 0, a PNG), none refused.
# --export-slides takes them all in one run.   $1 = lookupviz, $2 = source dir.
set -euo pipefail
bin="$1"
command -v xvfb-run >/dev/null || { echo "xvfb-run is missing: skipped"; exit 77; }
py=/usr/bin/python3; [ -x "$py" ] || py=python3
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
export HOME="$out" XDG_CONFIG_HOME="$out/config"
table="$out/llama3-8b-embed.safetensors"
"$py" - "$table" <<'PY'
import json, struct, sys
rows, cols = 128256, 4096
n = rows * cols * 2
head = json.dumps({"model.embed_tokens.weight": {"dtype": "BF16", "shape": [rows, cols], "data_offsets": [0, n]}}).encode()
head += b" " * (-len(head) % 8)
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<Q", len(head)) + head)
    f.truncate(8 + len(head) + n)  # sparse: zeros, no disk
PY
fails=0
# The last slide's number, as the binary's --help states it (the registry's count).
slides=$("$bin" --help | sed -n 's/.*the slide to show, 0 to \([0-9]*\).*/\1/p' | head -n 1)
[ -n "$slides" ] || { echo "FAIL: --help names no last slide"; exit 1; }
# Under the sanitizers (LV_SANITIZED, tests/CMakeLists.txt) each of these processes reads the
# 1 GB table's facts afresh: 940 s in all on a 2-core machine, past the time limit on a slower
# one. There the one --export-slides run below, every slide in one process, stands for them.
[ -n "${LV_SANITIZED:-}" ] && echo "under the sanitizers: the --export-slides run only (every slide, one process)"
for k in $(if [ -z "${LV_SANITIZED:-}" ]; then seq 0 "$slides"; fi); do
  start=$(date +%s.%N)
  if xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --reset --screenshot "$out/slide$k.png" --slide "$k" --size 1024x768 \
       --weights "$table:model.embed_tokens.weight" 2>"$out/err$k.txt" && [ -s "$out/slide$k.png" ]; then
    printf 'slide %d: a picture in %.1f s\n' "$k" "$(echo "$(date +%s.%N) - $start" | bc)"
  else
    echo "FAIL: slide $k: no picture: $(cat "$out/err$k.txt")"
    fails=$((fails + 1))
  fi
done
mkdir "$out/all"
if xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --reset --export-slides "$out/all" --size 1024x768 \
     --weights "$table:model.embed_tokens.weight" 2>"$out/err-all.txt"; then
  n=$(ls "$out/all" | grep -c '^slide-.*\.png$' || true)
  [ "$n" -eq $((slides + 1)) ] || { echo "FAIL: --export-slides wrote $n pictures"; fails=$((fails + 1)); }
else
  echo "FAIL: --export-slides: $(cat "$out/err-all.txt")"; fails=$((fails + 1))
fi
echo "big table pictures: $fails failed"
[ "$fails" -eq 0 ]
