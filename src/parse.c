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
#include "snowflake.h"

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

/* The base62 alphabet: 0-9, A-Z, a-z */
static const char sf_base62[] =
"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/* The value of a base62 digit, or -1. */
static int
sf_base62_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 36;
	return -1;
}

bool
sf_namespace_valid(const char *ns, size_t len)
{
	size_t		i;

	if (len != SF_BRAND_NS_LEN)
		return false;
	for (i = 0; i < len; i++)
		if (ns[i] < 'A' || ns[i] > 'Z')
			return false;
	return true;
}

SfParseStatus
sf_parse_branded(const char *str, size_t len, uint64_t *result, char *ns)
{
	uint64_t	value = 0;
	bool		overflow = false;
	size_t		i;

	if (len != SF_BRAND_LEN || !sf_namespace_valid(str, SF_BRAND_NS_LEN))
		return SF_PARSE_SYNTAX;

	for (i = SF_BRAND_NS_LEN; i < SF_BRAND_LEN; i++)
	{
		int			d = sf_base62_value(str[i]);

		if (d < 0)
			return SF_PARSE_SYNTAX;
		/* value * 62 + d > UINT64_MAX */
		if (value > (UINT64_MAX - (uint64_t) d) / 62)
			overflow = true;
		else
			value = value * 62 + (uint64_t) d;
	}
	if (overflow)
		return SF_PARSE_RANGE;

	*result = value;
	if (ns != NULL)
	{
		memcpy(ns, str, SF_BRAND_NS_LEN);
		ns[SF_BRAND_NS_LEN] = '\0';
	}
	return SF_PARSE_OK;
}

void
sf_format_branded(uint64_t id, const char *ns, char *buf)
{
	int			i;

	memcpy(buf, ns, SF_BRAND_NS_LEN);
	for (i = SF_BRAND_LEN - 1; i >= SF_BRAND_NS_LEN; i--)
	{
		buf[i] = sf_base62[id % 62];
		id /= 62;
	}
	buf[SF_BRAND_LEN] = '\0';
}

/*
 * Parse len bytes of unsigned decimal digits, at least one; leading zeros
 * are allowed.  Sets *overflow when the value passes max.
 */
static bool
sf_parse_digits(const char *str, size_t len, uint64_t max,
				uint64_t *result, bool *overflow)
{
	uint64_t	value = 0;
	size_t		i;

	*overflow = false;
	if (len == 0)
		return false;
	for (i = 0; i < len; i++)
	{
		if (!sf_isdigit(str[i]))
			return false;
		if (!*overflow)
		{
			value = value * 10 + (uint64_t) (str[i] - '0');
			if (value > max)
				*overflow = true;
		}
	}
	*result = value;
	return true;
}

SfParseStatus
sf_parse_stream_id(const char *str, size_t len, uint64_t *result)
{
	const char *dash = memchr(str, '-', len);
	uint64_t	ms = 0;
	uint64_t	tail = 0;
	bool		ms_over;
	bool		tail_over;

	if (dash == NULL ||
		!sf_parse_digits(str, (size_t) (dash - str),
						 (uint64_t) SF_EPOCH_UNIX_MS + SF_TIMESTAMP_MAX, &ms, &ms_over) ||
		!sf_parse_digits(dash + 1, len - (size_t) (dash - str) - 1, SF_TAIL_MAX,
						 &tail, &tail_over))
		return SF_PARSE_SYNTAX;
	if (ms_over || tail_over || ms < (uint64_t) SF_EPOCH_UNIX_MS)
		return SF_PARSE_RANGE;

	*result = sf_compose_tail(ms - (uint64_t) SF_EPOCH_UNIX_MS, (uint32_t) tail);
	return SF_PARSE_OK;
}

size_t
sf_format_stream_id(uint64_t id, char *buf)
{
	size_t		n;

	n = sf_format_decimal(sf_get_timestamp(id) + (uint64_t) SF_EPOCH_UNIX_MS, buf);
	buf[n++] = '-';
	n += sf_format_decimal(sf_get_tail(id), buf + n);
	return n;
}
