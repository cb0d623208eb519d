/*-------------------------------------------------------------------------
 *
 * planner.c
 *	  Planner support for time windows over ids: "id <@ tstzrange", its
 *	  commutator "tstzrange @> id", and the comparisons of an id with an
 *	  instant ("id >= t", "t > id", ...): index conditions, partition
 *	  pruning, and selectivity.
 *
 * The ids of a window form one run [lo, hi], so "id <@ r" is exactly
 * "id >= lo AND id <= hi", and "id >= t" is "id <@ [t,)", that is "id >= lo".
 * Only the comparisons a window needs are made: one for a one-sided window,
 * two for a range.
 *
 * - SupportRequestIndexCondition hands those comparisons to any btree or
 *	 BRIN index on the id, as exact (non-lossy) conditions.  For a constant
 *	 window they are constants.  Otherwise the bounds are computed once per
 *	 scan by strict functions, so that a NULL instant or range gives a NULL
 *	 bound, and the condition, like the operator, holds for no row:
 *	 snowflake_first_after(t, inclusive) and snowflake_last_before(t,
 *	 inclusive) for an instant, snowflake_range_floor(r) and
 *	 snowflake_range_ceil(r) for a range.  (A database whose SQL predates
 *	 the first two gets an equivalent expression of older functions.)
 *
 * - SupportRequestSimplify serves tables partitioned by range of the id
 *	 only: partition pruning recognises nothing but the operators of the
 *	 partition key's btree family.  The clause is kept, for its estimator,
 *	 for partial-index predicates and ON CONFLICT inference, and ANDed with
 *	 comparisons that pruning reads and that hold wherever it holds; only a
 *	 range known at run time is replaced, by its two exact comparisons (see
 *	 simplify_partitioned).  Elsewhere the clause is left as it is.
 *
 * - snowflake_range_sel, the estimator of "<@", interpolates the column's
 *	 histogram numerically: ids are integers, and time is linear in them.
 *	 The comparisons with an instant use core's scalarltsel and its kin
 *	 instead, like the comparisons of ids, so that the planner still pairs
 *	 "id >= t0 AND id < t1" into one range when estimating.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include <math.h>

#include "access/relation.h"
#include "access/stratnum.h"
#include "catalog/dependency.h"
#include "catalog/namespace.h"
#include "catalog/pg_am.h"
#include "catalog/pg_class.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_operator.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_statistic.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "parser/parse_func.h"
#include "parser/parsetree.h"
#include "partitioning/partbounds.h"
#include "partitioning/partdesc.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/partcache.h"
#include "utils/rel.h"
#include "utils/selfuncs.h"
#include "utils/typcache.h"

PG_FUNCTION_INFO_V1(snowflake_range_support);
PG_FUNCTION_INFO_V1(snowflake_range_sel);
PG_FUNCTION_INFO_V1(snowflake_range_joinsel);

/*
 * A clause that selects the ids of one time window: "id <@ range",
 * "range @> id", or a comparison of the id with an instant, which is the
 * one-sided window it describes ("id > t" is "id <@ (t,)").
 */
typedef struct SfWindow
{
	Node	   *id;				/* the id argument */
	Node	   *range;			/* the tstzrange argument, or NULL */
	Node	   *instant;		/* else the timestamptz argument */
	bool		from_instant;	/* the instant is the window's lower end */
	bool		inclusive;		/* ... and belongs to it */
	const char *opname;			/* the operator whose function this is */
} SfWindow;

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
static bool
window_of_call(Oid funcid, List *args, SfWindow *w)
{
	Node	   *a;
	Node	   *b;
	char	   *name;
	size_t		i;

	if (list_length(args) != 2)
		return false;
	a = linitial(args);
	b = lsecond(args);
	memset(w, 0, sizeof(*w));

	if (getBaseType(exprType(a)) == TSTZRANGEOID)
	{
		w->range = a;
		w->id = b;
		w->opname = "@>";
		return true;
	}
	if (getBaseType(exprType(b)) == TSTZRANGEOID)
	{
		w->range = b;
		w->id = a;
		w->opname = "<@";
		return true;
	}

	name = get_func_name(funcid);
	for (i = 0; name != NULL && i < lengthof(instant_comparisons); i++)
	{
		if (strcmp(name, instant_comparisons[i].name) != 0)
			continue;
		w->id = instant_comparisons[i].id_first ? a : b;
		w->instant = instant_comparisons[i].id_first ? b : a;
		w->from_instant = instant_comparisons[i].from_instant;
		w->inclusive = instant_comparisons[i].inclusive;
		w->opname = instant_comparisons[i].opname;
		return true;
	}
	return false;
}

