/* fuzz_stream_id.c: libFuzzer harness for stream ids ("<unix_ms>-<tail>"). */
#include "fuzz_common.h"

/* Append the digits at p..end without leading zeros (keeping one). */
static size_t
strip_zeros(const char *p, const char *end, char *out)
{
	while (p + 1 < end && *p == '0')
		p++;
	memcpy(out, p, (size_t) (end - p));
	return (size_t) (end - p);
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		buf[SF_STREAM_ID_MAXLEN + 1];
	uint64_t	x = fuzz_value(data, size);
	uint64_t	y = 0;
	size_t		n;

	/* parse(format(x)) == x */
	n = sf_format_stream_id(x, buf);
	FUZZ_REQUIRE(n <= SF_STREAM_ID_MAXLEN);
	FUZZ_REQUIRE(sf_parse_stream_id(buf, n, &y) == SF_PARSE_OK && y == x);

	/* what parses formats back to its canonical form: no leading zeros */
	if (sf_parse_stream_id((const char *) data, size, &y) == SF_PARSE_OK)
	{
		const char *s = (const char *) data;
		const char *dash = memchr(s, '-', size);
		char	   *canon = malloc(size + 1);
		size_t		c;

		FUZZ_REQUIRE(dash != NULL);
		c = strip_zeros(s, dash, canon);
		canon[c++] = '-';
		c += strip_zeros(dash + 1, s + size, canon + c);
		n = sf_format_stream_id(y, buf);
		FUZZ_REQUIRE(n == c && memcmp(buf, canon, n) == 0);
		free(canon);
	}
	return 0;
}
