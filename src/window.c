/*-------------------------------------------------------------------------
 *
 * window.c
 *	  Time windows over ids, for the planner: which clauses select one,
 *	  the ids it holds, and the comparisons of the id that select exactly
 *	  those ids.
 *
 * A window is "id <@ tstzrange", its commutator "tstzrange @> id", or a
 * comparison of an id with an instant ("id >= t", "t > id", ...), which is
 * the one-sided window it describes ("id >= t" is "id <@ [t,)").  The ids
 * of a window form one run [lo, hi], so "id <@ r" is exactly "id >= lo AND
 * id <= hi", and "id >= t" is "id >= lo".  Only the comparisons a window
 * needs are made: one for a one-sided window, two for a range.
 *
 * For a constant window the comparisons are with constants.  Otherwise the
 * bounds are computed once per scan by strict functions, so that a NULL
 * instant or range gives a NULL bound, and the comparison, like the
 * operator, holds for no row: snowflake_first_after(t, inclusive) and
 * snowflake_last_before(t, inclusive) for an instant,
 * snowflake_range_floor(r) and snowflake_range_ceil(r) for a range.  (A
 * database whose SQL predates the first two gets an equivalent expression
 * of older functions.)
 *
 * The comparisons are written with the operators of a btree family (of an
 * index, or of a partition key) that must be the id type's default one,
 * and only of functions and operators that are members of the extension.
 * indexcond.c and partition.c put them to use.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "catalog/pg_collation.h"
#include "catalog/pg_operator.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"

#include "window.h"

/* The comparisons with an instant, as the windows they describe. */
static const struct
{
	const char *name;
	const char *opname;
	bool		id_first;
	bool		from_instant;
	bool		inclusive;
}			instant_comparisons[] =

{
	{"snowflake_lt_timestamptz", "<", true, false, false},	/* id < t */
	{"snowflake_le_timestamptz", "<=", true, false, true},	/* id <= t */
	{"snowflake_gt_timestamptz", ">", true, true, false},	/* id > t */
	{"snowflake_ge_timestamptz", ">=", true, true, true},	/* id >= t */
	{"timestamptz_lt_snowflake", "<", false, true, false},	/* t < id */
	{"timestamptz_le_snowflake", "<=", false, true, true},	/* t <= id */
	{"timestamptz_gt_snowflake", ">", false, false, false}, /* t > id */
	{"timestamptz_ge_snowflake", ">=", false, false, true}, /* t >= id */
};

/* Read the window of a call of funcid on args; false if it is none. */
bool
sf_window_of_call(Oid funcid, List *args, SfWindow *w)
{
	Node	   *a;
	Node	   *b;
	Oid			abase;
	Oid			bbase;
	int			i;

	if (list_length(args) != 2)
		return false;
	a = linitial(args);
	b = lsecond(args);
	memset(w, 0, sizeof(*w));

	abase = getBaseType(exprType(a));
	bbase = getBaseType(exprType(b));
	if (abase == TSTZRANGEOID || abase == TSTZMULTIRANGEOID)
	{
		w->range = a;
		w->multi = abase == TSTZMULTIRANGEOID;
		w->id = b;
		w->opname = "@>";
		return true;
	}
	if (bbase == TSTZRANGEOID || bbase == TSTZMULTIRANGEOID)
	{
		w->range = b;
		w->multi = bbase == TSTZMULTIRANGEOID;
		w->id = a;
		w->opname = "<@";
		return true;
	}

	i = sf_func_name_index(funcid, SF_NAMES_INSTANT,
						   &instant_comparisons[0].name,
						   sizeof(instant_comparisons[0]),
						   lengthof(instant_comparisons));
	if (i < 0)
		return false;
	w->id = instant_comparisons[i].id_first ? a : b;
	w->instant = instant_comparisons[i].id_first ? b : a;
	w->from_instant = instant_comparisons[i].from_instant;
	w->inclusive = instant_comparisons[i].inclusive;
	w->opname = instant_comparisons[i].opname;
	return true;
}

/* The argument that must be constant during a scan: the range or instant. */
Node *
sf_window_bound(const SfWindow *w)
{
	return w->range != NULL ? w->range : w->instant;
}

/*
 * The ids of a window whose bound is a non-NULL constant: false if there
 * are none, else [*lo, *hi].  For a multirange, the span from the first id
 * it holds to the last: every id it holds lies there.
 */