/* The argument that must be constant during a scan: the range or instant. */
static Node *
window_bound(const SfWindow *w)
{
	return w->range != NULL ? w->range : w->instant;
}

/*
 * The ids of a window whose bound is a non-NULL constant: false if there
 * are none, else [*lo, *hi].
 */
static bool
window_const_ids(const SfWindow *w, Snowflake *lo, Snowflake *hi)
{
	Const	   *c = (Const *) window_bound(w);
	TimestampTz t;
	uint64_t	a = 0;
	uint64_t	b = 0;

	Assert(IsA(c, Const) && !c->constisnull);
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
 * The btree operators a window is written with: those of the opfamily of
 * the index or the partition key, for the id's type.
 */
typedef struct SfOps
{
	Oid			sftype;
	Oid			lt;
	Oid			ge;
	Oid			le;
	Oid			eq;
	Oid			nsp;			/* the extension's schema */
	Oid			ext;			/* the extension */
} SfOps;

/*
 * Whether the object is a member of the extension that function sibling
 * belongs to.  A function or operator found by name in the extension's
 * schema may be a stranger's: one that an older catalogue lacks (1.1 has
 * no snowflake_first_after), created there by a role that may create
 * objects in that schema.  The planner builds calls of members only, or
 * it would run that role's code as whoever runs the query.
 */
static bool
extension_member(Oid classid, Oid objid, Oid sibling)
{
	Oid			ext = getExtensionOfObject(ProcedureRelationId, sibling);

	return OidIsValid(ext) && getExtensionOfObject(classid, objid) == ext;
}

/*
 * The operators, or false if the family lacks them or orders ids otherwise
 * than by their value: a family of a user's own (a descending opclass, say)
 * may hold other operators at these strategies, and the bounds computed
 * here assume the natural order.  So its operators must be the default
 * btree family's, which BRIN minmax shares.
 */
static bool
lookup_ops(Oid opfamily, Oid sftype, Oid sibling, SfOps *ops)
{
	Oid			opclass = GetDefaultOpClass(sftype, BTREE_AM_OID);
	Oid			natural;

	if (!OidIsValid(opclass))
		return false;
	natural = get_opclass_family(opclass);
	ops->sftype = sftype;
	ops->lt = get_opfamily_member(opfamily, sftype, sftype, BTLessStrategyNumber);
	ops->ge = get_opfamily_member(opfamily, sftype, sftype, BTGreaterEqualStrategyNumber);
	ops->le = get_opfamily_member(opfamily, sftype, sftype, BTLessEqualStrategyNumber);
	ops->eq = get_opfamily_member(opfamily, sftype, sftype, BTEqualStrategyNumber);
	ops->nsp = get_func_namespace(sibling);
	ops->ext = getExtensionOfObject(ProcedureRelationId, sibling);
	return OidIsValid(ops->ext) && OidIsValid(ops->lt) && OidIsValid(ops->ge) &&
		OidIsValid(ops->le) && OidIsValid(ops->eq) &&
		ops->lt == get_opfamily_member(natural, sftype, sftype, BTLessStrategyNumber) &&
		ops->ge == get_opfamily_member(natural, sftype, sftype, BTGreaterEqualStrategyNumber) &&
		ops->le == get_opfamily_member(natural, sftype, sftype, BTLessEqualStrategyNumber) &&
		ops->eq == get_opfamily_member(natural, sftype, sftype, BTEqualStrategyNumber);
}

/* A constant of the id's type. */
static Node *
make_id_const(const SfOps *ops, Snowflake value)
{
	return (Node *) makeConst(ops->sftype, -1, InvalidOid, sizeof(Snowflake),
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
	Oid			fn;

	fn = LookupFuncName(list_make2(makeString(get_namespace_name(ops->nsp)),
								   makeString(pstrdup(name))),
						nargs, argtypes, true);
	if (!OidIsValid(fn) || getExtensionOfObject(ProcedureRelationId, fn) != ops->ext)
		return NULL;
	return (Node *) makeFuncExpr(fn, rettype, args, InvalidOid, InvalidOid,
								 COERCE_EXPLICIT_CALL);
}

/* The argument types of the functions on a range */
static const Oid range_arg[] = {TSTZRANGEOID};

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
 * The id bound of a one-sided window on a non-constant instant t: the
 * smallest id in it for a lower end, the largest for an upper end; NULL
 * when t is NULL or no id is in the window.  Evaluates t once.
 */
static Node *
instant_bound_expr(const SfWindow *w, const SfOps *ops)
{
	static const Oid args[] = {TIMESTAMPTZOID, BOOLOID};
	Node	   *t = copyObject(w->instant);
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
					   make_id_const(ops, w->from_instant ? SF_MAX : SF_MIN));
}

/* The clause "id op bound". */
static Expr *
make_comparison(Oid op, Node *id, Node *bound)
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
		return list_make1(make_comparison(ops->lt, id, make_id_const(ops, SF_MIN)));
	if (lo != SF_MIN || hi == SF_MAX)
		clauses = lappend(clauses, make_comparison(ops->ge, id, make_id_const(ops, lo)));
	if (hi != SF_MAX)
		clauses = lappend(clauses, make_comparison(ops->le, id, make_id_const(ops, hi)));
	return clauses;
}

