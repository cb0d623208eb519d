/*-------------------------------------------------------------------------
 *
 * partition.c
 *	  Time windows on a table partitioned by range of the id: partition
 *	  pruning for a window known only at run time.
 *
 * Partition pruning recognises nothing but the operators of the partition
 * key's btree family.  A constant window is already such comparisons
 * (simplify.c).  A window on a bound known at run time is kept, for its
 * estimator, and ANDed with comparisons that pruning reads and that hold
 * wherever it holds; a range known at run time is replaced by its two
 * exact comparisons (see simplify_partitioned).  The bound added for a
 * parent is left out again in its leaf partitions, where it prunes nothing
 * (snowflake_compare_support, the planner support function of the
 * comparisons ">=" and "<=" of ids).  The partitions look clauses up in
 * their parent's restrictions through an index made once per planner
 * call, so that the work stays linear in the restrictions, and compare
 * constants' data by address before equal() (sf_expr_equal), so that a
 * large constant costs a partition no more than a short one; what equal()
 * compares counts against a budget per statement (partition_work_left).
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "access/relation.h"
#include "catalog/pg_class.h"
#include "catalog/pg_type.h"
#include "common/hashfn.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "parser/parsetree.h"
#include "partitioning/partbounds.h"
#include "partitioning/partdesc.h"
#include "utils/hsearch.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/partcache.h"
#include "utils/rel.h"

#include "window.h"

PG_FUNCTION_INFO_V1(snowflake_compare_support);

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
 * The number of the bounds of bi whose first column is at or under x
 * (MINVALUE included): they come first.  The bounds are sorted by the
 * key's comparison, which its btree family keeps to the order of its
 * operators, the ids' own (sf_lookup_ops): MINVALUE, then the values
 * rising, then MAXVALUE.  So a binary search finds them.
 */
