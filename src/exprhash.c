/*-------------------------------------------------------------------------
 *
 * exprhash.c
 *	  A hash of an expression that every expression equal() to it shares,
 *	  so that the planner hooks find equal expressions among many by
 *	  sorting or hashing, and run equal() only within a run of one hash.
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
					/* the bytes that datumIsEqual compares, as equal() does */
					Size		len = datumGetSize(c->constvalue, false, c->constlen);

					MIX(hash_bytes((const unsigned char *) DatumGetPointer(c->constvalue), (int) len));
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