/*
 * The window as comparisons of the id, exactly: the constants above, or for
 * a bound known only at run time, "id >= floor" for a lower end, "id <=
 * ceil" for an upper end, and both for a range.  NIL if the extension lacks
 * a function, or the bound would have to be copied into two comparisons and
 * holds a subquery, which must not run twice.
 */
static List *
window_to_comparisons(const SfOps *ops, const SfWindow *w)
{
	Node	   *bound = window_bound(w);
	Node	   *lo;
	Node	   *hi;

	if (IsA(bound, Const))
	{
		Snowflake	a = 0;
		Snowflake	b = 0;
		bool		any;

		/* NULL: the strict operator gives NULL, and so does "id >= NULL" */
		if (((Const *) bound)->constisnull)
			return list_make1(make_comparison(ops->ge, w->id,
											  (Node *) makeNullConst(ops->sftype, -1, InvalidOid)));
		any = window_const_ids(w, &a, &b);
		return const_window_comparisons(ops, w->id, any, a, b);
	}

	if (w->instant != NULL)
	{
		Node	   *b = instant_bound_expr(w, ops);

		if (b == NULL)
			return NIL;
		return list_make1(make_comparison(w->from_instant ? ops->ge : ops->le,
										  w->id, b));
	}

	if (contain_subplans(bound))
		return NIL;
	/* the functions take the tstzrange the operator's domain is over */
	if (IsA(bound, RelabelType) &&
		exprType((Node *) ((RelabelType *) bound)->arg) == TSTZRANGEOID)
		bound = (Node *) ((RelabelType *) bound)->arg;
	lo = make_call(ops, "snowflake_range_floor", 1, range_arg,
				   ops->sftype, list_make1(copyObject(bound)));
	hi = make_call(ops, "snowflake_range_ceil", 1, range_arg,
				   ops->sftype, list_make1(copyObject(bound)));
	if (lo == NULL || hi == NULL)
		return NIL;
	return list_make2(make_comparison(ops->ge, w->id, lo),
					  make_comparison(ops->le, w->id, hi));
}

/*
 * The column an id argument reads, or NULL: a Var, or a Var of a domain
 * over the id's type, which the parser relabels to the type.
 */
static Var *
id_column(Node *id)
{
	if (IsA(id, RelabelType))
		id = (Node *) ((RelabelType *) id)->arg;
	return IsA(id, Var) ? (Var *) id : NULL;
}

/*
 * The table of a column of this query level, if it is a partitioned one;
 * otherwise InvalidOid.
 */
