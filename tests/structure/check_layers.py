#!/usr/bin/env python3
"""check_layers.py SRC_DIR — the layers of docs/architecture.md, checked on the includes.

Folders are layers, lowest first:
  core/  <-  app/model/, app/desktop/  <-  app/ui_base/  <-  app/widgets/  <-  app/state/ (the App's
         plain structs)  <-  app/slides/  <-  app/deck/ (the slides' host)  <-  app/chrome/  <-  app/ (the frame, the session)  <-  app/platform/
A file may include its own layer and the layers below it. Every include that points up
is listed; more than MAX_UP fails, and so does one without a `// up: why` comment on its line
(issue 27: at most 3). The App's plain structs and the edits slides and chrome make through
it (app_state.hpp, app_edits.hpp, session_table.hpp) live in app/state/, below the slides.

Also (issue 37, item 6):
  - no header of one slide is included outside app/slides/ (the registry's own headers,
    SHARED_SLIDE_HEADERS, are the deck's): at most MAX_SLIDE_REACH such includes (none since
    slide 7's worker moved into app/model/ and the bench asks the registry when it is done),
    each with a `// slide: why` comment;
  - no two modules of one of the UI's layers (app/ui_base/ and above) include each other
    (a.cpp/a.hpp and b.cpp/b.hpp, a's files including b.hpp and b's including a.hpp): what
    both need goes below them (app/table_rows.hpp under app_nearest and app_map). (core/ and
    app/model/ still have such pairs: kernels and kernel_calibration, question_kinds and
    map_question, tokenizer_json and its parts, app_model and model_jobs.)
"""
import os
import re
import sys

MAX_UP = 3
MAX_SLIDE_REACH = 0  # a slide's header is its own and its tests'
UI_LAYERS = 2  # app/ui_base/ and above: no two-way includes inside a layer
SHARED_SLIDE_HEADERS = {"slides.hpp", "slide_code.hpp", "narrative_lines.hpp"}
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
    reach, reach_bare = [], []
    includes = {}  # module (path without extension) -> the modules its files include
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
                        module, other = os.path.splitext(path)[0], os.path.splitext(target)[0]
                        if other != module:
                            includes.setdefault(module, set()).add(other)
                        if (target.startswith("app/slides/") and not path.startswith("app/slides/")
                                and os.path.basename(target) not in SHARED_SLIDE_HEADERS):
                            where = f"{path}:{n}: includes {target}, one slide's header"
                            reach.append(where)
                            if not re.search(r"//\s*slide:\s*\S", m.group(2)):
                                reach_bare.append(where)
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
    for w in reach:
        print(("SLIDE (no '// slide: why' comment)  " if w in reach_bare else "SLIDE  ") + w)
    two_way = sorted({tuple(sorted((a, b))) for a, bs in includes.items() for b in bs
                      if a in includes.get(b, set()) and rank(a + ".hpp") == rank(b + ".hpp")
                      and rank(a + ".hpp") >= UI_LAYERS})
    for a, b in two_way:
        print(f"TWO-WAY  {a} and {b} include each other")
    print(f"layers: {files} files, {len(up)} includes point up (at most {MAX_UP}), {len(bare)} without a reason; "
          f"{len(reach)} reach into one slide (at most {MAX_SLIDE_REACH}); {len(two_way)} two-way")
    ok = len(up) <= MAX_UP and not bare and len(reach) <= MAX_SLIDE_REACH and not reach_bare and not two_way
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
