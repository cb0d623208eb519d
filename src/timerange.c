/*-------------------------------------------------------------------------
 *
 * timerange.c
 *	  Time windows over ids: "id <@ tstzrange" and its commutator, the id
 *	  bounds of a range, and window frames by interval (btree in_range).
 *
 * "id <@ r" means exactly "snowflake_timestamp(id) <@ r".  The ids that
 * satisfy it always form one contiguous run [lo, hi] (see
 * sf_instant_range_ids), so each call is two integer comparisons once the
 * range's bounds are known; the planner support (window.c, indexcond.c)
 * turns the same bounds into btree and BRIN index conditions.  A comparison with an instant
 * is the one-sided window it describes ("id >= t" is "id <@ [t,)"), and the
 * planner treats it so.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "catalog/pg_type.h"
#include "common/int.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/fmgrprotos.h"
#include "utils/rangetypes.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"

PG_FUNCTION_INFO_V1(snowflake_within);
PG_FUNCTION_INFO_V1(tstzrange_contains_snowflake);
PG_FUNCTION_INFO_V1(snowflake_range_floor);
PG_FUNCTION_INFO_V1(snowflake_range_ceil);
PG_FUNCTION_INFO_V1(snowflake_bounds_floor);
PG_FUNCTION_INFO_V1(snowflake_bounds_ceil);
PG_FUNCTION_INFO_V1(in_range_snowflake_interval);

bool
sf_tstzrange_ids(TypeCacheEntry *typcache, const RangeType *range,
				 Snowflake *lo, Snowflake *hi)
{
	RangeBound	lower;
	RangeBound	upper;
	bool		empty;
	uint64_t	a = 0;
	uint64_t	b = 0;

	range_deserialize(typcache, range, &lower, &upper, &empty);
	if (empty ||
		!sf_instant_range_ids(!lower.infinite, DatumGetTimestampTz(lower.val),
							  lower.inclusive,
							  !upper.infinite, DatumGetTimestampTz(upper.val),
							  upper.inclusive, &a, &b))
		return false;
	*lo = a;
	*hi = b;
	return true;
}

/*
 * The bounds of the last range seen by one call site, so that a scan
 * comparing every row with the same range deserializes it once.  The range
 * is recognised by its bytes, without detoasting: a range read from a table
 * has a short header, and converting it would copy it on every call.
 */
typedef struct SfRangeCache
{
	TypeCacheEntry *typcache;
	char	   *bytes;			/* payload of the last range, or NULL */
	Size		nbytes;
	bool		any;			/* does it hold any id? */
	Snowflake	lo;
	Snowflake	hi;
} SfRangeCache;

static SfRangeCache *
range_cache_lookup(FunctionCallInfo fcinfo, Datum rangedatum)
{
	struct varlena *raw = (struct varlena *) DatumGetPointer(rangedatum);
	SfRangeCache *cache = (SfRangeCache *) fcinfo->flinfo->fn_extra;
	RangeType  *range;

	/* compressed or out of line: work on the plain form */
	if (VARATT_IS_EXTERNAL(raw) || VARATT_IS_COMPRESSED(raw))
		raw = (struct varlena *) DatumGetRangeTypeP(rangedatum);

	if (cache == NULL)
	{
		cache = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt,
									   sizeof(SfRangeCache));
		cache->typcache = lookup_type_cache(TSTZRANGEOID, TYPECACHE_RANGE_INFO);
		fcinfo->flinfo->fn_extra = cache;
	}

	if (cache->bytes != NULL &&
		cache->nbytes == VARSIZE_ANY_EXHDR(raw) &&
		memcmp(cache->bytes, VARDATA_ANY(raw), cache->nbytes) == 0)
		return cache;

	range = (RangeType *) pg_detoast_datum(raw);
	cache->any = sf_tstzrange_ids(cache->typcache, range, &cache->lo, &cache->hi);
	if (cache->bytes != NULL)
		pfree(cache->bytes);
	cache->nbytes = VARSIZE_ANY_EXHDR(raw);
	cache->bytes = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, cache->nbytes);
	memcpy(cache->bytes, VARDATA_ANY(raw), cache->nbytes);
	return cache;
}

static bool
range_holds(FunctionCallInfo fcinfo, Datum rangedatum, Snowflake id)
{
	SfRangeCache *cache = range_cache_lookup(fcinfo, rangedatum);

	return cache->any && id >= cache->lo && id <= cache->hi;
}

