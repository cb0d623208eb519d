"""test/pgxn/meta.py: META.json for a PGXN release, from snowflake.control.

    python3 test/pgxn/meta.py CONTROL MAINTAINER RELEASE_STATUS > META.json

CONTROL is the text of snowflake.control (make dist passes HEAD's). The
release's version is the control's default_version made a semantic
version (1.4 -> 1.4.0), as PGXN requires; the abstract is its comment; its
requires become runtime prerequisites beside PostgreSQL 15.  The licence is
the PostgreSQL License (README.md, Licence).
"""
import json
import re
import sys


def control(text):
    """The settings of a control file: name = 'value' lines."""
    out = {}
    for line in text.splitlines():
        m = re.match(r"\s*([a-z_]+)\s*=\s*'((?:[^']|'')*)'\s*(#.*)?$", line)
        if m:
            out[m.group(1)] = m.group(2).replace("''", "'")
    return out


def semver(version):
    """1.4 -> 1.4.0; a version that cannot be made one is refused."""
    parts = version.split(".")
    if not 1 <= len(parts) <= 3 or not all(re.fullmatch(r"0|[1-9][0-9]*", p) for p in parts):
        sys.exit(f"meta.py: default_version {version!r} is not MAJOR.MINOR[.PATCH]")
    return ".".join(parts + ["0"] * (3 - len(parts)))


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    with open(sys.argv[1], encoding="utf-8") as f:
        ctl = control(f.read())
    for key in ("default_version", "comment"):
        if key not in ctl:
            sys.exit(f"meta.py: {sys.argv[1]} has no {key}")
    version = semver(ctl["default_version"])
    if sys.argv[3] not in ("stable", "testing", "unstable"):
        sys.exit(f"meta.py: release status {sys.argv[3]!r} is not stable, testing or unstable")
    requires = {"PostgreSQL": "15.0.0"}
    for ext in filter(None, (r.strip() for r in ctl.get("requires", "").split(","))):
        requires[ext] = 0
    meta = {
        "name": "snowflake",
        "abstract": ctl["comment"],
        "description": "A 64-bit, time-ordered id type for PostgreSQL 15 to 18, in C: "
                       "timestamp (42 bits, ms since 2024-01-01 UTC), worker (10), sequence (12).",
        "version": version,
        "maintainer": [sys.argv[2]],
        "license": "postgresql",
        "provides": {
            "snowflake": {
                "abstract": ctl["comment"],
                "file": "scripts/snowflake--1.0.sql",
                "docfile": "README.md",
                "version": version,
            }
        },
        "prereqs": {"runtime": {"requires": requires}},
        "release_status": sys.argv[3],
        "no_index": {"directory": ["test", "sql", "expected"]},
        "generated_by": "test/pgxn/meta.py (make dist)",
        "tags": ["snowflake", "id", "identifier", "time-ordered", "data type"],
        "meta-spec": {"version": "1.0.0", "url": "https://pgxn.org/meta/spec.txt"},
    }
    json.dump(meta, sys.stdout, indent=2)
    sys.stdout.write("\n")


main()
