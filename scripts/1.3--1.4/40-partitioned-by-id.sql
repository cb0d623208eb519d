-- The table both functions work on: partitioned by range of one snowflake
-- column (or a domain over it) with its default operator class, and owned
-- by the caller.  Its schema, name, owner, default partition (0 if none)
-- and key column; the errors otherwise.
CREATE FUNCTION @extschema@.snowflake_partitioned_by_id(
	parent pg_catalog.regclass,
	OUT nspoid pg_catalog.oid,
	OUT nsp pg_catalog.name,
	OUT rel pg_catalog.name,
	OUT owner_oid pg_catalog.oid,
	OUT defid pg_catalog.oid,
	OUT keyname pg_catalog.name)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	kind "char";
	strat "char";
	natts integer;
	keynum integer;
	keytype oid;
	keyfamily oid;
	ktype "char";
	kbase oid;
	other_rel text;
	other_owner name;
BEGIN
	SELECT c.relnamespace, ns.nspname, c.relname, c.relowner, c.relkind
	  INTO nspoid, nsp, rel, owner_oid, kind
	  FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
	 WHERE c.oid = parent;
	IF kind IS DISTINCT FROM 'p' THEN
		RAISE EXCEPTION '"%" is not a partitioned table', rel
			USING ERRCODE = '42809';
	END IF;
	SELECT p.partstrat, p.partnatts, p.partattrs[0], p.partdefid, a.attname, a.atttypid, opc.opcfamily
	  INTO strat, natts, keynum, defid, keyname, keytype, keyfamily
	  FROM pg_partitioned_table p
	  LEFT JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
	  LEFT JOIN pg_opclass opc ON opc.oid = p.partclass[0]
	 WHERE p.partrelid = parent;
	-- the key's type, through any domains
	LOOP
		SELECT t.typtype, t.typbasetype INTO ktype, kbase FROM pg_type t WHERE t.oid = keytype;
		-- (a LOOP and an IF, not WHILE: pgspot hands a WHILE condition to
		-- the SQL parser as a statement, fails, and checks nothing after it)
		IF ktype IS DISTINCT FROM 'd' THEN
			EXIT;
		END IF;
		keytype := kbase;
	END LOOP;
	IF strat <> 'r' OR natts <> 1 OR keynum = 0
	   OR keytype IS DISTINCT FROM '@extschema@.snowflake'::regtype
	   OR keyfamily IS DISTINCT FROM (SELECT f.oid FROM pg_opfamily f
									   WHERE f.opfname = 'snowflake_ops'
										 AND f.opfnamespace = '@extschema@'::regnamespace
										 AND f.opfmethod = (SELECT am.oid FROM pg_am am WHERE am.amname = 'btree')) THEN
		RAISE EXCEPTION '"%" is not partitioned by range of one snowflake column', rel
			USING ERRCODE = '0A000',
				  HINT = 'The partition key must be RANGE (column), the column a snowflake or a domain over it, with its default operator class.';
	END IF;
	-- the owner itself, not a member of its role nor a superuser: the
	-- partition functions run as the owner (src/owner.c)
	IF owner_oid IS DISTINCT FROM (SELECT r.oid FROM pg_roles r WHERE r.rolname = CURRENT_USER) THEN
		RAISE EXCEPTION 'must be owner of table %', rel
			USING ERRCODE = '42501',
				  HINT = 'snowflake_create_partitions and snowflake_retire_partitions run as the table''s owner for its members and superusers.';
	END IF;
	-- ... and of every partition under it: CREATE TABLE ... PARTITION OF
	-- evaluates the constraints of the default partition and of its own
	-- partitions, code their owners wrote, as the table's owner.  (Found
	-- by snowflake_partition_tree, which reads the catalogue, not by
	-- pg_partition_tree, which locks every partition: this function takes
	-- no lock on the table's relations.)
	SELECT c.oid::regclass::text, pg_get_userbyid(c.relowner)
	  INTO other_rel, other_owner
	  FROM @extschema@.snowflake_partition_tree(parent) t JOIN pg_class c ON c.oid OPERATOR(pg_catalog.=) t.relid
	 WHERE c.relowner OPERATOR(pg_catalog.<>) owner_oid
	 ORDER BY t.level, c.oid LIMIT 1;
	IF other_rel IS NOT NULL THEN
		RAISE EXCEPTION 'partition % of % belongs to %, not to the owner of %', other_rel, rel, other_owner, rel
			USING ERRCODE = '42501',
				  HINT = 'Every partition must belong to the partitioned table''s owner: ALTER TABLE ... OWNER TO.';
	END IF;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_partitioned_by_id(pg_catalog.regclass) IS
	'the schema, name, owner, default partition and key column of a table partitioned by range of a snowflake id and owned by the current user; an error otherwise (used by the rolling partition functions)';

