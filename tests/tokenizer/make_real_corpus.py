#!/usr/bin/python3
"""make_real_corpus.py [OUT.jsonl] — the corpus that published tokenizers are compared on
(tests/tokenizer/real_reference.sh): 1,800 strings, one JSON string a line (ASCII-escaped, so
the file is plain text and git shows it whole). Seeded: the same file on every run, which the
test checks against the committed tests/tokenizer/real_corpus.jsonl (without OUT it prints).

The kinds, each a fixed share: sentences in 24 scripts, combining marks (decomposed letters,
Hangul jamo, kana with voicing marks, Hebrew and Arabic points, Indic nukta and viramas,
stacked marks), emoji (ZWJ families and professions, skin tones, flags, keycaps, tag
sequences, variation selectors), white space (runs of spaces, tabs, newlines, CR LF, NBSP,
ideographic and other Unicode spaces), code, numbers (long digit runs, decimals, other digit
systems), English contractions, each model's special-token text (whole, partial, adjacent,
with spaces around) and random code points from assigned blocks of Unicode 14, and a few characters of
Unicode 15.0, 15.1 and 16.0 (NEWER)."""
import json
import random
import sys

rng = random.Random(20261203)

SENTENCES = {
    "latin": ["The quick brown fox jumps over the lazy dog.", "Voix ambiguë d'un cœur qui, au zéphyr, préfère les jattes de kiwis.",
              "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.", "Zażółć gęślą jaźń.",
              "Tiếng Việt có dấu thanh và chữ ư, ơ, đ.", "Pijamalı hasta yağız şoföre çabucak güvendi; İstanbul ılık.",
              "El pingüino Wenceslao hizo kilómetros bajo exhaustiva lluvia y frío, añoraba a su querido cachorro.",
              "Příliš žluťoučký kůň úpěl ďábelské ódy.", "Árvíztűrő tükörfúrógép.", "ǅemal, ǈuba and ǋegoš meet at the ﬁre."],
    "greek": ["Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.", "Γαζέες καὶ μυρτιὲς δὲν θὰ βρῶ πιὰ στὸ χρυσαφὶ ξέφωτο.", "ΟΔΥΣΣΕΥΣ ΣΊΣΥΦΟΣ ς σ Σ"],
    "cyrillic": ["Съешь же ещё этих мягких французских булок, да выпей чаю.", "Жебракують філософи при ґанку церкви в Гадячі.",
                 "Ѕ Ђ Љ Њ Ћ Џ — српски и македонски"],
    "armenian": ["Բարեւ աշխարհ, ինչպե՞ս ես։"],
    "georgian": ["გამარჯობა მსოფლიო, როგორ ხარ?"],
    "hebrew": ["שָׁלוֹם עוֹלָם", "דג סקרן שט בים מאוכזב ולפתע מצא חברה."],
    "arabic": ["مرحبا بالعالم، كيف حالك؟", "صِفْ خَلْقَ خَوْدٍ كَمِثْلِ الشَّمْسِ إِذْ بَزَغَتْ", "٠١٢٣٤٥٦٧٨٩ فارسی: ۰۱۲۳۴۵۶۷۸۹"],
    "devanagari": ["नमस्ते दुनिया, आप कैसे हैं?", "ऋषियों को सताने वाले दुष्ट राक्षसों के राजा रावण का सर्वनाश।", "क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़"],
    "bengali": ["আমি বাংলায় গান গাই।"], "tamil": ["வணக்கம் உலகம், எப்படி இருக்கிறீர்கள்?"], "telugu": ["హలో ప్రపంచం"],
    "thai": ["สวัสดีชาวโลก เป็นอย่างไรบ้าง", "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า"], "lao": ["ສະບາຍດີໂລກ"],
    "khmer": ["សួស្តី​ពិភពលោក"], "tibetan": ["བཀྲ་ཤིས་བདེ་ལེགས།"], "myanmar": ["မင်္ဂလာပါ ကမ္ဘာလောက"],
    "ethiopic": ["ሰላም ልዑል ዓለም"], "sinhala": ["ආයුබෝවන් ලෝකය"],
    "hangul": ["안녕하세요 세계, 키스의 고유조건은 입술끼리 만나야 하고", "다람쥐 헌 쳇바퀴에 타고파"],
    "kana": ["いろはにほへと ちりぬるを わかよたれそ つねならむ", "カタカナとひらがな、ゔ ガギグゲゴ ぱぴぷぺぽ", "ｶﾀｶﾅ ﾊﾝｶｸ"],
    "han": ["你好，世界！我们一起学习嵌入矩阵。", "東京都千代田区丸の内一丁目", "臺灣繁體中文與简体中文", "𠀋𡈽𡌛𡑮 𪚲 𫝆"],
    "mongolian": ["ᠮᠣᠩᠭᠣᠯ ᠪᠢᠴᠢᠭ"], "cherokee": ["ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ"], "canadian": ["ᐊᐃᖅᓯ ᐃᓄᒃᑎᑐᑦ"],
}
SCRIPT_WORDS = {name: [w for s in ss for w in s.split()] for name, ss in SENTENCES.items()}

