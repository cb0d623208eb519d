/*-------------------------------------------------------------------------
 *
 * textforms.c
 *	  The text forms ids are handed out in: branded strings (EVT0NbWMtkosp8)
 *	  and Valkey/Redis stream ids (1780252800000-28714).
 *
 * The parsing and formatting is plain C in parse.c; this file is the SQL
 * face, with the errors.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(snowflake_brand);
PG_FUNCTION_INFO_V1(snowflake_unbrand);
PG_FUNCTION_INFO_V1(snowflake_unbrand_checked);
PG_FUNCTION_INFO_V1(snowflake_namespace);
PG_FUNCTION_INFO_V1(snowflake_stream_id);
PG_FUNCTION_INFO_V1(snowflake_from_stream_id);

/* A namespace argument: 3 letters A-Z, or 22023. */
static void
check_namespace(text *ns)
{
	if (!sf_namespace_valid(VARDATA_ANY(ns), VARSIZE_ANY_EXHDR(ns)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid snowflake namespace: \"%s\"", text_to_cstring(ns)),
				 errhint("A namespace is exactly 3 uppercase letters A-Z, such as \"EVT\".")));
}

/* Parse a branded string argument, or raise 22P02 or 22003. */
static Snowflake
parse_branded(text *branded, char *ns)
{
	uint64_t	id = 0;
	SfParseStatus status;

	status = sf_parse_branded(VARDATA_ANY(branded), VARSIZE_ANY_EXHDR(branded),
							  &id, ns);
	if (status != SF_PARSE_OK)
		sf_parse_error(status, "a branded snowflake", text_to_cstring(branded));
	return id;
}

/*
 * snowflake_brand - the branded string of an id in a namespace
 */
Datum
snowflake_brand(PG_FUNCTION_ARGS)
{
	Snowflake	id = PG_GETARG_SNOWFLAKE(0);
	text	   *ns = PG_GETARG_TEXT_PP(1);
	char		buf[SF_BRAND_LEN + 1];

	check_namespace(ns);
	sf_format_branded(id, VARDATA_ANY(ns), buf);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(buf, SF_BRAND_LEN));
}

/*
 * snowflake_unbrand - the id of a branded string, whatever its namespace
 */
Datum
snowflake_unbrand(PG_FUNCTION_ARGS)
{
	PG_RETURN_SNOWFLAKE(parse_branded(PG_GETARG_TEXT_PP(0), NULL));
}

/*
 * snowflake_unbrand_checked - the id of a branded string that must be of
 * the given namespace (the "kind door": an EVT column admits no USR id)
 */
Datum
snowflake_unbrand_checked(PG_FUNCTION_ARGS)
{
	text	   *branded = PG_GETARG_TEXT_PP(0);
	text	   *expected = PG_GETARG_TEXT_PP(1);
	char		ns[SF_BRAND_NS_LEN + 1];
	Snowflake	id;

	check_namespace(expected);
	id = parse_branded(branded, ns);
	if (memcmp(ns, VARDATA_ANY(expected), SF_BRAND_NS_LEN) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("snowflake \"%s\" is in namespace \"%s\", not \"%s\"",
						text_to_cstring(branded), ns, text_to_cstring(expected))));
	PG_RETURN_SNOWFLAKE(id);
}

/*
 * snowflake_namespace - the namespace of a (valid) branded string
 */
Datum
snowflake_namespace(PG_FUNCTION_ARGS)
{
	char		ns[SF_BRAND_NS_LEN + 1];

	(void) parse_branded(PG_GETARG_TEXT_PP(0), ns);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(ns, SF_BRAND_NS_LEN));
}

/*
 * snowflake_stream_id - "<unix_ms>-<tail>", the id as a stream entry id
 */
Datum
snowflake_stream_id(PG_FUNCTION_ARGS)
{
	char		buf[SF_STREAM_ID_MAXLEN + 1];
	size_t		n = sf_format_stream_id(PG_GETARG_SNOWFLAKE(0), buf);

	PG_RETURN_TEXT_P(cstring_to_text_with_len(buf, (int) n));
}

/*
 * snowflake_from_stream_id - the id of a stream entry id, exactly
 */
Datum
snowflake_from_stream_id(PG_FUNCTION_ARGS)
{
	text	   *sid = PG_GETARG_TEXT_PP(0);
	uint64_t	id = 0;
	SfParseStatus status;

	status = sf_parse_stream_id(VARDATA_ANY(sid), VARSIZE_ANY_EXHDR(sid), &id);
	if (status != SF_PARSE_OK)
		sf_parse_error(status, "a stream id", text_to_cstring(sid));
	PG_RETURN_SNOWFLAKE(id);
}
