/*-------------------------------------------------------------------------
 *
 * planner.c
 *	  Planner support for time windows over ids: "id <@ tstzrange", its
 *	  commutator "tstzrange @> id", and the comparisons of an id with an
 *	  instant ("id >= t", "t > id", ...): index conditions, simplification
 *	  into btree comparisons, and selectivity.
 *
 * The ids of a window form one run [lo, hi], so "id <@ r" is exactly
 * "id >= lo AND id <= hi", and "id >= t" is "id <@ [t,)", that is "id >= lo":
 *
 * - SupportRequestIndexCondition hands those comparisons to any btree or
 *	 BRIN index on the id, as exact (non-lossy) conditions.  For a constant
 *	 range or instant they are constants; otherwise they are
 *	 snowflake_range_floor(r) and snowflake_range_ceil(r) of the range, or
 *	 for an instant snowflake_range_floor(t, NULL, '[)') and the like: the
 *	 same functions on the bounds of the one-sided range, which they read
 *	 without building it.
 *
 * - SupportRequestSimplify rewrites the clause itself into the comparisons,
 *	 but only on a partitioned table, where partition pruning recognises
 *	 nothing but the operators of the partition key's btree family.
 *	 Elsewhere the clause is kept, so that its own estimator still sees it:
 *	 core's estimator for the comparison pair cannot interpolate inside a
 *	 histogram bucket of a type it does not know, and a window narrower than
 *	 a bucket would be estimated at one row.
 *
 * - snowflake_range_sel, the estimator of "<@", interpolates the column's
 *	 histogram numerically: ids are integers, and time is linear in them.
 *	 The comparisons with an instant use core's scalarltsel and its kin
 *	 instead, like the comparisons of ids, so that the planner still pairs
 *	 "id >= t0 AND id < t1" into one range when estimating.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include <math.h>

#include "access/stratnum.h"
#include "catalog/pg_am.h"
#include "catalog/pg_class.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_statistic.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/optimizer.h"
#include "parser/parse_func.h"
#include "parser/parsetree.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/selfuncs.h"
#include "utils/typcache.h"

PG_FUNCTION_INFO_V1(snowflake_range_support);
PG_FUNCTION_INFO_V1(snowflake_range_sel);
PG_FUNCTION_INFO_V1(snowflake_range_joinsel);

/*
 * A clause that selects the ids of one time window: "id <@ range",
 * "range @> id", or a comparison of the id with an instant, which is the
 * one-sided window it describes ("id > t" is "id <@ (t,)").
 */
typedef struct SfWindow
{
	Node	   *id;				/* the id argument */
	Node	   *range;			/* the tstzrange argument, or NULL */
	Node	   *instant;		/* else the timestamptz argument */
	bool		from_instant;	/* the instant is the window's lower end */
	bool		inclusive;		/* ... and belongs to it */
} SfWindow;

/* The comparisons with an instant, as the windows they describe. */
static const struct
{
	const char *name;
	bool		id_first;
	bool		from_instant;
	bool		inclusive;
}			instant_comparisons[] =
{
	{"snowflake_lt_timestamptz", true, false, false},	/* id < t */
	{"snowflake_le_timestamptz", true, false, true},	/* id <= t */
	{"snowflake_gt_timestamptz", true, true, false},	/* id > t */
	{"snowflake_ge_timestamptz", true, true, true},	/* id >= t */
	{"timestamptz_lt_snowflake", false, true, false},	/* t < id */
	{"timestamptz_le_snowflake", false, true, true},	/* t <= id */
	{"timestamptz_gt_snowflake", false, false, false},	/* t > id */
	{"timestamptz_ge_snowflake", false, false, true},	/* t >= id */
};

/* Read the window of a call of funcid on args; false if it is none. */
static bool
window_of_call(Oid funcid, List *args, SfWindow *w)
{
	Node	   *a;
	Node	   *b;
	char	   *name;
	size_t		i;

	if (list_length(args) != 2)
		return false;
	a = linitial(args);
	b = lsecond(args);
	memset(w, 0, sizeof(*w));

	if (getBaseType(exprType(a)) == TSTZRANGEOID)
	{
		w->range = a;
		w->id = b;
		return true;
	}
	if (getBaseType(exprType(b)) == TSTZRANGEOID)
	{
		w->range = b;
		w->id = a;
		return true;
	}

	name = get_func_name(funcid);
	for (i = 0; name != NULL && i < lengthof(instant_comparisons); i++)
	{
		if (strcmp(name, instant_comparisons[i].name) != 0)
			continue;
		w->id = instant_comparisons[i].id_first ? a : b;
		w->instant = instant_comparisons[i].id_first ? b : a;
		w->from_instant = instant_comparisons[i].from_instant;
		w->inclusive = instant_comparisons[i].inclusive;
		return true;
	}
	return false;
}

/* The argument that must be constant during a scan: the range or instant. */
static Node *
window_bound(const SfWindow *w)
{
	return w->range != NULL ? w->range : w->instant;
}

/*
 * The ids of a window whose bound is a constant: false if the constant is
 * NULL; otherwise *any tells whether it holds ids, [*lo, *hi] which.
 */
