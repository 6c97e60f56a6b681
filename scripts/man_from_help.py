#!/usr/bin/env python3
"""Turns `lookupviz --help` into the man page lookupviz.1 (roff), at build time.

The man page and --help come from one source, lv::cli_help_text(), so they cannot
drift apart.  The help text's shape is read loosely, so a new option or section
needs no change here:
  - the first paragraph: the one-line summary (NAME) and DESCRIPTION;
  - "Heading:" lines start a section: Usage -> SYNOPSIS, Exit codes -> EXIT STATUS,
    Example(s) -> EXAMPLES, any other -> a subsection of OPTIONS;
  - indented lines starting with "-" are options ("--flag ARG   what it does"),
    deeper-indented lines continue the one above;
  - other indented lines are "term   meaning" rows (usage lines, exit codes).
What --help does not say (files, environment) is added below as man-only text.

  man_from_help.py --binary build/lookupviz --version 0.1.0 --date 2026-11-30 --output lookupviz.1.gz
  (or --help-file FILE; the page is dated --date, the release's, or SOURCE_DATE_EPOCH when set)
"""
import argparse
import datetime
import gzip
import os
import re
import subprocess


def esc(text):
    """Plain text to roff: backslashes, hyphens as ASCII minus, non-ASCII as \\[uXXXX]."""
    out = text.replace("\\", "\\e").replace("-", "\\-")
    out = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in out)
    return out


def line(text):
    """One roff text line: a leading '.' or quote would be read as a request."""
    t = esc(text)
    return "\\&" + t if t[:1] in (".", "'") else t


def split_cols(text):
    """'term    meaning' (two or more spaces between) -> (term, meaning)."""
    parts = re.split(r"\s{2,}", text.strip(), maxsplit=1)
    return parts[0], re.sub(r"\s{2,}", " ", parts[1]) if len(parts) > 1 else ""


def term_roff(term):
    """'--size WxH' -> bold flags, italic arguments; brackets and commas stay plain."""
    words = []
    for w in term.split():
        m = re.fullmatch(r"([\[(]*)(.*?)([\])|,.]*)", w)
        pre, core, post = m.groups()
        font = "B" if core.startswith("-") or re.fullmatch(r"\d+", core) else "I"
        words.append(esc(pre) + ("\\f%s%s\\fR" % (font, esc(core)) if core else "") + esc(post))
    return " ".join(words)


def paragraphs(lines):
    block = []
    for ln in lines:
        if ln.strip():
            block.append(ln.rstrip())
        elif block:
            yield block
            block = []
    if block:
        yield block


DESCRIPTION_MORE = r"""
\fBlookupviz\fR opens a window of slides \(em the table, the lookup, one\-hot, the matmul,
the same numbers, backward, GPT\-2 scale, inside a GPT \(em animated step by step, with the
IDs, the seed, the shape and the weights editable live. Every number shown is PyTorch's, bit for
bit. The headless modes print the notebook's transcript or render slides to PNG files and exit.
.PP
A table can also come from a \fI.npy\fR or \fI.safetensors\fR file: given as \fIFILE\fR (a file
manager's \(lqOpen With\(rq), chosen with File \(-> Open (the desktop's own dialog: its file
portal, or \fBzenity\fR or \fBkdialog\fR when installed; else the built\-in picker), dropped on
the window, or picked from File \(-> Open recent.
"""

EXAMPLES_MORE = r"""
.PP
Open the lookup slide on your own IDs:
.PP
.RS 4
.nf
lookupviz \-\-ids 5,2,5,0 \-\-dim 6 \-\-slide 2
.fi
.RE
.PP
Open a table from a file, as a file manager's \(lqOpen With\(rq does:
.PP
.RS 4
.nf
lookupviz model.safetensors:wte.weight
.fi
.RE
.PP
Render every slide on a machine without a screen:
.PP
.RS 4
.nf
xvfb\-run \-a lookupviz \-\-export\-slides slides/
.fi
.RE
"""

