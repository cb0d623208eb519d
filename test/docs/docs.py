#!/usr/bin/env python3
"""test/docs/docs.py: run the examples of the docs and compare what they show.

    docs.py PSQL_ARGS_JSON MAJOR FILE...

Every file runs in its own database (docs_1, docs_2, ...), made here, in
one psql session, top to bottom.  The forms it reads, and what it does
with each, are in doc/snowflake-contributing.md ("How the docs are
tested"); in short:

  ```sql blocks        each statement (ending with its ";") is run;
                       "-- → ROW" lines after its ";" are its rows,
                       "-- ≈ ROW (varies: why)" compares by shape
  ```psql blocks       "=> " and "-> " lines are a statement, the lines
                       after it are its output as psql prints it
  `EXPR` → `RESULT`    outside code blocks: SELECT EXPR, compared
  ```yaml blocks       with "query:" keys: postgres_exporter queries, each
                       run; its columns must be the metrics it lists
  <!-- docs: ... -->   on the line before a block: varies, exact-on N,
                       skip, output (each with a reason)

An arrow it cannot read as a result, a result in a block that is not run,
and a relative link that leads nowhere are failures too.  Prints
"ok: FILE:LINE ..." or "FAILED: FILE:LINE ..." for each example, a line
per file, the self-checks, then "docs: N passed, M failed".
"""

import json
import os
import re
import subprocess
import sys
import tempfile

import yaml
from pglast import parser

ARROW = "→"
# the majors CI runs the docs on: an exact-on block names one of them
CI_MAJORS = {15, 18}
APPROX = "≈"
MARK = "@@docs@@"

# ---------------------------------------------------------------------------
# Reading the Markdown


class Example:
    """One thing to run: a statement, and what the doc shows it prints."""

    def __init__(self, path, line, sql, kind, shown=None, mode="exact",
                 reason=None, major=None):
        self.path = path
        self.line = line          # the line the example is shown on
        self.sql = sql            # the statement, as psql is to read it
        self.kind = kind          # "rows" (unaligned) or "psql" (aligned)
        self.shown = shown        # list of lines, or None: must not fail
        self.mode = mode          # exact | shape | exact-on
        self.reason = reason
        self.major = major        # for exact-on


class DocError(Exception):
    """The doc breaks the convention: reported as a failure."""


def parse_directive(line):
    m = re.match(r"^\s*<!--\s*docs:\s*(.*?)\s*-->\s*$", line)
    if not m:
        return None
    text = m.group(1)
    for name in ("varies", "skip", "exact-on", "output"):
        if text == name or text.startswith(name + " "):
            return name, text[len(name):].strip()
    raise DocError("unknown docs directive: %s" % line.strip())


# a psql meta-command where a statement starts: a backslash after blank
# lines and comment lines
META_COMMAND = re.compile(r"(?:[ \t]*(?:--[^\n]*)?\n)*[ \t]*\\")


def split_sql(text):
    """Split a block of SQL into statements, each with the offset of its
    terminating semicolon (or -1 at the end, for a statement without one).
    The tokens are PostgreSQL's own scanner's (pglast.parser.scan), so
    quotes of every kind (E'a\\';b', dollar quotes, quoted identifiers) and
    comments hide their semicolons; and a semicolon ends a statement where
    psql's would (psqlscan.l): outside parentheses, and outside a BEGIN or
    CASE that is not the statement's first word, up to its END, so that a
    BEGIN ATOMIC body is one statement.  A line that starts a statement
    with a backslash is one psql meta-command."""
    out = []
    start = 0
    n = len(text)
    tokens = None   # the scanner's tokens from offset base, unread from k
    base = k = 0
    while start < n:
        m = META_COMMAND.match(text, start)
        if m:
            j = text.find("\n", m.end())
            j = n if j < 0 else j
            out.append((text[start:j], j))
            start = j
            tokens = None
            continue
        if tokens is None:
            # the rest of the block, scanned once (again only after a
            # meta-command, which is no SQL)
            base, k = start, 0
            try:
                tokens = parser.scan(text[start:])
            except parser.ParseError as e:
                # an unterminated quote: the statements before it, then
                # the rest without a ';'
                at = e.args[1] if len(e.args) > 1 and isinstance(e.args[1], int) else 0
                try:
                    tokens = parser.scan(text[start:start + at])
                except parser.ParseError:
                    tokens = []
        end = -1
        words = parens = depth = 0
        # bound: each token of the block read once, by one statement
        while k < len(tokens):
            t = tokens[k]
            k += 1
            word = t.kind != "NO_KEYWORD" or (
                t.name == "IDENT" and text[base + t.start] != '"')
            if word:
                words += 1
                if t.name in ("BEGIN_P", "CASE"):
                    if words > 1:
                        depth += 1
                elif t.name == "END_P" and depth > 0:
                    depth -= 1
            elif t.name == "ASCII_40":
                parens += 1
            elif t.name == "ASCII_41" and parens > 0:
                parens -= 1
            elif t.name == "ASCII_59" and parens == 0 and depth == 0:
                end = base + t.start
                break
        if end < 0:
            rest = text[start:]
            if rest.strip() and not all(
                    l.strip() == "" or l.strip().startswith("--")
                    for l in rest.split("\n")):
                out.append((rest, -1))
            break
        out.append((text[start:end + 1], end))
        start = end + 1
    return out


