/*-------------------------------------------------------------------------
 *
 * multirange.c
 *	  Several time windows at once: "id <@ tstzmultirange" and its
 *	  commutator, and the bounding ids of a multirange.
 *
 * "id <@ mr" is true when some range r of mr has "id <@ r" (timerange.c):
 * false for the empty multirange, NULL for a NULL one.  The ids of each
 * range form one run (sf_instant_range_ids); a multirange's ranges are
 * sorted and disjoint, so their runs are too, and runs that touch are
 * joined.  A call looks the id up among the runs by binary search, once
 * the runs of the multirange are known: a scan comparing every row with
 * the same multirange computes them once (multirange_cache_lookup).  A
 * constant's are then used as they are; any other value is compared with
 * the last one's bytes at each call, as core compares a regular
 * expression's pattern, so a call on a parameter or a column costs the
 * multirange's size, as the same windows as an OR of comparisons would.
 *
 * The planner support (window.c, simplify.c, indexcond.c, partition.c)
 * reads the runs of a constant multirange, and for one known only at run
 * time the first and the last id it holds, snowflake_multirange_floor and
 * snowflake_multirange_ceil, here.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"

PG_FUNCTION_INFO_V1(snowflake_within_multirange);
PG_FUNCTION_INFO_V1(tstzmultirange_contains_snowflake);
PG_FUNCTION_INFO_V1(snowflake_multirange_floor);
PG_FUNCTION_INFO_V1(snowflake_multirange_ceil);

/*
 * sf_tstzmultirange_runs - the runs of ids of a tstzmultirange, in rising
 * order, those that touch joined.  One pass over its ranges.
 */
int
sf_tstzmultirange_runs(const MultirangeType *mr, SfIdRun **runs)
{
	TypeCacheEntry *mrtyp = lookup_type_cache(TSTZMULTIRANGEOID,
											  TYPECACHE_MULTIRANGE_INFO);
	TypeCacheEntry *rngtyp = mrtyp->rngtype;
	int32		count = (int32) mr->rangeCount;
	SfIdRun    *out;
	int			n = 0;

	*runs = NULL;
	if (count == 0)
		return 0;
	out = palloc(sizeof(SfIdRun) * count);
	/* bound: the ranges of one multirange; linear */
	for (int32 i = 0; i < count; i++)
	{
		RangeBound	lower;
		RangeBound	upper;
		uint64_t	a = 0;
		uint64_t	b = 0;

		CHECK_FOR_INTERRUPTS();
		multirange_get_bounds(rngtyp, mr, i, &lower, &upper);
		if (!sf_instant_range_ids(!lower.infinite, DatumGetTimestampTz(lower.val),
								  lower.inclusive,
								  !upper.infinite, DatumGetTimestampTz(upper.val),
								  upper.inclusive, &a, &b))
			continue;
		/* the ranges are sorted and disjoint: so are their runs */
		if (n > 0 && out[n - 1].hi != SF_MAX && a <= out[n - 1].hi + 1)
		{
			if (b > out[n - 1].hi)
				out[n - 1].hi = b;
			continue;
		}
		out[n].lo = a;
		out[n].hi = b;
		n++;
	}
	if (n == 0)
		pfree(out);
	else
		*runs = out;
	return n;
}

/*
 * The runs of the last multirange seen by one call site, recognised by its
 * bytes without detoasting, as timerange.c's range cache does.
 */
typedef struct SfMultirangeCache
{
	char	   *bytes;			/* payload of the last multirange, or NULL */
	Size		nbytes;
	int			nruns;
	SfIdRun    *runs;			/* in fn_mcxt */
	bool		constant;		/* the argument is a Const in the call's
								 * expression: the same value every call */
} SfMultirangeCache;

/*
 * Whether argument argno of the call is a Const, whose value no call can
 * change.  (A PARAM_EXTERN is not: a PL/pgSQL simple expression keeps its
 * state across calls with other values.)
 */
static bool
multirange_arg_constant(FmgrInfo *flinfo, int argno)
{
	Node	   *expr = flinfo->fn_expr;
	List	   *args;

	if (expr == NULL)
		return false;
	if (IsA(expr, OpExpr))
		args = ((OpExpr *) expr)->args;
	else if (IsA(expr, FuncExpr))
		args = ((FuncExpr *) expr)->args;
	else
		return false;
	return argno < list_length(args) && IsA(list_nth(args, argno), Const);
}