static Oid
partitioned_table_of(PlannerInfo *root, Node *id)
{
	Var		   *var = id_column(id);
	RangeTblEntry *rte;

	if (root == NULL || root->parse == NULL || var == NULL)
		return InvalidOid;
	if (var->varlevelsup != 0 || var->varno <= 0 ||
		var->varno > list_length(root->parse->rtable))
		return InvalidOid;
	rte = rt_fetch(var->varno, root->parse->rtable);
	if (rte->rtekind != RTE_RELATION ||
		rte->relkind != RELKIND_PARTITIONED_TABLE)
		return InvalidOid;
	return rte->relid;
}

/*
 * Is relid partitioned by range, with the id (column attno) as the first
 * key column?  *opfamily is then the key's btree family.
 */
static bool
range_partitioned_on(Oid relid, AttrNumber attno, Oid *opfamily)
{
	Relation	rel = relation_open(relid, NoLock);
	PartitionKey key = RelationGetPartitionKey(rel);
	bool		result = false;

	if (key != NULL && key->strategy == PARTITION_STRATEGY_RANGE &&
		key->partattrs[0] == attno)
	{
		*opfamily = key->partopfamily[0];
		result = true;
	}
	relation_close(rel, NoLock);
	return result;
}

/*
 * Partition bounds around the ids [lo, hi] of a constant window on a table
 * partitioned by range of the id: *below, the largest bound at or under
 * lo, and *above, the smallest bound over hi, each only where some
 * partition (or the default one) lies beyond it.  The comparisons
 * "id >= below" and "id < above" prune the partitions the window misses,
 * and pass every row of the others.
 */
static void
partition_bounds_around(Oid relid, Snowflake lo, Snowflake hi,
						bool *has_below, Snowflake *below,
						bool *has_above, Snowflake *above)
{
	Relation	rel = relation_open(relid, NoLock);
	PartitionBoundInfo bi = RelationGetPartitionDesc(rel, true)->boundinfo;
	int			first = -1;
	int			last = -1;
	int			i;

	*has_below = *has_above = false;
	for (i = 0; bi != NULL && i < bi->ndatums; i++)
	{
		Snowflake	b;

		if (bi->kind[i][0] != PARTITION_RANGE_DATUM_VALUE)
			continue;
		b = DatumGetSnowflake(bi->datums[i][0]);
		if (b <= lo)
			first = i;
		if (b > hi && last < 0)
			last = i;
	}
	if (first >= 0 && (first > 0 || partition_bound_has_default(bi)))
	{
		*has_below = true;
		*below = DatumGetSnowflake(bi->datums[first][0]);
	}
	if (last >= 0 && (last < bi->ndatums - 1 || partition_bound_has_default(bi)))
	{
		*has_above = true;
		*above = DatumGetSnowflake(bi->datums[last][0]);
	}
	relation_close(rel, NoLock);
}

/*
 * The operator of one of our operator functions, for rebuilding its clause.
 */
static Oid
window_operator(Oid funcid, const SfWindow *w)
{
	Oid		   *argtypes;
	int			nargs;
	char	   *nsp = get_namespace_name(get_func_namespace(funcid));
	Oid			op;

	(void) get_func_signature(funcid, &argtypes, &nargs);
	if (nargs != 2)
		return InvalidOid;
	op = OpernameGetOprid(list_make2(makeString(nsp), makeString((char *) w->opname)),
						  argtypes[0], argtypes[1]);
	return extension_member(OperatorRelationId, op, funcid) ? op : InvalidOid;
}

/*
 * A kept clause comes back to the simplifier: eval_const_expressions
 * simplifies again the arguments of an AND that a support function returns.
 * So its id carries a mark, in the parse location that equal() and every
 * output ignore, of the range table entry it was expanded for; a clause
 * already expanded there is left alone.  A partition that is itself
 * partitioned has an entry of its own, and is expanded for its own bounds.
 * (Parse locations are never below -1.)
 */
#define SF_EXPANDED_MARK(varno)		(-1000 - (int) (varno))

/*
 * Whether rinfos (a relation's restrictions) hold the comparison cmp, with
 * the id's column read as column attno of relation varno.
 */
static bool
holds_comparison(List *rinfos, Expr *cmp, Index varno, AttrNumber attno)
{
	Expr	   *want = copyObject(cmp);
	Var		   *var = id_column(linitial(((OpExpr *) want)->args));
	ListCell   *lc;

	var->varno = varno;
	var->varattno = attno;
	foreach(lc, rinfos)
	{
		if (equal(((RestrictInfo *) lfirst(lc))->clause, want))
			return true;
	}
	return false;
}