static int
bounds_at_or_under(PartitionBoundInfo bi, Snowflake x)
{
	int			lo = 0;
	int			hi = bi->ndatums;

	/* bound: log2 of the bounds of one table, at most 31 steps */
	while (lo < hi)
	{
		int			mid = lo + (hi - lo) / 2;
		PartitionRangeDatumKind kind = bi->kind[mid][0];

		if (kind == PARTITION_RANGE_DATUM_MINVALUE ||
			(kind == PARTITION_RANGE_DATUM_VALUE &&
			 DatumGetSnowflake(bi->datums[mid][0]) <= x))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Partition bounds around the ids [lo, hi] of a constant window on a table
 * partitioned by range of the id: *below, the largest bound at or under
 * lo, and *above, the smallest bound over hi, each only where some
 * partition (or the default one) lies beyond it.  The comparisons
 * "id >= below" and "id < above" prune the partitions the window misses,
 * and pass every row of the others.  Two binary searches, not a walk over
 * the partitions, for each window.
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

	*has_below = *has_above = false;
	if (bi != NULL)
	{
		/* the last value at or under lo, the first over hi */
		int			under_lo = bounds_at_or_under(bi, lo);
		int			over_hi = bounds_at_or_under(bi, hi);

		if (under_lo > 0 &&
			bi->kind[under_lo - 1][0] == PARTITION_RANGE_DATUM_VALUE)
			first = under_lo - 1;
		if (over_hi < bi->ndatums &&
			bi->kind[over_hi][0] == PARTITION_RANGE_DATUM_VALUE)
			last = over_hi;
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
	Oid			arg0;
	Oid			arg1;
	Oid			nsp;
	Oid			ext;
	Oid			owner;

	if (sf_func_args(funcid, &arg0, &arg1) != 2)
		return InvalidOid;
	ext = sf_func_extension(funcid, &nsp, &owner);
	return sf_member_operator(nsp, ext, owner, w->opname, arg0, arg1);
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
 * The constant of a comparison with a partition bound that a constant
 * range gets beside it carries a mark of its own, in the same way, so that
 * a leaf partition can leave it out (simplify_inherited_bound).
 */
#define SF_BOUND_MARK				(-999)

/* A partition bound's constant, marked. */
static Node *
marked_bound(Oid sftype, Snowflake value)
{
	Node	   *c = sf_make_id_const(sftype, value);

	((Const *) c)->location = SF_BOUND_MARK;
	return c;
}

/*
 * The parent of column id's relation, if that relation is a partition of a
 * partitioned table of this query level: the parent's range table index
 * in *varno and the column's number there in *attno.  (The member of a
 * UNION ALL is an appendrel child too, but its parent_colnos count the
 * subquery's output columns, not the parent's.)
 */
static bool
partition_parent(PlannerInfo *root, Var *id, Index *varno, AttrNumber *attno)
{
	AppendRelInfo *appinfo;
	RangeTblEntry *parent;

	if (root == NULL || id->varlevelsup != 0 || id->varno <= 0 ||
		(Index) id->varno >= (Index) root->simple_rel_array_size ||
		id->varattno <= 0 || root->append_rel_array == NULL ||
		(appinfo = root->append_rel_array[id->varno]) == NULL ||
		id->varattno > appinfo->num_child_cols ||
		appinfo->parent_colnos[id->varattno - 1] <= 0 ||
		root->simple_rel_array[appinfo->parent_relid] == NULL)
		return false;
	parent = rt_fetch(appinfo->parent_relid, root->parse->rtable);
	if (parent->rtekind != RTE_RELATION ||
		parent->relkind != RELKIND_PARTITIONED_TABLE)
		return false;
	*varno = appinfo->parent_relid;
	*attno = appinfo->parent_colnos[id->varattno - 1];
	return true;
}

/*
 * partition_parent, for a relation that is not itself partitioned: a leaf.
 */
static bool
leaf_partition_parent(PlannerInfo *root, Var *id, Index *varno, AttrNumber *attno)
{
	RangeTblEntry *rte;

	if (!partition_parent(root, id, varno, attno))
		return false;
	rte = rt_fetch(id->varno, root->parse->rtable);
	return rte->rtekind == RTE_RELATION && rte->relkind != RELKIND_PARTITIONED_TABLE;
}

/*
 * The restrictions of a partitioned parent, indexed for its partitions.
 *
 * apply_child_basequals simplifies every restriction of every partition,
 * and the simplification of each looks for a clause in its parent's
 * restrictions (parent_holds_comparisons, leaf_partition_bound,
 * simplify_inherited_bound).  Walking the parent's list for each would
 * cost the square of its length in every partition, so the list is
 * indexed once per planner call, in one pass, and each look-up hashes the
 * clause it wants and runs equal() only on the clauses of its bucket:
 *
 * - every clause, under its hash (sf_expr_hash);
 * - the instant of every window on an instant over a column of the parent,
 *	 under its hash, the column, the extension and the window's side;
 * - of the windows on a non-NULL constant range that holds ids, over a
 *	 column of the parent, the largest first id and the smallest last one,
 *	 under the column and the extension;
 * - the multirange of every window on a multirange known at run time, over
 *	 a column of the parent, under its hash, the column and the extension.
 *
 * At most MAX_NODES_PER_HASH clauses (instants) are kept under one hash:
 * copies of one clause, or distinct ones that the hash cannot tell apart.
 * A look-up runs equal() on those alone, and one that misses a clause left
 * out keeps a comparison that a partition did not need.
 */
#define MAX_NODES_PER_HASH	32

typedef enum RestrictKind
{
	RESTRICT_CLAUSE,
	RESTRICT_INSTANT,
	RESTRICT_RANGE,
	RESTRICT_MULTIRANGE
} RestrictKind;

typedef struct RestrictKey
{
	RestrictKind kind;
	uint32		hash;			/* sf_expr_hash of the clause or instant */
	AttrNumber	attno;			/* the id's column (instant, range) */
	Oid			ext;			/* the window's extension (instant, range) */
	bool		from_instant;	/* the window's side (instant) */
	bool		inclusive;
} RestrictKey;

typedef struct RestrictEntry
{
	RestrictKey key;			/* hash key */
	char		status;			/* simplehash's */
	List	   *nodes;			/* clauses, or instants */
	Snowflake	max_lo;			/* range: the largest first id */
	Snowflake	min_hi;			/* ... and the smallest last id */
} RestrictEntry;

static inline uint32
restrict_key_hash(const RestrictKey *k)
{
	uint32		h = hash_bytes_uint32((uint32) k->kind);

	h = hash_combine(h, k->hash);
	h = hash_combine(h, (uint32) k->attno);
	h = hash_combine(h, (uint32) k->ext);
	return hash_combine(h, (uint32) k->from_instant << 1 | (uint32) k->inclusive);
}

static inline bool
restrict_key_equal(const RestrictKey *a, const RestrictKey *b)
{
	return a->kind == b->kind && a->hash == b->hash && a->attno == b->attno &&
		a->ext == b->ext && a->from_instant == b->from_instant &&
		a->inclusive == b->inclusive;
}

/*
 * The restrictions of one parent, by RestrictKey: a simplehash, whose
 * array is all it allocates, in index_context.  (A dynahash table makes a
 * memory context of its own, of 8 kB at least: with 100 sub-partitioned
 * partitions, some 800 kB more for a plan to allocate, free, and fault in
 * again where the allocator gave it back to the system.)
 */
#define SH_PREFIX		restricts
#define SH_ELEMENT_TYPE RestrictEntry
#define SH_KEY_TYPE		RestrictKey
#define SH_KEY			key
#define SH_HASH_KEY(tb, k) restrict_key_hash(&(k))
#define SH_EQUAL(tb, a, b) restrict_key_equal(&(a), &(b))
#define SH_SCOPE		static inline
#define SH_DECLARE
#define SH_DEFINE
#include "lib/simplehash.h"

typedef struct restricts_hash RestrictTable;

/* The index of one parent, varno, of one planner call, root */
typedef struct ParentKey
{
	PlannerInfo *root;
	Index		varno;
} ParentKey;

typedef struct ParentIndex
{
	ParentKey	key;			/* hash key: must be first */
	Query	   *parse;			/* root's query: another root at root's */
	PlannerGlobal *glob;		/* address is indexed afresh */
	List	   *rinfos;			/* the restrictions indexed, and their */
	int			nrinfos;		/* number: any others are indexed afresh */
	RestrictTable *table;		/* RestrictEntry by RestrictKey */
} ParentIndex;

/*
 * The indexes of one planner call, in a context of their own, deleted when
 * a planner call starts or ends (sf_partition_forget): so a later root at
 * the same address finds none of them, and those of a planning that
 * failed are deleted by the next one.  The restrictions they point to
 * belong to the planner call.
 */
static MemoryContext index_context = NULL;
static HTAB *index_table = NULL;	/* ParentIndex by ParentKey */
static HTAB *leaf_table = NULL; /* LeafBounds by ParentKey, of a leaf */

/*
 * How many more windows this statement's planning may expand with the
 * comparisons that pruning reads (simplify_partitioned).  Each expansion
 * hands preprocessing an AND, which it splices into the list around the
 * window by copying the rest of the list (simplify_and_arguments), without
 * checking for interrupts: a cost of the list's length for each.  So only
 * the first MAX_EXPANDED_WINDOWS of a statement, nested planning included,
 * are expanded, and the work stays linear in the query; later windows are
 * left as written, which selects the same rows, with the index, without
 * pruning partitions by them.
 */
#define MAX_EXPANDED_WINDOWS	64

static int	windows_left = MAX_EXPANDED_WINDOWS;

/*
 * How much more work this statement's planning may spend simplifying the
 * restrictions of partitions against their parents' (simplify_partitioned
 * in a partition, simplify_inherited_bound, leaf_partition_bound), in
 * units: one for each simplification tried, and one for every
 * WORK_UNIT_BYTES nodes and bytes of constants' data that equal() may
 * compare where a look-up's expressions do not share that data
 * (lookup_nodes).  Where they share it, as the copies of a parent's
 * clauses that the planner makes for its partitions do, a look-up costs
 * the nodes of a clause, whatever the size of its constants, as the copy
 * did.  The budget lets a statement through some 250,000 simplifications
 * (4,000 partitions of 64 windows) or 16 MB of constants compared.  Past
 * it, a partition's restrictions are left as written, which selects the
 * same rows, without pruning by them below it, nor leaving out there the
 * bounds a parent added.
 */
#define MAX_PARTITION_WORK	((Size) 256 * 1024)
#define WORK_UNIT_BYTES		64

static Size partition_work_left = MAX_PARTITION_WORK;

/*
 * sf_partition_statement - a statement's planning starts (sf_planner in
 * flatten.c, at the outermost planner call): its windows may be expanded
 * again, and its partitions simplified
 */
void
sf_partition_statement(void)
{
	windows_left = MAX_EXPANDED_WINDOWS;
	partition_work_left = MAX_PARTITION_WORK;
}

/*
 * A simplification in a partition starts: false where the statement's
 * budget is spent, else one unit of it is.
 */
static bool
partition_work_begin(void)
{
	if (partition_work_left == 0)
		return false;
	partition_work_left--;
	return true;
}

/*
 * Whether a look-up of a partition finds want among the nodes of a bucket
 * (at most MAX_NODES_PER_HASH), its work charged to the budget: first by
 * the addresses of their constants' data, which a partition's copy of its
 * parent's clause shares, then by equal() until the budget is spent.
 */
static bool
lookup_nodes(List *nodes, Node *want)
{
	ListCell   *lc;

	/* bound: the nodes of one bucket, twice */
	for (int pass = 0; pass < 2; pass++)
	{
		foreach(lc, nodes)
		{
			Size		work = 0;
			bool		same;

			CHECK_FOR_INTERRUPTS();
			if (pass == 1 && partition_work_left == 0)
				return false;
			same = sf_expr_equal(lfirst(lc), want, pass == 0, &work);
			work /= WORK_UNIT_BYTES;
			partition_work_left -= Min(work, partition_work_left);
			if (same)
				return true;
		}
	}
	return false;
}

/*
 * sf_partition_forget - drop the indexes, when a planner call starts or
 * ends (sf_planner in flatten.c)
 */
void
sf_partition_forget(void)
{
	if (index_context != NULL)
		MemoryContextDelete(index_context);
	index_context = NULL;
	index_table = NULL;
	leaf_table = NULL;
}

/* The table of indexes of this planner call, made if need be */
static HTAB *
indexes(void)
{
	if (index_table == NULL)
	{
		index_context = AllocSetContextCreate(TopMemoryContext,
											  "snowflake partition index",
											  ALLOCSET_DEFAULT_SIZES);
		index_table = sf_hash_create("snowflake partition index", 16,
									 sizeof(ParentKey), sizeof(ParentIndex),
									 index_context);
	}
	return index_table;
}

static RestrictEntry *
restrict_entry(RestrictTable *table, RestrictKind kind, uint32 hash,
			   AttrNumber attno, Oid ext, bool from_instant, bool inclusive,
			   HASHACTION action, bool *found)
{
	RestrictKey key;

	memset(&key, 0, sizeof(key));
	key.kind = kind;
	key.hash = hash;
	key.attno = attno;
	key.ext = ext;
	key.from_instant = from_instant;
	key.inclusive = inclusive;
	if (action == HASH_FIND)
		return restricts_lookup(table, key);
	return restricts_insert(table, key, found);
}

/*
 * The window of clause, an OpExpr or a FuncExpr, over a column of relation
 * varno of this query level: false if it is none.
 */
static bool
window_over(Expr *clause, Index varno, SfWindow *w, Var **var, Oid *funcid)
{
	List	   *args;

	if (IsA(clause, OpExpr))
	{
		*funcid = ((OpExpr *) clause)->opfuncid;
		args = ((OpExpr *) clause)->args;
	}
	else if (IsA(clause, FuncExpr))
	{
		*funcid = ((FuncExpr *) clause)->funcid;
		args = ((FuncExpr *) clause)->args;
	}
	else
		return false;
	return sf_window_of_call(*funcid, args, w) &&
		(*var = id_column(w->id)) != NULL && (Index) (*var)->varno == varno &&
		(*var)->varlevelsup == 0;
}

/*
 * The multirange of a window as its span's run-time bounds take it
 * (window.c): without the coercion to the operator's domain.
 */
static Node *
span_multirange(Node *mr)
{
	if (IsA(mr, RelabelType) &&
		exprType((Node *) ((RelabelType *) mr)->arg) == TSTZMULTIRANGEOID)
		return (Node *) ((RelabelType *) mr)->arg;
	return mr;
}

/* Index one restriction, clause, of parent varno */
static void
index_restriction(RestrictTable *table, Expr *clause, Index varno)
{
	RestrictEntry *entry;
	SfWindow	w;
	Var		   *var;
	Oid			funcid;
	Snowflake	lo = 0;
	Snowflake	hi = 0;
	bool		found;

	entry = restrict_entry(table, RESTRICT_CLAUSE, sf_expr_hash((Node *) clause),
						   0, InvalidOid, false, false, HASH_ENTER, &found);
	if (!found)
		entry->nodes = list_make1(clause);
	else if (list_length(entry->nodes) < MAX_NODES_PER_HASH)
		entry->nodes = lappend(entry->nodes, clause);

	if (!window_over(clause, varno, &w, &var, &funcid))
		return;
	if (w.instant != NULL && IsA(clause, OpExpr))
	{
		entry = restrict_entry(table, RESTRICT_INSTANT, sf_expr_hash(w.instant),
							   var->varattno,
							   sf_func_extension(funcid, NULL, NULL),
							   w.from_instant, w.inclusive, HASH_ENTER, &found);
		if (!found)
			entry->nodes = list_make1(w.instant);
		else if (list_length(entry->nodes) < MAX_NODES_PER_HASH)
			entry->nodes = lappend(entry->nodes, w.instant);
	}
	else if (w.multi && !IsA(w.range, Const) && IsA(clause, OpExpr))
	{
		Node	   *mr = span_multirange(w.range);

		entry = restrict_entry(table, RESTRICT_MULTIRANGE, sf_expr_hash(mr),
							   var->varattno,
							   sf_func_extension(funcid, NULL, NULL),
							   false, false, HASH_ENTER, &found);
		if (!found)
			entry->nodes = list_make1(mr);
		else if (list_length(entry->nodes) < MAX_NODES_PER_HASH)
			entry->nodes = lappend(entry->nodes, mr);
	}
	else if (w.range != NULL && IsA(w.range, Const) &&
			 !((Const *) w.range)->constisnull &&
			 sf_window_const_ids(&w, &lo, &hi))
	{
		entry = restrict_entry(table, RESTRICT_RANGE, 0, var->varattno,
							   sf_func_extension(funcid, NULL, NULL),
							   false, false, HASH_ENTER, &found);
		if (!found || lo > entry->max_lo)
			entry->max_lo = lo;
		if (!found || hi < entry->min_hi)
			entry->min_hi = hi;
	}
}

/*
 * The index of the restrictions of parent varno, a partitioned table of
 * root's query level: made once per planner call, in one pass.
 */
static RestrictTable *
parent_index(PlannerInfo *root, Index varno)
{
	List	   *rinfos = root->simple_rel_array[varno]->baserestrictinfo;
	ParentKey	key;
	ParentIndex *index;
	MemoryContext old;
	RestrictTable *table;
	ListCell   *lc;
	bool		found;

	memset(&key, 0, sizeof(key));
	key.root = root;
	key.varno = varno;
	index = hash_search(indexes(), &key, HASH_ENTER, &found);
	if (found && index->table != NULL && index->rinfos == rinfos &&
		index->nrinfos == list_length(rinfos) && index->parse == root->parse &&
		index->glob == root->glob)
		return index->table;

	/* a table left by an error, or of a list since changed, is dropped */
	if (found && index->table != NULL)
		restricts_destroy(index->table);
	index->table = NULL;
	table = restricts_create(index_context, Max(list_length(rinfos), 8), NULL);
	old = MemoryContextSwitchTo(index_context);
	/* bound: the restrictions of one relation; linear */
	foreach(lc, rinfos)
	{
		CHECK_FOR_INTERRUPTS();
		index_restriction(table, ((RestrictInfo *) lfirst(lc))->clause, varno);
	}
	MemoryContextSwitchTo(old);
	index->parse = root->parse;
	index->glob = root->glob;
	index->rinfos = rinfos;
	index->nrinfos = list_length(rinfos);
	index->table = table;
	return table;
}

/*
 * Whether the restrictions of parent varno hold the comparison cmp, "id op
 * bound", with the id's column read as its column attno.  What is looked
 * up is cmp with new nodes for the OpExpr, the id and its column, the
 * column the parent's, and the bound shared: never the bound copied, in
 * every partition.
 */
static bool
holds_comparison(PlannerInfo *root, Expr *cmp, Index varno, AttrNumber attno)
{
	OpExpr	   *want = makeNode(OpExpr);
	Node	   *id = linitial(((OpExpr *) cmp)->args);
	Var		   *var = makeNode(Var);
	RestrictEntry *entry;

	*want = *(OpExpr *) cmp;
	*var = *id_column(id);
	var->varno = varno;
	var->varattno = attno;
	if (IsA(id, RelabelType))
	{
		RelabelType *relabel = makeNode(RelabelType);

		*relabel = *(RelabelType *) id;
		relabel->arg = (Expr *) var;
		id = (Node *) relabel;
	}
	else
		id = (Node *) var;
	want->args = list_make2(id, lsecond(((OpExpr *) cmp)->args));
	entry = restrict_entry(parent_index(root, varno), RESTRICT_CLAUSE,
						   sf_expr_hash((Node *) want), 0, InvalidOid,
						   false, false, HASH_FIND, NULL);
	return entry != NULL && lookup_nodes(entry->nodes, (Node *) want);
}

/*
 * Whether the restrictions of parent varno, whose column attno id's
 * relation's column is, already hold every comparison of cmps: the
 * run-time bounds of a clause that a partitioned table added
 * (simplify_partitioned), which its partitions inherit as they are.  (A
 * partition's column is a new Var, without the parent's mark.)
 */
static bool
parent_holds_comparisons(PlannerInfo *root, Index varno, AttrNumber attno,
						 List *cmps)
{
	ListCell   *lc;

	if (cmps == NIL)
		return false;
	/* bound: the comparisons of one window, one or two */
	foreach(lc, cmps)
	{
		if (!holds_comparison(root, lfirst(lc), varno, attno))
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
 * - A constant range gets the partition bounds around it (above), as
 *	 "id >= below" and "id <= above - 1", which its leaf partitions leave
 *	 out again (leaf_partition_bound): there they prune nothing, and the
 *	 clause implies them.
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
 * - A multirange gets the comparisons of its span, from its first id to its
 *	 last: the partition bounds around a constant one's (one whose windows
 *	 the simplifier left as written, simplify.c), the run-time bounds
 *	 snowflake_multirange_floor(mr) and snowflake_multirange_ceil(mr) of
 *	 one known at run time.  They do not select its ids exactly, so the
 *	 clause is kept.
 * - A bound holding a subquery is left alone, rather than run twice, and so
 *	 is one read from the table's own row, which no pruning can use: the
 *	 clause stays as written, for partial indexes and ON CONFLICT.
 *
 * In a partition, the window is left as written once the statement's
 * budget is spent (partition_work_left), and its run-time bounds are
 * looked up in the parent's restrictions before any is built.
 */
static Node *
simplify_partitioned(SupportRequestSimplify *req, const SfWindow *w, Oid relid)
{
	Var		   *id = id_column(w->id);
	Node	   *bound = sf_window_bound(w);
	Oid			opfamily = InvalidOid;
	SfOps		ops;
	List	   *helpers = NIL;
	Node	   *marked;
	Oid			op;
	Expr	   *clause;
	Index		parent = 0;
	AttrNumber	parent_attno = 0;
	bool		in_partition;

	if (id->location == SF_EXPANDED_MARK(id->varno) || windows_left <= 0)
		return NULL;
	in_partition = partition_parent(req->root, id, &parent, &parent_attno);
	if ((in_partition && !partition_work_begin()) ||
		!range_partitioned_on(relid, id->varattno, &opfamily) ||
		!sf_lookup_ops(opfamily, exprType(w->id), req->fcall->funcid, &ops) ||
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
		if (!sf_window_const_ids(w, &lo, &hi))
			helpers = list_make1(sf_make_comparison(ops.lt, w->id, sf_make_id_const(ops.sftype, SF_MIN)));
		else
		{
			partition_bounds_around(relid, lo, hi, &has_below, &below, &has_above, &above);
			if (has_below)
				helpers = lappend(helpers, sf_make_comparison(ops.ge, w->id, marked_bound(ops.sftype, below)));
			if (has_above)		/* above > hi >= 0 */
				helpers = lappend(helpers, sf_make_comparison(ops.le, w->id, marked_bound(ops.sftype, above - 1)));
		}
	}
	else if (w->range != NULL && !w->multi)
	{
		List	   *clauses = sf_window_to_comparisons(&ops, w);

		if (clauses == NIL)
			return NULL;
		windows_left--;
		return (Node *) make_andclause(clauses);
	}
	else
	{
		if (in_partition &&
			(parent_holds_comparisons(req->root, parent, parent_attno,
									  sf_window_probe(&ops, w)) ||
			 partition_work_left == 0))
			return NULL;
		helpers = sf_window_to_comparisons(&ops, w);
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
	windows_left--;
	return (Node *) make_andclause(lcons(clause, helpers));
}

/*
 * The run-time bounds that simplify_partitioned adds beside a window on an
 * instant: "id >= snowflake_first_after(t, inclusive)" for a lower end,
 * "id <= snowflake_last_before(t, inclusive)" for an upper one.
 */
static const struct
{
	const char *compare;		/* the family's comparison's function */
	const char *bound;			/* the bound's function */
	bool		from_instant;	/* the window's side */
}			inherited_bounds[] =

{
	{"snowflake_ge", "snowflake_first_after", true},
	{"snowflake_le", "snowflake_last_before", false},
};

/*
 * And beside a window on a multirange known at run time, the bounds of its
 * span: "id >= snowflake_multirange_floor(mr)", "id <=
 * snowflake_multirange_ceil(mr)", in the same rows.
 */
static const char *const span_bounds[] = {
	"snowflake_multirange_floor",
	"snowflake_multirange_ceil",
};

/*
 * A comparison with a partition bound that a constant range got on a
 * partitioned table (marked_bound), in a leaf partition: true, where the
 * parent's restrictions hold, as one of them, a window on a constant range
 * that implies it.  The leaf's restrictions are all ANDed filters, and
 * hold that window too: where it is not true the row goes, and where it is
 * the comparison is true.  (The window itself is not enough: the planner
 * may have moved the comparison out of the window's AND, which is why the
 * mark alone proves nothing; canonicalize_qual turns "(W AND b) OR (b AND
 * x)" into "b AND (W OR x)".)  In a leaf the bound prunes nothing.  Only
 * the library's comparisons ge and le are judged.
 */
static Node *
leaf_partition_bound(SupportRequestSimplify *req)
{
	PlannerInfo *root = req->root;
	Var		   *id = id_column(linitial(req->fcall->args));
	Const	   *c = (Const *) lsecond(req->fcall->args);
	Index		varno;
	AttrNumber	attno;
	Oid			ext;
	int			i;
	RestrictEntry *entry;

	if (id == NULL || c->constisnull || !c->constbyval ||
		c->constlen != sizeof(Snowflake) ||
		!leaf_partition_parent(root, id, &varno, &attno) ||
		!partition_work_begin())
		return NULL;
	i = sf_func_name_index(req->fcall->funcid, SF_NAMES_BOUND,
						   &inherited_bounds[0].compare,
						   sizeof(inherited_bounds[0]), lengthof(inherited_bounds));
	ext = sf_func_extension(req->fcall->funcid, NULL, NULL);
	if (i < 0 || !OidIsValid(ext))
		return NULL;
	/* some window's ids all lie on the side of the bound it passes */
	entry = restrict_entry(parent_index(root, varno), RESTRICT_RANGE, 0, attno,
						   ext, false, false, HASH_FIND, NULL);
	if (entry != NULL &&
		(inherited_bounds[i].from_instant ?
		 entry->max_lo >= DatumGetSnowflake(c->constvalue) :
		 entry->min_hi <= DatumGetSnowflake(c->constvalue)))
		return (Node *) makeBoolConst(true, false);
	return NULL;
}


/*
 * The bounds of a leaf partition on its parent's first key column, the id:
 * every row of the leaf has lo <= id (unless !has_lo, MINVALUE) and id < hi
 * (id <= hi where hi_inclusive, a key of several columns; unless !has_hi,
 * MAXVALUE), and a non-NULL id.  ok is false for a default partition, or
 * a parent that is not partitioned by range of the id with the ids' own
 * order (sf_lookup_ops).  Looked up once per leaf and planner call.
 */
typedef struct LeafBounds
{
	ParentKey	key;			/* hash key: the leaf's root and varno */
	bool		ok;
	bool		has_lo;
	bool		has_hi;
	bool		hi_inclusive;
	Snowflake	lo;
	Snowflake	hi;
} LeafBounds;

static void
find_leaf_bounds(Oid parentid, Oid leafid, LeafBounds *b)
{
	Relation	rel = relation_open(parentid, NoLock);
	PartitionKey key = RelationGetPartitionKey(rel);
	PartitionDesc desc = RelationGetPartitionDesc(rel, true);
	PartitionBoundInfo bi = desc->boundinfo;
	int			part = -1;

	b->ok = false;
	/* bound: the partitions of one table, once per leaf */
	for (int i = 0; i < desc->nparts; i++)
	{
		CHECK_FOR_INTERRUPTS();
		if (desc->oids[i] == leafid)
			part = i;
	}
	if (bi != NULL && part >= 0 && part != bi->default_index)
	{
		/* bound: the bounds of one table; indexes[j] lies below datums[j] */
		for (int j = 1; j <= bi->ndatums && !b->ok; j++)
		{
			CHECK_FOR_INTERRUPTS();
			if (j == bi->ndatums || bi->indexes[j] != part)
				continue;
			b->ok = true;
			b->has_lo = bi->kind[j - 1][0] == PARTITION_RANGE_DATUM_VALUE;
			b->lo = b->has_lo ? DatumGetSnowflake(bi->datums[j - 1][0]) : SF_MIN;
			b->has_hi = bi->kind[j][0] == PARTITION_RANGE_DATUM_VALUE;
			b->hi = b->has_hi ? DatumGetSnowflake(bi->datums[j][0]) : SF_MAX;
			b->hi_inclusive = key->partnatts > 1;
		}
	}
	relation_close(rel, NoLock);
}

/*
 * A comparison of a constant multirange's OR (SF_ARM_MARK), "id >= c" or
 * "id <= c", in a leaf partition: true where every row of the leaf passes
 * it, false where none does, by the leaf's own bounds (above).  The OR
 * that the planner hands every partition the windows touch then keeps, in
 * each, only the windows that reach into it: a BitmapOr of those, not of
 * every window, and a leaf that no window reaches is left out, as plan-time
 * pruning leaves it.  Only the library's comparisons ge and le are judged.
 */
static Node *
leaf_window_arm(SupportRequestSimplify *req)
{
	PlannerInfo *root = req->root;
	Var		   *id = id_column(linitial(req->fcall->args));
	Const	   *c = (Const *) lsecond(req->fcall->args);
	Index		varno;
	AttrNumber	attno;
	Oid			opfamily = InvalidOid;
	SfOps		ops;
	LeafBounds *b;
	ParentKey	key;
	Snowflake	v;
	bool		found;
	int			i;

	if (id == NULL || c->constisnull || !c->constbyval ||
		c->constlen != sizeof(Snowflake) ||
		!leaf_partition_parent(root, id, &varno, &attno) ||
		!partition_work_begin())
		return NULL;
	i = sf_func_name_index(req->fcall->funcid, SF_NAMES_BOUND,
						   &inherited_bounds[0].compare,
						   sizeof(inherited_bounds[0]), lengthof(inherited_bounds));
	if (i < 0)
		return NULL;

	memset(&key, 0, sizeof(key));
	key.root = root;
	key.varno = id->varno;
	if (leaf_table == NULL)
	{
		(void) indexes();		/* makes index_context */
		leaf_table = sf_hash_create("snowflake leaf bounds", 16,
									sizeof(ParentKey), sizeof(LeafBounds),
									index_context);
	}
	b = hash_search(leaf_table, &key, HASH_ENTER, &found);
	if (!found)
	{
		Oid			parentid = rt_fetch(varno, root->parse->rtable)->relid;

		b->ok = false;
		if (range_partitioned_on(parentid, attno, &opfamily) &&
			sf_lookup_ops(opfamily, exprType(linitial(req->fcall->args)),
						  req->fcall->funcid, &ops))
			find_leaf_bounds(parentid, rt_fetch(id->varno, root->parse->rtable)->relid, b);
	}
	if (!b->ok)
		return NULL;

	v = DatumGetSnowflake(c->constvalue);
	if (inherited_bounds[i].from_instant)
	{
		/* id >= v */
		if (b->has_lo ? v <= b->lo : v == SF_MIN)
			return (Node *) makeBoolConst(true, false);
		if (b->has_hi && (b->hi_inclusive ? v > b->hi : v >= b->hi))
			return (Node *) makeBoolConst(false, false);
	}
	else
	{
		/* id <= v */
		if (b->has_hi ? (b->hi_inclusive ? v >= b->hi : b->hi > 0 && v >= b->hi - 1) :
			v == SF_MAX)
			return (Node *) makeBoolConst(true, false);
		if (b->has_lo && v < b->lo)
			return (Node *) makeBoolConst(false, false);
	}
	return NULL;
}

/*
 * A bound of the span of a multirange known at run time, "id >=
 * snowflake_multirange_floor(mr)" or "id <= snowflake_multirange_ceil(mr)",
 * inherited by a leaf partition from a parent whose restrictions hold a
 * window on mr: true, for the reasons of simplify_inherited_bound below
 * (every id of mr lies in its span).  The leaf's index scans the span once,
 * from the window's own index condition (indexcond.c), not twice.
 */
static Node *
leaf_span_bound(SupportRequestSimplify *req)
{
	PlannerInfo *root = req->root;
	Var		   *id = id_column(linitial(req->fcall->args));
	FuncExpr   *b = (FuncExpr *) lsecond(req->fcall->args);
	Index		varno;
	AttrNumber	attno;
	Oid			ext;
	int			i;
	RestrictEntry *entry;

	if (id == NULL || contain_volatile_functions(linitial(b->args)))
		return NULL;
	i = sf_func_name_index(req->fcall->funcid, SF_NAMES_BOUND,
						   &inherited_bounds[0].compare,
						   sizeof(inherited_bounds[0]), lengthof(inherited_bounds));
	if (i < 0 ||
		sf_func_name_index(b->funcid, SF_NAMES_SPAN_FN, &span_bounds[0],
						   sizeof(span_bounds[0]), lengthof(span_bounds)) != i)
		return NULL;
	ext = sf_func_extension(req->fcall->funcid, NULL, NULL);
	if (!OidIsValid(ext) || sf_func_extension(b->funcid, NULL, NULL) != ext ||
		!leaf_partition_parent(root, id, &varno, &attno) ||
		!partition_work_begin())
		return NULL;
	entry = restrict_entry(parent_index(root, varno), RESTRICT_MULTIRANGE,
						   sf_expr_hash(linitial(b->args)), attno, ext,
						   false, false, HASH_FIND, NULL);
	if (entry != NULL && lookup_nodes(entry->nodes, linitial(b->args)))
		return (Node *) makeBoolConst(true, false);
	return NULL;
}

/*
 * A run-time bound, inherited by a partition that is not itself
 * partitioned, from a parent whose restrictions hold the window it was
 * added for: true.  The bound is there for the parent's run-time pruning;
 * on the partition it prunes nothing, and the partition inherits the
 * window's clause too, which implies it (an id whose instant is at or
 * after t is at or after the first id of t's millisecond), so the clause
 * filters alone: one comparison a row, not three function calls.  Only
 * restrictions of the partition are simplified against the parent's, so
 * only rows that pass the clause are ever judged by the bound.  (A bound
 * a user wrote beside the same window is as redundant.)  That bound true,
 * else NULL.
 */
static Node *
simplify_inherited_bound(SupportRequestSimplify *req)
{
	PlannerInfo *root = req->root;
	Node	   *a;
	FuncExpr   *b;
	Var		   *id;
	Index		varno;
	AttrNumber	attno;
	Oid			ext;
	int			i;
	RestrictEntry *entry;

	if (root == NULL || list_length(req->fcall->args) != 2)
		return NULL;
	a = linitial(req->fcall->args);
	b = (FuncExpr *) lsecond(req->fcall->args);
	if (IsA(b, Const) && ((Const *) b)->location == SF_BOUND_MARK)
		return leaf_partition_bound(req);
	if (IsA(b, Const) && ((Const *) b)->location == SF_ARM_MARK)
		return leaf_window_arm(req);
	if (IsA(b, FuncExpr) && list_length(b->args) == 1)
		return leaf_span_bound(req);
	if (!IsA(b, FuncExpr) || list_length(b->args) != 2 ||
		!IsA(lsecond(b->args), Const) || ((Const *) lsecond(b->args))->constisnull ||
		(id = id_column(a)) == NULL || contain_volatile_functions(linitial(b->args)))
		return NULL;
	i = sf_func_name_index(req->fcall->funcid, SF_NAMES_BOUND,
						   &inherited_bounds[0].compare,
						   sizeof(inherited_bounds[0]), lengthof(inherited_bounds));
	if (i < 0 ||
		sf_func_name_index(b->funcid, SF_NAMES_BOUND_FN,
						   &inherited_bounds[0].bound, sizeof(inherited_bounds[0]),
						   lengthof(inherited_bounds)) != i)
		return NULL;
	ext = sf_func_extension(req->fcall->funcid, NULL, NULL);
	if (!OidIsValid(ext) || sf_func_extension(b->funcid, NULL, NULL) != ext)
		return NULL;

	if (!leaf_partition_parent(root, id, &varno, &attno) ||
		!partition_work_begin())
		return NULL;

	/* the parent's restrictions hold the window of this bound */
	entry = restrict_entry(parent_index(root, varno), RESTRICT_INSTANT,
						   sf_expr_hash(linitial(b->args)), attno, ext,
						   inherited_bounds[i].from_instant,
						   DatumGetBool(((Const *) lsecond(b->args))->constvalue),
						   HASH_FIND, NULL);
	if (entry != NULL && lookup_nodes(entry->nodes, linitial(b->args)))
		return (Node *) makeBoolConst(true, false);
	return NULL;
}


/*
 * snowflake_compare_support - the planner support function of the
 * comparisons of ids ">=" and "<=" (snowflake_ge, snowflake_le, by 1.4):
 * SupportRequestSimplify makes an inherited run-time bound true
 * (simplify_inherited_bound); a query level with grouping sets keeps it
 * as written.  Any other request, or comparison, is left as it is.
 */
Datum
snowflake_compare_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestSimplify *req;

	if (!IsA(rawreq, SupportRequestSimplify))
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestSimplify *) rawreq;
	if (sf_keep_as_written(req))
		PG_RETURN_POINTER(NULL);
	PG_RETURN_POINTER(simplify_inherited_bound(req));
}

/*
 * sf_simplify_partitioned - a window over the id of a table partitioned by
 * range of it, with the comparisons that pruning reads (above); NULL
 * elsewhere, or where it must stay as it is
 */
Node *
sf_simplify_partitioned(SupportRequestSimplify *req, const SfWindow *w)
{
	Oid			relid = partitioned_table_of(req->root, w->id);

	if (!OidIsValid(relid))
		return NULL;
	return simplify_partitioned(req, w, relid);
}
