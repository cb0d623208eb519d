
--
-- The partition tree of a table, the one reader of pg_inherits and of
-- partition bounds for the scripts below (src/parttree.c): every
-- partition at any depth, its partition of the first level, its level,
-- a depth-first order (a partition before its own partitions), the range
-- bounds of a partition keyed by one id (NULL for MINVALUE, MAXVALUE and
-- other keys), whether it is the default partition, and whether a DETACH
-- ... CONCURRENTLY of it is pending.  It reads the catalogue only, and
-- locks none of the tree's relations.
--
CREATE FUNCTION @extschema@.snowflake_partition_tree(
	parent pg_catalog.regclass,
	OUT relid pg_catalog.regclass,
	OUT top pg_catalog.regclass,
	OUT level pg_catalog.int4,
	OUT ord pg_catalog.int4,
	OUT lower_id @extschema@.snowflake,
	OUT upper_id @extschema@.snowflake,
	OUT is_default pg_catalog.bool,
	OUT pending_detach pg_catalog.bool)
RETURNS SETOF pg_catalog.record
AS 'MODULE_PATHNAME', 'snowflake_partition_tree'
LANGUAGE C STABLE STRICT PARALLEL SAFE ROWS 10;

COMMENT ON FUNCTION @extschema@.snowflake_partition_tree(pg_catalog.regclass) IS
	'every partition of a table at any depth, with its top partition, level, depth-first order, id bounds, and whether it is the default or pending detach; takes no lock';

-- Whether a table has an inheritance parent or child by plain
-- inheritance (INHERITS), not partitioning: read from pg_inherits by the
-- same file, with no lock (src/parttree.c).
CREATE FUNCTION @extschema@.snowflake_plain_inheritance(rel pg_catalog.regclass)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'snowflake_plain_inheritance'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_plain_inheritance(pg_catalog.regclass) IS
	'whether a table has an inheritance parent or child by plain inheritance, not partitioning; takes no lock';