def split_self_check():
    """The splitter's own cases: a semicolon in an E'' string, in a dollar
    quote, and in a BEGIN ATOMIC body ends no statement.  A line for each
    case, "ok: ..." or "FAILED: ...": whether it splits as psql does."""
    cases = [
        ("an E'' string with an escaped quote",
         "SELECT E'a\\';b' AS x;\nSELECT 2;",
         ["SELECT E'a\\';b' AS x;", "SELECT 2;"]),
        ("a dollar quote",
         "DO $body$ BEGIN PERFORM 1; PERFORM 2; END $body$;\nSELECT $$;$$;",
         ["DO $body$ BEGIN PERFORM 1; PERFORM 2; END $body$;", "SELECT $$;$$;"]),
        ("a BEGIN ATOMIC body",
         "CREATE FUNCTION f() RETURNS int LANGUAGE sql\nBEGIN ATOMIC\n"
         "  SELECT CASE WHEN true THEN 1 END;\n  SELECT 2;\nEND;\nBEGIN;\nSELECT 3;",
         ["CREATE FUNCTION f() RETURNS int LANGUAGE sql\nBEGIN ATOMIC\n"
          "  SELECT CASE WHEN true THEN 1 END;\n  SELECT 2;\nEND;",
          "BEGIN;", "SELECT 3;"]),
    ]
    out = []
    for title, text, want in cases:
        got = [stmt.strip() for stmt, end in split_sql(text)]
        ends_ok = all(text[end] == ";" for _, end in split_sql(text))
        if got == want and ends_ok:
            out.append("ok: self-check: the SQL splitter keeps the ';' of %s "
                       "inside its statement" % title)
        else:
            out.append("FAILED: self-check: the SQL splitter, %s: split as %r"
                       % (title, got))
    return out


RESULT_LINE = re.compile(r"^\s*--\s*([%s%s])\s?(.*)$" % (ARROW, APPROX))
VARIES = re.compile(r"\s*\(varies: ([^)]+)\)\s*$")


