#!/usr/bin/env python3
"""check_paths.py SOURCE_DIR — the paths the docs and the comments name exist.

A word like `app/state/app_edits.hpp`, `core/io/table_file` (a file's stem: its .hpp or .cpp)
or `tests/render/` in README.md, docs/*.md, CMakeLists.txt, or the sources and scripts under
app/, core/, tests/ and scripts/ names a file or folder of the tree (issue 37: seven comments
named files that had moved). Patterns are not paths: a word holding `*`, `<`, `NN` or `{`
is skipped; `./scripts/test.sh` is read as scripts/test.sh. Exit 1 listing each stale path as
FILE:LINE: PATH, else 0 (3: the self-test, a line with known stale paths, failed).
"""
import os
import re
import sys

TOPS = ("app", "core", "tests", "scripts", "docs", "shaders", "assets")
PATH = re.compile(r"(?:(?<=\./)|(?<![\w/.-]))((?:%s)/[\w./*{}<>-]*[\w*}>/])" % "|".join(TOPS))
SCANNED = (".cpp", ".hpp", ".h", ".c", ".md", ".py", ".sh", ".txt")
PLACEHOLDERS = ("*", "<", "{", "NN")


def exists(root, path):
    full = os.path.join(root, path)
    if os.path.exists(full):
        return True
    # A stem: core/io/table_file for its .hpp / .cpp, shaders/heatmap for .vert / .frag.
    folder, stem = os.path.split(full)
    return os.path.isdir(folder) and any(n.startswith(stem + ".") for n in os.listdir(folder))


def files(root):
    for top in ("README.md", "CMakeLists.txt", "docs", "app", "core", "tests", "scripts"):
        p = os.path.join(root, top)
        if os.path.isfile(p):
            yield p
            continue
        for d, _, names in os.walk(p):
            for n in sorted(names):
                if n.endswith(SCANNED):
                    yield os.path.join(d, n)


def named_paths(line):
    """The paths a line names, placeholders (patterns, not paths) left out."""
    for m in PATH.finditer(line):
        path = m.group(1).rstrip(".")
        if not any(p in path for p in PLACEHOLDERS):
            yield path


def self_test(root):
    """The check's own check: it must see a stale path, or its passing means nothing."""
    # Written with {top} so that this file names none of them itself.
    line = ("// see {tests}/structure/check_paths.py, ./{scripts}/ and {core}/io/table_file; "
            "{tests}/core/<folder>/, {app}/slides/slide_NN_*.cpp; moved: {app}/app_edits.hpp, "
            "{core}/nowhere/ (./{tests}/gone.sh).").format(**{t: t for t in TOPS})
    got = [p for p in named_paths(line) if not exists(root, p)]
    want = ["{app}/app_edits.hpp", "{core}/nowhere/", "{tests}/gone.sh"]
    want = [w.format(**{t: t for t in TOPS}) for w in want]
    if got != want:
        print(f"check_paths.py: self-test failed: stale {got}, expected {want}")
        sys.exit(3)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    self_test(root)
    stale = []
    for f in files(root):
        with open(f, encoding="utf-8", errors="replace") as text:
            for n, line in enumerate(text, 1):
                for path in named_paths(line):
                    if not exists(root, path):
                        stale.append(f"{os.path.relpath(f, root)}:{n}: {path}")
    for s in stale:
        print(s)
    print(f"check_paths: {len(stale)} stale path(s)" if stale else "check_paths: every named path exists")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
