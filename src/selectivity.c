/*-------------------------------------------------------------------------
 *
 * selectivity.c
 *	  The estimators of "id <@ tstzrange", "id <@ tstzmultirange" and
 *	  their commutators.
 *
 * snowflake_range_sel interpolates the column's histogram numerically: ids
 * are integers, and time is linear in them.  The comparisons with an
 * instant use core's scalarltsel and its kin instead, like the comparisons
 * of ids, so that the planner still pairs "id >= t0 AND id < t1" into one
 * range when estimating.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "access/htup_details.h"
#include "catalog/pg_statistic.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "optimizer/optimizer.h"
#include "utils/lsyscache.h"
#include "utils/selfuncs.h"
#include "utils/typcache.h"

PG_FUNCTION_INFO_V1(snowflake_range_sel);
PG_FUNCTION_INFO_V1(snowflake_range_joinsel);
PG_FUNCTION_INFO_V1(snowflake_multirange_sel);

/*
 * Fraction of the histogram's population below x, by linear interpolation
 * inside the bucket that holds x.  bounds[] is sorted, n >= 2.
 */
static double
histogram_fraction_below(const Datum *bounds, int n, Snowflake x)
{
	int			lo = 0;
	int			hi = n - 1;
	Snowflake	b0;
	Snowflake	b1;
	double		within;

	if (x <= DatumGetSnowflake(bounds[0]))
		return 0.0;
	if (x > DatumGetSnowflake(bounds[n - 1]))
		return 1.0;

	/*
	 * find the bucket: bounds[lo] < x <= bounds[lo + 1]; bound: log2 of the
	 * histogram's bounds (the statistics target, at most 10,000)
	 */
	while (hi - lo > 1)
	{
		int			mid = lo + (hi - lo) / 2;

		if (DatumGetSnowflake(bounds[mid]) < x)
			lo = mid;
		else
			hi = mid;
	}
	b0 = DatumGetSnowflake(bounds[lo]);
	b1 = DatumGetSnowflake(bounds[lo + 1]);
	within = (double) (x - b0) / (double) (b1 - b0);	/* b1 >= x > b0 */
	return (lo + within) / (double) (n - 1);
}

/*
 * Selectivity of "lo <= id <= hi" from the column's statistics: the most
 * common values that fall inside, plus the interpolated histogram share of
 * the rest.
 */
static double
id_interval_selectivity(VariableStatData *vardata, Snowflake lo, Snowflake hi)
{
	Form_pg_statistic stats;
	AttStatsSlot sslot;
	double		mcv_in = 0.0;
	double		mcv_all = 0.0;
	double		hist;
	double		sel;

	if (!HeapTupleIsValid(vardata->statsTuple))
		return DEFAULT_RANGE_INEQ_SEL;
	stats = (Form_pg_statistic) GETSTRUCT(vardata->statsTuple);

	if (get_attstatsslot(&sslot, vardata->statsTuple, STATISTIC_KIND_MCV,
						 InvalidOid, ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
	{
		int			i;

		/* bound: the column's most common values, at most 10,000 */
		for (i = 0; i < sslot.nvalues && i < sslot.nnumbers; i++)
		{
			Snowflake	v = DatumGetSnowflake(sslot.values[i]);

			mcv_all += sslot.numbers[i];
			if (v >= lo && v <= hi)
				mcv_in += sslot.numbers[i];
		}
		free_attstatsslot(&sslot);
	}

	if (get_attstatsslot(&sslot, vardata->statsTuple, STATISTIC_KIND_HISTOGRAM,
						 InvalidOid, ATTSTATSSLOT_VALUES) && sslot.nvalues >= 2)
	{
		/* the ids in [lo, hi] are those below hi + 1 but not below lo */
		double		below_hi = hi == SF_MAX ? 1.0 :
			histogram_fraction_below(sslot.values, sslot.nvalues, hi + 1);

		hist = below_hi - histogram_fraction_below(sslot.values, sslot.nvalues, lo);
		free_attstatsslot(&sslot);
	}
	else
		hist = DEFAULT_RANGE_INEQ_SEL;

	sel = mcv_in + hist * (1.0 - stats->stanullfrac - mcv_all);
	CLAMP_PROBABILITY(sel);
	return sel;
}

/*
 * The selectivity of "id <@ w" for a window w that folds to a constant of
 * type window (a tstzrange or a tstzmultirange, or a domain over it): the
 * sum over its runs of ids, which are disjoint, of the interval's estimate
 * (a range is one run).  Linear in the runs.
 */
static double
window_selectivity(VariableStatData *vardata, Node *other, Oid window)
{
	Const	   *c = (Const *) other;
	double		sel = 0.0;

	if (!IsA(other, Const) || getBaseType(c->consttype) != window)
		return DEFAULT_RANGE_INEQ_SEL;
	if (c->constisnull)
		return 0.0;
	if (window == TSTZRANGEOID)
	{
		TypeCacheEntry *typcache = lookup_type_cache(TSTZRANGEOID, TYPECACHE_RANGE_INFO);
		Snowflake	lo = 0;
		Snowflake	hi = 0;

		if (sf_tstzrange_ids(typcache, DatumGetRangeTypeP(c->constvalue), &lo, &hi))
			sel = id_interval_selectivity(vardata, lo, hi);
	}
	else
	{
		SfIdRun    *runs;
		int			n = sf_tstzmultirange_runs(DatumGetMultirangeTypeP(c->constvalue), &runs);

		/* bound: the runs of one multirange; each estimate is logarithmic */
		for (int i = 0; i < n; i++)
		{
			CHECK_FOR_INTERRUPTS();
			sel += id_interval_selectivity(vardata, runs[i].lo, runs[i].hi);
		}
		if (runs != NULL)
			pfree(runs);
		CLAMP_PROBABILITY(sel);
	}
	return sel;
}

/*
 * The restriction selectivity of a window operator of the type window: the
 * id and the window taken from the call, a stable window (such as
 * tstzrange(now() - '1 hour', now())) folded.
 */
static double
restriction_window_selectivity(FunctionCallInfo fcinfo, Oid window)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	int			varRelid = PG_GETARG_INT32(3);
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	double		sel;

	if (!get_restriction_variable(root, args, varRelid, &vardata, &other,
								  &varonleft))
		return DEFAULT_RANGE_INEQ_SEL;
	sel = window_selectivity(&vardata, estimate_expression_value(root, other), window);
	ReleaseVariableStats(vardata);
	return sel;
}

/*
 * snowflake_range_sel - restriction selectivity of "id <@ r" and "r @> id"
 */
Datum
snowflake_range_sel(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(restriction_window_selectivity(fcinfo, TSTZRANGEOID));
}

/*
 * snowflake_multirange_sel - restriction selectivity of "id <@ mr" and
 * "mr @> id"
 */
Datum
snowflake_multirange_sel(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(restriction_window_selectivity(fcinfo, TSTZMULTIRANGEOID));
}

/*
 * snowflake_range_joinsel - join selectivity of "id <@ r": without the
 * ranges' widths at hand, core's default for a range comparison.
 */
Datum
snowflake_range_joinsel(PG_FUNCTION_ARGS)
{
	(void) fcinfo;
	PG_RETURN_FLOAT8(DEFAULT_RANGE_INEQ_SEL);
}
