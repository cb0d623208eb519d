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
	src/window.o \
	src/indexcond.o \
	src/simplify.o \
	src/partition.o \
	src/int8support.o \
	src/selectivity.o \
	src/cache.o \
	src/mint.o \
	src/textforms.o \
	src/wal.o

EXTENSION = snowflake
DATA = $(wildcard scripts/snowflake--*.sql)

# pg_regress suites, one per concern, in sql/ and expected/
REGRESS = install io casts convert operators opclass time timerange instants planner differential plans mint wal textforms jit security schema hostile cache

PG_CONFIG ?= pg_config

# -Wall -Wextra hold for our code.  The server's headers are read as system
# headers (-isystem overrides PGXS's -I for the same directory), because
# PostgreSQL itself is not written for -Wextra.
PG_CPPFLAGS = -I$(srcdir)/src -isystem $(shell $(PG_CONFIG) --includedir-server)
PG_CFLAGS = -Wall -Wextra
ifdef WERROR
PG_CFLAGS += -Werror
endif

EXTRA_CLEAN = test/results test/*.o

PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Every object depends on the layout header.
$(OBJS): src/snowflake.h src/pg_snowflake.h src/parse.h src/wal.h src/window.h

# The suites, for test/check (which leaves out those a server cannot run).
print-regress:
	@echo $(REGRESS)