def sql_block(path, first_line, lines, directive):
    """The examples of a ```sql block whose body starts on first_line."""
    if directive and directive[0] == "skip":
        if not directive[1]:
            raise DocError("%s:%d: skip needs a reason" % (path, first_line - 2))
        for k, l in enumerate(lines):
            if ARROW in l or APPROX in l:
                raise DocError("%s:%d: a block marked skip shows a result"
                               % (path, first_line + k))
        return [Example(path, first_line, None, "skip", reason=directive[1])]
    if directive:
        raise DocError("%s:%d: '%s' applies to psql blocks only"
                       % (path, first_line - 2, directive[0]))
    text = "\n".join(lines)
    # offsets of line starts, to turn an offset into a line number
    starts = [0]
    for l in lines:
        starts.append(starts[-1] + len(l) + 1)

    def line_of(off):
        k = 0
        while k + 1 < len(starts) and starts[k + 1] <= off:
            k += 1
        return k

    examples = []
    used = set()
    for stmt, end in split_sql(text):
        if end < 0:
            raise DocError("%s:%d: a statement without its ';' (psql would run it "
                           "after the rest, or not at all)"
                           % (path, first_line + line_of(len(text) - len(stmt.lstrip()))))
        k = line_of(end)
        shown, modes, reason = [], set(), None
        # the rest of the line of the ';', then the lines right after it
        rest = lines[k][end - starts[k] + 1:] if k < len(lines) else ""
        cand = [(k, rest)] + [(j, lines[j]) for j in range(k + 1, len(lines))]
        for j, l in cand:
            m = RESULT_LINE.match(l)
            if not m:
                if j == k:
                    continue
                break
            used.add(first_line + j)
            modes.add(m.group(1))
            row = m.group(2).rstrip()
            if m.group(1) == APPROX:
                if len(modes) == 1 and not shown:
                    why = VARIES.search(row)
                    if not why:
                        raise DocError("%s:%d: a '%s' row needs '(varies: REASON)'"
                                       % (path, first_line + j, APPROX))
                    reason = why.group(1)
                row = VARIES.sub("", row)
            shown.append(row)
        if len(modes) > 1:
            raise DocError("%s:%d: mixes %s and %s rows" % (path, first_line + k, ARROW, APPROX))
        sql = "\n".join(l for l in stmt.split("\n") if not RESULT_LINE.match(l)).strip()
        if not sql:
            continue
        examples.append(Example(
            path, first_line + k, sql, "rows",
            shown=(shown if modes else None),
            mode="shape" if APPROX in modes else "exact", reason=reason))
    # an arrow the test did not read as a result is a mistake in the doc:
    # one after another comment, before the ';', or after no statement
    for j, l in enumerate(lines):
        if (ARROW in l or APPROX in l) and (first_line + j) not in used:
            raise DocError("%s:%d: a result the test cannot read: write it as "
                           "'-- %s ROW' right after the statement's ';' or on the lines "
                           "after it" % (path, first_line + j, ARROW))
    return examples


def psql_block(path, first_line, lines, directive):
    if directive and directive[0] == "skip":
        raise DocError("%s:%d: a psql block shows results and cannot be skipped"
                       % (path, first_line - 2))
    mode, reason, major = "exact", None, None
    if directive and directive[0] == "varies":
        mode, reason = "shape", directive[1]
    elif directive and directive[0] == "exact-on":
        m = re.match(r"(\d+)\s+(.+)$", directive[1])
        if not m:
            raise DocError("%s:%d: exact-on needs a major and a reason" % (path, first_line - 2))
        mode, major, reason = "exact-on", int(m.group(1)), m.group(2)
        if major not in CI_MAJORS:
            raise DocError("%s:%d: exact-on %d: CI runs the docs on %s only"
                           % (path, first_line - 2, major,
                              " and ".join(str(x) for x in sorted(CI_MAJORS))))
    if (mode != "exact") and not reason:
        raise DocError("%s:%d: '%s' needs a reason" % (path, first_line - 2, directive[0]))
    examples = []
    cur = None
    for k, l in enumerate(lines):
        if l.startswith("=> ") or l == "=>":
            cur = Example(path, first_line + k, l[3:], "psql", shown=[],
                          mode=mode, reason=reason, major=major)
            cur.in_stmt = True
            examples.append(cur)
        elif (l.startswith("-> ") or l == "->") and cur is not None and cur.in_stmt:
            cur.sql += "\n" + l[3:]
        elif cur is None:
            if l.strip():
                raise DocError("%s:%d: a psql block starts with '=> '" % (path, first_line + k))
        else:
            cur.in_stmt = False
            cur.shown.append(l.rstrip())
    for ex in examples:
        while ex.shown and ex.shown[-1] == "":
            ex.shown.pop()
        if not (ex.sql.rstrip().endswith(";") or ex.sql.lstrip().startswith("\\")):
            raise DocError("%s:%d: a statement without its ';'" % (path, ex.line))
    return examples


# the usages of a postgres_exporter metric (queries.yaml)
EXPORTER_USAGES = {"LABEL", "COUNTER", "GAUGE", "HISTOGRAM", "MAPPEDMETRIC",
                   "DURATION", "DISCARD"}


