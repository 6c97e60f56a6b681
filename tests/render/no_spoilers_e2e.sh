#!/usr/bin/env bash
# Nothing on screen answers before the learner does (issue 36, item 1): for every question
# state of `--layout-report --ask` (every slide, every kind it asks), no text the frame drew
# (the report's "texts": narration, canvas labels and captions, the panels, the print panel,
# the status line, every tooltip a hover on the canvas could show) holds the answer:
#   - what PyTorch prints for the asked tensor, as the reveal prints it (its value block);
#   - a count answered as a number, as a standalone token ("15", "1,234");
#   - a list answered, as printed ("[2, 3]"), and slide 0's re-encoded IDs;
#   - a gradient's value with the four decimals its tooltip writes;
#   - slide 5's verdict (True / False, "equal", the "=" between the outputs);
#   - the narration's "Now:" line about the item asked.
# And each reveal shows the printed value again. One window size is enough: what is hidden
# does not depend on it (the layout report's own test covers the sizes).
#   $1 = lookupviz, $2 = source dir.
set -euo pipefail
bin="$1"
command -v xvfb-run >/dev/null || { echo "xvfb-run is missing: skipped"; exit 77; }
py=/usr/bin/python3; [ -x "$py" ] || py=python3
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
export HOME="$out" XDG_CONFIG_HOME="$out/config"

fails=0
check() {  # check NAME [lookupviz args...]
  local name="$1"; shift
  xvfb-run -a -s "-screen 0 2600x1500x24" "$bin" --reset --layout-report --ask --size 1280x800 "$@" >"$out/$name.json"
  "$py" - "$out/$name.json" "$name" <<'PY' || fails=$((fails + 1))
import json, re, sys
path, name = sys.argv[1], sys.argv[2]
r = json.load(open(path))
states = r["slides"]

# What PyTorch prints that answers each kind: the ">>> expr" blocks of the print panel whose
# expression holds one of these (slide 4's lookup_row: the matmul's output rows).
PRINTED = {
    "token_count": ["tokenizer.encode(", "idx.tolist()"],  # (Text mode: idx is the text's tokens)
    "lookup_row": ["embedding(idx)", "linear(onehot.float())"],
    "onehot_col": ["onehot"],
    "outputs_equal": ["torch.equal("],
    "grad_rows": ["embedding.weight.grad", "linear.weight.grad"],
    "grad_value": ["embedding.weight.grad", "linear.weight.grad"],
    "argmax_token": ["logits"],
    # Slide 10: the weights answer where the largest is, their sum and their zeros; the
    # context which row it copies (with the weights, a learner's reasoning, not its answer).
    "attn_top_key": ["ca.attn_weights", "context_vec"],
    "attn_row_sum": ["ca.attn_weights"],
    "attn_masked": ["ca.attn_weights"],
    "attn_hard_limit": ["context_vec"],
    "attn_grad_rows": ["ca.values.grad"],
}

def blocks(output):
    """The print panel's REPL blocks: (expression, printed value)."""
    found = []
    for part in output.split(">>> ")[1:]:
        expr, _, value = part.partition("\n")
        found.append((expr.strip(), value.rstrip("\n")))
    return found

def numbers(text):
    """Every number written in text, commas dropped ("1,234" → "1234")."""
    return {m.replace(",", "") for m in re.findall(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?(?![\w])", text)}

def printed_list(xs):
    return "[" + ", ".join(str(x) for x in xs) + "]"

problems = []
asked = 0
for i, s in enumerate(states):
    if s.get("learn") != "asking":
        continue
    asked += 1
    kind, answer = s["kind"], s["answer"]
    where = f"{name}: slide {s['slide']} ({kind}, answer {json.dumps(answer)})"
    texts = s["texts"]
    revealed = states[i + 1] if i + 1 < len(states) and states[i + 1].get("learn") == "revealed" else None
    assert revealed is not None, f"{where}: no revealed state follows"
    assert texts, f"{where}: no texts reported"
    # 1. What PyTorch prints for the asked tensor, as the reveal prints it.
    shown_blocks = [b for t in revealed["texts"] for b in blocks(t)]
    wanted = [v for e, v in shown_blocks if any(n in e for n in PRINTED.get(kind, [])) and v.strip()]
    if kind in PRINTED and not wanted:
        problems.append(f"{where}: the reveal does not print {PRINTED[kind]}")
    for v in wanted:
        for t in texts:
            # The code's input literal is the state, not an answer: slide 8's argmax may equal
            # idx itself ("idx = torch.tensor([2, 3, 1])"; tensor([2, 3, 1]) picked).
            if v in re.sub(r"torch\.tensor\(\[[^\]]*\]\)", "", t):
                problems.append(f"{where}: the asked tensor's printed value is on screen: {v[:60]!r} in {t[:80]!r}")
    # 2. A count: the number as a standalone token.
    if kind in ("table_numbers", "zero_madds", "lookup_copies"):
        for t in texts:
            if str(answer) in numbers(t):
                problems.append(f"{where}: the count {answer} is on screen: {t[:100]!r}")
    # 3. A list, as printed (slide 0's re-encoded IDs, whose length is its answer, are its
    #    printed value: checked in 1).
    if isinstance(answer, list) and answer and not isinstance(answer[0], list):
        for t in texts:
            # As a list, not an index ("embedding.weight[2, 3]" is a cell).
            if re.search(r"(?<![\w\]])" + re.escape(printed_list(answer)), t):
                problems.append(f"{where}: the list {printed_list(answer)} is on screen: {t[:100]!r}")
    # 4. A gradient's value, as its tooltip and the narration write it.
    if kind == "grad_value":
        value = f"{answer:.4f}"
        for t in texts:
            if value in numbers(t):
                problems.append(f"{where}: the value {value} is on screen: {t[:100]!r}")
    # 5. Slide 5's verdict.
    if kind == "outputs_equal":
        for t in texts:
            # torch.equal's word on a line of its own (the code's "bias=False" is not a verdict).
            if t.strip() == "=" or re.search(r"^(True|False)$", t, re.M) or "equal, bit for bit" in t \
                    or " cells are equal" in t:
                problems.append(f"{where}: the verdict is on screen: {t[:100]!r}")
    # 6. The narration's line about the item asked.
    for t in texts:
        if t.startswith("Now:"):
            problems.append(f"{where}: the narration's Now line is on screen: {t[:100]!r}")
    # The reveal shows what was withheld.
    for t in revealed["texts"]:
        if "(after you answer)" in t:
            problems.append(f"{where}: the reveal still withholds: {t[:100]!r}")
if asked < 10:
    problems.append(f"{name}: only {asked} question states reported")
if problems:
    print("\n".join(problems[:60]))
    sys.exit(1)
print(f"{name}: {asked} question states, no answer on screen before it is given")
PY
}

check default
# Repeated IDs into a wider table (slide 6's rows summed twice, slide 8's argmax over 10 rows).
check repeats --ids 4,6,4,1,6 --vocab 10 --dim 3
# Text mode: the IDs are GPT-2's tokens of the sentence asked about (slide 0).
check text --text "Hello, world"
echo "no spoilers: $fails failed"
[ "$fails" -eq 0 ]