/*
 * snowflake_within - "id <@ range": the id's millisecond lies in the range
 */
Datum
snowflake_within(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(range_holds(fcinfo, PG_GETARG_DATUM(1),
							   PG_GETARG_SNOWFLAKE(0)));
}

/*
 * tstzrange_contains_snowflake - "range @> id", the commutator
 */
Datum
tstzrange_contains_snowflake(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(range_holds(fcinfo, PG_GETARG_DATUM(0),
							   PG_GETARG_SNOWFLAKE(1)));
}

/*
 * snowflake_range_floor - the smallest id whose millisecond lies in the
 * range.  For a range that holds no id it is the largest id, and
 * snowflake_range_ceil is 0, so "id BETWEEN floor AND ceil" is false.
 */
Datum
snowflake_range_floor(PG_FUNCTION_ARGS)
{
	SfRangeCache *cache = range_cache_lookup(fcinfo, PG_GETARG_DATUM(0));

	PG_RETURN_SNOWFLAKE(cache->any ? cache->lo : SF_MAX);
}

/*
 * snowflake_range_ceil - the largest id whose millisecond lies in the range
 */
Datum
snowflake_range_ceil(PG_FUNCTION_ARGS)
{
	SfRangeCache *cache = range_cache_lookup(fcinfo, PG_GETARG_DATUM(0));

	PG_RETURN_SNOWFLAKE(cache->any ? cache->hi : SF_MIN);
}

/*
 * The ids of the window tstzrange(lower, upper, flags) would hold, read from
 * the three arguments without building the range: a NULL bound is
 * unbounded, and the flags and the order of the bounds are checked as the
 * range constructor checks them.  Returns false when no id qualifies.
 */
static bool
bounds_ids(FunctionCallInfo fcinfo, Snowflake *lo, Snowflake *hi)
{
	bool		has_lower = !PG_ARGISNULL(0);
	bool		has_upper = !PG_ARGISNULL(1);
	TimestampTz lower = has_lower ? PG_GETARG_TIMESTAMPTZ(0) : 0;
	TimestampTz upper = has_upper ? PG_GETARG_TIMESTAMPTZ(1) : 0;
	text	   *flags;
	const char *f;
	uint64_t	a = 0;
	uint64_t	b = 0;

	if (PG_ARGISNULL(2))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("range bound flags must not be null")));
	flags = PG_GETARG_TEXT_PP(2);
	f = VARDATA_ANY(flags);
	if (VARSIZE_ANY_EXHDR(flags) != 2 ||
		(f[0] != '[' && f[0] != '(') || (f[1] != ']' && f[1] != ')'))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid range bound flags \"%s\"", text_to_cstring(flags)),
				 errhint("Valid values are \"[]\", \"[)\", \"(]\", and \"()\".")));
	if (has_lower && has_upper && lower > upper)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("range lower bound must be less than or equal to range upper bound")));

	if (!sf_instant_range_ids(has_lower, lower, f[0] == '[',
							  has_upper, upper, f[1] == ']', &a, &b))
		return false;
	*lo = a;
	*hi = b;
	return true;
}

/*
 * snowflake_bounds_floor - snowflake_range_floor(tstzrange(lower, upper,
 * flags)), without building the range
 */
Datum
snowflake_bounds_floor(PG_FUNCTION_ARGS)
{
	Snowflake	lo = 0;
	Snowflake	hi = 0;

	PG_RETURN_SNOWFLAKE(bounds_ids(fcinfo, &lo, &hi) ? lo : SF_MAX);
}

/*
 * snowflake_bounds_ceil - snowflake_range_ceil(tstzrange(lower, upper,
 * flags)), without building the range
 */
Datum
snowflake_bounds_ceil(PG_FUNCTION_ARGS)
{
	Snowflake	lo = 0;
	Snowflake	hi = 0;

	PG_RETURN_SNOWFLAKE(bounds_ids(fcinfo, &lo, &hi) ? hi : SF_MIN);
}

/*
 * snowflake_first_after - the smallest id whose instant is after t, or at
 * or after t when inclusive; NULL if there is none.  "id > t" is exactly
 * "id >= snowflake_first_after(t, false)", and the planner's conditions for
 * such comparisons on a parameter or now() call it.  Strict, so that a NULL
 * t selects no id, as the comparison does.
 */