/*
 * Whether id's relation is a partition whose parent's restrictions already
 * hold every comparison of cmps: the run-time bounds of a clause that a
 * partitioned table added (simplify_partitioned), which its partitions
 * inherit as they are.  (A partition's column is a new Var, without the
 * parent's mark.)
 */
static bool
parent_holds_comparisons(PlannerInfo *root, Var *id, List *cmps)
{
	Index		varno = id->varno;
	AttrNumber	attno = id->varattno;
	AppendRelInfo *appinfo;
	ListCell   *lc;

	if (root == NULL || cmps == NIL || varno <= 0 ||
		varno >= (Index) root->simple_rel_array_size || attno <= 0)
		return false;
	if (root->append_rel_array == NULL ||
		(appinfo = root->append_rel_array[varno]) == NULL ||
		attno > appinfo->num_child_cols ||
		appinfo->parent_colnos[attno - 1] <= 0)
		return false;
	varno = appinfo->parent_relid;
	attno = appinfo->parent_colnos[attno - 1];
	if (root->simple_rel_array[varno] == NULL)
		return false;
	foreach(lc, cmps)
	{
		if (!holds_comparison(root->simple_rel_array[varno]->baserestrictinfo,
							  lfirst(lc), varno, attno))
			return false;
	}
	return true;
}

/*
 * A window over the id of a table partitioned by range of it.  Partition
 * pruning needs comparisons from the key's btree family, so they are
 * ANDed to the clause, which is kept: its estimator, partial-index
 * predicates and ON CONFLICT inference still see it.  Each comparison
 * holds wherever the clause holds, so the AND has the clause's value,
 * NULL included, in a target list or under NOT as well as in WHERE.
 *
 * - A constant window gets the partition bounds around it (above), which
 *	 every row of a remaining partition passes: the partitions' estimates
 *	 are the clause's alone.
 * - A one-sided window on a run-time instant gets its exact bound,
 *	 snowflake_first_after(t, inclusive) or snowflake_last_before(t,
 *	 inclusive), for run-time pruning.  That bound is NULL where no id is in
 *	 the window, which under the AND is as false as the clause is.  (The
 *	 estimator takes the tighter of the two like comparisons, not both.)
 *	 The bound is the same at every level, so a partition that is itself
 *	 partitioned does not add it again.
 * - A range known only at run time is replaced by its two exact
 *	 comparisons, whose value is the clause's: the clause kept beside them
 *	 would have its estimate multiplied by theirs.
 * - A bound holding a subquery is left alone, rather than run twice, and so
 *	 is one read from the table's own row, which no pruning can use: the
 *	 clause stays as written, for partial indexes and ON CONFLICT.
 */
