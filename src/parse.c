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

		if (value > (UINT64_MAX - digit) / 10)
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

size_t
sf_format_decimal(uint64_t id, char *buf)
{
	char		tmp[SF_DECIMAL_MAXLEN];
	size_t		n = 0;
	size_t		i;

	do
	{
		tmp[n++] = (char) ('0' + id % 10);
		id /= 10;
	} while (id != 0);

	for (i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	buf[n] = '\0';
	return n;
}
