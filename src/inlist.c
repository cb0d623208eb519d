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
 * Bounded work: any role reaches this with any query that holds ids, so
 * the rewrite of a level costs O(n log n) in its n arms and linear in
 * their size (combine_arms sorts the arms on a hash of their left side),
 * walks each inheritance tree once, checks for interrupts in every loop
 * that grows with the query and for stack depth in every recursion, and
 * runs once per level: the first table's call rewrites it, and the later
 * tables' calls see it done without walking the join tree again.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "pg_snowflake.h"

#include "catalog/pg_class.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "optimizer/plancat.h"
#include "optimizer/planner.h"
#include "parser/parsetree.h"
#include "utils/array.h"
#include "utils/lsyscache.h"

#include "hooks.h"
#include "window.h"

extern PGDLLEXPORT Datum snowflake_eq(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum snowflake_ne(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum snowflake_lt(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum snowflake_ge(PG_FUNCTION_ARGS);

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
 * What one rewrite of a query level's quals remembers: which of the
 * level's tables were looked at for foreign members, and which have one,
 * so that an inheritance tree is walked once per level, not once per
 * group of arms.
 */
typedef struct RewriteContext
{
	PlannerInfo *root;
	Bitmapset  *looked;			/* relids whose members were looked at */
	Bitmapset  *foreign;		/* ... of which are foreign or have a foreign
								 * member */
} RewriteContext;

/*
 * Whether expression x reads a foreign table of this query level, or a
 * table with a foreign inheritance child or partition.
 */
static bool
reads_foreign(RewriteContext *cxt, Node *x)
{
	PlannerInfo *root = cxt->root;
	Relids		relids = pull_varnos(root, x);
	int			relid = -1;

	/* bound: the tables x reads, each looked at once per rewrite */
	while ((relid = bms_next_member(relids, relid)) >= 0)
	{
		RangeTblEntry *rte;
		bool		found = false;

		if (relid >= root->simple_rel_array_size)
			continue;
		if (bms_is_member(relid, cxt->looked))
		{
			if (bms_is_member(relid, cxt->foreign))
				return true;
			continue;
		}
		rte = root->simple_rte_array[relid];
		if (rte == NULL || rte->rtekind != RTE_RELATION)
			continue;
		if (rte->relkind == RELKIND_FOREIGN_TABLE)
			found = true;
		else if (rte->inh)
		{
			/* the members (the parent is locked): their kinds alone */
			List	   *members = find_all_inheritors(rte->relid, NoLock, NULL);
			ListCell   *lc;

			/* bound: the members of one inheritance tree */
			foreach(lc, members)
			{
				CHECK_FOR_INTERRUPTS();
				if (get_rel_relkind(lfirst_oid(lc)) == RELKIND_FOREIGN_TABLE)
				{
					found = true;
					break;
				}
			}
			list_free(members);
		}
		cxt->looked = bms_add_member(cxt->looked, relid);
		if (found)
		{
			cxt->foreign = bms_add_member(cxt->foreign, relid);
			return true;
		}
	}
	return false;
}

/*
 * The most distinct X of one hash and operator that grouping compares the
 * arms of a run with: past them, equal() would run as often as the square
 * of the run's length, for X that the hash cannot tell apart.
 */
#define MAX_LEADERS_PER_RUN	32

/*
 * The work that equal() may do on the X of one list, as a multiple of
 * their size: grouping compares each X with its leader once, and a few
 * distinct X of one hash and size cost a few times more.  Past it, the
 * arms not yet grouped stay as written (the same condition), so that X
 * built to collide cost no more than a few readings of the query.
 */
#define EQUAL_WORK_PER_SIZE	4

/*
 * An arm as grouping sorts it: by its X's hash and size, then operator,
 * then place.  Two X equal() to each other have the same hash and the same
 * size (sf_expr_hash_size), so the X of one run are the only candidates.
 */
typedef struct ArmKey
{
	uint32		hash;
	Size		size;
	Oid			opno;
	int			arm;
} ArmKey;

static int
arm_key_cmp(const void *a, const void *b)
{
	const ArmKey *ka = (const ArmKey *) a;
	const ArmKey *kb = (const ArmKey *) b;

	if (ka->hash != kb->hash)
		return ka->hash < kb->hash ? -1 : 1;
	if (ka->size != kb->size)
		return ka->size < kb->size ? -1 : 1;
	if (ka->opno != kb->opno)
		return ka->opno < kb->opno ? -1 : 1;
	return ka->arm < kb->arm ? -1 : ka->arm > kb->arm;
}

/*
 * The arms of an OR (use_or) or of an AND, with each group of two or more
 * equalities (inequalities) of one X made one array comparison, which
 * takes the place of the group's first arm.
 *
 * The work is O(n log n) in the n arms, and linear in their size: each X
 * is hashed once, the arms are sorted on (hash, size, operator, place), and
 * equal() runs only within a run of one hash, size and operator, against
 * each distinct X of the run once.  The hash mixes every field equal()
 * compares of the usual nodes, so distinct X share a run only by a true
 * collision of the hash; and however many do, all the calls of equal()
 * together do at most EQUAL_WORK_PER_SIZE times the X's total size.
 */
static List *
combine_arms(RewriteContext *cxt, List *args, bool use_or)
{
	int			n = list_length(args);
	ArmKind		want = use_or ? ARM_EQ : ARM_NE;
	ArmKind		redundant = use_or ? ARM_LT0 : ARM_GE0;
	ArmKind    *kind;
	Node	  **xs;
	Const	  **cs;
	int		   *leader;			/* the group's first arm; -1: not yet seen,
								 * -2: in no group */
	int		   *next;			/* the group's next arm, in order; -1: none */
	int		   *size;			/* a leader's group size */
	bool	   *gone;
	ArmKey	   *keys;
	ArmKey	   *groups;			/* the groups made, by their X's hash */
	int			nkeys = 0;
	int			ngroups = 0;
	int			null_to = -1;	/* the leader that takes the NULL arm */
	Size		work = 0;		/* what equal() may still do */
	List	   *result = NIL;
	int			i;
	int			j;

	if (n < 2)
		return args;
	kind = palloc(n * sizeof(ArmKind));
	xs = palloc0(n * sizeof(Node *));
	cs = palloc0(n * sizeof(Const *));
	/* bound: the arms, once */
	for (i = 0; i < n; i++)
	{
		CHECK_FOR_INTERRUPTS();
		kind[i] = arm_kind(list_nth(args, i), &xs[i], &cs[i]);
		if (kind[i] == want)
			nkeys++;
	}
	if (nkeys < 2)
		return args;

	leader = palloc(n * sizeof(int));
	next = palloc(n * sizeof(int));
	size = palloc0(n * sizeof(int));
	gone = palloc0(n * sizeof(bool));
	keys = palloc(nkeys * sizeof(ArmKey));
	groups = palloc(nkeys * sizeof(ArmKey));
	nkeys = 0;
	/* bound: the arms, once; each X hashed once, linear in its size */
	for (i = 0; i < n; i++)
	{
		CHECK_FOR_INTERRUPTS();
		leader[i] = -1;
		next[i] = -1;
		if (kind[i] != want)
			continue;
		keys[nkeys].hash = sf_expr_hash_size(xs[i], &keys[nkeys].size);
		work += EQUAL_WORK_PER_SIZE * keys[nkeys].size;
		keys[nkeys].opno = ((OpExpr *) list_nth(args, i))->opno;
		keys[nkeys].arm = i;
		nkeys++;
	}
	qsort(keys, nkeys, sizeof(ArmKey), arm_key_cmp);

	/*
	 * The groups: same operator, same X, two arms or more.  Within a run of
	 * one hash, size and operator, in the arms' order, the first arm not yet
	 * in a group leads one and takes the later arms of its X, linked in
	 * order.  Each equal() is charged the size of its X, which bounds what it
	 * reads; once the work is spent, arms not yet grouped stay as they are.
	 */
	for (int start = 0, end; start < nkeys; start = end)
	{
		int			leaders = 0;

		/* bound: the runs, together the arms, once */
		for (end = start + 1; end < nkeys && keys[end].hash == keys[start].hash &&
			 keys[end].size == keys[start].size && keys[end].opno == keys[start].opno; end++)
			;
		for (int a = start; a < end; a++)
		{
			int			lead = keys[a].arm;
			int			last = lead;
			bool		ok;

			if (leader[lead] != -1)
				continue;
			/* distinct X of one hash: past a few, arms stay as written */
			if (++leaders > MAX_LEADERS_PER_RUN)
			{
				leader[lead] = -2;
				continue;
			}
			leader[lead] = lead;
			size[lead] = 1;
			/* bound: the rest of the run, at most MAX_LEADERS_PER_RUN times */
			for (int b = a + 1; b < end; b++)
			{
				int			arm = keys[b].arm;

				CHECK_FOR_INTERRUPTS();
				if (leader[arm] != -1)
					continue;
				if (work < keys[b].size)
					break;
				work -= keys[b].size;
				if (equal(xs[arm], xs[lead]))
				{
					leader[arm] = lead;
					next[last] = arm;
					last = arm;
					size[lead]++;
				}
			}
			ok = size[lead] >= 2 &&
				OidIsValid(get_array_type(cs[lead]->consttype)) &&
				!contain_volatile_functions(xs[lead]) &&
				!reads_foreign(cxt, xs[lead]);
			if (!ok)
			{
				size[lead] = 0;
				/* bound: the group */
				for (int arm = lead; arm >= 0; arm = next[arm])
					leader[arm] = -2;
				continue;
			}
			groups[ngroups++] = keys[a];
		}
	}
	if (ngroups == 0)
		return args;
	qsort(groups, ngroups, sizeof(ArmKey), arm_key_cmp);

	/*
	 * Arms that say nothing beside a group of the same X; an OR's NULL.
	 * bound: the arms, each looked up among the groups of its X's hash.
	 */
	for (j = 0; j < n; j++)
	{
		CHECK_FOR_INTERRUPTS();
		if (kind[j] == redundant)
		{
			Size		sz;
			uint32		h = sf_expr_hash_size(xs[j], &sz);
			int			lo = 0;
			int			hi = ngroups;

			work += EQUAL_WORK_PER_SIZE * sz;

			/* the first group of hash h and size sz, by bisection */
			while (lo < hi)
			{
				int			mid = lo + (hi - lo) / 2;

				if (groups[mid].hash < h ||
					(groups[mid].hash == h && groups[mid].size < sz))
					lo = mid + 1;
				else
					hi = mid;
			}
			/* bound: those groups, at most MAX_LEADERS_PER_RUN, and the work */
			for (int tries = 0; lo < ngroups && groups[lo].hash == h &&
				 groups[lo].size == sz && tries < MAX_LEADERS_PER_RUN &&
				 work >= sz; lo++, tries++)
			{
				work -= sz;
				if (equal(xs[j], xs[groups[lo].arm]))
				{
					gone[j] = true;
					break;
				}
			}
		}
		else if (use_or && null_to < 0 && is_null_const(list_nth(args, j)))
		{
			/* once: the first group's leader */
			for (i = 0; i < n && size[i] < 2; i++)
				;
			null_to = i;
			gone[j] = true;
		}
	}

	/* bound: the arms, once, and each group's elements, once */
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

		CHECK_FOR_INTERRUPTS();
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
		for (j = i; j >= 0; j = next[j])
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

/*
 * A qual expression, its ORs and ANDs rewritten bottom-up.
 * bound: the nodes of the qual's AND/OR tree, each once, to any depth the
 * stack allows.
 */
static Node *
rewrite_bool(RewriteContext *cxt, Node *node)
{
	BoolExpr   *b;
	List	   *args = NIL;
	ListCell   *lc;

	if (node == NULL || !IsA(node, BoolExpr))
		return node;
	check_stack_depth();
	b = (BoolExpr *) node;
	foreach(lc, b->args)
	{
		CHECK_FOR_INTERRUPTS();
		args = lappend(args, rewrite_bool(cxt, lfirst(lc)));
	}
	if (b->boolop != NOT_EXPR)
		args = combine_arms(cxt, args, b->boolop == OR_EXPR);
	if (list_length(args) == 1 && b->boolop != NOT_EXPR)
		return linitial(args);
	b->args = args;
	return node;
}

/* A level's quals: an implicit AND list (after preprocessing) or a clause. */
static Node *
rewrite_quals(RewriteContext *cxt, Node *quals)
{
	List	   *args = NIL;
	ListCell   *lc;

	if (quals == NULL)
		return NULL;
	if (!IsA(quals, List))
		return rewrite_bool(cxt, quals);
	/* bound: the level's top-level quals, once */
	foreach(lc, (List *) quals)
	{
		CHECK_FOR_INTERRUPTS();
		args = lappend(args, rewrite_bool(cxt, lfirst(lc)));
	}
	return (Node *) combine_arms(cxt, args, false);
}

/* bound: the nodes of the level's join tree, each once */
static void
rewrite_jointree(RewriteContext *cxt, Node *jt)
{
	ListCell   *lc;

	if (jt == NULL)
		return;
	check_stack_depth();
	CHECK_FOR_INTERRUPTS();
	if (IsA(jt, FromExpr))
	{
		FromExpr   *f = (FromExpr *) jt;

		foreach(lc, f->fromlist)
			rewrite_jointree(cxt, lfirst(lc));
		f->quals = rewrite_quals(cxt, f->quals);
	}
	else if (IsA(jt, JoinExpr))
	{
		JoinExpr   *j = (JoinExpr *) jt;

		rewrite_jointree(cxt, j->larg);
		rewrite_jointree(cxt, j->rarg);
		j->quals = rewrite_quals(cxt, j->quals);
	}
}

/*
 * The first table of a join tree in the order add_base_rels_to_query
 * visits it (FROM items in order, a join's left side first), whose
 * RelOptInfo is the first of the level that get_relation_info fills in;
 * 0 if it has none.  bound: the join tree's nodes up to that table.
 */
static Index
first_table(PlannerInfo *root, Node *jt)
{
	ListCell   *lc;
	Index		found;

	if (jt == NULL)
		return 0;
	check_stack_depth();
	CHECK_FOR_INTERRUPTS();
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
 * The query level whose quals were rewritten last, in this planning: the
 * later tables of that level skip the walk for the first table, which
 * would otherwise be made once per table.  Forgotten when a planner call
 * starts and ends (sf_inlist_forget, from the planner hook in flatten.c),
 * so that a level planned later at the same address is not taken for it.
 */
static PlannerInfo *rewritten_level = NULL;

/* sf_inlist_forget - forget the level rewritten last (a planner call) */
void
sf_inlist_forget(void)
{
	rewritten_level = NULL;
}

/* The get_relation_info_hook before ours, set by module.c */
get_relation_info_hook_type sf_prev_get_relation_info_hook = NULL;

/*
 * sf_get_relation_info - the get_relation_info_hook: for the first table
 * of the query level, whose call comes before the quals go to the
 * relations, the level's quals are rewritten once (members of an
 * inheritance tree come after, and take their parent's quals; the other
 * tables of the level find them rewritten).  Nothing in a database without
 * the extension.
 */
void
sf_get_relation_info(PlannerInfo *root, Oid relationObjectId, bool inhparent,
					 RelOptInfo *rel)
{
	if (sf_prev_get_relation_info_hook)
		sf_prev_get_relation_info_hook(root, relationObjectId, inhparent, rel);
	if (rel->reloptkind == RELOPT_BASEREL && root->parse->jointree != NULL &&
		root != rewritten_level && sf_extension_created() &&
		rel->relid == first_table(root, (Node *) root->parse->jointree))
	{
		RewriteContext cxt = {root, NULL, NULL};

		rewrite_jointree(&cxt, (Node *) root->parse->jointree);
		rewritten_level = root;
	}
}
