/*-------------------------------------------------------------------------
 *
 * flatten.c
 *	  The planner hook: a query's nested ANDs and ORs flattened before the
 *	  planner runs, and what the other planner hooks remember of a planner
 *	  call forgotten before and after it.
 *
 * The parser writes an IN list of integers beside an id as ORs nested one
 * level per item (inlist.c), and preprocessing flattens each level by
 * copying the rest of the list, in time quadratic in the items; this hook
 * flattens them first, in time linear in the query (flatten_walker).
 *
 * A preloaded library is loaded in every database of the server, and its
 * hooks run there too.  This one does nothing, but call the planner, in a
 * database where the extension is not created (sf_extension_created,
 * cache.c: one comparison a call once known): the plans of databases that
 * never asked for the extension are not changed, nor slowed
 * (test/flatten/run).
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "miscadmin.h"
#include "nodes/nodeFuncs.h"

#include "hooks.h"

/* The planner_hook before ours, set by module.c */
planner_hook_type sf_prev_planner_hook = NULL;

/*
 * Flatten the ANDs of ANDs and the ORs of ORs of a query, its subqueries
 * included, in place: what eval_const_expressions does with every
 * BoolExpr, done first in time linear in the query.  The parser writes an
 * IN list of integers beside an id as ORs nested one level per item
 * (transformAExprIn finds no common type), and preprocessing flattens each
 * level by copying the rest of the list (simplify_or_arguments), in time
 * quadratic in the items.  The arms keep their order, so the evaluation
 * and the meaning are the same; no recursion follows a run of one
 * operator, so any nesting the parser made is flattened.
 */
static bool
flatten_walker(Node *node, void *context)
{
	if (node == NULL)
		return false;
	check_stack_depth();
	if (IsA(node, Query))
		return query_tree_walker((Query *) node, flatten_walker, context, 0);
	if (IsA(node, BoolExpr) && ((BoolExpr *) node)->boolop != NOT_EXPR)
	{
		BoolExpr   *b = (BoolExpr *) node;
		bool		nested = false;
		List	   *stack = NIL;
		List	   *flat = NIL;
		ListCell   *lc;

		/* bound: the arms of this BoolExpr */
		foreach(lc, b->args)
		{
			Node	   *arg = lfirst(lc);

			if (IsA(arg, BoolExpr) && ((BoolExpr *) arg)->boolop == b->boolop)
			{
				nested = true;
				break;
			}
		}
		if (nested)
		{
			/*
			 * Depth first, left to right, with a stack of the arms still to
			 * visit, last first.  bound: the nodes of the run, each once.
			 */
			for (int i = list_length(b->args) - 1; i >= 0; i--)
				stack = lappend(stack, list_nth(b->args, i));
			while (stack != NIL)
			{
				Node	   *arg = llast(stack);

				CHECK_FOR_INTERRUPTS();
				stack = list_delete_last(stack);
				if (IsA(arg, BoolExpr) && ((BoolExpr *) arg)->boolop == b->boolop)
				{
					List	   *args = ((BoolExpr *) arg)->args;

					for (int i = list_length(args) - 1; i >= 0; i--)
						stack = lappend(stack, list_nth(args, i));
				}
				else
					flat = lappend(flat, arg);
			}
			b->args = flat;
		}
		/* bound: the arms, none of them a BoolExpr of b's operator now */
		foreach(lc, b->args)
		{
			CHECK_FOR_INTERRUPTS();
			if (flatten_walker(lfirst(lc), context))
				return true;
		}
		return false;
	}
	return expression_tree_walker(node, flatten_walker, context);
}

/* How deep planner calls are nested: 0 outside of planning. */
static int	planner_depth = 0;

/* The planner, or the hook before ours */
static PlannedStmt *
call_planner(Query *parse, const char *query_string, int cursorOptions,
			 ParamListInfo boundParams)
{
	if (sf_prev_planner_hook)
		return sf_prev_planner_hook(parse, query_string, cursorOptions, boundParams);
	return standard_planner(parse, query_string, cursorOptions, boundParams);
}

/*
 * sf_planner - the planner_hook: the planner, with what the planner hooks
 * remember of one planner call forgotten before and after it (the level
 * inlist.c rewrote last, the indexes of partitioned parents' restrictions
 * in partition.c), and what they count of a statement, planning nested in
 * it included, started afresh at the outermost call
 * (sf_partition_statement).  The query's nested ANDs and ORs are flattened
 * first (flatten_walker).  In a database without the extension, only the
 * planner.
 */
PlannedStmt *
sf_planner(Query *parse, const char *query_string, int cursorOptions,
		   ParamListInfo boundParams)
{
	PlannedStmt *result;

	if (!sf_extension_created())
		return call_planner(parse, query_string, cursorOptions, boundParams);
	sf_inlist_forget();
	sf_partition_forget();
	if (planner_depth == 0)
		sf_partition_statement();
	planner_depth++;
	PG_TRY();
	{
		(void) flatten_walker((Node *) parse, NULL);
		result = call_planner(parse, query_string, cursorOptions, boundParams);
	}
	PG_FINALLY();
	{
		planner_depth--;
	}
	PG_END_TRY();
	sf_inlist_forget();
	sf_partition_forget();
	return result;
}
