/*-------------------------------------------------------------------------
 *
 * time.c
 *	  Field extraction, composition, and the exact id bounds of an instant.
 *
 * An instant's millisecond is always taken by truncation toward the past,
 * so 18:40:00.0009 belongs to the millisecond 18:40:00.000, in
 * make_snowflake() and in both bounds alike.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "utils/timestamp.h"

PG_FUNCTION_INFO_V1(snowflake_timestamp);
PG_FUNCTION_INFO_V1(snowflake_worker);
PG_FUNCTION_INFO_V1(snowflake_sequence);
PG_FUNCTION_INFO_V1(make_snowflake);
PG_FUNCTION_INFO_V1(snowflake_floor);
PG_FUNCTION_INFO_V1(snowflake_ceil);

/*
 * snowflake_timestamp - the millisecond an id was minted in.  Every id has
 * one: the largest lies in the year 2163, well inside timestamptz's range.
 */
Datum
snowflake_timestamp(PG_FUNCTION_ARGS)
{
	Snowflake	id = PG_GETARG_SNOWFLAKE(0);

	PG_RETURN_TIMESTAMPTZ((TimestampTz) sf_id_to_pg_usec(id));
}

/*
 * snowflake_worker - the worker field, 0..1023
 */
Datum
snowflake_worker(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) sf_get_worker(PG_GETARG_SNOWFLAKE(0)));
}

/*
 * snowflake_sequence - the sequence field, 0..4095
 */
Datum
snowflake_sequence(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) sf_get_sequence(PG_GETARG_SNOWFLAKE(0)));
}

/*
 * sf_check_field - range-check an integer field given by the user: 22003
 */
void
sf_check_field(const char *field, int32 value, uint64 max)
{
	if (value < 0 || (uint64) value > max)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("snowflake %s %d is out of range", field, value),
				 errdetail("The %s must be between 0 and %d.",
						   field, (int) max)));
}

/*
 * make_snowflake - compose an id from an instant, a worker and a sequence
 */
Datum
make_snowflake(PG_FUNCTION_ARGS)
{
	TimestampTz ts = PG_GETARG_TIMESTAMPTZ(0);
	int32		worker = PG_GETARG_INT32(1);
	int32		sequence = PG_GETARG_INT32(2);
	uint64		ms = 0;

	if (sf_classify_pg_usec(ts, &ms) != SF_INSTANT_IN)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for snowflake: \"%s\"",
						timestamptz_to_str(ts)),
				 errdetail("A snowflake holds instants from 2024-01-01 00:00:00 UTC "
						   "up to 2^42 milliseconds later.")));
	sf_check_field("worker", worker, SF_WORKER_MAX);
	sf_check_field("sequence", sequence, SF_SEQUENCE_MAX);

	PG_RETURN_SNOWFLAKE(sf_compose(ms, (uint32) worker, (uint32) sequence));
}

/*
 * snowflake_floor - the smallest id minted at or after an instant: tail 0
 * of its millisecond.  Instants before the epoch clamp to 0; past the last
 * millisecond there is no such id, and the result is NULL.
 */
Datum
snowflake_floor(PG_FUNCTION_ARGS)
{
	uint64		ms = 0;

	switch (sf_classify_pg_usec(PG_GETARG_TIMESTAMPTZ(0), &ms))
	{
		case SF_INSTANT_BEFORE:
			PG_RETURN_SNOWFLAKE(SF_MIN);
		case SF_INSTANT_AFTER:
			PG_RETURN_NULL();
		case SF_INSTANT_IN:
			break;
	}
	PG_RETURN_SNOWFLAKE(sf_ms_floor(ms));
}

/*
 * snowflake_ceil - the largest id minted at or before an instant: tail
 * 0x3FFFFF of its millisecond.  Instants past the last millisecond clamp to
 * the maximum id; before the epoch there is no such id, and the result is
 * NULL.
 */
Datum
snowflake_ceil(PG_FUNCTION_ARGS)
{
	uint64		ms = 0;

	switch (sf_classify_pg_usec(PG_GETARG_TIMESTAMPTZ(0), &ms))
	{
		case SF_INSTANT_BEFORE:
			PG_RETURN_NULL();
		case SF_INSTANT_AFTER:
			PG_RETURN_SNOWFLAKE(SF_MAX);
		case SF_INSTANT_IN:
			break;
	}
	PG_RETURN_SNOWFLAKE(sf_ms_ceil(ms));
}