COMBINING = ["e\u0301", "E\u0301cole", "A\u030a", "n\u0303", "c\u0327a", "u\u0308ber", "a\u0300 la\u0300", "o\u0302",
             "\u1100\u1161\u11a8", "\u1112\u1161\u11ab\u1100\u1173\u11af", "\u304b\u3099", "\u30cf\u309a", "\u3046\u3099",
             "\u05e9\u05c1\u05b8", "\u05d1\u05bc\u05b0", "\u0643\u064e\u062a\u064e\u0628\u064e", "\u0627\u0651\u064f",
             "\u0915\u093c", "\u0921\u093c", "\u0915\u094d\u0937", "\u0995\u09bc", "\u0e01\u0e34\u0e48", "i\u0307",
             "Z\u0351\u036b\u0343a\u0310\u0364l\u0352g\u033eo", "x\u20d7", "q\u0323\u0307", "\u0301", "\u0300\u0301\u0302",
             "a\u0308\u0301", "\u1e9b\u0323", "\u212b", "\u2126", "\u00c5", "\ufb01", "\u0041\u030a\u0301", "\u0073\u0323\u0307"]

EMOJI = ["😀", "👍", "👍🏻", "👍🏽", "👍🏿", "👋🏾", "👨‍👩‍👧‍👦", "👩‍❤️‍💋‍👨", "👨🏽‍💻", "🧑🏿‍🚀", "👩‍👩‍👦", "🏳️‍🌈", "🏴‍☠️",
         "🇫🇷", "🇯🇵", "🇺🇸🇬🇧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "#️⃣", "❤️", "❤", "☺️", "✨", "🎉🎉🎉", "🤖", "🙏🏼", "🤝🏻", "🫶🏽",
         "🧔‍♀️", "👁️‍🗨️", "🐕‍🦺", "©️", "™", "🈶"]

SPACES = [" ", "  ", "   ", "    ", " " * 8, " " * 17, "\t", "\t\t", "\n", "\n\n", "\n\n\n", "\r\n", "\r\n\r\n", "\r",
          " \n", "\n ", " \t ", "\t\n", "\u00a0", "\u3000", "\u2003", "\u2009", "\u202f", "\u200b", "\u0085", "\ufeff",
          "\u2028", "\u000b", "\u000c", "  \n  \n", "\t \t"]

