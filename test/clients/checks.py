"""test/clients/checks.py: what the Python clients share: a count of checks,
one line per failed one, and the closing "NAME: N passed, N failed" that
test/check reads (a crash of the client's main counts as a failure)."""

import sys

passed = 0
failed = 0


def check(name, ok, detail=None):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail!r}")


def run(client, main):
    global failed
    try:
        main()
    except Exception as e:  # a crash is a failure, reported like the rest
        failed += 1
        print(f"FAIL {client}: {type(e).__name__}: {e}")
    print(f"{client}: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
