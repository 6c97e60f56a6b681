#!/usr/bin/env bash
# Regenerate the README's screenshots with the app itself (needs xvfb-run).
#   ./scripts/screenshots.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
lv_install_missing "${LV_PACKAGES[@]}"
lv_build build Release
out="$LV_ROOT/assets/screenshots"
mkdir -p "$out"
bin="$LV_ROOT/build/lookupviz"
xvfb-run -a "$bin" --export-slides "$out" --size 1440x900
xvfb-run -a "$bin" --slide 2 --step 2 --ids 5,2,5,0 --dim 6 --size 1440x900 --screenshot "$out/lookup-live-ids.png"
xvfb-run -a "$bin" --slide 4 --step 2 --light --size 1440x900 --screenshot "$out/matmul-light.png"
xvfb-run -a "$bin" --weights "$LV_ROOT/tests/golden/tables/mixed.safetensors:embed.weight" --ids 0,3,5,3 \
  --slide 2 --step 4 --size 1440x900 --screenshot "$out/loaded-safetensors.png"
# Slide 0 and Text mode on the book's sentence (chapter 2, §2.5).
book="Hello, do you like tea? <|endoftext|> In the sunlit terraces of someunknownPlace."
xvfb-run -a "$bin" --reset --slide 0 --text "$book" --size 1440x900 --screenshot "$out/slide-00.png"
xvfb-run -a "$bin" --reset --slide 2 --text "$book" --size 1440x900 --screenshot "$out/text-mode.png"
xvfb-run -a "$bin" --export-gif "$out/lookup.gif" --slide 2 --size 960x600
# Learn mode: a question and its reveal, from the real window driven by xdotool (tests/render/learn_e2e.sh).
shots="$(mktemp -d)"
LV_LEARN_SHOTS="$shots" bash "$LV_ROOT/tests/render/learn_e2e.sh" "$bin" "$LV_ROOT" >/dev/null
cp "$shots/question-1280x800.png" "$out/learn-question.png"
cp "$shots/reveal-1280x800.png" "$out/learn-reveal.png"
rm -rf "$shots"
echo "wrote $(ls "$out" | wc -l) screenshots to $out"