def exporter_block(path, first_line, lines, directive):
    """The queries of a ```yaml block that is a postgres_exporter queries
    file (it has "query:" keys): each NAME: with a query: and a list of
    metrics: of one COLUMN: {usage: ...} each.  Each query is run; it must
    not fail, and its columns must be the metrics' (the exporter reads a
    column it has no metric for as an untyped one, or fails on it)."""
    if directive:
        raise DocError("%s:%d: '%s' before a yaml block of postgres_exporter queries, "
                       "which is run" % (path, first_line - 2, directive[0]))
    try:
        doc = yaml.safe_load("\n".join(lines))
    except yaml.YAMLError as e:
        raise DocError("%s:%d: a yaml block of postgres_exporter queries that does not "
                       "parse: %s" % (path, first_line, str(e).replace("\n", " ")))
    if not isinstance(doc, dict):
        raise DocError("%s:%d: a yaml block of postgres_exporter queries is a mapping "
                       "of names to queries" % (path, first_line))
    examples = []
    for name, entry in doc.items():
        at = [k for k, l in enumerate(lines)
              if re.match(r"^%s\s*:" % re.escape(str(name)), l)]
        line = first_line + (at[0] if at else 0)
        if not isinstance(entry, dict) or not isinstance(entry.get("query"), str) \
                or not isinstance(entry.get("metrics"), list):
            raise DocError("%s:%d: %s: a postgres_exporter query has a query: and a "
                           "list of metrics:" % (path, line, name))
        columns = []
        for m in entry["metrics"]:
            spec = next(iter(m.values())) if isinstance(m, dict) and len(m) == 1 else None
            if not isinstance(spec, dict) or spec.get("usage") not in EXPORTER_USAGES:
                raise DocError("%s:%d: %s: each metric is one COLUMN: with a usage: of %s"
                               % (path, line, name, ", ".join(sorted(EXPORTER_USAGES))))
            columns.append(str(next(iter(m))))
        ex = Example(path, line, entry["query"].strip().rstrip(";") + ";", "exporter",
                     shown=["columns: " + ", ".join(columns)])
        ex.columns = columns
        examples.append(ex)
    return examples


# code spans, in order: ``double`` (may hold a backtick) or `single`
SPAN = re.compile(r"``(.+?)``|`([^`]+)`")
STATEMENT = re.compile(r"^\s*(SELECT|WITH|VALUES|TABLE|SHOW|EXPLAIN)\b", re.I)


def inline_pairs(line):
    """(expr, result, start, end) for each `EXPR` → `RESULT` of a line."""
    spans = [(m.start(), m.end(), m.group(1) if m.group(1) is not None else m.group(2))
             for m in SPAN.finditer(line)]
    out = []
    for (s1, e1, x), (s2, e2, y) in zip(spans, spans[1:]):
        if re.fullmatch(r"\s*%s\s*" % ARROW, line[e1:s2]):
            out.append((x, y, s1, e2))
    return out


def inline_examples(path, lineno, line):
    out = []
    pairs = inline_pairs(line)
    rest = line
    for _, _, s1, e2 in reversed(pairs):
        rest = rest[:s1] + rest[e2:]
    # an arrow inside a code span is text (the form, described)
    rest = SPAN.sub("", re.sub(r"<code>.*?</code>", "", rest))
    if ARROW in rest or APPROX in rest:
        raise DocError("%s:%d: an arrow the test cannot read: write a result as "
                       "`EXPR` %s `RESULT`, both in code spans (and use no arrow for "
                       "anything else)" % (path, lineno, ARROW))
    for expr, shown, _, _ in pairs:
        expr = expr.strip()
        if line.lstrip().startswith("|"):
            expr = expr.replace("\\|", "|")
            shown = shown.replace("\\|", "|")
        sql = expr if STATEMENT.match(expr) else "SELECT " + expr
        out.append(Example(path, lineno, sql.rstrip().rstrip(";") + ";", "rows",
                           shown=[shown]))
    return out


# the tags of blocks that are not run
NOT_RUN = {"", "sh", "bash", "conf", "text", "yaml", "js", "javascript", "python",
           "java", "json", "ini", "diff", "c", "make", "mermaid", "ruby", "go"}


def in_list(lines, i):
    """Whether line i, indented, continues a list item above it."""
    j = i - 1
    while j >= 0:
        l = lines[j]
        if l.strip() and not l.startswith((" ", "\t")):
            return bool(re.match(r"^\s*([-*+]|\d+\.)\s", l))
        j -= 1
    return False