bool
sf_window_const_ids(const SfWindow *w, Snowflake *lo, Snowflake *hi)
{
	Const	   *c = (Const *) sf_window_bound(w);
	TimestampTz t;
	uint64_t	a = 0;
	uint64_t	b = 0;

	Assert(IsA(c, Const) && !c->constisnull);
	if (w->multi)
	{
		SfIdRun    *runs;
		int			n = sf_tstzmultirange_runs(DatumGetMultirangeTypeP(c->constvalue),
											   &runs);

		if (n == 0)
			return false;
		*lo = runs[0].lo;
		*hi = runs[n - 1].hi;
		pfree(runs);
		return true;
	}
	if (w->range != NULL)
	{
		TypeCacheEntry *typcache = lookup_type_cache(TSTZRANGEOID,
													 TYPECACHE_RANGE_INFO);

		return sf_tstzrange_ids(typcache, DatumGetRangeTypeP(c->constvalue),
								lo, hi);
	}
	t = DatumGetTimestampTz(c->constvalue);
	if (!sf_instant_range_ids(w->from_instant, t, w->inclusive,
							  !w->from_instant, t, w->inclusive, &a, &b))
		return false;
	*lo = a;
	*hi = b;
	return true;
}

/*
 * sf_window_exact - whether the comparisons of a window
 * (sf_window_to_comparisons) select exactly its ids, not more: always, but
 * for a multirange whose ids are not one run, or are not known at plan
 * time, where they select the span from its first id to its last.
 */
bool
sf_window_exact(const SfWindow *w)
{
	Const	   *c = (Const *) w->range;
	SfIdRun    *runs;
	int			n;

	if (!w->multi)
		return true;
	if (!IsA(c, Const))
		return false;
	if (c->constisnull)
		return true;
	n = sf_tstzmultirange_runs(DatumGetMultirangeTypeP(c->constvalue), &runs);
	if (runs != NULL)
		pfree(runs);
	return n <= 1;
}

/*
 * The operators of btree family opfamily that a window on an id of type
 * sftype is written with, and the extension and schema of sibling, our
 * function whose call the window is.  False if sibling is no member of an
 * extension, or the family lacks the operators or orders ids otherwise
 * than by their value: a family of a user's own (a descending opclass,
 * say) may hold other operators at these strategies, and the bounds
 * computed here assume the natural order.  So its operators must be the
 * default btree family's, which BRIN minmax shares.  (The lookups are
 * cache.c's.)
 */
bool
sf_lookup_ops(Oid opfamily, Oid sftype, Oid sibling, SfOps *ops)
{
	bool		ok = sf_family_ops(opfamily, sftype, ops);

	ops->ext = sf_func_extension(sibling, &ops->nsp, &ops->owner);
	return ok && OidIsValid(ops->ext);
}

/*
 * sf_keep_as_written - whether the call of a simplification request must be
 * left as written: in a query level with grouping sets.
 *
 * Grouping sets match the expressions of the target list to the grouping
 * ones by equal(), and each grouping set nulls those it does not group by.
 * Two expressions written apart ("id > -1" and "id >= 0", "id < t" and
 * "t > id", a range stored before 1.4 and one written since) must stay
 * apart, or an expression above the grouping is bound to the wrong
 * grouping column.  Every rewrite of the library can make such a pair
 * equal(), so none is made at that level.
 */
bool
sf_keep_as_written(const SupportRequestSimplify *req)
{
	return req->root != NULL && req->root->parse != NULL &&
		req->root->parse->groupingSets != NIL;
}

/* A constant of type sftype, the id's type (a domain's base). */
Node *
sf_make_id_const(Oid sftype, Snowflake value)
{
	return (Node *) makeConst(sftype, -1, InvalidOid, sizeof(Snowflake),
							  SnowflakeGetDatum(value), false, true);
}

/*
 * A call of the extension's function name(argtypes) on args, or NULL if
 * the extension has no such function (the library is newer than the
 * extension's SQL), whatever else its schema holds.
 */
static Node *
make_call(const SfOps *ops, const char *name, int nargs, const Oid *argtypes,
		  Oid rettype, List *args)
{
	Oid			fn = sf_member_function(ops->nsp, ops->ext, ops->owner, name,
										nargs, argtypes);

	if (!OidIsValid(fn))
		return NULL;
	return (Node *) makeFuncExpr(fn, rettype, args, InvalidOid, InvalidOid,
								 COERCE_EXPLICIT_CALL);
}

/* The argument types of the functions on a range, and on a multirange */
static const Oid range_arg[] = {TSTZRANGEOID};
static const Oid multirange_arg[] = {TSTZMULTIRANGEOID};

/* NULLIF(a, b), with the equality operator eqop of their type */
static Node *
make_nullif(Oid eqop, Node *a, Node *b)
{
	NullIfExpr *n = makeNode(NullIfExpr);

	n->opno = eqop;
	n->opfuncid = get_opcode(eqop);
	n->opresulttype = exprType(a);
	n->opretset = false;
	n->opcollid = InvalidOid;
	n->inputcollid = InvalidOid;
	n->args = list_make2(a, b);
	n->location = -1;
	return (Node *) n;
}

