/*
 * test_layout_parse.c: unit tests of the server-independent layer, the bit
 * layout (src/snowflake.h) and the text parsers (src/parse.c).
 *
 * Built and run by test/check; prints one line per failed check and a
 * closing "N passed, N failed".
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "snowflake.h"
#include "check.h"


static void
check_parse(const char *in, SfParseStatus want, uint64_t want_value)
{
	uint64_t	v = 12345;
	SfParseStatus got = sf_parse_decimal(in, &v);

	if (got != want || (want == SF_PARSE_OK && v != want_value))
	{
		failed++;
		printf("FAIL parse \"%s\": status %d value %" PRIu64 ", want %d %" PRIu64 "\n",
			   in, (int) got, v, (int) want, want_value);
	}
	else
		passed++;
}

static void
test_layout(void)
{
	uint64_t	seed = UINT64_C(319545566822428714);
	uint64_t	ms = 0;

	/* the seed vector: 2026-05-31 18:40:00 UTC, worker 7, sequence 42 */
	CHECK(sf_get_timestamp(seed) == UINT64_C(76185600000));
	CHECK(sf_get_timestamp(seed) + SF_EPOCH_UNIX_MS == UINT64_C(1780252800000));
	CHECK(sf_get_worker(seed) == 7);
	CHECK(sf_get_sequence(seed) == 42);
	CHECK(sf_get_tail(seed) == (7u << 12 | 42u));
	CHECK(sf_compose(UINT64_C(76185600000), 7, 42) == seed);

	/* limits */
	CHECK(SF_TAIL_MAX == 0x3FFFFF);
	CHECK(SF_WORKER_MAX == 1023 && SF_SEQUENCE_MAX == 4095);
	CHECK(sf_compose(SF_TIMESTAMP_MAX, SF_WORKER_MAX, SF_SEQUENCE_MAX) == UINT64_MAX);
	CHECK(sf_ms_floor(0) == 0 && sf_ms_ceil(0) == SF_TAIL_MAX);
	CHECK(sf_ms_ceil(SF_TIMESTAMP_MAX) == UINT64_MAX);
	CHECK(sf_ms_floor(1) == sf_ms_ceil(0) + 1);

	/* instants, in PostgreSQL microseconds since 2000-01-01 */
	CHECK(sf_classify_pg_usec(INT64_MIN, &ms) == SF_INSTANT_BEFORE);
	CHECK(sf_classify_pg_usec(INT64_MAX, &ms) == SF_INSTANT_AFTER);
	CHECK(sf_classify_pg_usec(SF_EPOCH_PG_USEC - 1, &ms) == SF_INSTANT_BEFORE);
	CHECK(sf_classify_pg_usec(SF_EPOCH_PG_USEC, &ms) == SF_INSTANT_IN && ms == 0);
	CHECK(sf_classify_pg_usec(SF_EPOCH_PG_USEC + 999, &ms) == SF_INSTANT_IN && ms == 0);
	CHECK(sf_classify_pg_usec(SF_EPOCH_PG_USEC + 1000, &ms) == SF_INSTANT_IN && ms == 1);
	CHECK(sf_classify_pg_usec(sf_ms_to_pg_usec(SF_TIMESTAMP_MAX) + 999, &ms) == SF_INSTANT_IN &&
		  ms == SF_TIMESTAMP_MAX);
	CHECK(sf_classify_pg_usec(sf_ms_to_pg_usec(SF_TIMESTAMP_MAX) + 1000, &ms) == SF_INSTANT_AFTER);
	CHECK(sf_ms_to_pg_usec(0) == SF_EPOCH_PG_USEC);
	/* an id's instant is its millisecond's: the seed vector, 2026-05-31 18:40:00 */
	CHECK(sf_id_to_pg_usec(UINT64_C(319545566822428714)) == sf_ms_to_pg_usec(UINT64_C(76185600000)));
	CHECK(sf_id_to_pg_usec(0) == SF_EPOCH_PG_USEC && sf_id_to_pg_usec(SF_TAIL_MAX) == SF_EPOCH_PG_USEC);
	CHECK(sf_id_to_pg_usec(UINT64_MAX) == sf_ms_to_pg_usec(SF_TIMESTAMP_MAX));
	/* 2000-01-01 to 2024-01-01 in seconds, from Unix times */
	CHECK(SF_EPOCH_PG_USEC / 1000000 == INT64_C(1704067200) - INT64_C(946684800));
}