PG_FUNCTION_INFO_V1(snowflake_first_after);
Datum
snowflake_first_after(PG_FUNCTION_ARGS)
{
	uint64_t	lo = 0;
	uint64_t	hi = 0;

	if (!sf_instant_range_ids(true, PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_BOOL(1),
							  false, 0, false, &lo, &hi))
		PG_RETURN_NULL();
	PG_RETURN_SNOWFLAKE(lo);
}

/*
 * snowflake_last_before - the largest id whose instant is before t, or at
 * or before t when inclusive; NULL if there is none: "id < t" is exactly
 * "id <= snowflake_last_before(t, false)".
 */
PG_FUNCTION_INFO_V1(snowflake_last_before);
Datum
snowflake_last_before(PG_FUNCTION_ARGS)
{
	uint64_t	lo = 0;
	uint64_t	hi = 0;

	if (!sf_instant_range_ids(false, 0, false, true, PG_GETARG_TIMESTAMPTZ(0),
							  PG_GETARG_BOOL(1), &lo, &hi))
		PG_RETURN_NULL();
	PG_RETURN_SNOWFLAKE(hi);
}

/*
 * Comparisons of an id with an instant.  "id < t" means exactly
 * "snowflake_timestamp(id) < t", and so on for <=, > and >=, with the
 * instant on either side.  They cannot fail: the infinities compare as
 * they do among timestamps.  (There is no "=": one millisecond holds
 * 2^22 ids, so "id = t" would name none of them in particular; the ids of
 * t's millisecond are snowflake_floor(t) to snowflake_ceil(t).)
 *
 * SF_INSTANT_COMPARISON defines "id OP t" as idfirst(id, t) and "t OP id"
 * as tsfirst(t, id).
 */
#define SF_INSTANT_COMPARISON(idfirst, tsfirst, OP) \
PG_FUNCTION_INFO_V1(idfirst); \
Datum \
idfirst(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(sf_id_to_pg_usec(PG_GETARG_SNOWFLAKE(0)) OP PG_GETARG_TIMESTAMPTZ(1)); \
} \
PG_FUNCTION_INFO_V1(tsfirst); \
Datum \
tsfirst(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(PG_GETARG_TIMESTAMPTZ(0) OP sf_id_to_pg_usec(PG_GETARG_SNOWFLAKE(1))); \
}

SF_INSTANT_COMPARISON(snowflake_lt_timestamptz, timestamptz_lt_snowflake, <)
SF_INSTANT_COMPARISON(snowflake_le_timestamptz, timestamptz_le_snowflake, <=)
SF_INSTANT_COMPARISON(snowflake_gt_timestamptz, timestamptz_gt_snowflake, >)
SF_INSTANT_COMPARISON(snowflake_ge_timestamptz, timestamptz_ge_snowflake, >=)

/* A broken-down local time of the session's zone, as a timestamptz. */
static bool
tm_to_local_timestamp(struct pg_tm *tm, fsec_t fsec, TimestampTz *ts)
{
	int			tz = DetermineTimeZoneOffset(tm, session_timezone);

	return tm2timestamp(tm, fsec, &tz, ts) == 0;
}

/*
 * base + (month, day, usec), as timestamptz + interval computes it in the
 * session's time zone: months on the calendar (a day past the end of the
 * shorter month is clamped to its last day), then days on the calendar,
 * then microseconds.  Returns false exactly where that arithmetic would
 * raise "timestamp out of range": an intermediate or final instant outside
 * timestamptz's range, or a field that overflows.  The components are
 * 64-bit so that a negated offset cannot overflow here.
 */
