#!/usr/bin/python3
"""make_word_tokenizers.py OUT_DIR — tokenizer.json files for the models besides BPE, their
vocabularies learnt here from OUT_DIR/strings.jsonl (make_tokenizers.py writes it):

  OUT/bert/tokenizer.json     WordPiece as bert-base-uncased is written: BertNormalizer
                              (lowercase, strip_accents null), BertPreTokenizer, "##" pieces,
                              the WordPiece decoder, TemplateProcessing [CLS] $A [SEP]
  OUT/bertcased/tokenizer.json the same cased (lowercase false, strip_accents false),
                              BertProcessing, max_input_chars_per_word 12
  OUT/t5/tokenizer.json       Unigram as T5 (WhitespaceSplit + Metaspace, </s> after), scores
                              rounded to 0.5 so that ties between splits are common
  OUT/albert/tokenizer.json   Unigram as ALBERT (Replace ``, NFKD, StripAccents, Lowercase,
                              Metaspace; [CLS] $A [SEP])

Seeded: the same files each run. Characters seen only once are left out, so unknown tokens occur.
"""
import json
import math
import os
import random
import re
import sys

out_dir = sys.argv[1]
rng = random.Random(20261203)
strings = [json.loads(line) for line in open(os.path.join(out_dir, "strings.jsonl"), encoding="utf-8") if line.strip()]
SP = "▁"


def added(i, content):
    return {"id": i, "content": content, "single_word": False, "lstrip": False, "rstrip": False,
            "normalized": False, "special": True}


def write(name, doc):
    os.makedirs(os.path.join(out_dir, name), exist_ok=True)
    with open(os.path.join(out_dir, name, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)


def count(items):
    c = {}
    for x in items:
        c[x] = c.get(x, 0) + 1
    return c


def template(first, last, ids):
    single = ([{"SpecialToken": {"id": first, "type_id": 0}}] if first else []) + [
        {"Sequence": {"id": "A", "type_id": 0}}] + ([{"SpecialToken": {"id": last, "type_id": 0}}] if last else [])
    return {"type": "TemplateProcessing", "single": single, "pair": single,
            "special_tokens": {t: {"id": t, "ids": [ids[t]], "tokens": [t]} for t in (first, last) if t}}


# ---------------------------------------------------------------- WordPiece (BERT)

def bert_vocab(lower):
    words = []
    for s in strings:
        s = s.lower() if lower else s
        words += re.findall(r"\w+|[^\w\s]", s)
    chars = count(ch for w in words for ch in w)
    wc = count(words)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    vocab += sorted(ch for ch, n in chars.items() if n >= 2)
    vocab += ["##" + ch for ch, n in sorted(chars.items()) if n >= 3]
    vocab += sorted(w for w, n in wc.items() if n >= 3 and len(w) > 1)
    pieces = count(w[i:j] for w in words for i in range(1, len(w)) for j in range(i + 2, min(len(w), i + 5) + 1))
    vocab += sorted("##" + p for p, n in pieces.items() if n >= 6)
    heads = count(w[:j] for w in words for j in range(2, min(len(w), 6)))
    vocab += sorted(p for p, n in heads.items() if n >= 6)
    seen, out = set(), []
    for t in vocab:
        if t not in seen:
            seen.add(t)
            out.append(t)
    return {t: i for i, t in enumerate(out)}


def bert(name, lower, post, max_chars):
    vocab = bert_vocab(lower)
    write(name, {"version": "1.0", "added_tokens": [added(vocab[t], t) for t in ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]],
                 "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                                "strip_accents": None if lower else False, "lowercase": lower},
                 "pre_tokenizer": {"type": "BertPreTokenizer"},
                 "post_processor": post(vocab),
                 "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
                 "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                           "max_input_chars_per_word": max_chars, "vocab": vocab}})
    return len(vocab)


# ---------------------------------------------------------------- Unigram (T5, ALBERT)

def unigram_vocab(words, specials):
    chars = count(ch for w in words for ch in w)
    pieces = count(w[i:j] for w in words for i in range(len(w)) for j in range(i + 1, min(len(w), i + 8) + 1))
    for t in specials:  # the text "</s>" would make a second piece "</s>" (the crate's ids, tokenizers.js's string)
        pieces.pop(t, None)
    kept = {p: n for p, n in pieces.items() if (len(p) == 1 and chars[p] >= 2) or n >= 4}
    total = sum(kept.values())
    scored = [(p, round(2 * (math.log(n / total) + rng.uniform(-1.0, 1.0)) * len(p) ** 0.3) / 2) for p, n in kept.items()]
    scored.sort(key=lambda ps: (-ps[1], ps[0]))
    return [[t, 0.0] for t in specials] + [[p, s] for p, s in scored]


def t5():
    words = [SP + w for s in strings for w in s.split()]
    vocab = unigram_vocab(words, ["<pad>", "</s>", "<unk>"])
    ids = {p: i for i, (p, _) in enumerate(vocab)}
    write("t5", {"version": "1.0", "added_tokens": [added(0, "<pad>"), added(1, "</s>"), added(2, "<unk>")],
                 "normalizer": None,
                 "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
                     {"type": "WhitespaceSplit"},
                     {"type": "Metaspace", "replacement": SP, "prepend_scheme": "always", "split": True}]},
                 "post_processor": template(None, "</s>", ids),
                 "decoder": {"type": "Metaspace", "replacement": SP, "prepend_scheme": "always", "split": True},
                 "model": {"type": "Unigram", "unk_id": 2, "vocab": vocab, "byte_fallback": False}})
    return len(vocab)


def albert():
    import unicodedata
    norm = [unicodedata.normalize("NFKD", s.replace("``", '"').replace("''", '"')) for s in strings]
    norm = ["".join(c for c in s if not unicodedata.combining(c)).lower() for s in norm]
    words = [SP + w for s in norm for w in s.split(" ") if w]
    vocab = unigram_vocab(words, ["<pad>", "<unk>", "[CLS]", "[SEP]", "[MASK]"])
    ids = {p: i for i, (p, _) in enumerate(vocab)}
    write("albert", {"version": "1.0", "added_tokens": [added(i, t) for i, t in enumerate(["<pad>", "<unk>", "[CLS]", "[SEP]", "[MASK]"])],
                     "normalizer": {"type": "Sequence", "normalizers": [
                         {"type": "Replace", "pattern": {"String": "``"}, "content": '"'},
                         {"type": "Replace", "pattern": {"String": "''"}, "content": '"'},
                         {"type": "NFKD"}, {"type": "StripAccents"}, {"type": "Lowercase"}]},
                     "pre_tokenizer": {"type": "Metaspace", "replacement": SP, "prepend_scheme": "always", "split": True},
                     "post_processor": template("[CLS]", "[SEP]", ids),
                     "decoder": {"type": "Metaspace", "replacement": SP, "prepend_scheme": "always", "split": True},
                     "model": {"type": "Unigram", "unk_id": 1, "vocab": vocab, "byte_fallback": False}})
    return len(vocab)


sizes = {
    "bert": bert("bert", True, lambda v: template("[CLS]", "[SEP]", v), 100),
    "bertcased": bert("bertcased", False,
                      lambda v: {"type": "BertProcessing", "sep": ["[SEP]", v["[SEP]"]], "cls": ["[CLS]", v["[CLS]"]]}, 12),
    "t5": t5(),
    "albert": albert(),
}
print("vocabularies:", ", ".join(f"{k} {v:,}" for k, v in sizes.items()))