CODE = ["def f(x):\n    return x * 2\n", "for (int i = 0; i < n; ++i) { sum += a[i]; }",
        "const y = await fetch(`/api/${id}`);", "#include <stdio.h>\nint main(void) { printf(\"%d\\n\", 42); }",
        '{"key": [1, 2.5, null, true], "nested": {"a": "b"}}', "<div class=\"x\">Hello &amp; bye</div>",
        "SELECT name, COUNT(*) FROM users WHERE age >= 18 GROUP BY name;", "x = torch.nn.Embedding(50257, 768)",
        "if a != b && c <= d || !e:\n\tpass", "λx. x → x ∘ f", "$ ls -la | grep '^d' > out.txt 2>&1",
        "fn main() -> Result<(), Box<dyn Error>> { Ok(()) }", "    \tindented_with_tabs_and_spaces = 1",
        "a+=1;b-=2;c*=3;d/=4;e%=5;f**=6", "// TODO: fix this!!!\n/* block */", "x[::-1], y[1:3], z[..., None]",
        "https://example.com/path?q=1&r=two#frag", "user@example.org", "C:\\Users\\name\\file.txt",
        "0x1F600 0b1010 0o777 1e-9 6.02e23", "```python\nprint('hi')\n```", "    \n\n    return"]

NUMBERS = ["0", "7", "42", "100", "2026", "12345", "1234567", "12345678901234567890", "3.14159", "1,000,000",
           "-17", "+3", "1/2", "½", "²", "Ⅻ", "٣٤٥", "१२३", "০১২", "๑๒๓", "１２３", "4.5e-10", "99.9%", "$1,299.99",
           "2026-12-03", "15:01:11", "v1.2.3", "10^9", "⁴²", "①②③"]

CONTRACTIONS = ["don't", "it's", "we're", "they've", "I'm", "you'll", "he'd", "WE'VE", "IT'S", "Don'T", "'s", "'t",
                "'re", "'ve", "'m", "'ll", "'d", "'S", "'LL", "''", "'", "rock'n'roll", "o'clock", "'quoted'"]

SPECIALS = ["<|begin_of_text|>", "<|end_of_text|>", "<|eot_id|>", "<|start_header_id|>", "<|end_header_id|>",
            "<|reserved_special_token_5|>", "<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|vision_start|>",
            "<think>", "</think>", "<tool_call>", "<start_of_turn>", "<end_of_turn>", "<bos>", "<eos>", "<pad>",
            "<mask>", "<start_of_image>", "[INST]", "[/INST]", "<<SYS>>", "<</SYS>>", "<s>", "</s>", "<unk>",
            "<|begin_of", "<|im_", "<start_of_tur", "[INST", "<s", "s>", "<<unk>>", "<|endoftext|"]

# Characters newer than Debian's PCRE2 10.42 (Unicode 14.0): Unicode 15.0's Kawi and CJK
# Extension H, 15.1's CJK Extension I (the issue's `𮲂"A`), and one of 16.0 (Todhri), which
# lookupviz's tables do not know yet (docs/manual.md names it).
NEWER = ["\U0002EC82\"A", "\U0002EBF0\U0002EE5D", "\U00011F04\U00011F05\U00011F51 (Kawi)", "\U00031350\u4E2D!",
         "x\u0CF3y", "\u31EF\u2FFC\"", "\U000105C0\"A"]

ENGLISH = ["hello", "Hello", "world", "the", "The", "embedding", "lookup", "table", "token", "tokenizer", "matrix",
           "multiply", "one-hot", "gradient", "GPT", "Llama", "Qwen", "Gemma", "Mistral", "unbelievably",
           "antidisestablishmentarianism", "someunknownPlace", "camelCaseWord", "snake_case_word", "HTTPServer"]

# Assigned in Unicode 14 (letters, marks, symbols of many blocks): unassigned or newer code
# points would only test PCRE2's age, which the manual names once.
BLOCKS = [(0x21, 0x7e), (0xa1, 0x24f), (0x250, 0x2af), (0x370, 0x3ff), (0x400, 0x4ff), (0x531, 0x556), (0x5d0, 0x5ea),
          (0x620, 0x64a), (0x905, 0x939), (0xe01, 0xe30), (0x10a0, 0x10c5), (0x1100, 0x1112), (0x1e00, 0x1eff),
          (0x2000, 0x206f), (0x2190, 0x21ff), (0x2200, 0x22ff), (0x2500, 0x257f), (0x3041, 0x3096), (0x30a1, 0x30fa),
          (0x4e00, 0x9fa5), (0xac00, 0xd7a3), (0xff01, 0xff5e), (0x1f300, 0x1f5ff), (0x1f600, 0x1f64f),
          (0x1d400, 0x1d454), (0x20000, 0x2a6d6)]


