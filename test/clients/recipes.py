#!/usr/bin/env python3
"""test/clients/recipes.py: the application recipes of doc/snowflake-clients.md
are the code the client tests run.

    recipes.py [DOC]

In the doc, a fenced block right after a line

    <!-- test: test/clients/app_node.js pg-connect -->

must equal, line for line (after removing the common indentation), the
region of that file between "// doc: pg-connect" and "// end doc: pg-connect"
("# doc:" in Ruby).  Every block tagged js, ruby, go or java must be so
marked, and every region of the test files below must be shown, once.  It
then checks itself: one changed line in each shown block, and a marker
taken away, must each fail.  Prints "ok: ..." or "FAILED: ..." for each
check and ends with "recipes: N passed, M failed".
"""

import difflib
import os
import re
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = "doc/snowflake-clients.md"
# the test files whose regions the doc shows
FILES = ["test/clients/app_node.js", "test/clients/app_rails.rb",
         "test/clients/app_go.go", "test/clients/Client.java"]
# the tags of blocks that must come from a test file
CHECKED_TAGS = {"js", "javascript", "ruby", "go", "java"}

MARKER = re.compile(r"^<!--\s*test:\s*(\S+)\s+(\S+)\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)\s*([A-Za-z0-9_+-]*)\s*$")
REGION = re.compile(r"^\s*(?://|#)\s*(end doc|doc):\s*(\S+)\s*$")


def normalise(lines):
    text = textwrap.dedent("\n".join(lines))
    return [l.rstrip() for l in text.strip("\n").split("\n")]


def regions(path):
    """{name: (first line number, lines)} of the file's doc regions."""
    out = {}
    opened = None
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        m = REGION.match(line)
        if not m:
            continue
        kind, name = m.groups()
        if kind == "doc":
            if opened:
                raise ValueError("%s:%d: region %s opened inside %s" % (path, i + 1, name, opened[0]))
            if name in out:
                raise ValueError("%s:%d: region %s twice" % (path, i + 1, name))
            opened = (name, i)
        else:
            if not opened or opened[0] != name:
                raise ValueError("%s:%d: end of region %s, which is not open" % (path, i + 1, name))
            out[name] = (opened[1] + 2, normalise(lines[opened[1] + 1:i]))
            opened = None
    if opened:
        raise ValueError("%s:%d: region %s not closed" % (path, opened[1] + 1, opened[0]))
    return out


def blocks(doc_lines):
    """[(line of the block, tag, marker or None, body lines)] of the doc."""
    out = []
    i = 0
    while i < len(doc_lines):
        m = FENCE.match(doc_lines[i])
        if not m:
            i += 1
            continue
        ticks, tag = m.group(1), m.group(2).lower()
        j = i + 1
        while j < len(doc_lines) and not doc_lines[j].startswith(ticks):
            j += 1
        marker = MARKER.match(doc_lines[i - 1]) if i > 0 else None
        out.append((i + 1, tag, marker.groups() if marker else None, doc_lines[i + 1:j]))
        i = j + 1
    return out


def compare(doc_path, doc_lines, regs):
    """[(ok, message)] for the doc against the regions {(file, name): (line, lines)}."""
    results = []
    shown = {}
    for line, tag, marker, body in blocks(doc_lines):
        where = "%s:%d" % (doc_path, line)
        if marker is None:
            if tag in CHECKED_TAGS:
                results.append((False, "%s: a %s block with no <!-- test: FILE REGION --> line "
                                       "before it: its code is run by no test" % (where, tag)))
            continue
        key = tuple(marker)
        if key not in regs:
            results.append((False, "%s: %s has no region %s" % (where, key[0], key[1])))
            continue
        shown[key] = shown.get(key, 0) + 1
        want_line, want = regs[key]
        got = normalise(body)
        if got == want:
            results.append((True, "%s: %s %s (%s:%d)" % (where, tag, key[1], key[0], want_line)))
        else:
            diff = "\n".join(difflib.unified_diff(want, got, "%s:%d %s" % (key[0], want_line, key[1]),
                                                  where, lineterm="", n=1))
            results.append((False, "%s: the block differs from %s's region %s\n%s"
                                   % (where, key[0], key[1], diff)))
    for key, (line, _) in sorted(regs.items()):
        if shown.get(key, 0) != 1:
            results.append((False, "%s:%d: region %s is shown %d times in %s, not once"
                                   % (key[0], line, key[1], shown.get(key, 0), doc_path)))
    return results


def main():
    doc_path = sys.argv[1] if len(sys.argv) > 1 else DOC
    passed = failed = 0

    def report(ok, message):
        nonlocal passed, failed
        if ok:
            passed += 1
            print("ok: " + message)
        else:
            failed += 1
            print("FAILED: " + message)

    try:
        regs = {}
        for path in FILES:
            for name, value in regions(path).items():
                regs[(path, name)] = value
        with open(os.path.join(ROOT, doc_path), encoding="utf-8") as f:
            doc_lines = f.read().split("\n")
    except (OSError, ValueError) as e:
        report(False, str(e))
        print("recipes: %d passed, %d failed" % (passed, failed))
        return 1
    if not regs:
        report(False, "no region in %s" % ", ".join(FILES))
    for ok, message in compare(doc_path, doc_lines, regs):
        report(ok, message)

    # Self-checks, on scratch copies of the doc's lines.
    marked = [(line, body) for line, tag, marker, body in blocks(doc_lines) if marker]
    for line, body in marked:
        k = next((n for n, l in enumerate(body) if l.strip()), None)
        if k is None:
            continue
        copy = list(doc_lines)
        copy[line + k] = body[k] + " x"   # line is 1-based: the fence; line + k, 0-based, is body[k]
        ok = any(not r[0] and r[1].startswith("%s:%d:" % (doc_path, line)) for r in compare(doc_path, copy, regs))
        report(ok, "self-check: a changed line in the block at %s:%d fails" % (doc_path, line))
    if marked:
        line = marked[0][0]
        copy = list(doc_lines)
        copy[line - 2] = ""
        ok = any(not r[0] and r[1].startswith("%s:%d:" % (doc_path, line)) for r in compare(doc_path, copy, regs))
        report(ok, "self-check: the block at %s:%d without its marker fails" % (doc_path, line))
    else:
        report(False, "no marked block in %s" % doc_path)

    print("recipes: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
