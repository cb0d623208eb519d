/*-------------------------------------------------------------------------
 *
 * simplify.c
 *	  The SupportRequestSimplify of a time window.
 *
 * A comparison of an id with a constant instant is replaced by the
 * comparison of ids it means: "id >= t" by "id >= snowflake_first_after(t,
 * true)" computed here, "id < t" by "id <= <the last id before t>", and
 * so on (window.c), or by "id < '0'" (no id) or "id >= '0'" (every id),
 * which keep a NULL id NULL.  The two clauses have the same value for
 * every row, and the same estimate: both are core's scalar inequality
 * estimators on the same histogram, which cannot interpolate inside a
 * bucket of either type.  The planner then plans a comparison of ids, as
 * it does for bigint: no index-condition support call, one estimate per
 * clause where the index condition used to be estimated again, and
 * partition pruning without help.  Every place a clause can be matched
 * against another is simplified the same way, with or without a planner
 * (eval_const_expressions on index predicates and expressions,
 * constraints, ON CONFLICT arbiters), so they still match.
 *
 * A constant range is kept: its estimator interpolates inside a bucket
 * (selectivity.c), which its two comparisons would lose.  A constant
 * multirange is not: the OR of its windows' comparisons lets the planner
 * scan an index once for each window and prune partitions by each, which
 * the operator cannot (const_multirange_windows).  A query level
 * with grouping sets keeps every window as written (sf_window_simplify).
 * The rest is the rewrite for partitioned tables (partition.c), and the
 * retyping of a range stored before 1.4 (below).
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "utils/lsyscache.h"
#include "utils/typcache.h"

#include "window.h"

/*
 * A comparison of a non-constant id with a non-NULL constant instant, as
 * the comparison of ids that selects the same ids; NULL if it is none, or
 * the operators or the function are not the extension's (sf_lookup_ops).
 */
static Node *
const_instant_comparison(SupportRequestSimplify *req, const SfWindow *w)
{
	Oid			sftype = exprType(w->id);
	TypeCacheEntry *typcache;
	SfOps		ops;
	List	   *clauses;

	if (!IsA(w->instant, Const) || ((Const *) w->instant)->constisnull ||
		IsA(w->id, Const))
		return NULL;
	typcache = lookup_type_cache(sftype, TYPECACHE_BTREE_OPFAMILY);
	if (!OidIsValid(typcache->btree_opf) ||
		!sf_lookup_ops(typcache->btree_opf, sftype, req->fcall->funcid, &ops))
		return NULL;
	clauses = sf_window_to_comparisons(&ops, w);
	if (list_length(clauses) != 1)
		return NULL;
	return (Node *) linitial(clauses);
}

/*
 * The most windows of a constant multirange written out as an OR
 * (const_multirange_windows).  Past it, the planner's work on the OR (an
 * index path for every arm of a plain table, a pruning step for every arm
 * of a partitioned one) is not worth its precision: the clause is left as
 * written, an index scans the multirange's span and rechecks it, and
 * partitions are pruned to the span (partition.c).
 */
#define MAX_MULTIRANGE_ARMS		1000

/*
 * "id <@ mr" on a non-NULL constant multirange, over a column, as the
 * comparisons of ids that select exactly its ids: the OR of its windows'
 * "id >= lo AND id <= hi", so that the planner can scan an index for each
 * window (a BitmapOr) and prune partitions by each.  Like a constant
 * instant's, and with or without a planner, so that index predicates and
 * queries still match.  The id is copied into every window, so only a
 * column is (RelabelType of one included): no expression is evaluated
 * more often than written.  NULL where it is none of these, the windows
 * are too many, or the operators are not the extension's.
 */