/*
 * A copy of the nodes of an expression that shares the data of its
 * by-reference constants, as core's expression_tree_mutator copies a Const:
 * the window's bound copied into the comparisons made of it, as large as
 * a constant it holds may be, costs its nodes, not its data, and stays at
 * the address that sf_expr_equal compares first.  No one writes into a
 * Const's data.
 */
static Node *
copy_sharing_data(Node *node, void *context)
{
	if (node == NULL)
		return NULL;
	/* bound: the nodes of one expression, each visited once */
	check_stack_depth();
	if (IsA(node, Query))
		return (Node *) copyObject(node);
	return expression_tree_mutator(node, copy_sharing_data, context);
}

/*
 * The id bound of a one-sided window on a non-constant instant t: the
 * smallest id in it for a lower end, the largest for an upper end; NULL
 * when t is NULL or no id is in the window.  Evaluates t once.  t is
 * copied (copy_sharing_data) unless share, where the bound is only looked
 * up, never put in a tree (sf_window_probe).
 */
static Node *
instant_bound_expr(const SfWindow *w, const SfOps *ops, bool share)
{
	static const Oid args[] = {TIMESTAMPTZOID, BOOLOID};
	Node	   *t = share ? w->instant : copy_sharing_data(w->instant, NULL);
	Node	   *bound;
	Node	   *range;
	Node	   *flags;
	Node	   *none;
	Datum		unbounded;

	bound = make_call(ops, w->from_instant ? "snowflake_first_after" :
					  "snowflake_last_before", 2, args, ops->sftype,
					  list_make2(t, makeBoolConst(w->inclusive, false)));
	if (bound != NULL)
		return bound;

	/*----------
	 * The extension's SQL predates those functions (1.1): the same value
	 * from the range functions of 1.0, for a lower end
	 *	 NULLIF(snowflake_range_floor(NULLIF(tstzrange(t, NULL, '[)'), '(,)')),
	 *			<the largest id>)
	 * The inner NULLIF turns the range of a NULL t, which is unbounded, into
	 * NULL, and the outer one the floor of a range with no id (the largest
	 * id, never the floor of a real run) into NULL.  An upper end takes the
	 * ceil, and 0 for no id.
	 *----------
	 */
	flags = (Node *) makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
							   CStringGetTextDatum(w->from_instant ?
												   (w->inclusive ? "[)" : "()") :
												   (w->inclusive ? "(]" : "()")),
							   false, false);
	none = (Node *) makeNullConst(TIMESTAMPTZOID, -1, InvalidOid);
	range = (Node *) makeFuncExpr(F_TSTZRANGE_TIMESTAMPTZ_TIMESTAMPTZ_TEXT,
								  TSTZRANGEOID,
								  w->from_instant ? list_make3(t, none, flags) :
								  list_make3(none, t, flags),
								  InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
	unbounded = OidInputFunctionCall(F_RANGE_IN, "(,)", TSTZRANGEOID, -1);
	range = make_nullif(RANGE_EQ_OP, range,
						(Node *) makeConst(TSTZRANGEOID, -1, InvalidOid, -1,
										   unbounded, false, false));
	bound = make_call(ops, w->from_instant ? "snowflake_range_floor" :
					  "snowflake_range_ceil", 1, range_arg,
					  ops->sftype, list_make1(range));
	if (bound == NULL)
		return NULL;
	return make_nullif(ops->eq, bound,
					   sf_make_id_const(ops->sftype, w->from_instant ? SF_MAX : SF_MIN));
}

/* The clause "id op bound". */
Expr *
sf_make_comparison(Oid op, Node *id, Node *bound)
{
	Expr	   *clause = make_opclause(op, BOOLOID, false, (Expr *) copyObject(id),
									   (Expr *) bound, InvalidOid, InvalidOid);

	set_opfuncid((OpExpr *) clause);
	return clause;
}

/*
 * The comparisons of the id that select exactly the ids [lo, hi] of a
 * constant window (any: there are some): "id >= lo" and "id <= hi", each
 * left out where every id passes it, but one kept, so that a NULL id still
 * gives NULL.  No id: "id < 0", false for every id.
 */
static List *
const_window_comparisons(const SfOps *ops, Node *id, bool any,
						 Snowflake lo, Snowflake hi)
{
	List	   *clauses = NIL;

	if (!any)
		return list_make1(sf_make_comparison(ops->lt, id, sf_make_id_const(ops->sftype, SF_MIN)));
	if (lo != SF_MIN || hi == SF_MAX)
		clauses = lappend(clauses, sf_make_comparison(ops->ge, id, sf_make_id_const(ops->sftype, lo)));
	if (hi != SF_MAX)
		clauses = lappend(clauses, sf_make_comparison(ops->le, id, sf_make_id_const(ops->sftype, hi)));
	return clauses;
}