def pick(pool):
    return rng.choice(pool)


def glue(parts):
    out = ""
    for p in parts:
        out += p + (pick([" ", " ", " ", "", "\n", "  ", "\t"]) if rng.random() < 0.7 else "")
    return out


def mixed(pools, n):
    return glue([pick(pick(pools)) for _ in range(n)])


def script_string():
    name = pick(sorted(SENTENCES))
    if rng.random() < 0.5:
        return pick(SENTENCES[name])
    return glue(rng.sample(SCRIPT_WORDS[name], min(len(SCRIPT_WORDS[name]), rng.randint(1, 5))))


def combining_string():
    return glue([pick(COMBINING) if rng.random() < 0.6 else pick(ENGLISH + SCRIPT_WORDS[pick(sorted(SENTENCES))])
                 for _ in range(rng.randint(1, 5))])


def emoji_string():
    return glue([pick(EMOJI) if rng.random() < 0.7 else pick(ENGLISH) for _ in range(rng.randint(1, 6))])


def space_string():
    parts = [pick(SPACES) + pick(ENGLISH + NUMBERS + CONTRACTIONS) for _ in range(rng.randint(1, 5))]
    return "".join(parts) + (pick(SPACES) if rng.random() < 0.6 else "")


def code_string():
    s = pick(CODE)
    return s if rng.random() < 0.6 else s + pick(SPACES) + pick(CODE)


def number_string():
    return glue([pick(NUMBERS) if rng.random() < 0.7 else pick(ENGLISH) for _ in range(rng.randint(1, 6))])


def contraction_string():
    return glue([pick(CONTRACTIONS + ENGLISH) for _ in range(rng.randint(1, 6))])


def special_string():
    parts = [pick(SPECIALS) if rng.random() < 0.5 else pick(ENGLISH + SCRIPT_WORDS["han"] + NUMBERS)
             for _ in range(rng.randint(1, 6))]
    return "".join(p + pick(["", "", " ", "\n", "  "]) for p in parts)


def random_string():
    lo, hi = pick(BLOCKS)
    return "".join(chr(rng.randint(lo, hi)) if rng.random() < 0.8 else chr(rng.randint(*pick(BLOCKS)))
                   for _ in range(rng.randint(1, 24)))


def everything_string():
    return mixed([ENGLISH, NUMBERS, EMOJI, SPACES, CONTRACTIONS, SPECIALS, COMBINING, CODE,
                  SCRIPT_WORDS[pick(sorted(SENTENCES))]], rng.randint(2, 10))


KINDS = [(script_string, 320), (combining_string, 160), (emoji_string, 160), (space_string, 160), (code_string, 120),
         (number_string, 140), (contraction_string, 100), (special_string, 220), (random_string, 220),
         (everything_string, 300)]


def corpus():
    # Every sentence and every listed piece once, alone, then the generated strings.
    seen, out = set(), []
    fixed = [s for ss in SENTENCES.values() for s in ss] + COMBINING + EMOJI + SPACES + CODE + NUMBERS + SPECIALS + NEWER
    for s in fixed + [f() for f, n in KINDS for _ in range(n)]:
        if s and s not in seen:
            seen.add(s)
            out.append(s)
    return out


text = "".join(json.dumps(s, ensure_ascii=True) + "\n" for s in corpus())
if len(sys.argv) > 1:
    with open(sys.argv[1], "w", encoding="ascii") as f:
        f.write(text)
else:
    sys.stdout.write(text)
