/*-------------------------------------------------------------------------
 *
 * parttree.c
 *	  The partition tree of a table, as the rolling partition jobs and the
 *	  key conversion read it: snowflake_partition_tree(parent).
 *
 * It is the one reader of pg_inherits and of the partition bounds in
 * pg_class.relpartbound for the extension's scripts.  It reads the
 * catalogue only and takes no lock on the tree's relations (the jobs first
 * find, unlocked, whether they have anything to do; the lock protocol,
 * lock.c, then locks what they found).  A partition attached or detached
 * meanwhile is seen as the catalogue snapshot of the call shows it.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/indexing.h"
#include "catalog/pg_class.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

#define TREE_COLUMNS 8

/* A partition met on the walk: its parent's row and where it stands */
typedef struct TreeChild
{
	Oid			relid;
	bool		detach_pending;
} TreeChild;

static int
child_cmp(const void *a, const void *b)
{
	Oid			x = ((const TreeChild *) a)->relid;
	Oid			y = ((const TreeChild *) b)->relid;

	return (x > y) - (x < y);
}

/*
 * The direct partitions of parent, in the order of their OIDs, with the
 * flag of a DETACH ... CONCURRENTLY left pending (which core's
 * find_inheritance_children may hide, by snapshot).
 */
static TreeChild *
tree_children(Relation inherits, Oid parent, int *count)
{
	ScanKeyData key;
	SysScanDesc scan;
	HeapTuple	tuple;
	int			n = 0,
				size = 8;
	TreeChild  *children = palloc(size * sizeof(TreeChild));

	ScanKeyInit(&key, Anum_pg_inherits_inhparent, BTEqualStrategyNumber,
				F_OIDEQ, ObjectIdGetDatum(parent));
	scan = systable_beginscan(inherits, InheritsParentIndexId, true,
							  NULL, 1, &key);
	while (HeapTupleIsValid(tuple = systable_getnext(scan)))
	{
		Form_pg_inherits inh = (Form_pg_inherits) GETSTRUCT(tuple);

		CHECK_FOR_INTERRUPTS();
		if (n == size)
		{
			size *= 2;
			children = repalloc(children, size * sizeof(TreeChild));
		}
		children[n].relid = inh->inhrelid;
		children[n].detach_pending = inh->inhdetachpending;
		n++;
	}
	systable_endscan(scan);
	if (n > 1)
		qsort(children, n, sizeof(TreeChild), child_cmp);
	*count = n;
	return children;
}

/*
 * One range bound of a partition keyed by one column whose base type is
 * the id type: true and *id for a value, false for MINVALUE, MAXVALUE or
 * a bound of any other type.
 */
static bool
bound_id(List *datums, Oid idtype, Datum *id)
{
	PartitionRangeDatum *prd;
	Const	   *value;

	if (list_length(datums) != 1)
		return false;
	prd = linitial_node(PartitionRangeDatum, datums);
	if (prd->kind != PARTITION_RANGE_DATUM_VALUE || !IsA(prd->value, Const))
		return false;
	value = (Const *) prd->value;
	if (value->constisnull || getBaseType(value->consttype) != idtype)
		return false;
	*id = value->constvalue;
	return true;
}

/*
 * Fill values/nulls 4 to 6 (lower_id, upper_id, is_default) of a
 * partition's row from its bound.
 */
static void
tree_bounds(Oid relid, Oid idtype, Datum *values, bool *nulls)
{
	HeapTuple	tuple;
	Datum		bound;
	bool		isnull;
	PartitionBoundSpec *spec = NULL;

	nulls[4] = nulls[5] = true;
	values[6] = BoolGetDatum(false);
	tuple = SearchSysCache1(RELOID, ObjectIdGetDatum(relid));
	if (!HeapTupleIsValid(tuple))
		return;					/* dropped meanwhile */
	bound = SysCacheGetAttr(RELOID, tuple, Anum_pg_class_relpartbound, &isnull);
	if (!isnull)
		spec = castNode(PartitionBoundSpec, stringToNode(TextDatumGetCString(bound)));
	ReleaseSysCache(tuple);
	if (spec == NULL)
		return;
	values[6] = BoolGetDatum(spec->is_default);
	if (spec->strategy != PARTITION_STRATEGY_RANGE || spec->is_default)
		return;
	nulls[4] = !bound_id(spec->lowerdatums, idtype, &values[4]);
	nulls[5] = !bound_id(spec->upperdatums, idtype, &values[5]);
}