static bool
add_interval_steps(TimestampTz base, int64 month, int64 day, int64 usec,
				   TimestampTz *result)
{
	TimestampTz ts = base;
	struct pg_tm tt;
	struct pg_tm *tm = &tt;
	fsec_t		fsec;
	int			tz;				/* unused: timestamp2tm wants it */

	if (month != 0)
	{
		int64		mon;

		if (month < PG_INT32_MIN || month > PG_INT32_MAX ||
			timestamp2tm(ts, &tz, tm, &fsec, NULL, session_timezone) != 0)
			return false;
		mon = tm->tm_mon + month;
		if (mon < PG_INT32_MIN || mon > PG_INT32_MAX)
			return false;
		/* to the year and the month 1..12 */
		if (mon > MONTHS_PER_YEAR)
		{
			tm->tm_year += (int) ((mon - 1) / MONTHS_PER_YEAR);
			tm->tm_mon = (int) ((mon - 1) % MONTHS_PER_YEAR) + 1;
		}
		else if (mon < 1)
		{
			tm->tm_year += (int) (mon / MONTHS_PER_YEAR) - 1;
			tm->tm_mon = (int) (mon % MONTHS_PER_YEAR) + MONTHS_PER_YEAR;
		}
		else
			tm->tm_mon = (int) mon;
		if (tm->tm_mday > day_tab[isleap(tm->tm_year)][tm->tm_mon - 1])
			tm->tm_mday = day_tab[isleap(tm->tm_year)][tm->tm_mon - 1];
		if (!tm_to_local_timestamp(tm, fsec, &ts))
			return false;
	}

	if (day != 0)
	{
		int64		julian;

		if (day < PG_INT32_MIN || day > PG_INT32_MAX ||
			timestamp2tm(ts, &tz, tm, &fsec, NULL, session_timezone) != 0)
			return false;
		julian = date2j(tm->tm_year, tm->tm_mon, tm->tm_mday) + day;
		if (julian < -1 || julian > PG_INT32_MAX)
			return false;
		j2date((int) julian, &tm->tm_year, &tm->tm_mon, &tm->tm_mday);
		if (!tm_to_local_timestamp(tm, fsec, &ts))
			return false;
	}

	if (pg_add_s64_overflow(ts, usec, &ts) || !IS_VALID_TIMESTAMP(ts))
		return false;
	*result = ts;
	return true;
}

/*
 * in_range_snowflake_interval - btree support 3, window frames by time:
 * "ORDER BY id RANGE BETWEEN '5 minutes' PRECEDING AND CURRENT ROW".
 *
 * Compares the timestamp of val with the timestamp of base moved by offset
 * (back when sub, forward otherwise): val's <= the bound when less, >= it
 * otherwise.  The bound is computed as timestamptz - interval or +
 * interval computes it, so the frame is exactly the one over
 * snowflake_timestamp(id), wherever core can compute that.  Where core
 * would raise "timestamp out of range": if no field of the (signed) offset
 * points the other way, the bound lies beyond every id, since the range of
 * ids is far inside timestamptz's; otherwise the same error, 22008.  The
 * session's time zone matters (a day across a daylight-saving change), so
 * this is STABLE, as core's in_range for timestamptz is.
 */
Datum
in_range_snowflake_interval(PG_FUNCTION_ARGS)
{
	Snowflake	val = PG_GETARG_SNOWFLAKE(0);
	Snowflake	base = PG_GETARG_SNOWFLAKE(1);
	Interval   *offset = PG_GETARG_INTERVAL_P(2);
	bool		sub = PG_GETARG_BOOL(3);
	bool		less = PG_GETARG_BOOL(4);
	TimestampTz val_ts = sf_id_to_pg_usec(val);
	TimestampTz bound;
	int64		sign = sub ? -1 : 1;
	Interval	zero;

	memset(&zero, 0, sizeof(zero));
	if (DatumGetBool(DirectFunctionCall2(interval_lt,
										 IntervalPGetDatum(offset),
										 IntervalPGetDatum(&zero))))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PRECEDING_OR_FOLLOWING_SIZE),
				 errmsg("invalid preceding or following size in window function")));

	/* the usec field negated can overflow only at its minimum */
	if (!(sub && offset->time == PG_INT64_MIN) &&
		add_interval_steps(sf_id_to_pg_usec(base), sign * offset->month,
						   sign * offset->day, sign * offset->time, &bound))
		PG_RETURN_BOOL(less ? val_ts <= bound : val_ts >= bound);

	/*
	 * Past timestamptz's range.  The offset is not negative, so if no field
	 * is, the bound lies beyond every id in the offset's direction.
	 */
	if (offset->month >= 0 && offset->day >= 0 && offset->time >= 0)
		PG_RETURN_BOOL(sub ? !less : less);
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("timestamp out of range"),
			 errdetail("The window frame's bound, %s %s %s, is out of range.",
					   timestamptz_to_str(sf_id_to_pg_usec(base)),
					   sub ? "-" : "+",
					   DatumGetCString(DirectFunctionCall1(interval_out,
														   IntervalPGetDatum(offset))))));
	PG_RETURN_BOOL(false);		/* keep the compiler quiet */
}
