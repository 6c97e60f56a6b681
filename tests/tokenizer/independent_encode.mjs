// independent_encode.mjs ENCODER.js STRINGS.jsonl — an encoder written apart from Hugging Face's
// (llama-tokenizer-js, mistral-tokenizer-js: each its own BPE over its own copy of the model's
// vocabulary and merges) on each string: its IDs, no BOS, a space put in front as the models'
// tokenizer.json does, one line each. These know no added tokens, so a string holding <s>,
// </s> or <unk> gets an empty line (tests/tokenizer/real_reference.sh leaves it out).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , modulePath, stringsPath] = process.argv;
const encoder = (await import(pathToFileURL(modulePath).href)).default;
const out = [];
for (const line of readFileSync(stringsPath, "utf8").split("\n")) {
  if (line === "") continue;
  const text = JSON.parse(line);
  out.push(/<s>|<\/s>|<unk>/.test(text) ? "" : encoder.encode(text, false, true).join(" "));
}
process.stdout.write(out.join("\n") + "\n");