def read_doc(path):
    examples = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    directive = None
    while i < len(lines):
        line = lines[i]
        if re.match(r"^\s*>\s*(```|~~~)", line):
            raise DocError("%s:%d: a code block in a quote is not run: take it out of the quote"
                           % (path, i + 1))
        if re.match(r"^(    |\t)\S", line) and (i == 0 or lines[i - 1].strip() == "") \
                and not in_list(lines, i):
            raise DocError("%s:%d: an indented code block is not run: fence it" % (path, i + 1))
        fence = re.match(r"^(\s*)(```+|~~~+)\s*([A-Za-z0-9_+-]*)", line)
        if fence:
            indent, ticks, lang = fence.group(1), fence.group(2), fence.group(3).lower()
            body = []
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith(ticks):
                body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j])
                j += 1
            if j == len(lines):
                raise DocError("%s:%d: a code block is not closed" % (path, i + 1))
            if lang == "sql":
                examples += sql_block(path, i + 2, body, directive)
            elif lang == "psql":
                examples += psql_block(path, i + 2, body, directive)
            elif lang == "yaml" and any(re.match(r"^\s+query\s*:", b) for b in body):
                examples += exporter_block(path, i + 2, body, directive)
            elif lang not in NOT_RUN:
                raise DocError("%s:%d: a block tagged '%s': tag SQL 'sql' or 'psql' so "
                               "that it runs, anything else one of %s"
                               % (path, i + 1, lang, ", ".join(sorted(t for t in NOT_RUN if t))))
            else:
                looks = [k for k, b in enumerate(body)
                         if ARROW in b or APPROX in b or b.startswith("=> ")
                         or re.match(r"^(ERROR|NOTICE|WARNING|DETAIL|HINT):  ", b)]
                if looks and not (directive and directive[0] == "output"):
                    raise DocError("%s:%d: a result shown in a block tagged '%s', which "
                                   "is not run: run it (sql, psql), or mark the block "
                                   "<!-- docs: output REASON --> if no single server can"
                                   % (path, i + 2 + looks[0], lang or "(none)"))
                if directive and directive[0] != "output":
                    raise DocError("%s:%d: '%s' before a block that is not run"
                                   % (path, i, directive[0]))
                if directive:
                    if not directive[1]:
                        raise DocError("%s:%d: output needs a reason" % (path, i))
                    examples.append(Example(path, i + 2, None, "skip", reason=directive[1]))
            directive = None
            i = j + 1
            continue
        d = parse_directive(line)
        if d:
            directive = d
            i += 1
            continue
        if directive:
            raise DocError("%s:%d: a docs directive not right before a code block" % (path, i))
        examples += inline_examples(path, i + 1, line)
        i += 1
    return examples


# ---------------------------------------------------------------------------
# Running


def run_file(psql, dbname, examples):
    """Run the examples of one file in one psql session; fill .actual_out
    and .actual_err of each."""
    script = [
        "\\set ON_ERROR_STOP 0",
        "\\set VERBOSITY verbose",
        "\\set SHOW_CONTEXT never",
        "\\pset pager off",
    ]
    for n, ex in enumerate(examples):
        if ex.kind == "skip":
            continue
        script.append("\\echo %s %d" % (MARK, n))
        script.append("\\warn %s %d" % (MARK, n))
        if ex.kind in ("rows", "exporter"):
            # with the header and the footer, which tell a result of no
            # row from a statement that returns none (they are taken off)
            script += ["\\pset format unaligned", "\\pset tuples_only off",
                       "\\pset footer on", "\\pset fieldsep ' | '", "\\pset null NULL"]
        else:
            script += ["\\pset format aligned", "\\pset tuples_only off",
                       "\\pset null ''"]
        script.append(ex.sql)
    script.append("\\echo %s end" % MARK)
    script.append("\\warn %s end" % MARK)
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False,
                                     encoding="utf-8") as f:
        f.write("\n".join(script) + "\n")
        name = f.name
    os.chmod(name, 0o644)
    try:
        p = subprocess.run(psql + ["-X", "-q", "-d", dbname, "-f", name],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=int(os.environ.get("SF_DOCS_FILE_TIMEOUT", "300")))
    finally:
        os.unlink(name)

    def sections(text):
        out, cur = {}, None
        for l in text.decode("utf-8", "replace").split("\n"):
            m = re.match(r"^%s (\d+|end)$" % MARK, l)
            if m:
                cur = m.group(1)
                out[cur] = []
            elif cur is not None:
                out[cur].append(l)
        return out

    so, se = sections(p.stdout), sections(p.stderr)
    if "end" not in so:
        raise DocError("psql did not reach the end of the file: %s"
                       % p.stderr.decode("utf-8", "replace")[-2000:])
    for n, ex in enumerate(examples):
        if ex.kind == "skip":
            continue
        out = so.get(str(n), [])
        err = []
        for l in se.get(str(n), []):
            l = re.sub(r"^psql:[^:]*:\d+: ", "", l)
            if l.startswith("LOCATION:"):
                continue
            # a notice or warning reads as psql prints it by default; an
            # error keeps its SQLSTATE
            l = re.sub(r"^(NOTICE|WARNING|INFO|LOG|DEBUG):  [0-9A-Z]{5}: ", r"\1:  ", l)
            err.append(l)
        while out and out[-1] == "":
            out.pop()
        while err and err[-1] == "":
            err.pop()
        ex.actual_out = out
        ex.actual_err = err