static bool
window_const_ids(const SfWindow *w, bool *any, Snowflake *lo, Snowflake *hi)
{
	Const	   *c = (Const *) window_bound(w);
	uint64_t	a = 0;
	uint64_t	b = 0;

	if (c->constisnull)
		return false;
	if (w->range != NULL)
	{
		TypeCacheEntry *typcache = lookup_type_cache(TSTZRANGEOID,
													 TYPECACHE_RANGE_INFO);

		*any = sf_tstzrange_ids(typcache, DatumGetRangeTypeP(c->constvalue),
								lo, hi);
	}
	else
	{
		TimestampTz t = DatumGetTimestampTz(c->constvalue);

		*any = sf_instant_range_ids(w->from_instant, t, w->inclusive,
									!w->from_instant, t, w->inclusive, &a, &b);
		*lo = a;
		*hi = b;
	}
	return true;
}

/* A constant of the id's type. */
static Node *
make_id_const(Oid sftype, Snowflake value)
{
	return (Node *) makeConst(sftype, -1, InvalidOid, sizeof(Snowflake),
							  SnowflakeGetDatum(value), false, true);
}

/*
 * A call of the function schema.name(argtypes) on args, or NULL if there is
 * no such function (the library is newer than the extension's SQL).
 */
static Node *
make_call(const char *schema, const char *name, const Oid *argtypes,
		  Oid rettype, List *args)
{
	Oid			fn;

	fn = LookupFuncName(list_make2(makeString((char *) schema),
								   makeString((char *) name)),
						list_length(args), argtypes, true);
	if (!OidIsValid(fn))
		return NULL;
	return (Node *) makeFuncExpr(fn, rettype, args, InvalidOid, InvalidOid,
								 COERCE_EXPLICIT_CALL);
}

/*
 * The arguments of snowflake_range_floor and snowflake_range_ceil for the
 * window: the range itself, or for an instant t the bounds and flags of the
 * one-sided range it bounds, such as (t, NULL, '[)'), which those functions
 * read without building a range.
 */
static List *
window_bound_args(const SfWindow *w, const Oid **argtypes)
{
	static const Oid range_arg[] = {TSTZRANGEOID};
	static const Oid bounds_args[] = {TIMESTAMPTZOID, TIMESTAMPTZOID, TEXTOID};
	Node	   *t;
	Node	   *none;
	const char *flags;

	if (w->range != NULL)
	{
		*argtypes = range_arg;
		return list_make1(copyObject(w->range));
	}
	*argtypes = bounds_args;
	t = copyObject(w->instant);
	none = (Node *) makeNullConst(TIMESTAMPTZOID, -1, InvalidOid);
	if (w->from_instant)
		flags = w->inclusive ? "[)" : "()";
	else
		flags = w->inclusive ? "(]" : "()";
	return list_make3(w->from_instant ? t : none,
					  w->from_instant ? none : t,
					  makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
								CStringGetTextDatum(flags), false, false));
}

/* The clause "id op bound", with op from the btree family. */
static Expr *
make_comparison(Oid op, Node *id, Node *bound)
{
	Expr	   *clause = make_opclause(op, BOOLOID, false, (Expr *) copyObject(id),
									   (Expr *) bound, InvalidOid, InvalidOid);

	set_opfuncid((OpExpr *) clause);
	return clause;
}

/*
 * The window as comparisons of the id, with the operators of opfamily: for
 * the ids [lo, hi], "id >= lo" and "id <= hi", leaving out a side that holds
 * for every id; NIL if the family lacks the operators or the extension the
 * functions.  sibling is a function of the extension, to find its schema.
 */
static List *
window_to_comparisons(Oid opfamily, Oid sibling, const SfWindow *w)
{
	Oid			sftype = exprType(w->id);
	Oid			ge = get_opfamily_member(opfamily, sftype, sftype,
										 BTGreaterEqualStrategyNumber);
	Oid			le = get_opfamily_member(opfamily, sftype, sftype,
										 BTLessEqualStrategyNumber);
	List	   *clauses = NIL;

	if (!OidIsValid(ge) || !OidIsValid(le))
		return NIL;

	if (IsA(window_bound(w), Const))
	{
		bool		any = false;
		Snowflake	lo = 0;
		Snowflake	hi = 0;

		/* NULL bound: the strict operator yields NULL, and so does "id >= NULL" */
		if (!window_const_ids(w, &any, &lo, &hi))
			return list_make1(make_comparison(ge, w->id,
											  (Node *) makeNullConst(sftype, -1, InvalidOid)));
		/* no id: "id >= max AND id <= 0" holds for none */
		if (!any)
		{
			lo = SF_MAX;
			hi = SF_MIN;
		}
		/* a side that every id passes is left out, but one side stays */
		if (lo != SF_MIN || hi == SF_MAX)
			clauses = lappend(clauses,
							  make_comparison(ge, w->id, make_id_const(sftype, lo)));
		if (hi != SF_MAX)
			clauses = lappend(clauses,
							  make_comparison(le, w->id, make_id_const(sftype, hi)));
	}
	else
	{
		/* the window's floor and ceil, computed once per index scan */
		const Oid  *argtypes;
		char	   *schema = get_namespace_name(get_func_namespace(sibling));
		List	   *args = window_bound_args(w, &argtypes);
		Node	   *lo = make_call(schema, "snowflake_range_floor", argtypes,
								   sftype, args);
		Node	   *hi = make_call(schema, "snowflake_range_ceil", argtypes,
								   sftype, copyObject(args));

		if (lo == NULL || hi == NULL)
			return NIL;
		clauses = list_make2(make_comparison(ge, w->id, lo),
							 make_comparison(le, w->id, hi));
	}
	return clauses;
}

