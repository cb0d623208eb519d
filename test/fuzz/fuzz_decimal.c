/* fuzz_decimal.c: libFuzzer harness for the decimal parser and formatter. */
#include "fuzz_common.h"

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *s = fuzz_cstring(data, size);
	char		buf[SF_DECIMAL_MAXLEN + 1];
	uint64_t	x = fuzz_value(data, size);
	uint64_t	y = 0;

	/* parse(format(x)) == x */
	sf_format_decimal(x, buf);
	FUZZ_REQUIRE(sf_parse_decimal(buf, &y) == SF_PARSE_OK && y == x);

	/* what parses formats back to its canonical form */
	if (sf_parse_decimal(s, &y) == SF_PARSE_OK)
	{
		const char *p = s;
		size_t		n;

		while (is_space(*p))
			p++;
		if (*p == '+')
			p++;
		while (*p == '0' && p[1] >= '0' && p[1] <= '9')
			p++;
		n = strlen(p);
		while (n > 0 && is_space(p[n - 1]))
			n--;
		sf_format_decimal(y, buf);
		FUZZ_REQUIRE(strlen(buf) == n && memcmp(buf, p, n) == 0);
	}
	free(s);
	return 0;
}
