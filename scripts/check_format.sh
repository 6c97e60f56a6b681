#!/usr/bin/env bash
# check_format.sh [BASE] — do the C++ files this change touches follow .clang-format?
# Runs `clang-format --dry-run -Werror` on every .cpp/.hpp/.h file changed against BASE
# (a git ref; default: origin/main if it exists, else HEAD~1; in a clone with one commit,
# every file) and on files changed but not committed yet; prints the files that are not
# formatted and exits 1, or exits 0. Files deleted by the change are skipped.
#   ./scripts/check_format.sh            # against origin/main (or HEAD~1)
#   ./scripts/check_format.sh main       # against a branch or commit
#   ./scripts/check_format.sh --all      # every C++ file (CI: a fresh clone has no base to
#                                        # diff against, and the whole tree is formatted)
# Fix a file with `clang-format -i FILE`.
set -euo pipefail
cd "$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)"
CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
if ! command -v "$CLANG_FORMAT" >/dev/null; then
  echo "check_format: $CLANG_FORMAT is not installed (apt-get install clang-format)" >&2
  exit 2
fi

base=${1:-}
all=0
[ "$base" = "--all" ] && all=1 && base=""
if [ "$all" = 1 ]; then
  :
elif [ -z "$base" ]; then
  if git rev-parse -q --verify origin/main >/dev/null; then base=origin/main
  elif git rev-parse -q --verify HEAD~1 >/dev/null; then base=HEAD~1
  fi
elif ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
  echo "check_format: $base is not a commit" >&2
  exit 2
fi

pattern=('*.cpp' '*.hpp' '*.h')
if [ "$all" = 0 ] && [ -n "$base" ]; then
  # What the change touches: committed since it left BASE, plus what is not committed yet.
  mapfile -t files < <({ git diff --name-only --diff-filter=d "$(git merge-base "$base" HEAD)" -- "${pattern[@]}"
                         git ls-files --others --exclude-standard -- "${pattern[@]}"; } | sort -u)
  what="changed against $base"
else
  mapfile -t files < <(git ls-files -- "${pattern[@]}")  # one commit: every file
  what="in the tree"
fi

bad=()
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  if ! "$CLANG_FORMAT" --dry-run -Werror --style=file "$f" >/dev/null 2>&1; then bad+=("$f"); fi
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "check_format: ${#bad[@]} of ${#files[@]} C++ files $what are not formatted (clang-format -i FILE fixes one):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "check_format: ${#files[@]} C++ files $what, all formatted"
