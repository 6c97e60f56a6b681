// hf_encode.mjs TOKENIZERS_MODULE TOKENIZER.json STRINGS.jsonl [--special] — Hugging Face's
// tokenizers.js (@huggingface/tokenizers) on each string: the IDs (no special tokens added;
// --special: with the post-processor's, add_special_tokens=true) on one line, decode(ids) as a
// JSON string on the next, as tokenize_batch prints them.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , modulePath, tokenizerPath, stringsPath, mode] = process.argv;
const special = mode === "--special";
const { Tokenizer } = await import(pathToFileURL(modulePath).href);
const tokenizer = new Tokenizer(JSON.parse(readFileSync(tokenizerPath, "utf8")), {});
const out = [];
for (const line of readFileSync(stringsPath, "utf8").split("\n")) {
  if (line === "") continue;
  const text = JSON.parse(line);
  const ids = tokenizer.encode(text, { add_special_tokens: special }).ids;
  out.push(ids.join(" "));
  out.push(JSON.stringify(tokenizer.decode(ids, { skip_special_tokens: false, clean_up_tokenization_spaces: false })));
}
process.stdout.write(out.join("\n") + "\n");
