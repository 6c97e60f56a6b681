// hf_encode_words.mjs TOKENIZERS_MODULE TOKENIZER.json STRINGS.jsonl plain|special — as
// hf_encode.mjs (the IDs on one line, decode(ids) as a JSON string on the next), "special"
// with the post-processor's special tokens (add_special_tokens: true, what `lookupviz
// --special` gives). No IDs decode to "" (tokenizers.js's decode refuses an empty list).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , modulePath, tokenizerPath, stringsPath, mode] = process.argv;
const { Tokenizer } = await import(pathToFileURL(modulePath).href);
const tokenizer = new Tokenizer(JSON.parse(readFileSync(tokenizerPath, "utf8")), {});
const out = [];
for (const line of readFileSync(stringsPath, "utf8").split("\n")) {
  if (line === "") continue;
  const ids = tokenizer.encode(JSON.parse(line), { add_special_tokens: mode === "special" }).ids;
  out.push(ids.join(" "));
  const text = ids.length ? tokenizer.decode(ids, { skip_special_tokens: false, clean_up_tokenization_spaces: false }) : "";
  out.push(JSON.stringify(text));
}
process.stdout.write(out.join("\n") + "\n");
