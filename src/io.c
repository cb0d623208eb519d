/*-------------------------------------------------------------------------
 *
 * io.c
 *	  Text and binary I/O for the snowflake type, and its casts to and from
 *	  the integer types and numeric.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include <ctype.h>

#include "libpq/pqformat.h"
#include "utils/builtins.h"
#include "utils/numeric.h"


PG_FUNCTION_INFO_V1(snowflake_in);
PG_FUNCTION_INFO_V1(snowflake_out);
PG_FUNCTION_INFO_V1(snowflake_recv);
PG_FUNCTION_INFO_V1(snowflake_send);
PG_FUNCTION_INFO_V1(snowflake_from_int2);
PG_FUNCTION_INFO_V1(snowflake_from_int4);
PG_FUNCTION_INFO_V1(snowflake_from_int8);
PG_FUNCTION_INFO_V1(snowflake_to_int8);
PG_FUNCTION_INFO_V1(snowflake_from_numeric);
PG_FUNCTION_INFO_V1(snowflake_to_numeric);

/*
 * sf_parse_error - raise the error of a failed parse of some text form of
 * an id (form: "type snowflake", "a branded snowflake", ...), quoting the
 * input: 22P02 for syntax, 22003 for range.
 */
void
sf_parse_error(SfParseStatus status, const char *form, const char *input)
{
	if (status == SF_PARSE_RANGE)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value \"%s\" is out of range for %s", input, form)));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid input syntax for %s: \"%s\"", form, input)));
}

/*
 * Parse the text form of the type: decimal, or a branded string (whose
 * namespace is dropped).
 */
static Snowflake
snowflake_parse_text(const char *str)
{
	uint64_t	result = 0;
	SfParseStatus status;

	if (str[0] >= 'A' && str[0] <= 'Z')
		status = sf_parse_branded(str, strlen(str), &result, NULL);
	else
		status = sf_parse_decimal(str, &result);
	if (status != SF_PARSE_OK)
		sf_parse_error(status, "type snowflake", str);
	return (Snowflake) result;
}

/*
 * snowflake_in - text input: a decimal number from 0 to 2^64-1, or a
 * branded string such as EVT0NbWMtkosp8
 */
Datum
snowflake_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);

	PG_RETURN_SNOWFLAKE(snowflake_parse_text(str));
}

/*
 * snowflake_out - text output: decimal
 */
Datum
snowflake_out(PG_FUNCTION_ARGS)
{
	Snowflake	id = PG_GETARG_SNOWFLAKE(0);
	char	   *buf = palloc(SF_DECIMAL_MAXLEN + 1);

	sf_format_decimal(id, buf);
	PG_RETURN_CSTRING(buf);
}

/*
 * snowflake_recv - binary input: 8 bytes, network byte order
 */
Datum
snowflake_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);

	PG_RETURN_SNOWFLAKE((Snowflake) pq_getmsgint64(buf));
}

/*
 * snowflake_send - binary output: 8 bytes, network byte order
 */
Datum
snowflake_send(PG_FUNCTION_ARGS)
{
	Snowflake	id = PG_GETARG_SNOWFLAKE(0);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendint64(&buf, (int64) id);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* A signed integer becomes an id unless it is negative. */
static Snowflake
snowflake_from_signed(int64 value)
{
	if (value < 0)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("snowflake out of range"),
				 errdetail("A snowflake id cannot be negative: " INT64_FORMAT ".",
						   value)));
	return (Snowflake) value;
}

/*
 * snowflake_from_int2 - cast smallint to snowflake (implicit)
 */
Datum
snowflake_from_int2(PG_FUNCTION_ARGS)
{
	PG_RETURN_SNOWFLAKE(snowflake_from_signed(PG_GETARG_INT16(0)));
}

/*
 * snowflake_from_int4 - cast integer to snowflake (implicit)
 */
Datum
snowflake_from_int4(PG_FUNCTION_ARGS)
{
	PG_RETURN_SNOWFLAKE(snowflake_from_signed(PG_GETARG_INT32(0)));
}

/*
 * snowflake_from_int8 - cast bigint to snowflake (implicit)
 */
Datum
snowflake_from_int8(PG_FUNCTION_ARGS)
{
	PG_RETURN_SNOWFLAKE(snowflake_from_signed(PG_GETARG_INT64(0)));
}

/*
 * snowflake_to_int8 - cast snowflake to bigint (assignment); ids of 2^63
 * and above do not fit.
 */
Datum
snowflake_to_int8(PG_FUNCTION_ARGS)
{
	Snowflake	id = PG_GETARG_SNOWFLAKE(0);

	if (id > (Snowflake) PG_INT64_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("bigint out of range"),
				 errdetail("Snowflake " UINT64_FORMAT " is 2^63 or above.", id)));
	PG_RETURN_INT64((int64) id);
}

/*
 * snowflake_to_numeric - cast snowflake to numeric (explicit, lossless)
 */
Datum
snowflake_to_numeric(PG_FUNCTION_ARGS)
{
	Snowflake	id = PG_GETARG_SNOWFLAKE(0);
	char		buf[SF_DECIMAL_MAXLEN + 1];

	sf_format_decimal(id, buf);
	PG_RETURN_DATUM(DirectFunctionCall3(numeric_in,
										CStringGetDatum(buf),
										ObjectIdGetDatum(InvalidOid),
										Int32GetDatum(-1)));
}

/*
 * snowflake_from_numeric - cast numeric to snowflake (explicit, lossless)
 *
 * Unlike numeric to bigint, which rounds, a fraction is refused: no id lies
 * between two ids, so rounding would silently name a different one.
 */
Datum
snowflake_from_numeric(PG_FUNCTION_ARGS)
{
	Datum		num = PG_GETARG_DATUM(0);
	char	   *str;
	char	   *dot;

	str = DatumGetCString(DirectFunctionCall1(numeric_out, num));

	/* NaN and the infinities: the only outputs without a leading digit */
	if (!isdigit((unsigned char) str[str[0] == '-' ? 1 : 0]))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("cannot convert %s to snowflake", str)));

	/* numeric_out never uses an exponent; drop an all-zero fraction */
	dot = strchr(str, '.');
	if (dot != NULL)
	{
		const char *p;

		for (p = dot + 1; *p == '0'; p++)
			;
		if (*p != '\0')
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("cannot convert non-integral numeric %s to snowflake",
							str)));
		*dot = '\0';
	}

	PG_RETURN_SNOWFLAKE(snowflake_parse_text(str));
}
