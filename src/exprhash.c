/*-------------------------------------------------------------------------
 *
 * exprhash.c
 *	  A hash of an expression that every expression equal() to it shares,
 *	  so that the planner hooks find equal expressions among many by
 *	  sorting or hashing, and run equal() only within a run of one hash;
 *	  and equal() that first compares the data of constants by address.
 *
 * Neither costs more for a large constant than for a small one where the
 * two expressions share its data, as a partition's copy of its parent's
 * restriction does (core's expression_tree_mutator copies a Const's node,
 * not its data): the hash reads a bounded part of the data, and the
 * comparison finds the same address.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "pg_snowflake.h"

#include "common/hashfn.h"
#include "miscadmin.h"
#include "nodes/nodeFuncs.h"
#include "nodes/primnodes.h"
#include "utils/datum.h"
#include "utils/memutils.h"

/* The bytes of a by-reference constant hashed at each end (above) */
#define CONST_HASH_BYTES	64

/*
 * Mix node's tag, and some of the fields equal() compares of the usual
 * nodes (the objects they name, collations, constants' contents), into
 * *context; then its children, in the order expression_tree_walker visits
 * them.  Parse locations and display forms, which equal() ignores, are
 * left out; expressions that differ only in fields left out collide,
 * which costs time (bounded by the callers), not results.
 */
static bool
expr_hash_walker(Node *node, void *context)
{
	uint32	   *h = (uint32 *) context;

	if (node == NULL)
	{
		*h = hash_combine(*h, 0);
		return false;
	}
	/* bound: the nodes of one expression, each visited once */
	check_stack_depth();
	*h = hash_combine(*h, (uint32) nodeTag(node));
	switch (nodeTag(node))
	{
		case T_Var:
			*h = hash_combine(*h, (uint32) ((Var *) node)->varno);
			*h = hash_combine(*h, (uint32) ((Var *) node)->varattno);
			*h = hash_combine(*h, (uint32) ((Var *) node)->varlevelsup);
			*h = hash_combine(*h, (uint32) ((Var *) node)->varcollid);
			break;
		case T_Const:
			{
				Const	   *c = (Const *) node;

				*h = hash_combine(*h, (uint32) c->consttype);
				*h = hash_combine(*h, (uint32) c->constcollid);
				if (c->constisnull)
					*h = hash_combine(*h, 1);
				else if (c->constbyval)
					*h = hash_combine(*h, hash_bytes((const unsigned char *) &c->constvalue,
													 sizeof(Datum)));
				else
				{
					/*
					 * Of the bytes that datumIsEqual compares, as equal()
					 * does, their number and at most the first and last
					 * CONST_HASH_BYTES: a constant of megabytes costs no more
					 * to hash than a short one, however many partitions hash
					 * it again.  Constants that differ only between the two
					 * collide.
					 */
					const unsigned char *p = (const unsigned char *) DatumGetPointer(c->constvalue);
					Size		len = datumGetSize(c->constvalue, false, c->constlen);
					Size		part = Min(len, CONST_HASH_BYTES);

					*h = hash_combine(*h, (uint32) len);
					*h = hash_combine(*h, hash_bytes(p, (int) part));
					*h = hash_combine(*h, hash_bytes(p + len - part, (int) part));
				}
				return false;
			}
		case T_Param:
			*h = hash_combine(*h, (uint32) ((Param *) node)->paramkind);
			*h = hash_combine(*h, (uint32) ((Param *) node)->paramid);
			break;
		case T_FuncExpr:
			*h = hash_combine(*h, (uint32) ((FuncExpr *) node)->funcid);
			*h = hash_combine(*h, (uint32) ((FuncExpr *) node)->inputcollid);
			break;
		case T_OpExpr:
		case T_DistinctExpr:
		case T_NullIfExpr:
			*h = hash_combine(*h, (uint32) ((OpExpr *) node)->opno);
			*h = hash_combine(*h, (uint32) ((OpExpr *) node)->inputcollid);
			break;
		case T_ScalarArrayOpExpr:
			*h = hash_combine(*h, (uint32) ((ScalarArrayOpExpr *) node)->opno);
			*h = hash_combine(*h, (uint32) ((ScalarArrayOpExpr *) node)->useOr);
			break;
		case T_RelabelType:
			*h = hash_combine(*h, (uint32) ((RelabelType *) node)->resulttype);
			*h = hash_combine(*h, (uint32) ((RelabelType *) node)->resulttypmod);
			*h = hash_combine(*h, (uint32) ((RelabelType *) node)->resultcollid);
			break;
		case T_CoerceViaIO:
			*h = hash_combine(*h, (uint32) ((CoerceViaIO *) node)->resulttype);
			break;
		case T_BoolExpr:
			*h = hash_combine(*h, (uint32) ((BoolExpr *) node)->boolop);
			break;
		case T_NullTest:
			*h = hash_combine(*h, (uint32) ((NullTest *) node)->nulltesttype);
			break;
		case T_BooleanTest:
			*h = hash_combine(*h, (uint32) ((BooleanTest *) node)->booltesttype);
			break;
		case T_CollateExpr:
			*h = hash_combine(*h, (uint32) ((CollateExpr *) node)->collOid);
			break;
		case T_FieldSelect:
			*h = hash_combine(*h, (uint32) ((FieldSelect *) node)->fieldnum);
			break;
		case T_ArrayCoerceExpr:
			*h = hash_combine(*h, (uint32) ((ArrayCoerceExpr *) node)->resulttype);
			break;
		case T_CoerceToDomain:
			*h = hash_combine(*h, (uint32) ((CoerceToDomain *) node)->resulttype);
			break;
		case T_MinMaxExpr:
			*h = hash_combine(*h, (uint32) ((MinMaxExpr *) node)->op);
			break;
		case T_Aggref:
			*h = hash_combine(*h, (uint32) ((Aggref *) node)->aggfnoid);
			break;
		case T_WindowFunc:
			*h = hash_combine(*h, (uint32) ((WindowFunc *) node)->winfnoid);
			break;
		case T_SubPlan:
			*h = hash_combine(*h, (uint32) ((SubPlan *) node)->plan_id);
			break;
		case T_Query:
			/* a sublink's query: its tag only */
			return false;
		default:
			break;
	}
	return expression_tree_walker(node, expr_hash_walker, context);
}

