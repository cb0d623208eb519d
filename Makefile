# snowflake: PGXS build.  "make && make install", then "make installcheck"
# against a running server (test/check does all of it on a throwaway one).

MODULE_big = snowflake
OBJS = \
	src/module.o \
	src/parse.o \
	src/io.o \
	src/compare.o \
	src/time.o \
	src/timerange.o \
	src/multirange.o \
	src/window.o \
	src/indexcond.o \
	src/simplify.o \
	src/partition.o \
	src/int8support.o \
	src/selectivity.o \
	src/cache.o \
	src/mint.o \
	src/mintstats.o \
	src/textforms.o \
	src/wal.o \
	src/exprhash.o \
	src/inlist.o \
	src/flatten.o \
	src/owner.o \
	src/parttree.o \
	src/lock.o \
	src/workerid.o \
	src/horizon.o \
	src/siphash.o \
	src/conceal.o

EXTENSION = snowflake
# The update script of 1.4 is joined from its parts, one concern each, in
# the order of their names (scripts/1.3--1.4/*.sql); the released scripts
# are files of their own (scripts/FROZEN).
UPDATE_1_4 = scripts/snowflake--1.3--1.4.sql
UPDATE_1_4_PARTS = $(sort $(wildcard $(srcdir)/scripts/1.3--1.4/*.sql))
DATA = $(sort $(wildcard scripts/snowflake--*.sql) $(UPDATE_1_4))
# the manual, into the server's doc directory (pg_config --docdir)/extension
DOCS = $(wildcard doc/snowflake-*.md)

# pg_regress suites, one per concern, in sql/ and expected/
REGRESS = install io casts convert operators opclass time timerange multirange instants planner differential grouping inlist plans mint mintstats horizon wal textforms jit security schema hostile cache parttree partitions partconst conceal

# isolation specs (test/isolation/specs, their output in
# test/isolation/expected), run by pg_isolation_regress after the suites;
# what they print goes to test/out/isolation
ISOLATION = partition-jobs-deadlock partition-jobs-turns partition-jobs-locks partition-jobs-fk convert-serial-writers cache-invalidation horizon-out-of-order
ISOLATION_OPTS = --inputdir=$(srcdir)/test/isolation --outputdir=test/out/isolation --load-extension=snowflake
# (pg_isolation_regress makes its output directory, not the one above it)
REGRESS_PREP = test/out

PG_CONFIG ?= pg_config

# -Wall -Wextra hold for our code.  The server's headers are read as system
# headers (-isystem overrides PGXS's -I for the same directory), because
# PostgreSQL itself is not written for -Wextra.
PG_CPPFLAGS = -I$(srcdir)/src -isystem $(shell $(PG_CONFIG) --includedir-server)
PG_CFLAGS = -Wall -Wextra
ifdef WERROR
PG_CFLAGS += -Werror
endif

EXTRA_CLEAN = test/results test/*.o test/out/isolation $(UPDATE_1_4)

PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

all: $(UPDATE_1_4)
$(UPDATE_1_4): $(UPDATE_1_4_PARTS)
	cat $^ >$@.tmp && mv $@.tmp $@

# make install removes the full install scripts of 1.1, 1.2 and 1.3 that
# an older build left in the server's extension directory (retired in
# scripts/FROZEN): PostgreSQL prefers a full script to the chain, and
# theirs predate the security fix of the 1.3 grant (doc/snowflake-security.md).
RETIRED_SCRIPTS = snowflake--1.1.sql snowflake--1.2.sql snowflake--1.3.sql
install: remove-retired-scripts
.PHONY: remove-retired-scripts
remove-retired-scripts:
	rm -f $(addprefix '$(DESTDIR)$(datadir)/extension/',$(RETIRED_SCRIPTS))

# Every object depends on the layout header.
$(OBJS): src/snowflake.h src/pg_snowflake.h src/parse.h src/wal.h src/window.h src/hooks.h src/siphash.h

# The suites, for test/check (which leaves out those a server cannot run).
print-regress:
	@echo $(REGRESS)
print-isolation:
	@echo $(ISOLATION)
test/out:
	mkdir -p $@

# make dist: the PGXN release, DISTDIR/snowflake-VERSION.zip (DISTDIR is the
# directory above the checkout unless given), made by git archive of HEAD,
# so nothing untracked or uncommitted goes in, plus a META.json generated
# from HEAD's snowflake.control by test/pgxn/meta.py: VERSION is its
# default_version as MAJOR.MINOR.PATCH (1.4 -> 1.4.0).  The maintainer is
# HEAD's author unless DIST_MAINTAINER says; DIST_STATUS is stable, testing
# or unstable.
DISTDIR ?= ..
DIST_MAINTAINER ?=
DIST_STATUS ?= stable
.PHONY: dist
dist:
	@set -e; \
	tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/snowflake-dist.XXXXXX"); trap 'rm -rf "$$tmp"' EXIT; \
	git -C "$(srcdir)" show HEAD:snowflake.control >"$$tmp/snowflake.control"; \
	maint='$(subst ','\'',$(DIST_MAINTAINER))'; \
	[ -n "$$maint" ] || maint=$$(git -C "$(srcdir)" log -1 --format='%an <%ae>' HEAD); \
	python3 "$(srcdir)/test/pgxn/meta.py" "$$tmp/snowflake.control" "$$maint" '$(DIST_STATUS)' >"$$tmp/META.json"; \
	version=$$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$$tmp/META.json"); \
	out=$$(cd "$(DISTDIR)" && pwd)/snowflake-$$version.zip; \
	[ -z "$$(git -C "$(srcdir)" status --porcelain)" ] || \
		echo "make dist: the working tree differs from HEAD; the zip holds HEAD only" >&2; \
	git -C "$(srcdir)" archive --format=zip --prefix="snowflake-$$version/" \
		--add-file="$$tmp/META.json" -o "$$out" HEAD; \
	echo "$$out"
