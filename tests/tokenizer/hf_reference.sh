#!/usr/bin/env bash
# ctest oracle.tokenizer_json_reference: core's tokenizer.json reading (tokenize_batch) against
# Hugging Face's tokenizers.js (@huggingface/tokenizers 0.2.0, pure JavaScript on Debian's
# nodejs) on generated tokenizers (GPT-2's own files as a tokenizer.json, a smaller GPT-2-style
# vocabulary with [a, b] merges, a Llama-3-style Split regex with ignore_merges, SentencePiece-
# style byte-fallback BPE behind Llama-2's normalizer and behind Metaspace) × 3,000 generated
# strings: the IDs and the IDs decoded must be equal. scripts/test.sh installs the package into
# BUILD/npm when the npm registry answers; without it (or node) the test is skipped (exit 77).
#   hf_reference.sh TOKENIZE_BATCH SOURCE_DIR BUILD_DIR
set -euo pipefail
tool="$1" src="$2" build="$3"
module="${LV_TOKENIZERS_JS:-$build/npm/node_modules/@huggingface/tokenizers/dist/tokenizers.mjs}"
if ! command -v node >/dev/null; then
  echo "skipped: no node (apt-get install nodejs)"
  exit 77
fi
if [ ! -f "$module" ]; then
  echo "skipped: @huggingface/tokenizers is not installed under $build/npm (scripts/test.sh installs it when the npm registry answers)"
  exit 77
fi
work="$(mktemp -d "$build/tokenizer-reference.XXXXXX")"
trap 'rm -rf "$work"' EXIT
count="${LV_TOKENIZER_STRINGS:-3000}"
/usr/bin/python3 "$src/tests/tokenizer/make_tokenizers.py" "$work" "$src" "$count"
status=0
for t in gpt2 small llama3 spbpe metaspace; do
  node "$src/tests/tokenizer/hf_encode.mjs" "$module" "$work/$t/tokenizer.json" "$work/strings.jsonl" >"$work/$t.hf"
  "$tool" "$work/$t/tokenizer.json" "$work/strings.jsonl" >"$work/$t.lv"
  /usr/bin/python3 "$src/tests/tokenizer/compare_ids.py" "$t" "$work/strings.jsonl" "$work/$t.hf" "$work/$t.lv" || status=1
done
exit $status
