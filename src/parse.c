/*-------------------------------------------------------------------------
 *
 * parse.c
 *	  Parsers and formatters for the text forms of a snowflake id.
 *
 * Every parser here reports a syntax error in preference to a range error:
 * "99999999999999999999x" is junk, not an overflow.
 *
 *-------------------------------------------------------------------------
 */
#include "parse.h"

#include <stdbool.h>
#include <string.h>

/* The whitespace int8in accepts, without depending on the locale. */
static bool
sf_isspace(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		c == '\v' || c == '\f';
}

static bool
sf_isdigit(char c)
{
	return c >= '0' && c <= '9';
}

SfParseStatus
sf_parse_decimal(const char *str, uint64_t *result)
{
	const char *p = str;
	bool		negative = false;
	bool		overflow = false;
	uint64_t	value = 0;

	while (sf_isspace(*p))
		p++;

	if (*p == '+')
		p++;
	else if (*p == '-')
	{
		negative = true;
		p++;
	}

	if (!sf_isdigit(*p))
		return SF_PARSE_SYNTAX;

	for (; sf_isdigit(*p); p++)
	{
		unsigned	digit = (unsigned) (*p - '0');

		/* value * 10 + digit > UINT64_MAX, without dividing */
		if (value > UINT64_MAX / 10 ||
			(value == UINT64_MAX / 10 && digit > UINT64_MAX % 10))
			overflow = true;
		else
			value = value * 10 + digit;
	}

	while (sf_isspace(*p))
		p++;
	if (*p != '\0')
		return SF_PARSE_SYNTAX;

	/* snowflake is unsigned: any signed-negative literal is out of range */
	if (overflow || negative)
		return SF_PARSE_RANGE;

	*result = value;
	return SF_PARSE_OK;
}

/* "00" to "99": two digits per division when formatting */
static const char sf_digit_pairs[201] =
"00010203040506070809"
"10111213141516171819"
"20212223242526272829"
"30313233343536373839"
"40414243444546474849"
"50515253545556575859"
"60616263646566676869"
"70717273747576777879"
"80818283848586878889"
"90919293949596979899";

/* Write the two digits of v (0..99) ending at p. */
static inline char *
put_pair(char *p, uint32_t v)
{
	p -= 2;
	memcpy(p, &sf_digit_pairs[v * 2], 2);
	return p;
}

size_t
sf_format_decimal(uint64_t id, char *buf)
{
	char		tmp[SF_DECIMAL_MAXLEN];
	char	   *p = tmp + SF_DECIMAL_MAXLEN;
	uint32_t	v;
	size_t		n;

	/*
	 * Peel off 8 digits at a time with one 64-bit division, and format each
	 * chunk with cheap 32-bit arithmetic, two digits per step.
	 */
	while (id >= 100000000)
	{
		uint32_t	chunk = (uint32_t) (id % 100000000);

		id /= 100000000;
		p = put_pair(p, chunk % 100);
		chunk /= 100;
		p = put_pair(p, chunk % 100);
		chunk /= 100;
		p = put_pair(p, chunk % 100);
		p = put_pair(p, chunk / 100);
	}

	/* the leading chunk, without leading zeros */
	v = (uint32_t) id;
	while (v >= 100)
	{
		p = put_pair(p, v % 100);
		v /= 100;
	}
	if (v >= 10)
		p = put_pair(p, v);
	else
		*--p = (char) ('0' + v);

	n = (size_t) (tmp + SF_DECIMAL_MAXLEN - p);
	memcpy(buf, p, n);
	buf[n] = '\0';
	return n;
}
