/*-------------------------------------------------------------------------
 *
 * inlist.c
 *	  "id IN (1, 2, 3)" as one "= ANY" scan.
 *
 * An IN list becomes one ScalarArrayOpExpr only when its items have a
 * common type with the id (transformAExprIn), and integers have none: they
 * do not convert to ids implicitly, on purpose (doc/snowflake-reference.md,
 * "Casts and integers").  So the parser writes "id = 1 OR id = 2 OR
 * id = 3" with the (snowflake, bigint) operators, and int8_simplify
 * (int8support.c) turns each arm into "id = '1'::snowflake", a negative
 * item into "id < '0'", which holds for no id.  PostgreSQL 15 plans such
 * an OR as a BitmapOr of one index probe per item; 18 folds the
 * equalities into "= ANY" when it matches them to an index, but not past
 * an "id < '0'" arm.
 *
 * The planner calls get_relation_info_hook for the relations of a query
 * level after it has simplified the level's quals and before it hands them
 * to the relations (query_planner: add_base_rels_to_query, then
 * deconstruct_jointree).  There this file rewrites, in the WHERE and ON
 * quals of that level:
 *
 *	 X = c1 OR X = c2 OR ...	  into  X = ANY ('{c1,c2,...}')
 *	 X <> c1 AND X <> c2 AND ...  into  X <> ALL ('{c1,c2,...}')
 *
 * for the id operators = and <> of this library (by the C function behind
 * them), two or more constant arms on the same non-volatile X.  The two
 * forms are the same condition for any X, NULL or not.  Beside them:
 *
 * - "X < '0'" in such an OR is false for an id and NULL for a NULL one, as
 *	 "X = c" is when c is not X; "X >= '0'" in such an AND is true or NULL
 *	 alike.  They are dropped.
 * - a NULL arm of the OR (an item NULL) becomes a NULL element: both are
 *	 true where X is one of the c, NULL elsewhere.
 *
 * Nothing else changes: only clauses that already call the library's
 * operators on ids are touched, and only into the form that
 * "id IN ('1', '2')" parses to, hashed as preprocessing hashes that one
 * (convert_saop_to_hashed_saop: a sequential scan probes a hash table, not
 * the whole array, per row).  Except on a foreign table, or a table with a
 * foreign member: postgres_fdw sends an OR of id comparisons to the remote
 * side, but not an array of ids (the array type is no member of the
 * extension, so it is not "shippable"), and would fetch every row.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "pg_snowflake.h"

#include "catalog/pg_class.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "optimizer/plancat.h"
#include "parser/parsetree.h"
#include "utils/array.h"
#include "utils/lsyscache.h"

#include "window.h"

extern PGDLLEXPORT Datum snowflake_eq(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum snowflake_ne(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum snowflake_lt(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum snowflake_ge(PG_FUNCTION_ARGS);

static get_relation_info_hook_type prev_get_relation_info_hook = NULL;

typedef enum
{
	ARM_OTHER,
	ARM_EQ,						/* X = c */
	ARM_NE,						/* X <> c */
	ARM_LT0,					/* X < '0' */
	ARM_GE0						/* X >= '0' */
} ArmKind;

/*
 * The names of the functions an arm may call: only a function of one of
 * these names is looked up (fmgr_info) to see whether it is this
 * library's, so that no other function's library is loaded, nor its
 * definition checked, at plan time.
 */
static const char *const arm_functions[] = {
	"snowflake_eq", "snowflake_ne", "snowflake_lt", "snowflake_ge"
};

/* What a clause is, and its X and c: "X op c", op one of this library's. */
static ArmKind
arm_kind(Node *clause, Node **x, Const **c)
{
	OpExpr	   *op;
	Node	   *left;
	Const	   *right;
	Oid			funcid;
	FmgrInfo	flinfo;

	if (!IsA(clause, OpExpr))
		return ARM_OTHER;
	op = (OpExpr *) clause;
	if (list_length(op->args) != 2 || !IsA(lsecond(op->args), Const))
		return ARM_OTHER;
	left = linitial(op->args);
	right = lsecond(op->args);
	if (right->constisnull || exprType(left) != right->consttype ||
		right->constlen != sizeof(Snowflake) || !right->constbyval)
		return ARM_OTHER;
	funcid = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
	if (!OidIsValid(funcid) ||
		sf_func_name_index(funcid, SF_NAMES_INLIST, &arm_functions[0],
						   sizeof(arm_functions[0]), lengthof(arm_functions)) < 0 ||
		get_func_nargs(funcid) != 2)
		return ARM_OTHER;
	fmgr_info(funcid, &flinfo);
	*x = left;
	*c = right;
	if (flinfo.fn_addr == snowflake_eq)
		return ARM_EQ;
	if (flinfo.fn_addr == snowflake_ne)
		return ARM_NE;
	if (DatumGetSnowflake(right->constvalue) != 0)
		return ARM_OTHER;
	if (flinfo.fn_addr == snowflake_lt)
		return ARM_LT0;
	if (flinfo.fn_addr == snowflake_ge)
		return ARM_GE0;
	return ARM_OTHER;
}