/* ids of [lo, hi] with the given inclusivity, and whether any */
static bool
ids(bool hl, int64_t lo, bool li, bool hh, int64_t hi, bool hinc,
	uint64_t *a, uint64_t *b)
{
	return sf_instant_range_ids(hl, lo, li, hh, hi, hinc, a, b);
}

static void
test_instant_ranges(void)
{
	const int64_t E = SF_EPOCH_PG_USEC;
	const int64_t t = sf_ms_to_pg_usec(UINT64_C(76185600000));	/* 18:40:00 */
	const int64_t last = sf_ms_to_pg_usec(SF_TIMESTAMP_MAX);
	uint64_t	a = 0,
				b = 0;

	/* unbounded: everything */
	CHECK(ids(false, 0, false, false, 0, false, &a, &b) && a == 0 && b == UINT64_MAX);
	/* [t, t]: exactly the ids of t's millisecond */
	CHECK(ids(true, t, true, true, t, true, &a, &b) &&
		  a == sf_ms_floor(UINT64_C(76185600000)) && b == sf_ms_ceil(UINT64_C(76185600000)));
	/* [t, t) and (t, t] and (t, t + 1us]: nothing */
	CHECK(!ids(true, t, true, true, t, false, &a, &b));
	CHECK(!ids(true, t, false, true, t, true, &a, &b));
	CHECK(!ids(true, t, false, true, t + 1, true, &a, &b));
	/* [t + 0.5ms, ...) starts at the next millisecond */
	CHECK(ids(true, t + 500, true, false, 0, false, &a, &b) &&
		  a == sf_ms_floor(UINT64_C(76185600001)) && b == UINT64_MAX);
	/* (t, ...) starts at the next millisecond too */
	CHECK(ids(true, t, false, false, 0, false, &a, &b) &&
		  a == sf_ms_floor(UINT64_C(76185600001)));
	/* (t - 1us, ...) includes t's millisecond */
	CHECK(ids(true, t - 1, false, false, 0, false, &a, &b) &&
		  a == sf_ms_floor(UINT64_C(76185600000)));
	/* (..., t + 0.5ms] and (..., t + 0.5ms) end in t's millisecond */
	CHECK(ids(false, 0, false, true, t + 500, true, &a, &b) &&
		  a == 0 && b == sf_ms_ceil(UINT64_C(76185600000)));
	CHECK(ids(false, 0, false, true, t + 500, false, &a, &b) &&
		  b == sf_ms_ceil(UINT64_C(76185600000)));
	/* (..., t) ends in the millisecond before; (..., t + 1us) includes t */
	CHECK(ids(false, 0, false, true, t, false, &a, &b) &&
		  b == sf_ms_ceil(UINT64_C(76185599999)));
	CHECK(ids(false, 0, false, true, t + 1, false, &a, &b) &&
		  b == sf_ms_ceil(UINT64_C(76185600000)));
	/* before the epoch */
	CHECK(!ids(false, 0, false, true, E - 1, true, &a, &b));
	CHECK(!ids(false, 0, false, true, E, false, &a, &b));
	CHECK(ids(false, 0, false, true, E, true, &a, &b) && b == SF_TAIL_MAX);
	CHECK(ids(true, INT64_MIN, true, true, E - 1, true, &a, &b) == false);
	CHECK(ids(true, INT64_MIN, true, true, INT64_MAX, true, &a, &b) && a == 0 && b == UINT64_MAX);
	CHECK(ids(true, E - 1, false, true, E + 999, true, &a, &b) && a == 0 && b == SF_TAIL_MAX);
	/* at and past the last millisecond */
	CHECK(ids(true, last, true, false, 0, false, &a, &b) &&
		  a == sf_ms_floor(SF_TIMESTAMP_MAX) && b == UINT64_MAX);
	CHECK(!ids(true, last + 1, true, false, 0, false, &a, &b));
	CHECK(!ids(true, last, false, false, 0, false, &a, &b));
	CHECK(!ids(true, INT64_MAX, true, false, 0, false, &a, &b));
	CHECK(ids(false, 0, false, true, INT64_MAX, false, &a, &b) && b == UINT64_MAX);
	CHECK(!ids(false, 0, false, true, INT64_MIN, true, &a, &b));
}