def error_of(err):
    for l in err:
        m = re.match(r"^(ERROR|FATAL|PANIC):\s+([0-9A-Z]{5}): (.*)$", l)
        if m:
            return m.group(2), m.group(3)
    return None


def shape_tokens(line, collapse):
    line = re.sub(r"(\d\d:\d\d:\d\d)\.\d+", r"\1", line)
    if collapse:
        line = re.sub(r"-{2,}", "-", line)
        line = re.sub(r"\s+", " ", line).strip()
    return re.findall(r"[A-Za-z0-9_]+|\s+|.", line)


def like(x, y):
    """Whether token y may stand where the doc shows token x, which varies:
    digits for digits; a word with digits (a branded id, a partition's
    name) for a word of the same length that starts with the same letters."""
    if not re.search(r"\d", x) or not re.fullmatch(r"\w+", x):
        return False
    if x.isdigit():
        return y.isdigit()
    prefix = re.match(r"\D*", x).group(0)
    return re.fullmatch(r"\w+", y) is not None and len(y) == len(x) and y.startswith(prefix)


def same_shape(shown, actual, collapse):
    if len(shown) != len(actual):
        return False
    for s, a in zip(shown, actual):
        ts, ta = shape_tokens(s, collapse), shape_tokens(a, collapse)
        if len(ts) != len(ta):
            return False
        for x, y in zip(ts, ta):
            if x == y:
                continue
            if like(x, y):
                continue
            if collapse and x.isspace() and y.isspace():
                continue
            return False
    return True


def judge(ex, major):
    """None when the example holds, else what went wrong (a string)."""
    err = error_of(ex.actual_err)
    if ex.kind == "exporter":
        if err:
            return "failed: %s: %s" % err
        got = ex.actual_out[0].split(" | ") if ex.actual_out else []
        ex.actual_rows = ["columns: " + ", ".join(got)]
        if sorted(got) != sorted(ex.columns):
            return "its columns are not its metrics"
        return None
    if ex.kind == "rows":
        if ex.shown is None:
            if err:
                return "failed: %s: %s" % err
            return None
        if len(ex.shown) == 1 and ex.shown[0].startswith("ERROR"):
            m = re.match(r"^ERROR ([0-9A-Z]{5})(?:: (.*))?$", ex.shown[0])
            if not m:
                return "an error is shown as 'ERROR SQLSTATE' or 'ERROR SQLSTATE: message'"
            if not err:
                return "it did not fail"
            if err[0] != m.group(1) or (m.group(2) is not None and err[1] != m.group(2)):
                return "it failed otherwise"
            return None
        if err:
            return "failed: %s: %s" % err
        out = ex.actual_out
        if not out:
            actual = ["(no result: the statement returns no rows)"]
        elif len(out) >= 2 and re.fullmatch(r"\((\d+) rows?\)", out[-1]):
            actual = out[1:-1] or ["(0 rows)"]
        else:
            actual = out
        ex.actual_rows = actual
        if ex.mode == "shape":
            return None if same_shape(ex.shown, actual, False) else "not the same shape"
        return None if ex.shown == actual else "differs"

    # psql blocks: notices and errors, then the output
    actual = [l.rstrip() for l in ex.actual_err + ex.actual_out]
    while actual and actual[-1] == "":
        actual.pop()
    if ex.mode == "shape":
        return None if same_shape(ex.shown, actual, True) else "not the same shape"
    if ex.mode == "exact-on" and major != ex.major:
        return "failed: %s: %s" % err if err else None
    return None if ex.shown == actual else "differs"