static bool
is_null_const(Node *n)
{
	return IsA(n, Const) && ((Const *) n)->constisnull;
}

/*
 * Whether expression x reads a foreign table of this query level, or a
 * table with a foreign inheritance child or partition.
 */
static bool
reads_foreign(PlannerInfo *root, Node *x)
{
	Relids		relids = pull_varnos(root, x);
	int			relid = -1;

	while ((relid = bms_next_member(relids, relid)) >= 0)
	{
		RangeTblEntry *rte;
		List	   *members;
		ListCell   *lc;

		if (relid >= root->simple_rel_array_size)
			continue;
		rte = root->simple_rte_array[relid];
		if (rte == NULL || rte->rtekind != RTE_RELATION)
			continue;
		if (rte->relkind == RELKIND_FOREIGN_TABLE)
			return true;
		if (!rte->inh)
			continue;
		/* the members: the parent is locked, and only their kinds are read */
		members = find_all_inheritors(rte->relid, NoLock, NULL);
		foreach(lc, members)
			if (get_rel_relkind(lfirst_oid(lc)) == RELKIND_FOREIGN_TABLE)
			return true;
	}
	return false;
}

/*
 * The arms of an OR (use_or) or of an AND, with each group of two or more
 * equalities (inequalities) of one X made one array comparison, which
 * takes the place of the group's first arm.
 */
static List *
combine_arms(PlannerInfo *root, List *args, bool use_or)
{
	int			n = list_length(args);
	ArmKind		want = use_or ? ARM_EQ : ARM_NE;
	ArmKind		redundant = use_or ? ARM_LT0 : ARM_GE0;
	ArmKind    *kind;
	Node	  **xs;
	Const	  **cs;
	int		   *leader;			/* the group's first arm; -1: not yet seen,
								 * -2: in no group */
	int		   *size;			/* a leader's group size */
	bool	   *gone;
	int			null_to = -1;	/* the leader that takes the NULL arm */
	bool		any = false;
	List	   *result = NIL;
	int			i;
	int			j;

	if (n < 2)
		return args;
	kind = palloc(n * sizeof(ArmKind));
	xs = palloc0(n * sizeof(Node *));
	cs = palloc0(n * sizeof(Const *));
	leader = palloc(n * sizeof(int));
	size = palloc0(n * sizeof(int));
	gone = palloc0(n * sizeof(bool));
	for (i = 0; i < n; i++)
	{
		kind[i] = arm_kind(list_nth(args, i), &xs[i], &cs[i]);
		leader[i] = -1;
	}

	/*
	 * The groups: same operator, same X, two arms or more.  Each arm is
	 * looked at by one group only (leader -2: in no group), so a list that
	 * makes no group costs one pass over it, not one per arm.
	 */
	for (i = 0; i < n; i++)
	{
		Oid			opno;
		bool		ok;

		if (kind[i] != want || leader[i] != -1)
			continue;
		opno = ((OpExpr *) list_nth(args, i))->opno;
		for (j = i; j < n; j++)
			if (kind[j] == want && leader[j] == -1 &&
				((OpExpr *) list_nth(args, j))->opno == opno &&
				equal(xs[j], xs[i]))
			{
				leader[j] = i;
				size[i]++;
			}
		ok = size[i] >= 2 &&
			OidIsValid(get_array_type(cs[i]->consttype)) &&
			!contain_volatile_functions(xs[i]) &&
			!reads_foreign(root, xs[i]);
		if (!ok)
		{
			size[i] = 0;
			for (j = i; j < n; j++)
				if (leader[j] == i)
					leader[j] = -2;
			continue;
		}
		any = true;
	}
	if (!any)
		return args;

	/* arms that say nothing beside a group of the same X; an OR's NULL */
	for (j = 0; j < n; j++)
	{
		if (kind[j] == redundant)
		{
			for (i = 0; i < n; i++)
				if (size[i] >= 2 && equal(xs[j], xs[i]))
				{
					gone[j] = true;
					break;
				}
		}
		else if (use_or && null_to < 0 && is_null_const(list_nth(args, j)))
		{
			for (i = 0; i < n && size[i] < 2; i++)
				;
			null_to = i;
			gone[j] = true;
		}
	}

	for (i = 0; i < n; i++)
	{
		OpExpr	   *first = (OpExpr *) list_nth(args, i);
		int			k = 0;
		int			dims[1];
		int			lbs[1] = {1};
		Datum	   *elems;
		bool	   *nulls;
		Oid			elemtype;
		ScalarArrayOpExpr *saop;

		if (gone[i] || (leader[i] >= 0 && leader[i] != i))
			continue;
		if (leader[i] < 0)
		{
			result = lappend(result, first);
			continue;
		}
		elemtype = cs[i]->consttype;
		elems = palloc((size[i] + 1) * sizeof(Datum));
		nulls = palloc0((size[i] + 1) * sizeof(bool));
		for (j = i; j < n; j++)
			if (leader[j] == i)
				elems[k++] = cs[j]->constvalue;
		if (null_to == i)
		{
			elems[k] = (Datum) 0;
			nulls[k++] = true;
		}
		dims[0] = k;
		saop = makeNode(ScalarArrayOpExpr);
		saop->opno = first->opno;
		saop->opfuncid = OidIsValid(first->opfuncid) ? first->opfuncid : get_opcode(first->opno);
		saop->useOr = use_or;
		saop->inputcollid = first->inputcollid;
		saop->args = list_make2(copyObject(xs[i]),
								makeConst(get_array_type(elemtype), -1, InvalidOid, -1,
										  PointerGetDatum(construct_md_array(elems, nulls, 1, dims, lbs,
																			 elemtype, sizeof(Snowflake),
																			 true, TYPALIGN_DOUBLE)),
										  false, false));
		saop->location = first->location;
		convert_saop_to_hashed_saop((Node *) saop);
		result = lappend(result, saop);
	}
	return result;
}