/* Is id a column of a partitioned table of this query level? */
static bool
is_partitioned_column(PlannerInfo *root, Node *id)
{
	Var		   *var;
	RangeTblEntry *rte;

	if (root == NULL || root->parse == NULL || !IsA(id, Var))
		return false;
	var = (Var *) id;
	if (var->varlevelsup != 0 || var->varno <= 0 ||
		var->varno > list_length(root->parse->rtable))
		return false;
	rte = rt_fetch(var->varno, root->parse->rtable);
	return rte->rtekind == RTE_RELATION &&
		rte->relkind == RELKIND_PARTITIONED_TABLE;
}

static Node *
support_simplify(SupportRequestSimplify *req)
{
	SfWindow	w;
	Oid			opclass;
	List	   *clauses;

	if (!window_of_call(req->fcall->funcid, req->fcall->args, &w) ||
		!is_partitioned_column(req->root, w.id) ||
		contain_volatile_functions(window_bound(&w)))
		return NULL;

	opclass = GetDefaultOpClass(exprType(w.id), BTREE_AM_OID);
	if (!OidIsValid(opclass))
		return NULL;
	clauses = window_to_comparisons(get_opclass_family(opclass),
									req->fcall->funcid, &w);
	if (clauses == NIL)
		return NULL;
	return list_length(clauses) == 1 ? linitial(clauses) :
		(Node *) make_andclause(clauses);
}

static List *
support_index_condition(SupportRequestIndexCondition *req)
{
	List	   *args;
	SfWindow	w;
	List	   *clauses;

	if (IsA(req->node, OpExpr))
		args = ((OpExpr *) req->node)->args;
	else if (IsA(req->node, FuncExpr))
		args = ((FuncExpr *) req->node)->args;
	else
		return NIL;

	/* the index column must be the id, the bound constant for the scan */
	if (!window_of_call(req->funcid, args, &w) ||
		list_nth(args, req->indexarg) != w.id)
		return NIL;
#if PG_VERSION_NUM >= 140000
	if (!is_pseudo_constant_for_index(req->root, window_bound(&w), req->index))
		return NIL;
#else
	if (!is_pseudo_constant_for_index(window_bound(&w), req->index))
		return NIL;
#endif

	clauses = window_to_comparisons(req->opfamily, req->funcid, &w);
	if (clauses != NIL)
		req->lossy = false;		/* the comparisons are the clause */
	return clauses;
}

/*
 * snowflake_range_support - the planner support function of "<@", "@>" and
 * the comparisons with an instant
 */
Datum
snowflake_range_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);

	if (IsA(rawreq, SupportRequestSimplify))
		PG_RETURN_POINTER(support_simplify((SupportRequestSimplify *) rawreq));
	if (IsA(rawreq, SupportRequestIndexCondition))
	{
		List	   *clauses;

		clauses = support_index_condition((SupportRequestIndexCondition *) rawreq);
		PG_RETURN_POINTER(clauses);
	}
	PG_RETURN_POINTER(NULL);
}

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

	/* find the bucket: bounds[lo] < x <= bounds[lo + 1] */
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
 * snowflake_range_sel - restriction selectivity of "id <@ r" and "r @> id"
 */
Datum
snowflake_range_sel(PG_FUNCTION_ARGS)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	int			varRelid = PG_GETARG_INT32(3);
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	double		sel;
	Snowflake	lo = 0;
	Snowflake	hi = 0;
	TypeCacheEntry *typcache;

	if (!get_restriction_variable(root, args, varRelid, &vardata, &other,
								  &varonleft))
		PG_RETURN_FLOAT8(DEFAULT_RANGE_INEQ_SEL);

	/* a stable range, such as tstzrange(now() - '1 hour', now()), is folded */
	other = estimate_expression_value(root, other);
	if (!IsA(other, Const) || getBaseType(((Const *) other)->consttype) != TSTZRANGEOID)
		sel = DEFAULT_RANGE_INEQ_SEL;
	else if (((Const *) other)->constisnull)
		sel = 0.0;
	else
	{
		typcache = lookup_type_cache(TSTZRANGEOID, TYPECACHE_RANGE_INFO);
		if (!sf_tstzrange_ids(typcache,
							  DatumGetRangeTypeP(((Const *) other)->constvalue),
							  &lo, &hi))
			sel = 0.0;
		else
			sel = id_interval_selectivity(&vardata, lo, hi);
	}

	ReleaseVariableStats(vardata);
	PG_RETURN_FLOAT8(sel);
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