static Node *
simplify_partitioned(SupportRequestSimplify *req, const SfWindow *w, Oid relid)
{
	Var		   *id = id_column(w->id);
	Node	   *bound = window_bound(w);
	Oid			opfamily = InvalidOid;
	SfOps		ops;
	List	   *helpers = NIL;
	Node	   *marked;
	Oid			op;
	Expr	   *clause;

	if (id->location == SF_EXPANDED_MARK(id->varno) ||
		!range_partitioned_on(relid, id->varattno, &opfamily) ||
		!lookup_ops(opfamily, exprType(w->id), req->fcall->funcid, &ops) ||
		contain_volatile_functions(bound) || contain_subplans(bound) ||
		bms_is_member(id->varno, pull_varnos(req->root, bound)))
		return NULL;

	if (IsA(bound, Const))
	{
		Snowflake	lo = 0;
		Snowflake	hi = 0;
		bool		has_below;
		bool		has_above;
		Snowflake	below = 0;
		Snowflake	above = 0;

		if (((Const *) bound)->constisnull)
			return NULL;
		if (!window_const_ids(w, &lo, &hi))
			helpers = list_make1(make_comparison(ops.lt, w->id, make_id_const(&ops, SF_MIN)));
		else
		{
			partition_bounds_around(relid, lo, hi, &has_below, &below, &has_above, &above);
			if (has_below)
				helpers = lappend(helpers, make_comparison(ops.ge, w->id, make_id_const(&ops, below)));
			if (has_above)
				helpers = lappend(helpers, make_comparison(ops.lt, w->id, make_id_const(&ops, above)));
		}
	}
	else if (w->range != NULL)
	{
		List	   *clauses = window_to_comparisons(&ops, w);

		if (clauses == NIL)
			return NULL;
		return (Node *) make_andclause(clauses);
	}
	else
	{
		helpers = window_to_comparisons(&ops, w);
		if (parent_holds_comparisons(req->root, id, helpers))
			return NULL;
	}

	op = window_operator(req->fcall->funcid, w);
	if (helpers == NIL || !OidIsValid(op))
		return NULL;

	/* the clause itself, rebuilt with its id marked */
	marked = copyObject(w->id);
	id_column(marked)->location = SF_EXPANDED_MARK(id->varno);
	clause = make_opclause(op, BOOLOID, false,
						   (Expr *) (linitial(req->fcall->args) == w->id ?
									 (Node *) marked : linitial(req->fcall->args)),
						   (Expr *) (lsecond(req->fcall->args) == w->id ?
									 (Node *) marked : lsecond(req->fcall->args)),
						   InvalidOid, InvalidOid);
	set_opfuncid((OpExpr *) clause);
	return (Node *) make_andclause(lcons(clause, helpers));
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
	Oid		   *argtypes;
	int			nargs;
	Oid			want;

	(void) get_func_signature(funcid, &argtypes, &nargs);
	if (nargs != 2)
		return w->range;
	want = argtypes[w->opname[0] == '<' ? 1 : 0];
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
	foreach(lc, req->fcall->args)
	{
		if (lfirst(lc) == w->range)
			lfirst(lc) = range;
	}
	w->range = range;
}

static Node *
support_simplify(SupportRequestSimplify *req)
{
	SfWindow	w;
	Oid			relid;

	if (!window_of_call(req->fcall->funcid, req->fcall->args, &w))
		return NULL;
	if (w.range != NULL)
		retype_range_in_place(req, &w);
	relid = partitioned_table_of(req->root, w.id);
	if (!OidIsValid(relid))
		return NULL;
	return simplify_partitioned(req, &w, relid);
}

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
	if (!window_of_call(req->funcid, args, &w) ||
		list_nth(args, req->indexarg) != w.id ||
		!is_pseudo_constant_for_index(req->root, window_bound(&w), req->index) ||
		!lookup_ops(req->opfamily, exprType(w.id), req->funcid, &ops))
		return NIL;

	/*
	 * On a partition, a clause kept beside its run-time bound
	 * (simplify_partitioned) makes the same comparison as that bound, so the
	 * index condition lists it twice.  btree's preprocessing keeps one of
	 * two keys on the same column and strategy, so the scan pays for one;
	 * making none here would leave the clause as a filter, evaluated on
	 * every row (20% slower in the benchmark).
	 */
	clauses = window_to_comparisons(&ops, &w);
	if (clauses != NIL)
		req->lossy = false;		/* the comparisons are the clause */
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
		PG_RETURN_POINTER(support_simplify((SupportRequestSimplify *) rawreq));
	if (IsA(rawreq, SupportRequestIndexCondition))
		PG_RETURN_POINTER(support_index_condition((SupportRequestIndexCondition *) rawreq));
	PG_RETURN_POINTER(NULL);
}

/*
 * Comparisons of ids with bigint: "id = 5" becomes "id = '5'::snowflake".
 *
 * The cross-type operators are in the btree family, so a bigint parameter
 * or column already uses a btree on the id.  A constant is turned into an
 * id, so that the clause is the same one that an id would give: hash
 * indexes and hash partitions (whose families cannot hold a cross-type
 * "=") serve it, plans read the same, and an index predicate written with
 * an integer matches a query written with an id.
 *
 * A negative constant lies below every id, so the comparison has the same
 * value for every id: it becomes "id >= '0'" when that value is true and
 * "id < '0'" when it is false, which keep a NULL id NULL.  No negative
 * integer is left beside an id, for code (such as Citus's shard pruning)
 * that would turn it into an id and fail.
 *
 * Except in the test of a "CASE id WHEN -1": there the id is the CASE's
 * CaseTestExpr, and ruleutils (EXPLAIN, views, Citus's shard queries) and
 * postgres_fdw print such a test as its right side alone, taking the
 * operator for "=".  "id < '0'" would be printed "WHEN '0'::snowflake", a
 * test that matches id 0.  No equality with an id constant is false for
 * every id (every 64-bit value is one), so the comparison is left as
 * written, "WHEN '-1'::bigint", which means what runs.  It is no restriction
 * on a column, so shard pruning does not read it.
 */