/*
 * sf_runs_clause - the clause of the id that selects exactly the ids of
 * the runs of a multirange: the OR of each run's comparisons (above), one
 * run's comparisons ANDed, or "id < 0" for none.  Linear in the runs.  The
 * constants of the runs' comparisons are marked (SF_ARM_MARK).
 */
Expr *
sf_runs_clause(const SfOps *ops, Node *id, const SfIdRun *runs, int nruns)
{
	List	   *arms = NIL;

	if (nruns == 0)
		return (Expr *) linitial(const_window_comparisons(ops, id, false, 0, 0));
	/* bound: the runs of one multirange, which the caller caps */
	for (int i = 0; i < nruns; i++)
	{
		List	   *clauses;
		ListCell   *lc;

		CHECK_FOR_INTERRUPTS();
		clauses = const_window_comparisons(ops, id, true, runs[i].lo, runs[i].hi);
		/* bound: the one or two comparisons of a run */
		foreach(lc, clauses)
			((Const *) lsecond(((OpExpr *) lfirst(lc))->args))->location = SF_ARM_MARK;
		arms = lappend(arms, list_length(clauses) == 1 ? linitial(clauses) :
					   make_andclause(clauses));
	}
	return list_length(arms) == 1 ? (Expr *) linitial(arms) : make_orclause(arms);
}

/*
 * The window as comparisons of the id, exactly: the constants above, or for
 * a bound known only at run time, "id >= floor" for a lower end, "id <=
 * ceil" for an upper end, and both for a range.  (A multirange's are those
 * of its span, which sf_window_exact tells apart.)  NIL if the extension lacks
 * a function, or the bound would have to be copied into two comparisons and
 * holds a subquery, which must not run twice.  A run-time bound is copied
 * into them (copy_sharing_data), unless share.
 */
static List *
window_comparisons(const SfOps *ops, const SfWindow *w, bool share)
{
	Node	   *bound = sf_window_bound(w);
	Node	   *lo;
	Node	   *hi;

	if (IsA(bound, Const))
	{
		Snowflake	a = 0;
		Snowflake	b = 0;
		bool		any;

		/* NULL: the strict operator gives NULL, and so does "id >= NULL" */
		if (((Const *) bound)->constisnull)
			return list_make1(sf_make_comparison(ops->ge, w->id,
												 (Node *) makeNullConst(ops->sftype, -1, InvalidOid)));
		any = sf_window_const_ids(w, &a, &b);
		return const_window_comparisons(ops, w->id, any, a, b);
	}

	if (w->instant != NULL)
	{
		Node	   *b = instant_bound_expr(w, ops, share);

		if (b == NULL)
			return NIL;
		return list_make1(sf_make_comparison(w->from_instant ? ops->ge : ops->le,
											 w->id, b));
	}

	if (contain_subplans(bound))
		return NIL;
	/* the functions take the (multi)range the operator's domain is over */
	if (IsA(bound, RelabelType) &&
		exprType((Node *) ((RelabelType *) bound)->arg) ==
		(w->multi ? TSTZMULTIRANGEOID : TSTZRANGEOID))
		bound = (Node *) ((RelabelType *) bound)->arg;
	lo = make_call(ops, w->multi ? "snowflake_multirange_floor" : "snowflake_range_floor",
				   1, w->multi ? multirange_arg : range_arg, ops->sftype,
				   list_make1(share ? bound : copy_sharing_data(bound, NULL)));
	hi = make_call(ops, w->multi ? "snowflake_multirange_ceil" : "snowflake_range_ceil",
				   1, w->multi ? multirange_arg : range_arg, ops->sftype,
				   list_make1(share ? bound : copy_sharing_data(bound, NULL)));
	if (lo == NULL || hi == NULL)
		return NIL;
	return list_make2(sf_make_comparison(ops->ge, w->id, lo),
					  sf_make_comparison(ops->le, w->id, hi));
}

/*
 * sf_window_to_comparisons - the comparisons of the id that select exactly
 * the window's ids (window_comparisons), each with a copy of its own of a
 * run-time bound
 */
List *
sf_window_to_comparisons(const SfOps *ops, const SfWindow *w)
{
	return window_comparisons(ops, w, false);
}

/*
 * sf_window_probe - those comparisons sharing the window's run-time bound,
 * to look up whether a parent's restrictions hold them: never to be put in
 * a tree
 */
List *
sf_window_probe(const SfOps *ops, const SfWindow *w)
{
	return window_comparisons(ops, w, true);
}