/*
 * snowflake_partition_tree(parent) - every partition below parent at any
 * depth: (relid, top, level, ord, lower_id, upper_id, is_default,
 * pending_detach).  level 1 is a partition of parent itself, top its
 * partition of level 1 that holds the row's, ord the depth-first order
 * from 1 (a partition before its own partitions, siblings by OID).
 * lower_id and upper_id are the bounds of a range partition keyed by one
 * id column (NULL for MINVALUE and MAXVALUE, the default partition, and
 * other keys).  No row for a table with no partitions.  Work and memory
 * grow linearly with the number of partitions.
 */
PG_FUNCTION_INFO_V1(snowflake_partition_tree);
Datum
snowflake_partition_tree(PG_FUNCTION_ARGS)
{
	Oid			parent = PG_GETARG_OID(0);
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	TupleDesc	desc;
	Oid			idtype;
	Relation	inherits;
	TreeChild  *stack;
	Oid		   *tops;
	int		   *levels;
	int			depth = 0,
				size = 16;
	int32		ord = 0;

	InitMaterializedSRF(fcinfo, 0);
	desc = rsinfo->setDesc;
	/* the id type is that of the result's lower_id */
	idtype = TupleDescAttr(desc, 4)->atttypid;

	/*
	 * A depth-first walk with an explicit stack of the partitions still to
	 * visit, each with its level and top: its size is bounded by the number
	 * of partitions, and no recursion can run out of stack.
	 */
	stack = palloc(size * sizeof(TreeChild));
	tops = palloc(size * sizeof(Oid));
	levels = palloc(size * sizeof(int));
	inherits = table_open(InheritsRelationId, AccessShareLock);
	for (;;)
	{
		Oid			from = parent;
		int			level = 0;
		Oid			top = InvalidOid;
		TreeChild  *children;
		int			n;

		if (ord > 0)
		{
			Datum		values[TREE_COLUMNS];
			bool		nulls[TREE_COLUMNS] = {0};
			TreeChild	at;

			if (depth == 0)
				break;
			depth--;
			at = stack[depth];
			level = levels[depth];
			top = level == 1 ? at.relid : tops[depth];
			values[0] = ObjectIdGetDatum(at.relid);
			values[1] = ObjectIdGetDatum(top);
			values[2] = Int32GetDatum(level);
			values[3] = Int32GetDatum(ord);
			tree_bounds(at.relid, idtype, values, nulls);
			values[7] = BoolGetDatum(at.detach_pending);
			tuplestore_putvalues(rsinfo->setResult, desc, values, nulls);
			from = at.relid;
		}
		ord++;

		/* its partitions, pushed last first so that the first comes next */
		children = tree_children(inherits, from, &n);
		if (depth + n > size)
		{
			size = Max(size * 2, depth + n);
			stack = repalloc(stack, size * sizeof(TreeChild));
			tops = repalloc(tops, size * sizeof(Oid));
			levels = repalloc(levels, size * sizeof(int));
		}
		for (int i = n - 1; i >= 0; i--)
		{
			stack[depth] = children[i];
			tops[depth] = top;
			levels[depth] = level + 1;
			depth++;
		}
		pfree(children);
	}
	table_close(inherits, AccessShareLock);
	return (Datum) 0;
}

/*
 * snowflake_plain_inheritance(rel): whether rel has an inheritance parent
 * or child by plain inheritance (INHERITS), not partitioning: the tables
 * the key conversion refuses.  Reads pg_inherits only, with no lock.
 */
PG_FUNCTION_INFO_V1(snowflake_plain_inheritance);
Datum
snowflake_plain_inheritance(PG_FUNCTION_ARGS)
{
	Oid			relid = PG_GETARG_OID(0);
	Relation	inherits;
	TreeChild  *children;
	int			n;
	bool		found = false;

	inherits = table_open(InheritsRelationId, AccessShareLock);
	if (get_rel_relkind(relid) != '\0' && !get_rel_relispartition(relid))
	{
		ScanKeyData key;
		SysScanDesc scan;

		ScanKeyInit(&key, Anum_pg_inherits_inhrelid, BTEqualStrategyNumber,
					F_OIDEQ, ObjectIdGetDatum(relid));
		scan = systable_beginscan(inherits, InheritsRelidSeqnoIndexId, true,
								  NULL, 1, &key);
		found = HeapTupleIsValid(systable_getnext(scan));
		systable_endscan(scan);
	}
	children = tree_children(inherits, relid, &n);
	for (int i = 0; i < n && !found; i++)
		found = get_rel_relkind(children[i].relid) != '\0' &&
			!get_rel_relispartition(children[i].relid);
	pfree(children);
	table_close(inherits, AccessShareLock);
	PG_RETURN_BOOL(found);
}
