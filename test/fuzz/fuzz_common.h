/*
 * fuzz_common.h: what the libFuzzer harnesses share.  Each harness checks,
 * for one text form: parsing never crashes (the sanitizers watch); a string
 * that parses formats back to its canonical form; and parse(format(x)) == x
 * for an x taken from the input bytes.  A failed property aborts, which
 * libFuzzer reports as a crash with the input that caused it.
 */
#ifndef SNOWFLAKE_FUZZ_COMMON_H
#define SNOWFLAKE_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "snowflake.h"

#define FUZZ_REQUIRE(cond) \
	do { \
		if (!(cond)) \
		{ \
			fprintf(stderr, "property failed: %s\n", #cond); \
			abort(); \
		} \
	} while (0)

/* The first 8 bytes of the input as a value (zero-padded). */
static uint64_t
fuzz_value(const uint8_t *data, size_t size)
{
	uint64_t	v = 0;

	memcpy(&v, data, size < sizeof(v) ? size : sizeof(v));
	return v;
}

/* A NUL-terminated copy of the input; the caller frees it. */
static char *
fuzz_cstring(const uint8_t *data, size_t size)
{
	char	   *s = malloc(size + 1);

	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
