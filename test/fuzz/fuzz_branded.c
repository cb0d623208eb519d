/* fuzz_branded.c: libFuzzer harness for branded strings. */
#include "fuzz_common.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		buf[SF_BRAND_LEN + 1];
	char		ns[SF_BRAND_NS_LEN + 1];
	uint64_t	x = fuzz_value(data, size);
	uint64_t	y = 0;

	/* parse(format(x)) == x, in a namespace made from the input too */
	ns[0] = (char) ('A' + (size > 8 ? data[8] : 0) % 26);
	ns[1] = (char) ('A' + (size > 9 ? data[9] : 1) % 26);
	ns[2] = (char) ('A' + (size > 10 ? data[10] : 2) % 26);
	sf_format_branded(x, ns, buf);
	FUZZ_REQUIRE(strlen(buf) == SF_BRAND_LEN);
	FUZZ_REQUIRE(sf_parse_branded(buf, SF_BRAND_LEN, &y, NULL) == SF_PARSE_OK && y == x);

	/* a branded string that parses is canonical: it formats back to itself */
	if (sf_parse_branded((const char *) data, size, &y, ns) == SF_PARSE_OK)
	{
		FUZZ_REQUIRE(size == SF_BRAND_LEN && sf_namespace_valid(ns, strlen(ns)));
		sf_format_branded(y, ns, buf);
		FUZZ_REQUIRE(memcmp(buf, data, SF_BRAND_LEN) == 0);
	}
	return 0;
}
