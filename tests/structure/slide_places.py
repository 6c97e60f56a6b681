"""slide_places.py SRC_DIR — a slide takes its own files and one line of the registry (issue 42:
the house's third step). For each slide listed below, no code line of core/ or app/ outside its
own files names it (its kinds, flags, state or functions), except its line in the registry's
list (app/slides/slides.hpp LV_SLIDES). Comments may name it (they say why); code and strings
may not. The README's slide table and the manual are the docs' (ui.SlideRegistry checks the
README's table against the registry).

What a slide brings lives in its own files and reaches the rest through generic doors: its
question kinds in a quiz::KindFamily, its command-line flags and print mode in a CliFamily, its
controls as slide values (the session's, --slide-value's), all named by its SlideDef.
"""
import os
import re
import sys

# slide: (its own files, the pattern of the names that are its own)
SLIDES = {
    10: (
        {
            "app/slides/slide_10_attention.cpp",
            "core/quiz/attention_questions.hpp",
            "core/quiz/attention_questions.cpp",
            "core/torch/attention.hpp",
            "core/torch/attention.cpp",
            "core/torch/attention_cli.hpp",
            "core/torch/attention_cli.cpp",
        },
        re.compile(r"[Aa]ttn|[Aa]ttention|\bd_out\b|causal_mask"),
    ),
}
REGISTRY = "app/slides/slides.hpp"
REGISTRY_LINE = re.compile(r"^\s*X\(kSlide\w+\)\s*\\?\s*$")


def code_lines(text):
    """The lines with their // and /* */ comments taken out (strings kept)."""
    out, block = [], False
    for line in text.split("\n"):
        code, i, in_str = "", 0, None
        while i < len(line):
            c = line[i]
            if block:
                if line.startswith("*/", i):
                    block, i = False, i + 2
                else:
                    i += 1
                continue
            if in_str:
                code += c
                if c == "\\":
                    code += line[i + 1:i + 2]
                    i += 2
                    continue
                if c == in_str:
                    in_str = None
                i += 1
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                block, i = True, i + 2
                continue
            if c in "\"'":
                in_str = c
            code += c
            i += 1
        out.append(code)
    return out


def main(src):
    places = []
    for top in ("core", "app"):
        for root, _, files in os.walk(os.path.join(src, top)):
            for name in files:
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.relpath(os.path.join(root, name), src)
                with open(os.path.join(src, path), encoding="utf-8") as f:
                    lines = code_lines(f.read())
                for slide, (own, pattern) in SLIDES.items():
                    if path in own:
                        continue
                    for n, line in enumerate(lines, 1):
                        if not pattern.search(line):
                            continue
                        if path == REGISTRY and REGISTRY_LINE.match(line):
                            continue
                        places.append(f"{path}:{n}: slide {slide}: {line.strip()}")
    for p in places:
        print(p)
    print(f"slide places: {len(SLIDES)} slide(s) checked; {len(places)} code line(s) outside their own files "
          "and their registry line")
    return 1 if places else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