MAN_ONLY = r"""
.SH ENVIRONMENT
.TP
.B DISPLAY
The X server the window (and \-\-screenshot) opens on. Without a screen, run under
.BR xvfb\-run (1):
.BR "xvfb\-run \-a lookupviz \-\-screenshot out.png" .
.TP
.B LIBGL_ALWAYS_SOFTWARE
Set to 1 to use Mesa's software renderer when the graphics driver offers no OpenGL 3.3.
.TP
.B HOME
The home folder: \fB~\fR in the file picker, and where the folders below default to.
.TP
.B XDG_CONFIG_HOME
Where the session, the recent tables and \fIuser\-dirs.dirs\fR are read from (default
.IR $HOME/.config ).
.TP
.B LOOKUPVIZ_DATA_DIR
A folder holding \fIgpt2\-bpe.bin\fR, looked in before the one beside the binary.
.TP
.B XDG_CURRENT_DESKTOP
On KDE, File \(-> Open uses \fBkdialog\fR(1) before \fBzenity\fR(1).
.TP
.B LOOKUPVIZ_FILE_DIALOG
File \(-> Open's dialog: \fBportal\fR, \fBzenity\fR or \fBkdialog\fR to use only that one,
\fBbuiltin\fR for the in\-app picker. By default the desktop's own dialog: xdg\-desktop\-portal's
file chooser when the D\-Bus session has it, else \fBzenity\fR or \fBkdialog\fR when installed,
else (or when the one used fails) the in\-app picker.
.SH FILES
.TP
.I $XDG_CONFIG_HOME/lookupviz/session.ini
The last session (IDs, seed, shape, slide, window), saved while the window is open and
restored by a plain \fBlookupviz\fR; \fB\-\-reset\fR starts clean. A damaged file is set aside,
not lost.
.TP
.I $XDG_CONFIG_HOME/lookupviz/recent\-files
The tables opened lately, newest first, one per line (File \(-> Open recent).
.TP
.I $XDG_CONFIG_HOME/lookupviz/imgui.ini
Dear ImGui's own window layout, beside the session.
.TP
.I $XDG_CONFIG_HOME/user\-dirs.dirs
Names the Pictures folder (\fBXDG_PICTURES_DIR\fR, as \fBxdg\-user\-dir PICTURES\fR prints it):
screenshots saved from the window (Ctrl+S) and its GIF exports go there, else to
.I $HOME/Pictures
when it exists, else to the working directory. The picker's places list its Desktop,
Documents and Downloads folders.
.TP
.I /usr/share/fonts/opentype/inter/Inter\-Regular.otf
.TQ
.I /usr/share/fonts/truetype/jetbrains\-mono/JetBrainsMono\-Regular.ttf
The UI and code fonts (Debian packages fonts\-inter and fonts\-jetbrains\-mono);
without them lookupviz falls back to Dear ImGui's built\-in font.
.TP
.I /usr/share/lookupviz/gpt2\-bpe.bin
GPT\-2's tokenizer (\-\-text, \-\-tokenize, \-\-detokenize): OpenAI's encoder.json and vocab.bpe,
packed at build time and checked by SHA\-256 when read; their licenses are in
.IR /usr/share/doc/lookupviz/gpt2/ .
.TP
.I /usr/share/applications/io.github.lookupviz.lookupviz.desktop
The desktop menu entry; it opens \fI.npy\fR and \fI.safetensors\fR files (MIME types
application/x\-npy and application/x\-safetensors, defined in
.IR /usr/share/mime/packages/lookupviz.xml ).
.TP
.I /usr/share/metainfo/io.github.lookupviz.lookupviz.metainfo.xml
The AppStream description software centres show.
.SH SEE ALSO
.BR xvfb\-run (1),
.BR zenity (1),
.BR xdg\-user\-dir (1)
.PP
The notebook this app shows: \fIBuild a Large Language Model (From Scratch)\fR by
Sebastian Raschka, bonus notebook ch02/03_bonus_embedding\-vs\-matmul.
"""


