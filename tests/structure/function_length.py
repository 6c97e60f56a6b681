#!/usr/bin/python3
"""function_length.py — no function in app/ or core/ over 120 lines.

Usage: function_length.py SOURCE_DIR [--max N] [--list]

Finds the function bodies of every .cpp and .hpp file under SOURCE_DIR/app and SOURCE_DIR/core by
brace matching, after blanking comments, string literals (raw ones too), character
literals and preprocessor lines. Namespace, class, struct, union, enum and extern "C"
bodies are scopes, not functions (functions inside them are found); a lambda or a local
class counts as part of the function around it. A function's length runs from the first
line of its declaration to its closing brace. Exit 1 listing every function over the
limit (longest first), 0 when there is none; --list prints every function's length.
"""
import os
import re
import sys

LIMIT = 120


def blank(src):
    """src with comments, literals and preprocessor lines replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(src)
    line_start = True
    while i < n:
        c = src[i]
        if line_start and c in ' \t':
            out.append(c)
            i += 1
            continue
        if line_start and c == '#':  # a preprocessor line, with its continuations
            while i < n and src[i] != '\n':
                if src[i] == '\\' and i + 1 < n and src[i + 1] == '\n':
                    out.append(' \n')
                    i += 2
                    continue
                out.append(' ')
                i += 1
            continue
        line_start = False
        if c == '\n':
            out.append(c)
            line_start = True
            i += 1
        elif src.startswith('//', i):
            while i < n and src[i] != '\n':
                out.append(' ')
                i += 1
        elif src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', src[i:j]))
            i = j
        elif c == 'R' and i + 1 < n and src[i + 1] == '"' and not (i > 0 and (src[i - 1].isalnum() or src[i - 1] == '_')) \
                or (c in 'uUL8' and re.match(r'(u8|u|U|L)R"', src[i:i + 4]) and not (i > 0 and (src[i - 1].isalnum() or src[i - 1] == '_'))):
            m = re.match(r'(?:u8|u|U|L)?R"([^()\\\s]{0,16})\(', src[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = ')' + m.group(1) + '"'
            j = src.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + re.sub(r'[^\n]', ' ', src[i + 2:j - 2]) if j - i >= 4 else ' ' * (j - i))
            i = j
        elif c == '"' or (c == "'" and not (i > 0 and src[i - 1].isalnum() and src[i - 1] not in 'uUL')):
            # A string or a character literal (a ' between digits is a digit separator: 1'000).
            if c == "'" and i > 0 and src[i - 1].isdigit():
                out.append(' ')
                i += 1
                continue
            j = i + 1
            while j < n and src[j] != c and src[j] != '\n':
                j += 2 if src[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(c + ' ' * max(0, j - i - 2) + (c if j - i >= 2 else ''))
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


SCOPE = re.compile(r'^(?:template\s*<.*>\s*)?(?:(?:inline|export)\s+)*(namespace|class|struct|union|enum)\b|^extern\s*"', re.S)
FUNC_END = re.compile(
    r'\)\s*(?:const|volatile|noexcept\s*(?:\([^()]*\))?|override|final|mutable|&&|&|throw\s*\(\s*\)|\s)*$'
    r'|\)[^;]*->\s*[\w:<>,\s*&]+$'           # a trailing return type
    r'|\)\s*:\s*[\w:]+\s*[({][\s\S]*[)}]$',  # a constructor's member initializers
    re.S)


def functions(text):
    """(name, first line, last line) of each function body in blanked text."""
    found = []
    i, n = 0, len(text)
    head_start = 0  # where the text before the next '{' at this level begins
    depth_kinds = []  # 'scope' or 'other' for the open braces at scope level

    def match_brace(k):
        d = 0
        while k < n:
            if text[k] == '{':
                d += 1
            elif text[k] == '}':
                d -= 1
                if d == 0:
                    return k
            k += 1
        return n - 1

    while i < n:
        c = text[i]
        if c == ';':
            head_start = i + 1
        elif c == '}':
            if depth_kinds:
                depth_kinds.pop()
            head_start = i + 1
        elif c == '{':
            head = text[head_start:i].strip()
            # Attributes and access specifiers do not belong to the declaration.
            head = re.sub(r'^(?:(?:public|private|protected)\s*:(?!:)\s*)+', '', head)
            if SCOPE.match(head) and not re.match(r'^enum\b', head) and '(' not in head.split('{')[0].split(':')[0]:
                depth_kinds.append('scope')
                head_start = i + 1
            elif FUNC_END.search(head) and '(' in head and not re.search(r'(?<![=!<>])=(?!=)\s*$', head):
                end = match_brace(i)
                lead = text[head_start:i]
                skip = re.match(r'\s*(?:(?:public|private|protected)\s*:(?!:)\s*)*', lead).end()
                first = text.count('\n', 0, head_start + skip) + 1
                name = re.sub(r'\s+', ' ', head.split('(')[0]).strip().split(' ')[-1] or '(lambda)'
                found.append((name, first, text.count('\n', 0, end) + 1))
                i = end
                head_start = end + 1
            else:  # an initializer, an enum's list: skipped, part of the declaration around it
                i = match_brace(i)
        i += 1
    return found

SELF_TEST = r"""
#include <x>
#define BRACE {
namespace a { namespace {
struct S : B {
 public:
  int f() const { return 1; }
  S() : x{1}, y(2) {
    auto l = [&](int k) { return k; };
  }
  int x, y;
};
enum class E { A, B };
const int kTable[] = {1, 2, 3};
}  // namespace
int g(int a) {
  const char* s = "}{ \" }";
  char c = '{';
  const char* r = R"x( } } )x";
  // }
  /* { */
  int n = 1'000;
  return a;
}
auto h(int a) -> int {
  return a;
}
extern "C" { void k() {
} }
}  // namespace a
"""


def self_test():
    """The parser's own check: braces in literals and comments, scopes, lambdas."""
    got = [(name, last - first + 1) for name, first, last in functions(blank(SELF_TEST))]
    want = [('f', 1), ('S', 3), ('g', 9), ('h', 3), ('k', 2)]
    if got != want:
        print(f'function_length.py: self-test failed: found {got}, expected {want}')
        sys.exit(3)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    self_test()
    root = argv[1]
    limit = int(argv[argv.index('--max') + 1]) if '--max' in argv else LIMIT
    listing = '--list' in argv
    over = []
    count = 0
    for top in ('app', 'core'):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for f in sorted(filenames):
                if not f.endswith(('.cpp', '.hpp')):  # headers too (issue 37: inline bodies were not read)
                    continue
                path = os.path.join(dirpath, f)
                with open(path, encoding='utf-8', errors='replace') as fh:
                    text = blank(fh.read())
                rel = os.path.relpath(path, root)
                for name, first, last in functions(text):
                    count += 1
                    length = last - first + 1
                    if listing:
                        print(f'{length:5d} {rel}:{first} {name}')
                    if length > limit:
                        over.append((length, rel, first, name))
    if count == 0:
        print(f'no function found under {root}/app and {root}/core')
        return 2
    if over:
        print(f'{len(over)} function(s) in app/ and core/ over {limit} lines (split them):')
        for length, rel, first, name in sorted(over, reverse=True):
            print(f'  {rel}:{first}: {name}() is {length} lines')
        return 1
    print(f'{count} functions in app/ and core/, none over {limit} lines')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
