# snowflake: PGXS build.  "make && make install", then "make installcheck"
# against a running server (test/check does all of it on a throwaway one).

MODULE_big = snowflake
OBJS = \
	src/module.o \
	src/parse.o \
	src/io.o \
	src/compare.o \
	src/time.o

EXTENSION = snowflake
DATA = $(wildcard scripts/snowflake--*.sql)

# pg_regress suites, one per concern, in sql/ and expected/
REGRESS = install io casts operators opclass time plans jit schema

PG_CPPFLAGS = -I$(srcdir)/src
PG_CFLAGS = -Wall -Wextra
ifdef WERROR
PG_CFLAGS += -Werror
endif

EXTRA_CLEAN = test/results test/*.o

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Every object depends on the layout header.
$(OBJS): src/snowflake.h src/pg_snowflake.h src/parse.h
