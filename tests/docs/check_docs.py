#!/usr/bin/env python3
"""The README stays a two-minute read and the documentation's links lead somewhere.

  check_docs.py SOURCE_DIR

Fails (exit 1, one line per problem) when README.md is longer than 150 lines, when its
first code block is not the two commands (build and launch; build and test every test),
when it does not link to the four pages under docs/, or when a relative link or image in
README.md or docs/*.md names a file that does not exist, or a #fragment that is no heading
of the page it names (GitHub's anchors: lower case, punctuation dropped, spaces as '-').
"""
import os
import re
import sys

MAX_README_LINES = 150
TWO_COMMANDS = [
    "./scripts/run.sh            # build (Release) and launch the app; arguments go to lookupviz",
    "./scripts/test.sh           # build and run every test with ctest",
]
DOC_PAGES = ["docs/manual.md", "docs/performance.md", "docs/fidelity.md", "docs/architecture.md"]

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REF_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.M)
HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$", re.M)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def strip_code(text):
    """The text without fenced blocks and code spans: a link shown as code is no link."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def anchors(text):
    """GitHub's heading anchors of a Markdown page (a repeated one gets -1, -2, ...)."""
    seen = {}
    out = set()
    for h in HEADING.findall(FENCE.sub("", text)):
        h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", h)  # a link in a heading: its text
        slug = re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def check_links(root, page, problems):
    text = read(page)
    body = strip_code(text)
    targets = INLINE_LINK.findall(body) + REF_DEF.findall(body)
    rel_page = os.path.relpath(page, root)
    for target in targets:
        if not target or SCHEME.match(target):
            continue  # https:, mailto: — not checked here
        path, _, fragment = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        if not os.path.exists(dest):
            problems.append(f"{rel_page}: link to {target}: {os.path.relpath(dest, root)} does not exist")
            continue
        if fragment:
            if not dest.endswith(".md") or os.path.isdir(dest):
                problems.append(f"{rel_page}: link to {target}: #{fragment} on a file that is not Markdown")
            elif fragment not in anchors(read(dest)):
                problems.append(f"{rel_page}: link to {target}: {os.path.relpath(dest, root)} has no heading #{fragment}")
    return targets


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    readme = os.path.join(root, "README.md")
    problems = []

    text = read(readme)
    lines = len(text.splitlines())
    if lines > MAX_README_LINES:
        problems.append(f"README.md: {lines} lines, at most {MAX_README_LINES} (move the detail to docs/)")
    first_block = FENCE.search(text)
    block = first_block.group(0).splitlines() if first_block else []
    for command in TWO_COMMANDS:
        if command not in block:
            problems.append(f"README.md: its first code block lacks the command line {command!r}")

    docs_dir = os.path.join(root, "docs")
    pages = [readme] + sorted(
        os.path.join(docs_dir, f) for f in os.listdir(docs_dir) if f.endswith(".md")) if os.path.isdir(docs_dir) else [readme]
    links = {}
    for page in pages:
        links[page] = check_links(root, page, problems)
    readme_targets = {os.path.normpath(t.partition("#")[0]) for t in links[readme]}
    for doc in DOC_PAGES:
        if doc not in readme_targets:
            problems.append(f"README.md: no link to {doc}")

    for p in problems:
        print(p)
    count = sum(len(v) for v in links.values())
    print(f"docs: README.md {lines} lines; {count} links in {len(pages)} pages; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