static void
test_decimal(void)
{
	char		buf[SF_DECIMAL_MAXLEN + 1];
	uint64_t	samples[] = {0, 1, 9, 10, 99, 100, UINT64_C(4294967295),
		UINT64_C(4294967296), UINT64_C(319545566822428714),
		UINT64_C(9223372036854775807), UINT64_C(9223372036854775808),
	UINT64_MAX - 1, UINT64_MAX};
	size_t		i;

	check_parse("0", SF_PARSE_OK, 0);
	check_parse("+0", SF_PARSE_OK, 0);
	check_parse("  42\t\n", SF_PARSE_OK, 42);
	check_parse("\v\f\r 42", SF_PARSE_OK, 42);
	check_parse("18446744073709551615", SF_PARSE_OK, UINT64_MAX);
	check_parse("000018446744073709551615", SF_PARSE_OK, UINT64_MAX);
	check_parse("18446744073709551616", SF_PARSE_RANGE, 0);
	check_parse("18446744073709551620", SF_PARSE_RANGE, 0);
	check_parse("28446744073709551615", SF_PARSE_RANGE, 0);
	check_parse("184467440737095516150", SF_PARSE_RANGE, 0);
	check_parse("-1", SF_PARSE_RANGE, 0);
	check_parse("-0", SF_PARSE_RANGE, 0);
	check_parse("", SF_PARSE_SYNTAX, 0);
	check_parse(" ", SF_PARSE_SYNTAX, 0);
	check_parse("+", SF_PARSE_SYNTAX, 0);
	check_parse("-", SF_PARSE_SYNTAX, 0);
	check_parse("+-1", SF_PARSE_SYNTAX, 0);
	check_parse("1 2", SF_PARSE_SYNTAX, 0);
	check_parse("1x", SF_PARSE_SYNTAX, 0);
	check_parse("0x1", SF_PARSE_SYNTAX, 0);
	check_parse("99999999999999999999999x", SF_PARSE_SYNTAX, 0);
	check_parse("-x", SF_PARSE_SYNTAX, 0);
	check_parse("1\xc2\xa0", SF_PARSE_SYNTAX, 0);

	for (i = 0; i < sizeof(samples) / sizeof(samples[0]); i++)
	{
		uint64_t	back = 1;
		size_t		n = sf_format_decimal(samples[i], buf);

		CHECK(n == strlen(buf) && n <= SF_DECIMAL_MAXLEN);
		CHECK(sf_parse_decimal(buf, &back) == SF_PARSE_OK && back == samples[i]);
	}
	/* the formatter agrees with printf on small and pseudo-random values */
	{
		uint64_t	x = UINT64_C(0x9E3779B97F4A7C15);
		char		want[32];
		int			mismatches = 0;
		int			k;

		for (k = 0; k < 300000; k++)
		{
			uint64_t	v;

			if (k <= 100000)
				v = (uint64_t) k;
			else
			{
				/* xorshift64, and a varying number of low digits kept */
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				v = x >> (k % 64);
			}
			sf_format_decimal(v, buf);
			snprintf(want, sizeof(want), "%" PRIu64, v);
			if (strcmp(buf, want) != 0)
				mismatches++;
		}
		CHECK(mismatches == 0);
	}
	sf_format_decimal(UINT64_MAX, buf);
	CHECK(strcmp(buf, "18446744073709551615") == 0);
	sf_format_decimal(0, buf);
	CHECK(strcmp(buf, "0") == 0);
}

int
main(void)
{
	test_layout();
	test_instant_ranges();
	test_decimal();
	return check_report("unit");
}