def show(label, lines):
    return ["    %s:" % label] + ["      | " + l for l in lines or ["(nothing)"]]


def check_file(psql, major, path, db, quiet=False):
    """Run one file; returns (passed, failed, lines printed)."""
    out = []
    passed = failed = 0
    exact = shape = skipped = setup = ranonly = 0
    try:
        examples = read_doc(path)
    except DocError as e:
        return 0, 1, ["FAILED: %s" % e]
    subprocess.run(psql + ["-X", "-q", "-d", "postgres", "-c",
                           "SET client_min_messages = warning", "-c",
                           "DROP DATABASE IF EXISTS %s" % db, "-c",
                           "CREATE DATABASE %s" % db], check=True)
    try:
        run_file(psql, db, examples)
    except (DocError, subprocess.TimeoutExpired) as e:
        return 0, 1, ["FAILED: %s: %s" % (path, e)]
    for ex in examples:
        if ex.kind == "skip":
            skipped += 1
            out.append("not run: %s:%d (%s)" % (ex.path, ex.line, ex.reason))
            continue
        problem = judge(ex, major)
        shows = ex.shown is not None
        where = "%s:%d" % (ex.path, ex.line)
        if problem:
            failed += 1
            out.append("FAILED: %s: %s" % (where, problem))
            out.append("    statement: %s" % ex.sql.replace("\n", "\n               "))
            if shows:
                out += show("shown", ex.shown)
                out += show("actual", ex.actual_err + getattr(ex, "actual_rows", ex.actual_out))
            else:
                out += show("actual", ex.actual_err)
        elif not shows:
            setup += 1
        else:
            passed += 1
            if ex.kind == "exporter":
                exact += 1
                how = "a postgres_exporter query: its columns are its metrics"
            elif ex.mode == "exact" or (ex.mode == "exact-on" and ex.major == major):
                exact += 1
                how = "exact"
            elif ex.mode == "exact-on":
                ranonly += 1
                how = "ran without error; exact on %d only: %s" % (ex.major, ex.reason)
            else:
                shape += 1
                how = "by shape: %s" % (ex.reason or "varies")
            out.append("ok: %s (%s)" % (where, how))
    out.append("docs: %s: %d compared exactly, %d by shape, %d ran only (exact on "
               "another major), %d not run, %d statements without a shown result ran"
               % (path, exact, shape, ranonly, skipped, setup))
    return passed, failed, out


def slugs(path):
    """The anchors GitHub gives the headings of a Markdown file."""
    out, seen, fence = set(), {}, False
    for line in open(path, encoding="utf-8").read().split("\n"):
        if re.match(r"^\s*(```|~~~)", line):
            fence = not fence
            continue
        m = None if fence else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else "%s-%d" % (slug, n))
    return out


def check_links(path):
    """Every relative link of a file names a file that exists, and an
    anchor that one of its headings has.  Returns the broken ones."""
    bad = []
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = SPAN.sub("", text)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target):
            continue
        name, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
        if not os.path.isfile(dest):
            bad.append("%s (no such file)" % target)
        elif anchor and dest.endswith(".md") and anchor not in slugs(dest):
            bad.append("%s (no such heading)" % target)
    return bad


def failures(out, path):
    """The lines of the examples that failed in the output of check_file."""
    return set(int(m.group(1)) for m in
               (re.match(r"^FAILED: %s:(\d+): " % re.escape(path), l) for l in out) if m)