/* A qual expression, its ORs and ANDs rewritten bottom-up. */
static Node *
rewrite_bool(PlannerInfo *root, Node *node)
{
	BoolExpr   *b;
	List	   *args = NIL;
	ListCell   *lc;

	if (node == NULL || !IsA(node, BoolExpr))
		return node;
	b = (BoolExpr *) node;
	foreach(lc, b->args)
		args = lappend(args, rewrite_bool(root, lfirst(lc)));
	if (b->boolop != NOT_EXPR)
		args = combine_arms(root, args, b->boolop == OR_EXPR);
	if (list_length(args) == 1 && b->boolop != NOT_EXPR)
		return linitial(args);
	b->args = args;
	return node;
}

/* A level's quals: an implicit AND list (after preprocessing) or a clause. */
static Node *
rewrite_quals(PlannerInfo *root, Node *quals)
{
	List	   *args = NIL;
	ListCell   *lc;

	if (quals == NULL)
		return NULL;
	if (!IsA(quals, List))
		return rewrite_bool(root, quals);
	foreach(lc, (List *) quals)
		args = lappend(args, rewrite_bool(root, lfirst(lc)));
	return (Node *) combine_arms(root, args, false);
}

static void
rewrite_jointree(PlannerInfo *root, Node *jt)
{
	ListCell   *lc;

	if (jt == NULL)
		return;
	if (IsA(jt, FromExpr))
	{
		FromExpr   *f = (FromExpr *) jt;

		foreach(lc, f->fromlist)
			rewrite_jointree(root, lfirst(lc));
		f->quals = rewrite_quals(root, f->quals);
	}
	else if (IsA(jt, JoinExpr))
	{
		JoinExpr   *j = (JoinExpr *) jt;

		rewrite_jointree(root, j->larg);
		rewrite_jointree(root, j->rarg);
		j->quals = rewrite_quals(root, j->quals);
	}
}

/*
 * The first table of a join tree in the order add_base_rels_to_query
 * visits it (FROM items in order, a join's left side first), whose
 * RelOptInfo is the first of the level that get_relation_info fills in;
 * 0 if it has none.
 */
static Index
first_table(PlannerInfo *root, Node *jt)
{
	ListCell   *lc;
	Index		found;

	if (jt == NULL)
		return 0;
	if (IsA(jt, RangeTblRef))
	{
		Index		rti = ((RangeTblRef *) jt)->rtindex;

		return rt_fetch(rti, root->parse->rtable)->rtekind == RTE_RELATION ? rti : 0;
	}
	if (IsA(jt, FromExpr))
	{
		foreach(lc, ((FromExpr *) jt)->fromlist)
			if ((found = first_table(root, lfirst(lc))) != 0)
			return found;
		return 0;
	}
	if (IsA(jt, JoinExpr))
	{
		if ((found = first_table(root, ((JoinExpr *) jt)->larg)) != 0)
			return found;
		return first_table(root, ((JoinExpr *) jt)->rarg);
	}
	return 0;
}

/*
 * The hook: for the first table of the query level, whose call comes
 * before the quals go to the relations, the level's quals are rewritten
 * once (members of an inheritance tree come after, and take their
 * parent's quals; the other tables of the level find them rewritten).
 */
static void
sf_get_relation_info(PlannerInfo *root, Oid relationObjectId, bool inhparent,
					 RelOptInfo *rel)
{
	if (prev_get_relation_info_hook)
		prev_get_relation_info_hook(root, relationObjectId, inhparent, rel);
	if (rel->reloptkind == RELOPT_BASEREL && root->parse->jointree != NULL &&
		rel->relid == first_table(root, (Node *) root->parse->jointree))
		rewrite_jointree(root, (Node *) root->parse->jointree);
}

/* sf_inlist_init - install the hook (from _PG_init) */
void
sf_inlist_init(void)
{
	prev_get_relation_info_hook = get_relation_info_hook;
	get_relation_info_hook = sf_get_relation_info;
}