static SfMultirangeCache *
multirange_cache_lookup(FunctionCallInfo fcinfo, int argno)
{
	Datum		datum = PG_GETARG_DATUM(argno);
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);
	SfMultirangeCache *cache = (SfMultirangeCache *) fcinfo->flinfo->fn_extra;
	MultirangeType *mr;
	SfIdRun    *runs;
	MemoryContext old;

	/* a constant: its runs, once, without looking at it again */
	if (cache != NULL && cache->constant && cache->bytes != NULL)
		return cache;

	/* compressed or out of line: work on the plain form */
	if (VARATT_IS_EXTERNAL(raw) || VARATT_IS_COMPRESSED(raw))
		raw = (struct varlena *) DatumGetMultirangeTypeP(datum);

	if (cache == NULL)
	{
		cache = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt,
									   sizeof(SfMultirangeCache));
		cache->constant = multirange_arg_constant(fcinfo->flinfo, argno);
		fcinfo->flinfo->fn_extra = cache;
	}

	if (cache->bytes != NULL &&
		cache->nbytes == VARSIZE_ANY_EXHDR(raw) &&
		memcmp(cache->bytes, VARDATA_ANY(raw), cache->nbytes) == 0)
		return cache;

	mr = (MultirangeType *) pg_detoast_datum(raw);
	if (cache->bytes != NULL)
		pfree(cache->bytes);
	if (cache->runs != NULL)
		pfree(cache->runs);
	cache->bytes = NULL;
	cache->runs = NULL;
	old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
	cache->nruns = sf_tstzmultirange_runs(mr, &runs);
	MemoryContextSwitchTo(old);
	cache->runs = runs;
	cache->nbytes = VARSIZE_ANY_EXHDR(raw);
	cache->bytes = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, cache->nbytes);
	memcpy(cache->bytes, VARDATA_ANY(raw), cache->nbytes);
	return cache;
}

/* Whether id lies in one of the runs of the multirange. */
static bool
multirange_holds(FunctionCallInfo fcinfo, int argno, Snowflake id)
{
	SfMultirangeCache *cache = multirange_cache_lookup(fcinfo, argno);
	int			lo = 0;
	int			hi = cache->nruns;

	/* the first run whose last id is at or over id; bound: log2 of the runs */
	while (lo < hi)
	{
		int			mid = lo + (hi - lo) / 2;

		if (cache->runs[mid].hi < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < cache->nruns && cache->runs[lo].lo <= id;
}

/*
 * snowflake_within_multirange - "id <@ multirange": the id's millisecond
 * lies in one of its ranges
 */
Datum
snowflake_within_multirange(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(multirange_holds(fcinfo, 1,
									PG_GETARG_SNOWFLAKE(0)));
}

/*
 * tstzmultirange_contains_snowflake - "multirange @> id", the commutator
 */
Datum
tstzmultirange_contains_snowflake(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(multirange_holds(fcinfo, 0,
									PG_GETARG_SNOWFLAKE(1)));
}

/*
 * snowflake_multirange_floor - the smallest id whose millisecond lies in the
 * multirange.  For one that holds no id it is the largest id, and
 * snowflake_multirange_ceil is 0, so "id BETWEEN floor AND ceil" is false.
 */
Datum
snowflake_multirange_floor(PG_FUNCTION_ARGS)
{
	SfMultirangeCache *cache = multirange_cache_lookup(fcinfo, 0);

	PG_RETURN_SNOWFLAKE(cache->nruns > 0 ? cache->runs[0].lo : SF_MAX);
}

/*
 * snowflake_multirange_ceil - the largest id whose millisecond lies in the
 * multirange
 */
Datum
snowflake_multirange_ceil(PG_FUNCTION_ARGS)
{
	SfMultirangeCache *cache = multirange_cache_lookup(fcinfo, 0);

	PG_RETURN_SNOWFLAKE(cache->nruns > 0 ? cache->runs[cache->nruns - 1].hi : SF_MIN);
}
