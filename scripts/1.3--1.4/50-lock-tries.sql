-- The one way the extension's jobs take locks (src/lock.c): each (rels[i],
-- modes[i]) in the given order, which must be the order in which writers
-- and the DDL that follows take them; a mode as LOCK TABLE spells it or as
-- pg_locks does.  In tries, each waiting at most half of the smallest
-- deadlock_timeout a session of this database may have (this session's,
-- the server's, and those of ALTER ROLE and ALTER DATABASE for this
-- database, each read by the server's own parser) for all its locks
-- together: a session that queues behind a try never reaches its deadlock
-- check, and gets its lock when the try gives up and is rolled back.  A try
-- runs its own deadlock check early in each wait: a writer that holds the
-- lock waited for and waits for one the try holds ends the try, and the
-- next tries take that relation first.  lock_timeout is set for each wait
-- at a GUC level of its own, and is always restored.  After a pause, longer
-- each time and with jitter, the next try starts.  After 20 tries: 55P03
-- "<entry> could not lock table <rel>", naming the transactions that held
-- a conflicting lock through the last try (read before its wait and after
-- it, matched by virtual transaction: writers queued behind the try, or
-- waiting for its locks, are not named), a prepared one by its gid.  An
-- autovacuum worker in the way is cancelled, as the server cancels one at
-- a waiter's deadlock check.  A caller may lock only what LOCK TABLE lets
-- her, and SHARE ROW EXCLUSIVE on a table she may reference.  The locks
-- stay held until the transaction ends.  A relation dropped since the
-- caller read its list (a partition a concurrent job retired) is left
-- out; callers read what they hold again once they hold it.
CREATE FUNCTION @extschema@.snowflake_lock_relations(
	rels pg_catalog.regclass[],
	modes pg_catalog.text[],
	entry pg_catalog.text)
RETURNS void
AS 'MODULE_PATHNAME', 'snowflake_lock_relations'
LANGUAGE C VOLATILE PARALLEL UNSAFE;

COMMENT ON FUNCTION @extschema@.snowflake_lock_relations(pg_catalog.regclass[], pg_catalog.text[], pg_catalog.text) IS
	'takes locks on relations, in the given order and modes, in tries of at most half of deadlock_timeout; 55P03 naming the holders after 20 tries';

-- The locks of a partition job, in the order the DDL takes them, taken
-- by snowflake_lock_relations.  ACCESS EXCLUSIVE on the parent first;
-- then on its default partition and on each of parts that is still a
-- partition of it, in that order, each before its own partitions.  With
-- parts empty, the locks of CREATE TABLE ... PARTITION OF: it locks the
-- parent (MergeAttributes), then the default partition and its own
-- partitions, whose rows it checks (DefineRelation), and last, when it
-- copies the parent's foreign keys to the new partition
-- (CloneForeignKeyConstraints), the tables whose foreign keys reference
-- the parent (CloneFkReferenced) and the tables the parent's reference,
-- each in SHARE ROW EXCLUSIVE: so those come last here, in that order
-- and the order of the constraints' oids, but for the parent itself
-- (self-reference), held already.  With parts given, DETACH takes the
-- tables that reference the parent in ACCESS EXCLUSIVE (it drops the
-- partition's part of their keys) and those the parent references in
-- SHARE ROW EXCLUSIVE (DROP takes neither; it takes them too, as one
-- list serves both).  The list is read before the parent is held; the
-- jobs read the table again once it is.  entry names the caller in the error.  The two partition
-- jobs call it as the table's owner.
CREATE FUNCTION @extschema@.snowflake_lock_partitions(
	parent pg_catalog.regclass,
	parts pg_catalog.regclass[],
	entry pg_catalog.text)
RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	def oid;
	rels regclass[];
	modes text[];
BEGIN
	SELECT t.defid INTO def FROM @extschema@.snowflake_partitioned_by_id(parent) t;
	-- (the default partition's tree first, then each of parts that is
	-- still a partition of parent, in their order; each depth-first)
	WITH tree(n, relid) AS (
		SELECT pg_catalog.row_number() OVER (ORDER BY t.top::oid OPERATOR(pg_catalog.<>) def,
												pg_catalog.array_position(parts, t.top), t.ord),
			   t.relid::oid
		  FROM @extschema@.snowflake_partition_tree(parent) t
		 WHERE t.top::oid OPERATOR(pg_catalog.=) def OR t.top OPERATOR(pg_catalog.=) ANY (parts)),
	locks(n, relid, mode) AS (
		SELECT 0::bigint, parent::oid, 'ACCESS EXCLUSIVE'::text
		UNION ALL
		SELECT t.n, t.relid, 'ACCESS EXCLUSIVE' FROM tree t
		UNION ALL
		-- tables whose foreign keys reference the parent: CREATE ... PARTITION
		-- OF takes SHARE ROW EXCLUSIVE on each (CloneFkReferenced), DETACH
		-- ACCESS EXCLUSIVE (it drops the partition's part of the key)
		SELECT 1000000000::bigint OPERATOR(pg_catalog.+) pg_catalog.row_number() OVER (ORDER BY f.oid), f.conrelid,
			   CASE WHEN pg_catalog.cardinality(parts) OPERATOR(pg_catalog.=) 0 THEN 'SHARE ROW EXCLUSIVE' ELSE 'ACCESS EXCLUSIVE' END
		  FROM pg_constraint f
		 WHERE f.contype OPERATOR(pg_catalog.=) 'f' AND f.confrelid OPERATOR(pg_catalog.=) parent
		   AND f.conparentid OPERATOR(pg_catalog.=) 0
		   AND f.conrelid OPERATOR(pg_catalog.<>) parent::oid
		UNION ALL
		-- tables the parent's foreign keys reference: SHARE ROW EXCLUSIVE,
		-- by CREATE ... PARTITION OF and by DETACH alike
		SELECT 2000000000::bigint OPERATOR(pg_catalog.+) pg_catalog.row_number() OVER (ORDER BY f.oid), f.confrelid, 'SHARE ROW EXCLUSIVE'
		  FROM pg_constraint f
		 WHERE f.contype OPERATOR(pg_catalog.=) 'f' AND f.conrelid OPERATOR(pg_catalog.=) parent
		   AND f.confrelid OPERATOR(pg_catalog.<>) parent::oid)
	SELECT pg_catalog.array_agg(l.relid::regclass ORDER BY l.n), pg_catalog.array_agg(l.mode ORDER BY l.n)
	  INTO rels, modes
	  FROM locks l;
	PERFORM @extschema@.snowflake_lock_relations(rels, modes, entry);
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_lock_partitions(pg_catalog.regclass, pg_catalog.regclass[], pg_catalog.text) IS
	'takes, by snowflake_lock_relations, the locks of a rolling partition job: the parent, its default partition and the given partitions, or with none given the tables its foreign keys reference (used by the rolling partition functions)';