static const struct
{
	const char *name;
	const char *opname;
	bool		id_first;
	bool		below_all;		/* its value when the integer is negative */
}			int8_comparisons[] =

{
	{"snowflake_eq_int8", "=", true, false},
	{"snowflake_ne_int8", "<>", true, true},
	{"snowflake_lt_int8", "<", true, false},
	{"snowflake_le_int8", "<=", true, false},
	{"snowflake_gt_int8", ">", true, true},
	{"snowflake_ge_int8", ">=", true, true},
	{"int8_eq_snowflake", "=", false, false},
	{"int8_ne_snowflake", "<>", false, true},
	{"int8_lt_snowflake", "<", false, true},
	{"int8_le_snowflake", "<=", false, true},
	{"int8_gt_snowflake", ">", false, false},
	{"int8_ge_snowflake", ">=", false, false},
};

static Node *
int8_simplify(SupportRequestSimplify *req)
{
	FuncExpr   *f = req->fcall;
	char	   *name = get_func_name(f->funcid);
	Node	   *id;
	Const	   *c;
	Oid			sftype;
	Oid			op;
	Node	   *idconst;
	int64		value;
	char	   *nsp;
	size_t		i;

	if (name == NULL || list_length(f->args) != 2)
		return NULL;
	for (i = 0; i < lengthof(int8_comparisons); i++)
		if (strcmp(name, int8_comparisons[i].name) == 0)
			break;
	if (i == lengthof(int8_comparisons))
		return NULL;

	id = int8_comparisons[i].id_first ? linitial(f->args) : lsecond(f->args);
	c = (Const *) (int8_comparisons[i].id_first ? lsecond(f->args) : linitial(f->args));
	if (!IsA(c, Const) || c->constisnull || c->consttype != INT8OID)
		return NULL;
	value = DatumGetInt64(c->constvalue);
	nsp = get_namespace_name(get_func_namespace(f->funcid));
	sftype = exprType(id);

	if (value < 0)
	{
		if (IsA(strip_implicit_coercions(id), CaseTestExpr))
			return NULL;
		op = OpernameGetOprid(list_make2(makeString(nsp),
										 makeString(int8_comparisons[i].below_all ? ">=" : "<")),
							  sftype, sftype);
		if (!extension_member(OperatorRelationId, op, f->funcid))
			return NULL;
		return (Node *) make_opclause(op, BOOLOID, false, (Expr *) id,
									  (Expr *) makeConst(sftype, -1, InvalidOid, sizeof(Snowflake),
														 SnowflakeGetDatum(0), false, true),
									  InvalidOid, InvalidOid);
	}

	op = OpernameGetOprid(list_make2(makeString(nsp),
									 makeString((char *) int8_comparisons[i].opname)),
						  sftype, sftype);
	if (!extension_member(OperatorRelationId, op, f->funcid))
		return NULL;
	idconst = (Node *) makeConst(sftype, -1, InvalidOid, sizeof(Snowflake),
								 SnowflakeGetDatum((Snowflake) value), false, true);
	return (Node *) make_opclause(op, BOOLOID, false,
								  (Expr *) (int8_comparisons[i].id_first ? id : idconst),
								  (Expr *) (int8_comparisons[i].id_first ? idconst : id),
								  InvalidOid, InvalidOid);
}

/*
 * snowflake_int8_support - the planner support function of the comparisons
 * of ids with bigint
 */
PG_FUNCTION_INFO_V1(snowflake_int8_support);
Datum
snowflake_int8_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	Node	   *result = NULL;

	if (IsA(rawreq, SupportRequestSimplify))
	{
		result = int8_simplify((SupportRequestSimplify *) rawreq);
		if (result != NULL)
			set_opfuncid((OpExpr *) result);
	}
	PG_RETURN_POINTER(result);
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
