#!/usr/bin/env python3
"""one_door.py — every change of the model goes through app/state/ (issue 37, item 4).

The model's setters (app/model/app_model.hpp: each function that returns a Change, and the
IDs field's begin_ids_edit, ids_typed and end_ids_edit) and the hand-off that shows their
Change (take_change, app/state/app_edits.hpp) are called from app/state/ and app/model/
only: the editor bar, the menus, Learn mode, the session, the platform and the slides change
the model through app/state/'s door (edit_add_id, open_table, SlideDoor, ...). This lists
every other call and fails when there is one. A call through an object (`cx.door.edit_cell(`)
is the door's own method, not the model's setter, and is not counted.

Usage: one_door.py SOURCE_DIR
"""
import os
import re
import sys

EXTRA = {"begin_ids_edit", "ids_typed", "end_ids_edit", "table_file_changed", "take_change"}
ALLOWED = ("app/state/", "app/model/")


def setters(src):
    names = set(EXTRA)
    with open(os.path.join(src, "app/model/app_model.hpp"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^Change\s+(\w+)\(", line)
            if m:
                names.add(m.group(1))
    return names


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "."
    names = setters(src)
    call = re.compile(r"(?<![\w.>])(?:(?:lv::)?app::)?(" + "|".join(sorted(names)) + r")\(")
    found, files = [], 0
    for root, _, entries in os.walk(os.path.join(src, "app")):
        for name in sorted(entries):
            if not name.endswith((".cpp", ".hpp")):
                continue
            path = os.path.relpath(os.path.join(root, name), src).replace(os.sep, "/")
            if path.startswith(ALLOWED):
                continue
            files += 1
            with open(os.path.join(src, path), encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    code = line.split("//", 1)[0]
                    if re.match(r"\s*(#|\*)", code):
                        continue
                    for m in call.finditer(code):
                        found.append(f"{path}:{n}: calls {m.group(1)}() (the model's setter): use app/state/'s door")
    for w in found:
        print("DOOR  " + w)
    print(f"one door: {len(names)} setters, {files} files outside app/state/ and app/model/, {len(found)} calls")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
