/*-------------------------------------------------------------------------
 *
 * planner.c
 *	  Planner support for "id <@ tstzrange" (and "tstzrange @> id"): index
 *	  conditions, simplification into btree comparisons, and selectivity.
 *
 * The ids of a range form one run [lo, hi], so "id <@ r" is exactly
 * "id >= lo AND id <= hi":
 *
 * - SupportRequestIndexCondition hands those two comparisons to any btree or
 *	 BRIN index on the id, as exact (non-lossy) conditions.  For a constant
 *	 range they are constants; otherwise they are snowflake_range_floor(r)
 *	 and snowflake_range_ceil(r), computed once per scan.
 *
 * - SupportRequestSimplify rewrites the operator itself into the two
 *	 comparisons, but only on a partitioned table, where partition pruning
 *	 recognises nothing but the operators of the partition key's btree
 *	 family.  Elsewhere the operator is kept, so that its own estimator
 *	 below still sees it: core's estimator for the comparison pair cannot
 *	 interpolate inside a histogram bucket of a type it does not know, and a
 *	 window narrower than a bucket would be estimated at one row.
 *
 * - snowflake_range_sel interpolates the column's histogram numerically:
 *	 ids are integers, and time is linear in them.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include <math.h>

#include "access/stratnum.h"
#include "catalog/pg_am.h"
#include "catalog/pg_class.h"
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

/* Split the two arguments into the id and the range, in either order. */
static bool
split_args(List *args, Node **id, Node **range)
{
	Node	   *a;
	Node	   *b;

	if (list_length(args) != 2)
		return false;
	a = linitial(args);
	b = lsecond(args);
	if (getBaseType(exprType(b)) == TSTZRANGEOID)
	{
		*id = a;
		*range = b;
	}
	else
	{
		*id = b;
		*range = a;
	}
	return getBaseType(exprType(*range)) == TSTZRANGEOID;
}

/* A constant of the id's type. */
static Node *
make_id_const(Oid sftype, Snowflake value)
{
	return (Node *) makeConst(sftype, -1, InvalidOid, sizeof(Snowflake),
							  SnowflakeGetDatum(value), false, true);
}

/* One of the extension's range-bound functions, called on range. */
static Node *
make_bound_call(Oid sibling, const char *name, Oid sftype, Node *range)
{
	Oid			argtype = TSTZRANGEOID;
	char	   *nspname = get_namespace_name(get_func_namespace(sibling));
	Oid			fn;

	fn = LookupFuncName(list_make2(makeString(nspname), makeString((char *) name)),
						1, &argtype, false);
	return (Node *) makeFuncExpr(fn, sftype, list_make1(copyObject(range)),
								 InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
}

/*
 * The two clauses "id >= lo" and "id <= hi" for the ids of range, with the
 * comparison operators of opfamily; NIL if the family lacks them.  sibling
 * is a function of the extension, to find its schema.
 */
static List *
range_to_comparisons(Oid opfamily, Oid sibling, Node *id, Node *range)
{
	Oid			sftype = exprType(id);
	Oid			ge = get_opfamily_member(opfamily, sftype, sftype,
										 BTGreaterEqualStrategyNumber);
	Oid			le = get_opfamily_member(opfamily, sftype, sftype,
										 BTLessEqualStrategyNumber);
	Node	   *lo;
	Node	   *hi;
	Expr	   *ge_clause;
	Expr	   *le_clause;

	if (!OidIsValid(ge) || !OidIsValid(le))
		return NIL;

	if (IsA(range, Const))
	{
		Const	   *c = (Const *) range;
		Snowflake	a = SF_MAX;
		Snowflake	b = SF_MIN;

		/* NULL range: the strict operator yields NULL, and so does "id >= NULL" */
		if (c->constisnull)
			lo = hi = (Node *) makeNullConst(sftype, -1, InvalidOid);
		else
		{
			TypeCacheEntry *typcache = lookup_type_cache(TSTZRANGEOID,
														 TYPECACHE_RANGE_INFO);

			/* no id: "id >= max AND id <= 0" holds for none */
			(void) sf_tstzrange_ids(typcache, DatumGetRangeTypeP(c->constvalue),
									&a, &b);
			lo = make_id_const(sftype, a);
			hi = make_id_const(sftype, b);
		}
	}
	else
	{
		lo = make_bound_call(sibling, "snowflake_range_floor", sftype, range);
		hi = make_bound_call(sibling, "snowflake_range_ceil", sftype, range);
	}

	ge_clause = make_opclause(ge, BOOLOID, false, (Expr *) copyObject(id),
							  (Expr *) lo, InvalidOid, InvalidOid);
	le_clause = make_opclause(le, BOOLOID, false, (Expr *) copyObject(id),
							  (Expr *) hi, InvalidOid, InvalidOid);
	set_opfuncid((OpExpr *) ge_clause);
	set_opfuncid((OpExpr *) le_clause);
	return list_make2(ge_clause, le_clause);
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
	Node	   *id;
	Node	   *range;
	Oid			opclass;
	List	   *clauses;

	if (!split_args(req->fcall->args, &id, &range) ||
		!is_partitioned_column(req->root, id) ||
		contain_volatile_functions(range))
		return NULL;

	opclass = GetDefaultOpClass(exprType(id), BTREE_AM_OID);
	if (!OidIsValid(opclass))
		return NULL;
	clauses = range_to_comparisons(get_opclass_family(opclass),
								   req->fcall->funcid, id, range);
	return clauses == NIL ? NULL : (Node *) make_andclause(clauses);
}

static List *
support_index_condition(SupportRequestIndexCondition *req)
{
	List	   *args;
	Node	   *id;
	Node	   *range;
	List	   *clauses;

	if (IsA(req->node, OpExpr))
		args = ((OpExpr *) req->node)->args;
	else if (IsA(req->node, FuncExpr))
		args = ((FuncExpr *) req->node)->args;
	else
		return NIL;

	/* the index column must be the id, the range a constant for the scan */
	if (!split_args(args, &id, &range) || list_nth(args, req->indexarg) != id)
		return NIL;
#if PG_VERSION_NUM >= 140000
	if (!is_pseudo_constant_for_index(req->root, range, req->index))
		return NIL;
#else
	if (!is_pseudo_constant_for_index(range, req->index))
		return NIL;
#endif

	clauses = range_to_comparisons(req->opfamily, req->funcid, id, range);
	if (clauses != NIL)
		req->lossy = false;		/* the comparisons are the operator */
	return clauses;
}

/*
 * snowflake_range_support - the planner support function of "<@" and "@>"
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