def self_check(psql, major, files, before, whole):
    """Change one shown result of each form in a scratch copy: each change
    must fail, naming its file and the line of its example (a failure that
    the unchanged file did not have, before[path])."""
    forms = [
        ("a '-- %s' row in a sql block" % ARROW,
         lambda l, inblock: inblock == "sql" and re.match(r"^\s*--\s*%s\s\S" % ARROW, l)
         and "ERROR" not in l,
         lambda l: l.rstrip() + "0"),
        ("an output line of a psql block",
         lambda l, inblock: inblock == "psql-exact" and l.strip()
         and not l.startswith("=>") and not l.startswith("->"),
         lambda l: l.rstrip() + " changed"),
        ("an 'ERROR' result (its SQLSTATE)",
         lambda l, inblock: inblock == "sql" and re.search(r"--\s*%s\s*ERROR [0-9A-Z]{5}" % ARROW, l),
         lambda l: re.sub(r"(ERROR [0-9A-Z]{4})([0-9A-Z])",
                          lambda m: m.group(1) + ("1" if m.group(2) != "1" else "2"), l, 1)),
        ("a '-- %s' row compared by shape" % APPROX,
         lambda l, inblock: inblock == "sql" and re.search(r"--\s*%s\s.*\d" % APPROX, l),
         lambda l: re.sub(r"(%s\s+)(.*?)(\w*\d\w*)" % APPROX,
                          lambda m: m.group(1) + m.group(2) + "x" + m.group(3), l, 1)),
        ("a metric of a postgres_exporter query (its column's name)",
         lambda l, inblock: inblock == "yaml" and re.match(r"^\s*-\s*\w+\s*:\s*$", l),
         lambda l: re.sub(r"(-\s*)(\w+)", r"\1x\2", l, 1)),
        ("a `…` %s `…` result outside code blocks" % ARROW,
         lambda l, inblock: inblock is None and inline_pairs(l)
         and "ERROR" not in inline_pairs(l)[0][1],
         lambda l: l[:inline_pairs(l)[0][3] - 1] + "0" + l[inline_pairs(l)[0][3] - 1:]),
    ]
    passed = failed = 0
    for title, want, change in forms:
        found = None
        for path in files:
            lines = open(path, encoding="utf-8").read().split("\n")
            inblock, prev = None, ""
            for k, l in enumerate(lines):
                f = re.match(r"^\s*(```+)\s*([A-Za-z]*)", l)
                if f:
                    if inblock is None:
                        lang = f.group(2).lower()
                        if lang == "psql" and not prev.strip().startswith("<!--"):
                            lang = "psql-exact"
                        inblock = lang or "plain"
                    else:
                        inblock = None
                    prev = l
                    continue
                if want(l, inblock):
                    found = (path, k)
                    break
                prev = l
            if found:
                break
        if not found:
            if whole:
                print("FAILED: self-check: nothing to change: %s" % title)
                failed += 1
            else:
                print("self-check: nothing to change in these files: %s" % title)
            continue
        path, k = found
        lines = open(path, encoding="utf-8").read().split("\n")
        lines[k] = change(lines[k])
        with tempfile.TemporaryDirectory() as d:
            os.chmod(d, 0o755)
            copy = os.path.join(d, os.path.basename(path))
            with open(copy, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
            _, nfail, out = check_file(psql, major, copy, "docs_self")
        named = sorted(failures(out, copy) - before.get(path, set()))
        if nfail >= 1 and len(named) == 1 and named[0] <= k + 1:
            print("ok: self-check: %s changed at %s:%d fails, naming line %d"
                  % (title, path, k + 1, named[0]))
            passed += 1
        else:
            print("FAILED: self-check: %s changed at %s:%d did not fail there"
                  % (title, path, k + 1))
            for l in out:
                if not l.startswith("ok:"):
                    print("    " + l)
            failed += 1
    return passed, failed


def main():
    psql = json.loads(sys.argv[1])
    major = int(sys.argv[2])
    files = sys.argv[3:]
    self_test = os.environ.get("SF_DOCS_SELF_CHECK", "1") == "1"
    passed = failed = examples = 0
    before = {}
    for fileno, path in enumerate(files, 1):
        p, f, out = check_file(psql, major, path, "docs_%d" % fileno)
        passed += p
        failed += f
        examples += p + f
        before[path] = failures(out, path)
        print("\n".join(out), flush=True)
        bad = check_links(path)
        if bad:
            print("FAILED: %s: links that lead nowhere: %s" % (path, ", ".join(bad)))
            failed += 1
        else:
            print("ok: %s: every relative link leads to a file and heading" % path)
            passed += 1
    minimum = int(os.environ.get("SF_DOCS_MIN", "0"))
    if examples < minimum:
        print("FAILED: only %d examples show a result; at least %d are expected"
              % (examples, minimum))
        failed += 1
    if self_test:
        for line in split_self_check():
            print(line)
            if line.startswith("ok: "):
                passed += 1
            else:
                failed += 1
        p, f = self_check(psql, major, files, before, minimum > 0)
        passed += p
        failed += f
    print("docs: %d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
