#!/bin/sh
# tests/structure/model_includes.sh SRC — app/model/ includes nothing of the view: no ImGui, no GL,
# no GLFW, nothing from app/ outside app/model/ (core/ and the standard library only).
# The build checks the same by linking lookupviz_model without ImGui; this names the line.
set -u
src="${1:-.}"
if ! ls "$src"/app/model/*.hpp "$src"/app/model/*.cpp >/dev/null 2>&1; then
  echo "no app/model/ in $src: the model is not apart from the view"
  exit 1
fi
bad=$(grep -n '^[[:space:]]*#[[:space:]]*include' "$src"/app/model/*.hpp "$src"/app/model/*.cpp |
  grep -v -E '#[[:space:]]*include[[:space:]]*(<[^>]*>|"(core|app/model)/[^"]*")' )
bad_sys=$(grep -n -E '#[[:space:]]*include[[:space:]]*<(imgui|GL|GLFW|glad|stb)' "$src"/app/model/*.hpp "$src"/app/model/*.cpp)
if [ -n "$bad$bad_sys" ]; then
  echo "app/model/ includes what is not core/, app/model/ or the standard library:"
  printf '%s\n%s\n' "$bad" "$bad_sys"
  exit 1
fi
echo "app/model/: $(ls "$src"/app/model | wc -l) files include only core/, app/model/ and the standard library"
