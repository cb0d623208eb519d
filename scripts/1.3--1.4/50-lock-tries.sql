-- How long a try for locks may wait, in ms: half of the smallest
-- deadlock_timeout a session of this database may have (this session's,
-- the server's from postgresql.conf, ALTER SYSTEM or its default, and
-- those of ALTER ROLE and ALTER DATABASE for this database), at least 1.
-- A writer that queues behind such a try runs its deadlock check after
-- its deadlock_timeout, by which time the try has given up and released
-- what it took.  A setting is read as the server reads it: a number
-- (decimal, with an exponent, or hexadecimal) and a unit, milliseconds if
-- none; one it cannot read counts as 1 ms.  Used by snowflake_convert_key;
-- snowflake_lock_relations reads the same in C.
CREATE FUNCTION @extschema@.snowflake_lock_try_ms()
RETURNS pg_catalog.int4
LANGUAGE sql STABLE PARALLEL RESTRICTED
SET search_path = pg_catalog, pg_temp
AS $fn$
	SELECT GREATEST(1, LEAST(g.setting::pg_catalog.int4, g.reset_val::pg_catalog.int4, g.boot_val::pg_catalog.int4,
							  COALESCE((SELECT pg_catalog.min(
												CASE WHEN m.p IS NULL THEN 1
													 WHEN m.p[1] OPERATOR(pg_catalog.~*) '^0x'
													 THEN ('x' OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.substr(m.p[1], 3), 16, '0'))::pg_catalog.bit(64)::pg_catalog.int8
														  OPERATOR(pg_catalog.*) 1.0
													 ELSE m.p[1]::pg_catalog.numeric END
												OPERATOR(pg_catalog.*)
												CASE pg_catalog.lower(m.p[2]) WHEN 'us' THEN 0.001 WHEN 's' THEN 1000 WHEN 'min' THEN 60000
													 WHEN 'h' THEN 3600000 WHEN 'd' THEN 86400000 ELSE 1 END)
										  FROM pg_catalog.pg_db_role_setting d,
											   pg_catalog.unnest(d.setconfig) AS cfg(item),
											   LATERAL (SELECT pg_catalog.regexp_match(pg_catalog.substr(cfg.item, 18),
														'^\s*(0x[0-9a-f]{1,15}|[0-9]*\.?[0-9]+(?:e[-+]?[0-9]{1,3})?)\s*(us|ms|s|min|h|d)?\s*$', 'i') AS p) m
										 WHERE d.setdatabase OPERATOR(pg_catalog.=) ANY (ARRAY[0, (SELECT b.oid FROM pg_catalog.pg_database b
																							 WHERE b.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())])
										   AND cfg.item LIKE 'deadlock\_timeout=%'), 2147483647)
							  -- (LEAST of integers and a numeric: rounded as the server rounds)
							  ::pg_catalog.numeric)::pg_catalog.int4
					OPERATOR(pg_catalog./) 2)
	  FROM pg_catalog.pg_settings g WHERE g.name = 'deadlock_timeout';
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_lock_try_ms() IS
	'how long a try for locks may wait (ms): half of the smallest deadlock_timeout a session of this database may have';

-- The one way the extension's jobs take locks (src/lock.c): each
-- (rels[i], modes[i]) in the given order, which must be the order in
-- which writers and the DDL that follows take them; a mode as LOCK TABLE
-- spells it or as pg_locks does.  In tries, each waiting at most half of
-- the smallest deadlock_timeout a session of this database may have for
-- all its locks together (the model of snowflake_lock_try_ms, read in C
-- by the server's own parser): a session that queues behind a try, or
-- holds a lock it waits for, never reaches its deadlock check, and gets
-- its lock when the try gives up and is rolled back.  lock_timeout is set
-- for each wait at a GUC level of its own, and is always restored.  After
-- a pause, longer each time and with jitter, the next try starts.  After
-- 20 tries: 55P03 "<entry> could not lock table <rel>", naming the
-- transactions that held a conflicting lock through the last try (read
-- before its wait and after it, matched by virtual transaction: writers
-- queued behind the try are not named), a prepared one by its gid.  A
-- caller may lock only what LOCK TABLE lets her, and SHARE ROW EXCLUSIVE
-- on a table she may reference.  The locks stay held until the
-- transaction ends.
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
-- (CloneForeignKeyConstraints), each table they reference, in SHARE ROW
-- EXCLUSIVE: so those come last here, in the order of the constraints'
-- oids, but for the parent itself (self-reference), held already.  The
-- list is read before the parent is held; the jobs read the table again
-- once it is.  entry names the caller in the error.  The two partition
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
	WITH RECURSIVE roots(ord, relid) AS (
		SELECT 0::bigint, def WHERE def OPERATOR(pg_catalog.<>) 0
		UNION ALL
		SELECT u.n, u.relid::oid FROM unnest(parts) WITH ORDINALITY AS u(relid, n)
		 WHERE u.relid::oid OPERATOR(pg_catalog.<>) def
		   AND EXISTS (SELECT FROM pg_inherits i WHERE i.inhrelid OPERATOR(pg_catalog.=) u.relid AND i.inhparent OPERATOR(pg_catalog.=) parent)),
	tree(ord, relid, level) AS (
		SELECT o.ord, o.relid, 0 FROM roots o
		UNION ALL
		SELECT t.ord, i.inhrelid, t.level OPERATOR(pg_catalog.+) 1 FROM tree t JOIN pg_inherits i ON i.inhparent OPERATOR(pg_catalog.=) t.relid),
	locks(n, relid, mode) AS (
		SELECT 0::bigint, parent::oid, 'ACCESS EXCLUSIVE'::text
		UNION ALL
		SELECT pg_catalog.row_number() OVER (ORDER BY t.ord, t.level, t.relid), t.relid, 'ACCESS EXCLUSIVE' FROM tree t
		UNION ALL
		SELECT 1000000000::bigint OPERATOR(pg_catalog.+) pg_catalog.row_number() OVER (ORDER BY f.oid), f.confrelid, 'SHARE ROW EXCLUSIVE'
		  FROM pg_constraint f
		 WHERE pg_catalog.cardinality(parts) OPERATOR(pg_catalog.=) 0
		   AND f.contype OPERATOR(pg_catalog.=) 'f' AND f.conrelid OPERATOR(pg_catalog.=) parent
		   AND f.confrelid OPERATOR(pg_catalog.<>) parent::oid)
	SELECT pg_catalog.array_agg(l.relid::regclass ORDER BY l.n), pg_catalog.array_agg(l.mode ORDER BY l.n)
	  INTO rels, modes
	  FROM locks l;
	PERFORM @extschema@.snowflake_lock_relations(rels, modes, entry);
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_lock_partitions(pg_catalog.regclass, pg_catalog.regclass[], pg_catalog.text) IS
	'takes, by snowflake_lock_relations, the locks of a rolling partition job: the parent, its default partition and the given partitions, or with none given the tables its foreign keys reference (used by the rolling partition functions)';