static Node *
const_multirange_windows(SupportRequestSimplify *req, const SfWindow *w)
{
	Oid			sftype = exprType(w->id);
	Node	   *col = w->id;
	TypeCacheEntry *typcache;
	SfOps		ops;
	SfIdRun    *runs;
	int			nruns;
	Node	   *result;

	if (IsA(col, RelabelType))
		col = (Node *) ((RelabelType *) col)->arg;
	if (!IsA(col, Var) || !IsA(w->range, Const) ||
		((Const *) w->range)->constisnull)
		return NULL;
	typcache = lookup_type_cache(sftype, TYPECACHE_BTREE_OPFAMILY);
	if (!OidIsValid(typcache->btree_opf) ||
		!sf_lookup_ops(typcache->btree_opf, sftype, req->fcall->funcid, &ops))
		return NULL;
	nruns = sf_tstzmultirange_runs(DatumGetMultirangeTypeP(((Const *) w->range)->constvalue),
								   &runs);
	if (nruns > MAX_MULTIRANGE_ARMS)
		result = NULL;
	else
		result = (Node *) sf_runs_clause(&ops, w->id, runs, nruns);
	if (runs != NULL)
		pfree(runs);
	return result;
}

/*
 * The range argument of a window as the operator takes it.  A clause
 * stored before 1.4, in a view, an index predicate or an index expression,
 * holds its range as a tstzrange, where the operator now takes the domain
 * snowflake_tstzrange: it gets the coercion that the parser now adds, so
 * that it equals the same clause written today (equal() matches index
 * predicates, index expressions and ON CONFLICT arbiters to queries).
 */
static Node *
range_as_declared(Oid funcid, const SfWindow *w)
{
	Oid			arg0;
	Oid			arg1;
	Oid			want;

	if (sf_func_args(funcid, &arg0, &arg1) != 2)
		return w->range;
	want = w->opname[0] == '<' ? arg1 : arg0;
	if (exprType(w->range) == want || getBaseType(want) != exprType(w->range))
		return w->range;
	if (IsA(w->range, Const))
	{
		Const	   *c = copyObject((Const *) w->range);

		c->consttype = want;
		return (Node *) c;
	}
	return (Node *) makeRelabelType((Expr *) w->range, want, -1, InvalidOid,
									COERCE_IMPLICIT_CAST);
}

/*
 * A window on a range stored before 1.4 gets its range retyped in place.
 *
 * The request's argument list is the one the simplifier builds the call
 * from when the support function returns NULL (simplify_function in
 * clauses.c), so the call keeps its own form: an operator stays an
 * operator, and a call of snowflake_within() stays a call.  Returning a
 * node of one form for both would make the two forms equal() after
 * simplification, and grouping sets holding both would then match each
 * other's expressions (a weakness of core's, which SQL-function inlining
 * meets too).
 */
static void
retype_range_in_place(SupportRequestSimplify *req, SfWindow *w)
{
	Node	   *range = range_as_declared(req->fcall->funcid, w);
	ListCell   *lc;

	if (range == w->range)
		return;
	/* bound: the two arguments of one call */
	foreach(lc, req->fcall->args)
	{
		if (lfirst(lc) == w->range)
			lfirst(lc) = range;
	}
	w->range = range;
}

/*
 * sf_window_simplify - the SupportRequestSimplify of a window: a constant
 * instant's comparison of ids, the range retyped if it was stored before
 * 1.4, and the rewrite for a partitioned table.  NULL leaves the call as
 * it is.
 */
Node *
sf_window_simplify(SupportRequestSimplify *req)
{
	SfWindow	w;
	Node	   *result;

	/* a query level with grouping sets keeps every call as written */
	if (sf_keep_as_written(req))
		return NULL;
	if (!sf_window_of_call(req->fcall->funcid, req->fcall->args, &w))
		return NULL;
	if (w.instant != NULL &&
		(result = const_instant_comparison(req, &w)) != NULL)
		return result;
	if (w.multi &&
		(result = const_multirange_windows(req, &w)) != NULL)
		return result;
	if (w.range != NULL && !w.multi)
		retype_range_in_place(req, &w);
	return sf_simplify_partitioned(req, &w);
}