/*
 * sf_expr_hash - the hash of an expression, in time linear in its nodes
 */
uint32
sf_expr_hash(Node *node)
{
	uint32		h = 0;

	(void) expr_hash_walker(node, &h);
	return h;
}

/* What mask_datums counts of an expression */
typedef struct MaskCount
{
	Size		nodes;			/* the nodes visited */
	Size		bytes;			/* the data of its by-reference constants */
} MaskCount;

/*
 * A copy of an expression's nodes (not of its constants' data) in which
 * each non-NULL by-reference Const is marked by-value, so that equal()
 * compares its datum, the address of its data, as a value.  Other Consts,
 * and queries of sublinks, are shared, and compared by equal() as they
 * are.  So two copies are equal() only where the expressions are, with
 * the data of each pair of constants at one address.
 */
static Node *
mask_datums(Node *node, void *context)
{
	MaskCount  *count = (MaskCount *) context;

	if (node == NULL)
		return NULL;
	/* bound: the nodes of one expression, each visited once */
	check_stack_depth();
	count->nodes++;
	if (IsA(node, Const))
	{
		Const	   *c = (Const *) node;
		Const	   *m;

		if (c->constisnull || c->constbyval)
			return node;
		count->bytes += datumGetSize(c->constvalue, false, c->constlen);
		m = (Const *) palloc(sizeof(Const));
		*m = *c;
		m->constbyval = true;
		return (Node *) m;
	}
	if (IsA(node, Query))
		return node;
	return expression_tree_mutator(node, mask_datums, context);
}

/*
 * sf_expr_equal - equal(a, b), the data of by-reference constants compared
 * by address first; with by_address, false where that is not enough (the
 * expressions may still be equal).  Where equal() runs, *work grows by the
 * nodes and the bytes of a's constants' data that it may compare.
 */
bool
sf_expr_equal(Node *a, Node *b, bool by_address, Size *work)
{
	MemoryContext scratch;
	MemoryContext old;
	MaskCount	ca = {0, 0};
	MaskCount	cb = {0, 0};
	bool		same;

	if (a == b)
		return true;
	scratch = AllocSetContextCreate(CurrentMemoryContext,
									"snowflake expression compare",
									ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(scratch);
	same = equal(mask_datums(a, &ca), mask_datums(b, &cb));
	MemoryContextSwitchTo(old);
	MemoryContextDelete(scratch);
	if (same || by_address)
		return same;
	*work += ca.nodes + ca.bytes;
	return equal(a, b);
}
