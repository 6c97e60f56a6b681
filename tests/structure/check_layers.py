#!/usr/bin/env python3
"""check_layers.py SRC_DIR — the layers of docs/architecture.md, checked on the includes.

Folders are layers, lowest first:
  core/  <-  app/model/, app/desktop/  <-  app/ui_base/  <-  app/widgets/  <-  app/state/ (the App's
         plain structs)  <-  app/slides/  <-  app/deck/ (the slides' host)  <-  app/chrome/  <-  app/ (the frame, the session)  <-  app/platform/
A file may include its own layer and the layers below it. Every include that points up
is listed; more than MAX_UP fails, and so does one without a `// up: why` comment on its line
(issue 27: at most 3). The App's plain structs and the edits slides and chrome make through
it (app_state.hpp, app_edits.hpp, session_table.hpp) live in app/state/, below the slides.
"""
import os
import re
import sys

MAX_UP = 3
LAYERS = [  # (folder prefix, rank); the longest prefix that matches wins
    ("core/", 0),
    ("app/model/", 1),
    ("app/desktop/", 1),
    ("app/ui_base/", 2),
    ("app/widgets/", 3),
    ("app/state/", 4),
    ("app/slides/", 5),
    ("app/deck/", 6),
    ("app/chrome/", 7),
    ("app/platform/", 9),
    ("app/", 8),
]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"(.*)$')


def rank(path):
    for prefix, r in sorted(LAYERS, key=lambda p: -len(p[0])):
        if path.startswith(prefix):
            return r
    return None


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "."
    up, bare = [], []
    files = 0
    for top in ("core", "app"):
        for root, _, names in os.walk(os.path.join(src, top)):
            for name in sorted(names):
                if not name.endswith((".cpp", ".hpp", ".h", ".c")):
                    continue
                path = os.path.relpath(os.path.join(root, name), src).replace(os.sep, "/")
                files += 1
                mine = rank(path)
                with open(os.path.join(src, path), encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        target = m.group(1)
                        theirs = rank(target)
                        if theirs is None or mine is None or theirs <= mine:
                            continue
                        where = f"{path}:{n}: includes {target} (layer {theirs} above {mine})"
                        up.append(where)
                        # The reason is a comment that says it is one: "// up: why" (issue 37:
                        # any "//" counted, so a stray comment could pass for a reason).
                        if not re.search(r"//\s*up:\s*\S", m.group(2)):
                            bare.append(where)
    for w in up:
        print(("UP (no '// up: why' comment)  " if w in bare else "UP  ") + w)
    print(f"layers: {files} files, {len(up)} includes point up (at most {MAX_UP}), {len(bare)} without a reason")
    return 0 if len(up) <= MAX_UP and not bare else 1


if __name__ == "__main__":
    sys.exit(main())
