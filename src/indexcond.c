/*-------------------------------------------------------------------------
 *
 * indexcond.c
 *	  The planner support function of time windows over ids: "id <@
 *	  tstzrange", "tstzrange @> id" and the comparisons of an id with an
 *	  instant, and the index conditions it makes of them.
 *
 * SupportRequestIndexCondition hands the comparisons of a window
 * (window.c) to any btree or BRIN index on the id, as exact (non-lossy)
 * conditions; those of a multirange's span are lossy unless they are its
 * only run, and the scan rechecks the operator.  SupportRequestSimplify
 * is simplify.c's.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/optimizer.h"

#include "window.h"

PG_FUNCTION_INFO_V1(snowflake_range_support);

static List *
support_index_condition(SupportRequestIndexCondition *req)
{
	List	   *args;
	SfWindow	w;
	SfOps		ops;
	List	   *clauses;

	if (IsA(req->node, OpExpr))
		args = ((OpExpr *) req->node)->args;
	else if (IsA(req->node, FuncExpr))
		args = ((FuncExpr *) req->node)->args;
	else
		return NIL;

	/* the index column must be the id, the bound constant for the scan */
	if (!sf_window_of_call(req->funcid, args, &w) ||
		list_nth(args, req->indexarg) != w.id ||
		!is_pseudo_constant_for_index(req->root, sf_window_bound(&w), req->index) ||
		!sf_lookup_ops(req->opfamily, exprType(w.id), req->funcid, &ops))
		return NIL;

	clauses = sf_window_to_comparisons(&ops, &w);
	/* the comparisons are the clause, or a multirange's span: rechecked */
	if (clauses != NIL)
		req->lossy = !sf_window_exact(&w);
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
		PG_RETURN_POINTER(sf_window_simplify((SupportRequestSimplify *) rawreq));
	if (IsA(rawreq, SupportRequestIndexCondition))
		PG_RETURN_POINTER(support_index_condition((SupportRequestIndexCondition *) rawreq));
	PG_RETURN_POINTER(NULL);
}