def convert(help_text, version, release_date):
    lines = help_text.expandtabs().splitlines()
    blocks = list(paragraphs(lines))
    summary = " ".join(s.strip() for s in blocks[0])
    name, _, what = summary.partition(" \u2014 ")  # "lookupviz — see, step by step, ..."
    if not what:
        name, what = "lookupviz", summary
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    date = datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).strftime("%Y-%m-%d") if epoch else release_date

    # Sections gather their lines, then come out in the usual order.
    sec = {k: [] for k in ("SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES")}
    sec["DESCRIPTION"] = [line(what[:1].upper() + what[1:]), ".PP", DESCRIPTION_MORE.strip()]
    section = "DESCRIPTION"
    for block in blocks[1:]:
        head = block[0]
        m = re.fullmatch(r"(\S[^:]*):\s*", head)
        if not m:  # a plain paragraph, in whatever section we are in
            sec[section] += [".PP"] + [line(s.strip()) for s in block]
            continue
        title = m.group(1).strip()
        key = title.lower()
        body = block[1:]
        if key == "usage":
            section = "SYNOPSIS"
        elif key.startswith("exit code"):
            section = "EXIT STATUS"
        elif key.startswith("example"):
            section = "EXAMPLES"
        else:
            section = "OPTIONS"
            sec[section].append(".SS " + line(title[:1].upper() + title[1:]))
        out = sec[section]
        base = min((len(s) - len(s.lstrip()) for s in body), default=0)
        for s in body:
            indent = len(s) - len(s.lstrip())
            if section == "EXAMPLES":
                out += [".PP", ".RS 4", ".nf", line(s.strip()), ".fi", ".RE"]
            elif indent > base:  # continues the item above
                out.append(line(re.sub(r"\s{2,}", " ", s.strip())))
            elif section == "SYNOPSIS":
                cmd, meaning = split_cols(s)
                prog, _, args = cmd.partition(" ")
                out += [".TP", ("\\fB%s\\fR %s" % (esc(prog), term_roff(args))).rstrip(),
                        line(meaning[:1].upper() + meaning[1:]) + "."]
            else:
                term, meaning = split_cols(s)
                out += [".TP", term_roff(term)]
                if meaning:
                    out.append(line(meaning))
    sec["EXAMPLES"].append(EXAMPLES_MORE.strip())

    out = ['.\\" Generated from "lookupviz --help" by scripts/man_from_help.py: do not edit.',
           '.TH LOOKUPVIZ 1 "%s" "lookupviz %s" "User Commands"' % (date, esc(version)),
           ".SH NAME", "%s \\- %s" % (esc(name.strip()), line(what.rstrip(".")))]
    for title, body in sec.items():
        if body:
            out += [".SH " + title] + body
    out.append(MAN_ONLY.strip())
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="lookupviz --help -> lookupviz.1")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--binary", help="run BINARY --help")
    src.add_argument("--help-file", help="read the help text from a file")
    ap.add_argument("--version", required=True)
    ap.add_argument("--date", required=True, help="the release date, YYYY-MM-DD (SOURCE_DATE_EPOCH wins when set)")
    ap.add_argument("--output", required=True, help="lookupviz.1, or lookupviz.1.gz to gzip it")
    a = ap.parse_args()
    if a.binary:
        text = subprocess.run([a.binary, "--help"], check=True, capture_output=True, text=True).stdout
    else:
        with open(a.help_file, encoding="utf-8") as f:
            text = f.read()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", a.date):
        ap.error("--date must be YYYY-MM-DD, got %r" % a.date)
    page = convert(text, a.version, a.date).encode("utf-8")
    tmp = a.output + ".part"
    if a.output.endswith(".gz"):  # mtime 0 and no name: the same bytes every build
        with open(tmp, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz:
            gz.write(page)
    else:
        with open(tmp, "wb") as f:
            f.write(page)
    os.replace(tmp, a.output)


if __name__ == "__main__":
    main()
