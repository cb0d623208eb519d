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

/* What the walker adds up: the hash, and the size of what it hashed */
typedef struct ExprHashState
{
	uint32		hash;
	Size		size;			/* nodes visited plus bytes of constants */
} ExprHashState;

#define MIX(v) (st->hash = hash_combine(st->hash, (uint32) (v)))

/*
 * Mix node's tag, and every scalar field that equal() compares of the node
 * types below (on PostgreSQL 15 to 18: the objects they name, result types,
 * typmods, collations, flags, constants' contents), into the state; then
 * its children, in the order expression_tree_walker visits them.  Parse
 * locations and display forms (CoercionForm), which equal() ignores, are
 * left out, and so is an operator's opfuncid, which equal() lets differ
 * when one side has not looked it up yet.  A node type not named below
 * mixes its tag and its children only: such expressions, and distinct ones
 * of one hash, collide, which costs time (bounded by the callers: see
 * inlist.c's combine_arms), not results.
 */
static bool
expr_hash_walker(Node *node, void *context)
{
	ExprHashState *st = (ExprHashState *) context;

	st->size++;
	if (node == NULL)
	{
		MIX(0);
		return false;
	}
	/* bound: the nodes of one expression, each visited once */
	check_stack_depth();
	MIX(nodeTag(node));
	switch (nodeTag(node))
	{
		case T_Var:
			{
				Var		   *v = (Var *) node;

				MIX(v->varno);
				MIX(v->varattno);
				MIX(v->vartype);
				MIX(v->vartypmod);
				MIX(v->varcollid);
				MIX(v->varlevelsup);
				break;
			}
		case T_Const:
			{
				Const	   *c = (Const *) node;

				MIX(c->consttype);
				MIX(c->consttypmod);
				MIX(c->constcollid);
				MIX(c->constlen);
				MIX(c->constbyval);
				if (c->constisnull)
					MIX(1);
				else if (c->constbyval)
					MIX(hash_bytes((const unsigned char *) &c->constvalue, sizeof(Datum)));
				else
				{
					/*
					 * Of the bytes that datumIsEqual compares, as equal()
					 * does, their number and at most the first and last
					 * CONST_HASH_BYTES: a constant of megabytes costs no more
					 * to hash than a short one, however many partitions hash
					 * it again.  Constants that differ only between the two
					 * collide.  The size counts all its bytes, which equal()
					 * may read.
					 */
					const unsigned char *p = (const unsigned char *) DatumGetPointer(c->constvalue);
					Size		len = datumGetSize(c->constvalue, false, c->constlen);
					Size		part = Min(len, CONST_HASH_BYTES);

					MIX(len);
					MIX(hash_bytes(p, (int) part));
					MIX(hash_bytes(p + len - part, (int) part));
					st->size += len;
				}
				return false;
			}
		case T_Param:
			{
				Param	   *p = (Param *) node;

				MIX(p->paramkind);
				MIX(p->paramid);
				MIX(p->paramtype);
				MIX(p->paramtypmod);
				MIX(p->paramcollid);
				break;
			}
		case T_FuncExpr:
			{
				FuncExpr   *f = (FuncExpr *) node;

				MIX(f->funcid);
				MIX(f->funcresulttype);
				MIX(f->funcretset);
				MIX(f->funcvariadic);
				MIX(f->funccollid);
				MIX(f->inputcollid);
				break;
			}
		case T_OpExpr:
		case T_DistinctExpr:
		case T_NullIfExpr:
			{
				OpExpr	   *o = (OpExpr *) node;

				MIX(o->opno);
				MIX(o->opresulttype);
				MIX(o->opretset);
				MIX(o->opcollid);
				MIX(o->inputcollid);
				break;
			}
		case T_ScalarArrayOpExpr:
			MIX(((ScalarArrayOpExpr *) node)->opno);
			MIX(((ScalarArrayOpExpr *) node)->useOr);
			MIX(((ScalarArrayOpExpr *) node)->inputcollid);
			break;
		case T_RelabelType:
			MIX(((RelabelType *) node)->resulttype);
			MIX(((RelabelType *) node)->resulttypmod);
			MIX(((RelabelType *) node)->resultcollid);
			break;
		case T_CoerceViaIO:
			MIX(((CoerceViaIO *) node)->resulttype);
			MIX(((CoerceViaIO *) node)->resultcollid);
			break;
		case T_BoolExpr:
			MIX(((BoolExpr *) node)->boolop);
			break;
		case T_NullTest:
			MIX(((NullTest *) node)->nulltesttype);
			MIX(((NullTest *) node)->argisrow);
			break;
		case T_BooleanTest:
			MIX(((BooleanTest *) node)->booltesttype);
			break;
		case T_CollateExpr:
			MIX(((CollateExpr *) node)->collOid);
			break;
		case T_FieldSelect:
			MIX(((FieldSelect *) node)->fieldnum);
			MIX(((FieldSelect *) node)->resulttype);
			MIX(((FieldSelect *) node)->resulttypmod);
			MIX(((FieldSelect *) node)->resultcollid);
			break;
		case T_ArrayCoerceExpr:
			MIX(((ArrayCoerceExpr *) node)->resulttype);
			MIX(((ArrayCoerceExpr *) node)->resulttypmod);
			MIX(((ArrayCoerceExpr *) node)->resultcollid);
			break;
		case T_CoerceToDomain:
			MIX(((CoerceToDomain *) node)->resulttype);
			MIX(((CoerceToDomain *) node)->resulttypmod);
			MIX(((CoerceToDomain *) node)->resultcollid);
			break;
		case T_ConvertRowtypeExpr:
			MIX(((ConvertRowtypeExpr *) node)->resulttype);
			break;
		case T_CaseExpr:
			MIX(((CaseExpr *) node)->casetype);
			MIX(((CaseExpr *) node)->casecollid);
			break;
		case T_CaseTestExpr:
			MIX(((CaseTestExpr *) node)->typeId);
			MIX(((CaseTestExpr *) node)->typeMod);
			MIX(((CaseTestExpr *) node)->collation);
			break;
		case T_ArrayExpr:
			MIX(((ArrayExpr *) node)->array_typeid);
			MIX(((ArrayExpr *) node)->array_collid);
			MIX(((ArrayExpr *) node)->element_typeid);
			MIX(((ArrayExpr *) node)->multidims);
			break;
		case T_RowExpr:
			MIX(((RowExpr *) node)->row_typeid);
			break;
		case T_CoalesceExpr:
			MIX(((CoalesceExpr *) node)->coalescetype);
			MIX(((CoalesceExpr *) node)->coalescecollid);
			break;
		case T_MinMaxExpr:
			MIX(((MinMaxExpr *) node)->minmaxtype);
			MIX(((MinMaxExpr *) node)->minmaxcollid);
			MIX(((MinMaxExpr *) node)->inputcollid);
			MIX(((MinMaxExpr *) node)->op);
			break;
		case T_SQLValueFunction:
			MIX(((SQLValueFunction *) node)->op);
			MIX(((SQLValueFunction *) node)->type);
			MIX(((SQLValueFunction *) node)->typmod);
			break;
		case T_SubscriptingRef:
			MIX(((SubscriptingRef *) node)->refcontainertype);
			MIX(((SubscriptingRef *) node)->refelemtype);
			MIX(((SubscriptingRef *) node)->refrestype);
			MIX(((SubscriptingRef *) node)->reftypmod);
			MIX(((SubscriptingRef *) node)->refcollid);
			break;
		case T_CoerceToDomainValue:
			MIX(((CoerceToDomainValue *) node)->typeId);
			MIX(((CoerceToDomainValue *) node)->typeMod);
			MIX(((CoerceToDomainValue *) node)->collation);
			break;
		case T_SetToDefault:
			MIX(((SetToDefault *) node)->typeId);
			MIX(((SetToDefault *) node)->typeMod);
			MIX(((SetToDefault *) node)->collation);
			break;
		case T_NextValueExpr:
			MIX(((NextValueExpr *) node)->seqid);
			MIX(((NextValueExpr *) node)->typeId);
			break;
		case T_Aggref:
			{
				Aggref	   *a = (Aggref *) node;

				MIX(a->aggfnoid);
				MIX(a->aggtype);
				MIX(a->aggcollid);
				MIX(a->inputcollid);
				MIX(a->aggstar);
				MIX(a->aggvariadic);
				MIX(a->aggkind);
				MIX(a->agglevelsup);
				MIX(a->aggsplit);
				break;
			}
		case T_WindowFunc:
			{
				WindowFunc *w = (WindowFunc *) node;

				MIX(w->winfnoid);
				MIX(w->wintype);
				MIX(w->wincollid);
				MIX(w->inputcollid);
				MIX(w->winref);
				MIX(w->winstar);
				MIX(w->winagg);
				break;
			}
		case T_SubPlan:
			{
				SubPlan    *sp = (SubPlan *) node;

				MIX(sp->subLinkType);
				MIX(sp->plan_id);
				MIX(sp->firstColType);
				MIX(sp->firstColTypmod);
				MIX(sp->firstColCollation);
				MIX(sp->useHashTable);
				MIX(sp->unknownEqFalse);
				MIX(sp->parallel_safe);
				break;
			}
		case T_Query:
			/* a sublink's query: its tag only */
			return false;
		default:
			break;
	}
	return expression_tree_walker(node, expr_hash_walker, context);
}

#undef MIX

/*
 * sf_expr_hash_size - the hash of an expression, and in *size a bound on
 * the work of equal() on it (its nodes plus the bytes of its constants), in
 * time linear in its size
 */
uint32
sf_expr_hash_size(Node *node, Size *size)
{
	ExprHashState st = {0, 0};

	(void) expr_hash_walker(node, &st);
	if (size != NULL)
		*size = st.size;
	return st.hash;
}

/*
 * sf_expr_hash - the hash of an expression, in time linear in its nodes
 */
uint32
sf_expr_hash(Node *node)
{
	return sf_expr_hash_size(node, NULL);
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
