/* snowflake--1.3--1.4.sql: time windows no longer capture untyped ranges;
 * minting for an explicit worker survives dump and restore by any role */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION snowflake UPDATE TO '1.4'" to load this file. \quit

--
-- 1. "id <@ range" and "range @> id" take the range as snowflake_tstzrange,
-- a domain over tstzrange with no constraint.
--
-- Declared on tstzrange itself, the operators matched a tstzrange operand
-- exactly, and so won the operator resolution of every "<@" or "@>" whose
-- other operand was an untyped literal or parameter: "during @> '[a,b)'"
-- on a tstzrange column read '[a,b)' as an id (22P02), and "'5' <@ r" read
-- '5' as one.  A domain is never an exact match for a tstzrange, so those
-- go to core's range operators, as they do without the extension; an id
-- operand is still an exact match, and an untyped range beside it becomes
-- the domain, that is a tstzrange.  A tstzrange is coerced to the domain
-- implicitly, and the planner folds the coercion away.
--
-- PostgreSQL cannot change the argument types of an operator or function,
-- and dropping them would refuse the update wherever a view or an index
-- predicate uses them.  So the catalogue rows are changed in place: the
-- operators and their functions keep their OIDs, and what depends on them
-- keeps working.  The value is the same tstzrange either way, and the C
-- functions read it as such.
--
CREATE DOMAIN @extschema@.snowflake_tstzrange AS pg_catalog.tstzrange;

COMMENT ON DOMAIN @extschema@.snowflake_tstzrange IS
	'a tstzrange as the time window of "id <@ r" and "r @> id"';

UPDATE pg_catalog.pg_proc
   SET proargtypes = pg_catalog.array_to_string(ARRAY[
			'@extschema@.snowflake'::pg_catalog.regtype::pg_catalog.oid,
			'@extschema@.snowflake_tstzrange'::pg_catalog.regtype::pg_catalog.oid], ' ')::pg_catalog.oidvector
 WHERE oid OPERATOR(pg_catalog.=) '@extschema@.snowflake_within(@extschema@.snowflake, pg_catalog.tstzrange)'::pg_catalog.regprocedure::pg_catalog.oid;

UPDATE pg_catalog.pg_proc
   SET proargtypes = pg_catalog.array_to_string(ARRAY[
			'@extschema@.snowflake_tstzrange'::pg_catalog.regtype::pg_catalog.oid,
			'@extschema@.snowflake'::pg_catalog.regtype::pg_catalog.oid], ' ')::pg_catalog.oidvector
 WHERE oid OPERATOR(pg_catalog.=) '@extschema@.tstzrange_contains_snowflake(pg_catalog.tstzrange, @extschema@.snowflake)'::pg_catalog.regprocedure::pg_catalog.oid;

UPDATE pg_catalog.pg_operator
   SET oprright = '@extschema@.snowflake_tstzrange'::pg_catalog.regtype
 WHERE oid OPERATOR(pg_catalog.=) '@extschema@.<@(@extschema@.snowflake, pg_catalog.tstzrange)'::pg_catalog.regoperator::pg_catalog.oid;

UPDATE pg_catalog.pg_operator
   SET oprleft = '@extschema@.snowflake_tstzrange'::pg_catalog.regtype
 WHERE oid OPERATOR(pg_catalog.=) '@extschema@.@>(pg_catalog.tstzrange, @extschema@.snowflake)'::pg_catalog.regoperator::pg_catalog.oid;

-- The dependencies that CREATE FUNCTION and CREATE OPERATOR record on an
-- argument type (none was recorded on tstzrange, a pinned type).
INSERT INTO pg_catalog.pg_depend
	(classid, objid, objsubid, refclassid, refobjid, refobjsubid, deptype)
SELECT c.classid, c.objid, 0, 'pg_catalog.pg_type'::pg_catalog.regclass,
	   '@extschema@.snowflake_tstzrange'::pg_catalog.regtype, 0, 'n'
  FROM (VALUES
		('pg_catalog.pg_proc'::pg_catalog.regclass,
		 '@extschema@.snowflake_within(@extschema@.snowflake, @extschema@.snowflake_tstzrange)'::pg_catalog.regprocedure::pg_catalog.oid),
		('pg_catalog.pg_proc'::pg_catalog.regclass,
		 '@extschema@.tstzrange_contains_snowflake(@extschema@.snowflake_tstzrange, @extschema@.snowflake)'::pg_catalog.regprocedure::pg_catalog.oid),
		('pg_catalog.pg_operator'::pg_catalog.regclass,
		 '@extschema@.<@(@extschema@.snowflake, @extschema@.snowflake_tstzrange)'::pg_catalog.regoperator::pg_catalog.oid),
		('pg_catalog.pg_operator'::pg_catalog.regclass,
		 '@extschema@.@>(@extschema@.snowflake_tstzrange, @extschema@.snowflake)'::pg_catalog.regoperator::pg_catalog.oid)
	   ) AS c(classid, objid);

--
-- 2. gen_snowflake(worker) is granted, with the grant option, to the
-- database's owner, by name.
--
-- 1.3 granted it to whoever ran CREATE EXTENSION.  pg_dump records the
-- privileges of an extension's function as differences from those its
-- scripts made, so a restore by another role, a superuser, granted it to
-- that role instead, and the owner's grants, which pg_dump replays as the
-- owner (SET SESSION AUTHORIZATION), failed for want of the grant option
-- (42501).  The database's owner is the same before and after a restore
-- into a database of the same owner, whoever restores: a superuser, or
-- the owner, who may replay grants made as herself.
--
-- The function stays owned by the superuser that runs this script (the
-- bootstrap superuser when a trusted install is run by another role):
-- its owner could replace it, an extension member, by a function of any
-- body that every caller, superusers included, would then run.
-- pg_database_owner is not used either: its members' grants are recorded
-- as made by pg_database_owner, which only a superuser can replay.
--
-- A GRANT during ALTER EXTENSION UPDATE records the whole ACL in
-- pg_init_privs, grants of users included, which pg_dump would then leave
-- out.  So the install's privileges are set there explicitly: the
-- function owner's, and the database owner's from the owner.  The grant
-- 1.3 made to the extension's owner stays in the ACL, as a grant pg_dump
-- carries like any other.
--
DO $$
DECLARE
	fn pg_catalog.regprocedure := '@extschema@.gen_snowflake(integer)'::pg_catalog.regprocedure;
	fnowner pg_catalog.oid := (SELECT p.proowner FROM pg_catalog.pg_proc p
								WHERE p.oid OPERATOR(pg_catalog.=) fn::pg_catalog.oid);
	dbowner pg_catalog.oid := (SELECT d.datdba FROM pg_catalog.pg_database d
								WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database());
	install pg_catalog.aclitem[];
BEGIN
	EXECUTE pg_catalog.format('GRANT EXECUTE ON FUNCTION %s TO %I WITH GRANT OPTION', fn,
							  pg_catalog.pg_get_userbyid(dbowner));
	SELECT pg_catalog.array_agg(a.item ORDER BY a.n) INTO install
	  FROM pg_catalog.pg_proc p,
		   pg_catalog.unnest(p.proacl) WITH ORDINALITY AS a(item, n),
		   pg_catalog.aclexplode(ARRAY[a.item]) AS x
	 WHERE p.oid OPERATOR(pg_catalog.=) fn::pg_catalog.oid
	   AND x.grantor OPERATOR(pg_catalog.=) fnowner
	   AND (x.grantee OPERATOR(pg_catalog.=) fnowner OR x.grantee OPERATOR(pg_catalog.=) dbowner);
	UPDATE pg_catalog.pg_init_privs
	   SET initprivs = install
	 WHERE objoid OPERATOR(pg_catalog.=) fn::pg_catalog.oid
	   AND classoid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid
	   AND objsubid OPERATOR(pg_catalog.=) 0;
	IF NOT FOUND THEN
		INSERT INTO pg_catalog.pg_init_privs (objoid, classoid, objsubid, privtype, initprivs)
		VALUES (fn, 'pg_catalog.pg_proc'::pg_catalog.regclass, 0, 'e', install);
	END IF;
END
$$;

--
-- 3. gen_snowflake() mints in the leader of a parallel query only.
--
-- It reads its worker from the setting snowflake.worker_id.  A parallel
-- worker loads the library before it takes the leader's settings, so a
-- value the leader's session gave before the library loaded, and that was
-- refused (out of range, or given by a role that may not), never reached
-- it: the leader refused to mint, and its workers minted with worker 0.
-- gen_snowflake(worker) reads no setting and stays parallel safe.
--
ALTER FUNCTION @extschema@.gen_snowflake() PARALLEL RESTRICTED;

--
-- 4. Ids and integers that are equal hash alike: "id = n" with n a bigint
-- joins the hash family, and can be a hash join, a hash index condition,
-- and hash-partition pruning on a parameter.
--
-- An integer hashes as the id of its value (a negative one equals no id,
-- and hashes as some value).  The family then holds bigint, so it also
-- holds "#=#", the equality of bigints that completes the btree family:
-- a join the planner derives between two integers equal to one id
-- ("s.id = b.n AND s.id = c.m" gives "b.n #=# c.m") can hash too.
-- PostgreSQL before 17 has no ALTER OPERATOR ... SET (HASHES), so the
-- flag is set in the catalogue, as that command does.
--
CREATE FUNCTION @extschema@.snowflake_int8_hash(bigint)
RETURNS integer
AS 'MODULE_PATHNAME', 'snowflake_int8_hash'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_int8_hash(bigint) IS
	'hash support of bigint in the hash family of ids: the hash of the id of the same value';

CREATE FUNCTION @extschema@.snowflake_int8_hash_extended(bigint, bigint)
RETURNS bigint
AS 'MODULE_PATHNAME', 'snowflake_int8_hash_extended'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_int8_hash_extended(bigint, bigint) IS
	'seeded hash support of bigint in the hash family of ids';

ALTER OPERATOR FAMILY @extschema@.snowflake_ops USING hash ADD
	OPERATOR 1 @extschema@.= (@extschema@.snowflake, bigint),
	OPERATOR 1 @extschema@.= (bigint, @extschema@.snowflake),
	OPERATOR 1 @extschema@.#=# (bigint, bigint),
	FUNCTION 1 (bigint, bigint) @extschema@.snowflake_int8_hash(bigint),
	FUNCTION 2 (bigint, bigint) @extschema@.snowflake_int8_hash_extended(bigint, bigint);

UPDATE pg_catalog.pg_operator
   SET oprcanhash = true
 WHERE oid OPERATOR(pg_catalog.=) ANY (ARRAY[
			'@extschema@.=(@extschema@.snowflake, bigint)'::pg_catalog.regoperator::pg_catalog.oid,
			'@extschema@.=(bigint, @extschema@.snowflake)'::pg_catalog.regoperator::pg_catalog.oid,
			'@extschema@.#=#(bigint, bigint)'::pg_catalog.regoperator::pg_catalog.oid]);

--
-- 5. The BRIN minmax class stores its summaries as snowflake, as core's
-- minmax classes store theirs as their type (STORAGE in CREATE OPERATOR
-- CLASS).  Without it, the key of a BRIN index on a domain over snowflake
-- took the domain's type, for which the family has no operators, and the
-- index could not be built.  Indexes on snowflake columns keep the key
-- type they have.  PostgreSQL has no ALTER OPERATOR CLASS for it.
--
UPDATE pg_catalog.pg_opclass
   SET opckeytype = '@extschema@.snowflake'::pg_catalog.regtype
 WHERE opcname OPERATOR(pg_catalog.=) 'snowflake_minmax_ops'
   AND opcnamespace OPERATOR(pg_catalog.=) '@extschema@'::pg_catalog.regnamespace::pg_catalog.oid
   AND opcmethod OPERATOR(pg_catalog.=) (SELECT a.oid FROM pg_catalog.pg_am a
										  WHERE a.amname OPERATOR(pg_catalog.=) 'brin');

--
-- 6. The comparisons of ids get the planner support function too, which
-- leaves out of a partition's own filter the run-time bound that its
-- partitioned parent added for pruning beside a window on an instant
-- ("id >= snowflake_first_after(t, true)" beside "id >= t"): the
-- partition inherits the window's clause as well, which implies the bound,
-- so a sequential scan makes one comparison a row, not three calls.
-- Every other comparison of ids is left as it is.
--
ALTER FUNCTION @extschema@.snowflake_ge(@extschema@.snowflake, @extschema@.snowflake)
	SUPPORT @extschema@.snowflake_range_support;
ALTER FUNCTION @extschema@.snowflake_le(@extschema@.snowflake, @extschema@.snowflake)
	SUPPORT @extschema@.snowflake_range_support;

--
-- 7. Rolling time partitions.  snowflake_create_partitions creates the
-- partitions of the coming intervals of a table partitioned by range of
-- an id, and snowflake_retire_partitions detaches or drops those whose
-- whole range is older than a retention.
--
-- They take turns.  Each first finds, with no lock at all, whether it has
-- anything to do, and returns at once when it has not (run every minute,
-- a request for ACCESS EXCLUSIVE queued behind a long reader would stall
-- every reader and writer of the table behind it).  With work to do, it
-- takes the locks its DDL needs, all of them and before the DDL: ACCESS
-- EXCLUSIVE on the parent first, then on the default partition and on
-- the partitions it detaches or drops, each before its own partitions,
-- which is the order and the mode in which CREATE TABLE ... PARTITION
-- OF, DETACH PARTITION and DROP TABLE take them.  Two jobs therefore
-- never hold locks the other waits for, as they did when each locked
-- every partition (pg_partition_tree) and then the parent (40P01).  The
-- locks are taken in tries (snowflake_lock_partitions), each waiting at
-- most half of deadlock_timeout, so that a session queued behind a try
-- never waits long, and a session that holds a lock the job waits for
-- (one that read the table, then calls the other job itself) goes first;
-- after 20 tries, 55P03 names the processes that held conflicting locks
-- (snowflake_lock_conflicts).  Nothing of this section but
-- snowflake_lock_partitions locks the table or its partitions:
-- pg_get_expr is called without the relation (with it, it takes ACCESS
-- SHARE), and the partitions are found in pg_inherits.
--
-- Their DDL evaluates code the table's owner wrote: CREATE TABLE ...
-- PARTITION OF coerces the bounds to the key's type (a domain's CHECK),
-- and planning a scan of the default partition folds immutable index
-- expressions and predicates.  So each is a C function (src/owner.c) that
-- a caller with the owner's privileges calls, and that runs its PL/pgSQL
-- work, snowflake_create_partitions_as_owner and
-- snowflake_retire_partitions_as_owner, as the owner in a
-- security-restricted operation, as VACUUM and ANALYZE run index
-- expressions.  Those run as their caller, with search_path pinned, and
-- refuse unless it owns the table (snowflake_partitioned_by_id).  The
-- count of the default partition's rows is made with row_security off,
-- so that a policy that would hide rows from it raises an error instead.
--
-- An interval's bounds are wall-clock times in the given time zone: the
-- id of the first millisecond of a local midnight (or hour, week, month).
-- A day where the clocks change is 23 or 25 hours long.  A wall-clock
-- interval that a change skips is empty, and has no partition.
--
-- The bounds of the partitions there are read from pg_get_expr of their
-- bound: "FOR VALUES FROM ('n') TO ('n')", MINVALUE or MAXVALUE, or
-- "DEFAULT".  Ids are compared as numeric, which orders them as the type.
--

-- Who stands in the way of a lock: the other processes that hold a
-- granted lock on rel in a mode that conflicts with mode (as LOCK TABLE
-- spells it, 'ACCESS EXCLUSIVE', or as pg_locks does,
-- 'AccessExclusiveLock'), for an error's DETAIL: "process 123 holds
-- AccessShareLock (idle in transaction)", several joined by "; " in the
-- order of their pids, a prepared transaction named by its gid; NULL when
-- there is none (and for a NULL argument).  The processes queued for a
-- lock hold none, and are not named.  A caller that takes locks in tries
-- reads it just before each LOCK: once a try that timed out is undone,
-- the writers that queued behind it are granted their locks, and would
-- look like the holders.
-- The conflicts are those of PostgreSQL's lock table (LockConflicts in
-- src/backend/storage/lmgr/lock.c).  The state of a session the caller
-- may not see (another role's, without pg_read_all_stats) is left out.
-- Parallel restricted, as pg_backend_pid() is: in a parallel worker, the
-- leader's locks would look like another process's.
CREATE FUNCTION @extschema@.snowflake_lock_conflicts(rel pg_catalog.regclass, mode pg_catalog.text)
RETURNS pg_catalog.text
LANGUAGE plpgsql VOLATILE STRICT PARALLEL RESTRICTED
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	wanted pg_catalog.text := pg_catalog.upper(pg_catalog.regexp_replace(pg_catalog.btrim(mode), '\s+', ' ', 'g'));
	conflicting pg_catalog.text[];
	holders pg_catalog.text;
BEGIN
	SELECT c.conflicts INTO conflicting
	  FROM (VALUES
			('ACCESS SHARE', 'AccessShareLock',
			 '{AccessExclusiveLock}'::pg_catalog.text[]),
			('ROW SHARE', 'RowShareLock',
			 '{ExclusiveLock,AccessExclusiveLock}'),
			('ROW EXCLUSIVE', 'RowExclusiveLock',
			 '{ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('SHARE UPDATE EXCLUSIVE', 'ShareUpdateExclusiveLock',
			 '{ShareUpdateExclusiveLock,ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('SHARE', 'ShareLock',
			 '{RowExclusiveLock,ShareUpdateExclusiveLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('SHARE ROW EXCLUSIVE', 'ShareRowExclusiveLock',
			 '{RowExclusiveLock,ShareUpdateExclusiveLock,ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('EXCLUSIVE', 'ExclusiveLock',
			 '{RowShareLock,RowExclusiveLock,ShareUpdateExclusiveLock,ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('ACCESS EXCLUSIVE', 'AccessExclusiveLock',
			 '{AccessShareLock,RowShareLock,RowExclusiveLock,ShareUpdateExclusiveLock,ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}')
		   ) AS c(sql_name, locks_name, conflicts)
	 WHERE wanted OPERATOR(pg_catalog.=) c.sql_name
		OR wanted OPERATOR(pg_catalog.=) pg_catalog.upper(c.locks_name);
	IF conflicting IS NULL THEN
		RAISE EXCEPTION 'unknown lock mode: "%"', mode
			USING ERRCODE = 'invalid_parameter_value',
				  HINT = 'A lock mode as LOCK TABLE takes it (ACCESS SHARE to ACCESS EXCLUSIVE) or as pg_locks shows it (AccessShareLock to AccessExclusiveLock).';
	END IF;

	-- (a relation of every database, such as pg_database, is locked in
	-- database 0; a prepared transaction's locks have no pid, and its
	-- transaction id is that of the transactionid lock it holds itself;
	-- the states are read afresh, not as this transaction first read
	-- them, which discards its snapshot of the statistics)
	PERFORM pg_catalog.pg_stat_clear_snapshot();
	SELECT pg_catalog.string_agg(pg_catalog.format('%s holds %s%s', h.who, h.modes, h.state), '; '
								 ORDER BY h.pid NULLS LAST, h.who)
	  INTO holders
	  FROM (SELECT l.pid,
				   CASE WHEN l.pid IS NOT NULL THEN pg_catalog.format('process %s', l.pid)
						ELSE pg_catalog.format('prepared transaction %L',
							   (SELECT p.gid FROM pg_catalog.pg_locks x
								  JOIN pg_catalog.pg_prepared_xacts p ON p.transaction OPERATOR(pg_catalog.=) x.transactionid
								 WHERE x.locktype OPERATOR(pg_catalog.=) 'transactionid'
								   AND x.virtualtransaction OPERATOR(pg_catalog.=) l.virtualtransaction
								   AND x.pid IS NULL
								 LIMIT 1)) END AS who,
				   pg_catalog.string_agg(l.mode, ', ' ORDER BY pg_catalog.array_position(conflicting, l.mode)) AS modes,
				   COALESCE((SELECT ' (' OPERATOR(pg_catalog.||) a.state OPERATOR(pg_catalog.||) ')'
							   FROM pg_catalog.pg_stat_activity a WHERE a.pid OPERATOR(pg_catalog.=) l.pid), '') AS state
			  FROM pg_catalog.pg_locks l
			 WHERE l.locktype OPERATOR(pg_catalog.=) 'relation'
			   AND l.relation OPERATOR(pg_catalog.=) rel::pg_catalog.oid
			   AND l.database OPERATOR(pg_catalog.=) ANY (ARRAY[0::pg_catalog.oid,
					(SELECT d.oid FROM pg_catalog.pg_database d
					  WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())])
			   AND l.granted
			   AND l.pid IS DISTINCT FROM pg_catalog.pg_backend_pid()
			   AND l.mode OPERATOR(pg_catalog.=) ANY (conflicting)
			 GROUP BY l.pid, l.virtualtransaction) h;
	RETURN holders;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_lock_conflicts(pg_catalog.regclass, pg_catalog.text) IS
	'the other processes that hold a lock on a relation conflicting with a lock mode, with their modes and states, as text; NULL if none';

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
	-- in pg_inherits, not by pg_partition_tree, which locks every
	-- partition: this function takes no lock on the table's relations.)
	WITH RECURSIVE tree(relid, level) AS (
		SELECT i.inhrelid, 1 FROM pg_inherits i WHERE i.inhparent = parent
		UNION ALL
		SELECT i.inhrelid, t.level + 1 FROM tree t JOIN pg_inherits i ON i.inhparent = t.relid)
	SELECT c.oid::regclass::text, pg_get_userbyid(c.relowner)
	  INTO other_rel, other_owner
	  FROM tree t JOIN pg_class c ON c.oid = t.relid
	 WHERE c.relowner <> owner_oid
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

-- How long a try for locks may wait, in ms: half of the smallest
-- deadlock_timeout a session of this database may have (this session's,
-- the server's from postgresql.conf, ALTER SYSTEM or its default, and
-- those of ALTER ROLE and ALTER DATABASE for this database), at least 1.
-- A writer that queues behind such a try runs its deadlock check after
-- its deadlock_timeout, by which time the try has given up and released
-- what it took.  A setting is read as the server reads it: a number
-- (decimal, with an exponent, or hexadecimal) and a unit, milliseconds if
-- none; one it cannot read counts as 1 ms.  Used by snowflake_convert_key
-- and the partition jobs.
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

-- The locks of a partition job, taken in tries: ACCESS EXCLUSIVE on the
-- parent; then, with the parent held, so that no partition comes or goes,
-- on its default partition and on each of parts that is still a partition
-- of it, in that order, each before its own partitions (all with ONLY).
-- A try waits at most half of the smallest deadlock_timeout a session may
-- have (the server's, this database's and its roles', this session's)
-- for all its locks together: a session that queues behind it, or holds a
-- lock it waits for, waits less than that, never reaches its deadlock
-- check, and gets its lock when the try gives up and is undone.  After a
-- pause, longer each time and with jitter, the next try starts.  After 20
-- tries: 55P03, naming the processes that held a conflicting lock on the
-- relation it waited for, read just before it asked
-- (snowflake_lock_conflicts).  The table is checked again once its parent
-- is held: its owner may have changed.  entry names the caller in the
-- error.  The locks stay held until the transaction ends.  The two
-- partition jobs call it as the table's owner; anyone else may lock only
-- what LOCK TABLE lets her.
CREATE FUNCTION @extschema@.snowflake_lock_partitions(
	parent pg_catalog.regclass,
	parts pg_catalog.regclass[],
	entry pg_catalog.text)
RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	lock_tries integer := 20;
	lock_wait integer;
	attempt integer := 0;
	tried timestamptz;
	waiting_on regclass;
	holders text;
	def oid;
	r record;
BEGIN
	lock_wait := @extschema@.snowflake_lock_try_ms();

	LOOP
		attempt := attempt + 1;
		BEGIN
			-- The try's clock starts at its first lock.  Who holds a
			-- conflicting lock is read just before each LOCK (a variable
			-- keeps its value when the try is undone).
			tried := clock_timestamp();
			waiting_on := parent;
			PERFORM set_config('lock_timeout', lock_wait::text, true);
			holders := @extschema@.snowflake_lock_conflicts(parent, 'ACCESS EXCLUSIVE');
			EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', parent);

			SELECT t.defid INTO def FROM @extschema@.snowflake_partitioned_by_id(parent) t;
			FOR r IN
				WITH RECURSIVE roots(ord, relid) AS (
					SELECT 0::bigint, def WHERE def <> 0
					UNION ALL
					SELECT u.n, u.relid::oid FROM unnest(parts) WITH ORDINALITY AS u(relid, n)
					 WHERE u.relid::oid <> def
					   AND EXISTS (SELECT FROM pg_inherits i WHERE i.inhrelid = u.relid AND i.inhparent = parent)),
				tree(ord, relid, level) AS (
					SELECT o.ord, o.relid, 0 FROM roots o
					UNION ALL
					SELECT t.ord, i.inhrelid, t.level + 1 FROM tree t JOIN pg_inherits i ON i.inhparent = t.relid)
				SELECT t.relid::regclass AS rel FROM tree t ORDER BY t.ord, t.level, t.relid
			LOOP
				waiting_on := r.rel;
				-- what is left of this try's wait, 1 ms at least
				PERFORM set_config('lock_timeout',
					GREATEST(1, lock_wait - (extract(epoch FROM clock_timestamp() - tried) * 1000)::integer)::text, true);
				holders := @extschema@.snowflake_lock_conflicts(r.rel, 'ACCESS EXCLUSIVE');
				EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', r.rel);
			END LOOP;
			EXIT;
		EXCEPTION WHEN lock_not_available OR deadlock_detected THEN
			-- The try is undone, its locks given back; its lock_timeout too.
			IF attempt >= lock_tries THEN
				IF holders IS NULL THEN
					RAISE EXCEPTION '% could not lock table %', entry, waiting_on
						USING ERRCODE = 'lock_not_available',
							  DETAIL = format('No other process held a conflicting lock on it when it last asked: it waited behind sessions queued for one. It tried %s times, each time waiting at most %s ms for all its locks and then giving them back, so that the sessions queued behind it never waited long.',
											  lock_tries, lock_wait),
							  HINT = 'Call it again.';
				END IF;
				RAISE EXCEPTION '% could not lock table %', entry, waiting_on
					USING ERRCODE = 'lock_not_available',
						  DETAIL = format('Conflicting locks when it last asked: %s. It tried %s times, each time waiting at most %s ms for all its locks and then giving them back, so that the sessions queued behind it never waited long.',
										  holders, lock_tries, lock_wait),
						  HINT = CASE WHEN holders LIKE '%prepared transaction%'
									  THEN 'Wait for those transactions to end, or end them (pg_terminate_backend(pid) ends a process, COMMIT PREPARED or ROLLBACK PREPARED a prepared transaction), then call it again.'
									  ELSE 'Wait for those processes to end their transactions, or end them (pg_terminate_backend(pid)), then call it again.' END;
			END IF;
			-- a pause, longer each time, with jitter, before the next try
			PERFORM pg_sleep(LEAST(1.0, 0.05 * attempt) + random() * 0.1);
		END;
	END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_lock_partitions(pg_catalog.regclass, pg_catalog.regclass[], pg_catalog.text) IS
	'takes, in tries of at most half of deadlock_timeout, ACCESS EXCLUSIVE on a partitioned table, then on its default partition and on the given partitions (used by the rolling partition functions)';

CREATE FUNCTION @extschema@.snowflake_create_partitions_as_owner(
	parent pg_catalog.regclass,
	step pg_catalog.interval,
	ahead integer DEFAULT 3,
	time_zone pg_catalog.text DEFAULT 'UTC',
	as_of pg_catalog.timestamptz DEFAULT pg_catalog.now())
RETURNS SETOF pg_catalog.regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
SET row_security = off
AS $fn$
DECLARE
	nsp name;
	nspoid oid;
	rel name;
	keyname name;
	defid oid;
	m integer;
	d integer;
	us numeric;
	wall timestamp;
	first_b timestamp;
	lb timestamp;
	ub timestamp;
	lo numeric;
	hi numeric;
	covered numeric;
	overlapping text;
	prefix text;
	suffix text;
	pname text;
	n bigint;
	created regclass;
	lo_t timestamptz;
	prev_t timestamptz;
	prev_hi numeric;
	probe bigint;
	k_fits bigint;
	k_over bigint;
	fits boolean;
	locked boolean := false;
	due boolean;
	notes text[];
BEGIN
	-- The schema that this body names by name must still be the
	-- extension's: the schema's owner could rename it and create another
	-- of the old name, whose functions the body would then call as the
	-- table's owner.
	IF pg_catalog.to_regnamespace('@extschema@')::pg_catalog.oid IS DISTINCT FROM
	   (SELECT e.extnamespace FROM pg_catalog.pg_extension e WHERE e.extname = 'snowflake') THEN
		RAISE EXCEPTION 'snowflake_create_partitions refuses to run: the schema of the snowflake extension is no longer named %', '@extschema@'
			USING ERRCODE = '55000',
				  HINT = 'Rename the extension''s schema back.';
	END IF;
	IF parent IS NULL OR step IS NULL OR ahead IS NULL OR time_zone IS NULL OR as_of IS NULL THEN
		RAISE EXCEPTION 'snowflake_create_partitions: an argument is NULL'
			USING ERRCODE = '22004';
	END IF;
	IF NOT isfinite(as_of) THEN
		RAISE EXCEPTION 'as_of must be a finite instant, not %', as_of
			USING ERRCODE = '22008';
	END IF;

	-- The table: partitioned by range of one snowflake column, owned.
	SELECT t.nspoid, t.nsp, t.rel, t.defid, t.keyname
	  INTO nspoid, nsp, rel, defid, keyname
	  FROM @extschema@.snowflake_partitioned_by_id(parent) t;

	-- The step: months that divide a year, a day, a week, or minutes that
	-- divide a day.
	m := (extract(year FROM step) * 12 + extract(month FROM step))::integer;
	d := extract(day FROM step)::integer;
	us := extract(epoch FROM step - date_trunc('day', step)) * 1000000;
	IF NOT ((m > 0 AND 12 % m = 0 AND d = 0 AND us = 0)
			OR (m = 0 AND d IN (1, 7) AND us = 0)
			OR (m = 0 AND d = 0 AND us > 0 AND us % 60000000 = 0 AND 86400000000 % us = 0
				AND us < 86400000000)) THEN
		RAISE EXCEPTION 'step "%" is not a step of time partitions', step
			USING ERRCODE = '22023',
				  HINT = 'A step is 1, 2, 3, 4, 6 or 12 months, 1 day, 1 week, or a whole number of minutes that divides a day, such as 15 minutes, 1 hour or 6 hours.';
	END IF;
	IF ahead < 0 THEN
		RAISE EXCEPTION 'ahead must not be negative: %', ahead
			USING ERRCODE = '22023';
	END IF;

	-- The first interval: the one as_of falls in, aligned on the wall clock
	-- of time_zone (an unknown zone raises 22023 here).
	wall := as_of AT TIME ZONE time_zone;
	IF m > 0 THEN
		first_b := date_trunc('year', wall) + make_interval(months => ((extract(month FROM wall)::integer - 1) / m) * m);
	ELSIF d = 7 THEN
		first_b := date_trunc('week', wall);
	ELSIF d = 1 THEN
		first_b := date_trunc('day', wall);
	ELSE
		first_b := date_trunc('day', wall)
				   + step * floor(extract(epoch FROM wall - date_trunc('day', wall)) * 1000000 / us);
	END IF;
	-- A wall-clock time that occurs twice is read as its later instant.
	LOOP
		-- (not WHILE: see snowflake_partitioned_by_id)
		IF ((first_b AT TIME ZONE time_zone) > as_of) IS NOT TRUE THEN
			EXIT;
		END IF;
		first_b := first_b - step;
	END LOOP;

	-- Every interval must end by the last instant of an id, which the
	-- last one says: refused before anything is created, at once however
	-- large ahead is.  Else bisect for the first interval that does not
	-- fit (an interval or instant out of range does not), to name it.
	k_fits := -1;
	probe := ahead;
	LOOP
		BEGIN
			fits := @extschema@.snowflake_floor((first_b + step * (probe + 1)) AT TIME ZONE time_zone) IS NOT NULL;
		EXCEPTION WHEN datetime_field_overflow OR interval_field_overflow THEN
			fits := false;
		END;
		IF fits THEN
			k_fits := probe;
		ELSE
			k_over := probe;
		END IF;
		IF k_over IS NULL OR k_over - k_fits <= 1 THEN
			EXIT;
		END IF;
		probe := k_fits + (k_over - k_fits) / 2;
	END LOOP;
	IF k_over IS NOT NULL THEN
		RAISE EXCEPTION 'the partition from % would end after the last instant of an id',
			(first_b + step * k_over) AT TIME ZONE time_zone
			USING ERRCODE = '22008',
				  DETAIL = 'The last instant an id can hold is 2163-05-15 07:35:11.103 UTC.',
				  HINT = CASE WHEN k_fits >= 0
							  THEN format('With this step, time zone and as_of, ahead can be at most %s.', k_fits)
							  ELSE 'No interval of this step from as_of on ends by then.' END;
	END IF;

	-- Twice through the intervals: first with no lock, to find whether
	-- one lacks its partition, and return at once if none does (saying
	-- which ones overlap partitions made by hand); then, if one does, with
	-- the locks held (snowflake_lock_partitions: the parent and the
	-- default partition, which CREATE TABLE ... PARTITION OF locks and
	-- scans), looking again and creating what is missing.
	LOOP
		due := false;
		notes := '{}';
		prev_hi := NULL;
		prev_t := NULL;
		FOR k IN 0 .. ahead LOOP
			lb := first_b + step * k;
			ub := first_b + step * (k + 1);
			lo_t := lb AT TIME ZONE time_zone;
			lo := @extschema@.snowflake_floor(lo_t)::numeric;
			hi := @extschema@.snowflake_floor(ub AT TIME ZONE time_zone)::numeric;
			-- A wall-clock time that the clocks skip is read as standard time,
			-- which lies after the next valid one: an interval starts where the
			-- one before it ended, at the latest, and an interval the change
			-- skips is empty.
			IF prev_hi IS NOT NULL AND lo < prev_hi THEN
				lo := prev_hi;
				lo_t := prev_t;
			END IF;
			IF prev_hi IS NULL OR hi > prev_hi THEN
				prev_hi := hi;
				prev_t := ub AT TIME ZONE time_zone;
			END IF;
			-- before the epoch, or skipped by a change of the clocks
			-- (not CONTINUE WHEN, which pgspot cannot parse either)
			IF lo >= hi THEN
				CONTINUE;
			END IF;

			-- Covered already, by partitions made before (by this function or
			-- by hand): nothing to do.  Partly covered: left alone, said.
			SELECT coalesce(sum(least(hi, x.upper_id) - greatest(lo, x.lower_id)), 0),
				   string_agg(x.part::text, ', ' ORDER BY x.lower_id)
			  INTO covered, overlapping
			  FROM (SELECT c.oid::regclass AS part,
						   CASE b[1] WHEN 'MINVALUE' THEN '-Infinity'::numeric ELSE btrim(b[1], '''')::numeric END AS lower_id,
						   CASE b[2] WHEN 'MAXVALUE' THEN 'Infinity'::numeric ELSE btrim(b[2], '''')::numeric END AS upper_id
					  FROM pg_inherits i
					  JOIN pg_class c ON c.oid = i.inhrelid,
						   regexp_match(pg_get_expr(c.relpartbound, 0), '^FOR VALUES FROM \((.+)\) TO \((.+)\)$') b
					 WHERE i.inhparent = parent) x
			 WHERE x.lower_id < hi AND lo < x.upper_id;
			-- (not CONTINUE WHEN)
			IF covered >= hi - lo THEN
				CONTINUE;
			END IF;
			IF covered > 0 THEN
				notes := notes || format('no partition of %s for [%s, %s): it overlaps %s', rel,
										 lb AT TIME ZONE time_zone, ub AT TIME ZONE time_zone, overlapping);
				IF locked THEN
					RAISE NOTICE '%', notes[cardinality(notes)];
				END IF;
				CONTINUE;
			END IF;
			-- One to create: the locks first.
			IF NOT locked THEN
				due := true;
				EXIT;
			END IF;

			-- The name: the parent's, cut to fit, and the wall-clock time of the
			-- partition's first instant.
			suffix := '_p' || to_char(lo_t AT TIME ZONE time_zone,
									  CASE WHEN us > 0 THEN 'YYYYMMDD"_"HH24MI' ELSE 'YYYYMMDD' END);
			prefix := rel;
			LOOP
				-- (not WHILE)
				IF (octet_length(prefix || suffix) > 63) IS NOT TRUE THEN
					EXIT;
				END IF;
				prefix := left(prefix, -1);
			END LOOP;
			pname := prefix || suffix;
			IF EXISTS (SELECT FROM pg_class c WHERE c.relname = pname AND c.relnamespace = nspoid) THEN
				RAISE EXCEPTION 'cannot create partition "%" of "%": a relation of that name exists', pname, rel
					USING ERRCODE = '42P07',
						  HINT = 'Rename that relation, or create the partition for this interval by hand.';
			END IF;

			-- Rows of the default partition in the new range: refused.
			IF defid <> 0 THEN
				-- The key cast to snowflake, even where it is a domain: an operator
				-- on the domain, which anyone who may create objects in the
				-- extension's schema could put there, would run as the caller.
				EXECUTE format('SELECT count(*) FROM %s WHERE %I::@extschema@.snowflake OPERATOR(@extschema@.>=) %L::@extschema@.snowflake'
							   ' AND %I::@extschema@.snowflake OPERATOR(@extschema@.<) %L::@extschema@.snowflake',
							   defid::regclass, keyname, lo, keyname, hi)
				   INTO n;
				IF n > 0 THEN
					RAISE EXCEPTION 'default partition "%" holds % rows of the new partition "%"',
						(SELECT c.relname FROM pg_class c WHERE c.oid = defid), n, pname
						USING ERRCODE = '23514',
							  DETAIL = format('The new partition would hold the ids of [%s, %s).',
											  lb AT TIME ZONE time_zone, ub AT TIME ZONE time_zone),
							  HINT = format('Move those rows out of the default partition, run this again, then insert them through %s.', parent);
				END IF;
			END IF;

			EXECUTE format('CREATE TABLE %I.%I PARTITION OF %I.%I FOR VALUES FROM (%L) TO (%L)',
						   nsp, pname, nsp, rel, lo, hi);
			created := format('%I.%I', nsp, pname)::regclass;
			RETURN NEXT created;
		END LOOP;
		IF locked THEN
			EXIT;
		END IF;
		IF NOT due THEN
			-- nothing to create: no lock taken
			FOR i IN 1 .. coalesce(cardinality(notes), 0) LOOP
				RAISE NOTICE '%', notes[i];
			END LOOP;
			EXIT;
		END IF;
		PERFORM @extschema@.snowflake_lock_partitions(parent, '{}', 'snowflake_create_partitions');
		locked := true;
		-- the default partition there is now (checked again, and locked)
		SELECT t.defid INTO defid FROM @extschema@.snowflake_partitioned_by_id(parent) t;
	END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_create_partitions_as_owner(pg_catalog.regclass, pg_catalog.interval, integer, pg_catalog.text, pg_catalog.timestamptz) IS
	'the work of snowflake_create_partitions, as its caller, who must own the table';

-- Called through its C entry point (src/owner.c), which fmgr runs
-- without a check of EXECUTE; not for PUBLIC.
REVOKE EXECUTE ON FUNCTION @extschema@.snowflake_create_partitions_as_owner(pg_catalog.regclass, pg_catalog.interval, integer, pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION @extschema@.snowflake_create_partitions(
	parent pg_catalog.regclass,
	step pg_catalog.interval,
	ahead integer DEFAULT 3,
	time_zone pg_catalog.text DEFAULT 'UTC',
	as_of pg_catalog.timestamptz DEFAULT pg_catalog.now())
RETURNS SETOF pg_catalog.regclass
AS 'MODULE_PATHNAME', 'snowflake_create_partitions'
LANGUAGE C VOLATILE PARALLEL UNSAFE;

COMMENT ON FUNCTION @extschema@.snowflake_create_partitions(pg_catalog.regclass, pg_catalog.interval, integer, pg_catalog.text, pg_catalog.timestamptz) IS
	'creates the missing range partitions of a table partitioned by an id for the interval of as_of and the next ahead ones, aligned in a time zone, as the table''s owner';

CREATE FUNCTION @extschema@.snowflake_retire_partitions_as_owner(
	parent pg_catalog.regclass,
	retention pg_catalog.interval,
	mode pg_catalog.text DEFAULT 'detach',
	time_zone pg_catalog.text DEFAULT 'UTC',
	as_of pg_catalog.timestamptz DEFAULT pg_catalog.now())
RETURNS TABLE (partition pg_catalog.text, action pg_catalog.text)
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
AS $fn$
DECLARE
	nsp name;
	rel name;
	cutoff numeric;
	r record;
	due regclass[];
BEGIN
	-- The schema that this body names by name must still be the
	-- extension's: the schema's owner could rename it and create another
	-- of the old name, whose functions the body would then call as the
	-- table's owner.
	IF pg_catalog.to_regnamespace('@extschema@')::pg_catalog.oid IS DISTINCT FROM
	   (SELECT e.extnamespace FROM pg_catalog.pg_extension e WHERE e.extname = 'snowflake') THEN
		RAISE EXCEPTION 'snowflake_retire_partitions refuses to run: the schema of the snowflake extension is no longer named %', '@extschema@'
			USING ERRCODE = '55000',
				  HINT = 'Rename the extension''s schema back.';
	END IF;
	IF parent IS NULL OR retention IS NULL OR mode IS NULL OR time_zone IS NULL OR as_of IS NULL THEN
		RAISE EXCEPTION 'snowflake_retire_partitions: an argument is NULL'
			USING ERRCODE = '22004';
	END IF;
	IF NOT isfinite(as_of) THEN
		RAISE EXCEPTION 'as_of must be a finite instant, not %', as_of
			USING ERRCODE = '22008';
	END IF;

	SELECT t.nsp, t.rel INTO nsp, rel FROM @extschema@.snowflake_partitioned_by_id(parent) t;
	IF retention < interval '0' THEN
		RAISE EXCEPTION 'retention must not be negative: %', retention
			USING ERRCODE = '22023';
	END IF;
	IF mode NOT IN ('detach', 'drop') THEN
		RAISE EXCEPTION 'mode must be ''detach'' or ''drop'', not ''%''', mode
			USING ERRCODE = '22023';
	END IF;

	-- The first id still kept: that of as_of less the retention, on the
	-- wall clock of time_zone.
	cutoff := @extschema@.snowflake_floor(((as_of AT TIME ZONE time_zone) - retention) AT TIME ZONE time_zone)::numeric;

	-- The partitions due, found with no lock: none, and it returns
	-- without locking anything (but for the notices below).  Else it
	-- locks the parent, the default partition (whose constraint DETACH
	-- and DROP change) and those partitions (snowflake_lock_partitions),
	-- then reads them again: one that became due meanwhile is left to the
	-- next call, unlocked.
	due := ARRAY(
		SELECT x.part
		  FROM (SELECT c.oid::regclass AS part, b[1] AS lower_b, b[2] AS upper_b, i.inhdetachpending AS pending
				  FROM pg_inherits i
				  JOIN pg_class c ON c.oid = i.inhrelid,
					   regexp_match(pg_get_expr(c.relpartbound, 0), '^FOR VALUES FROM \((.+)\) TO \((.+)\)$') b
				 WHERE i.inhparent = parent) x
		 WHERE x.lower_b <> 'MINVALUE' AND x.upper_b <> 'MAXVALUE'
		   AND btrim(x.upper_b, '''')::numeric <= cutoff
		   AND NOT (mode = 'detach' AND x.pending)
		 ORDER BY btrim(x.lower_b, '''')::numeric);
	IF cardinality(due) > 0 THEN
		PERFORM @extschema@.snowflake_lock_partitions(parent, due, 'snowflake_retire_partitions');
	END IF;

	FOR r IN
		SELECT x.part, x.part::text AS name, x.pending
		  FROM (SELECT c.oid::regclass AS part, b[1] AS lower_b, b[2] AS upper_b, i.inhdetachpending AS pending
				  FROM pg_inherits i
				  JOIN pg_class c ON c.oid = i.inhrelid,
					   regexp_match(pg_get_expr(c.relpartbound, 0), '^FOR VALUES FROM \((.+)\) TO \((.+)\)$') b
				 WHERE i.inhparent = parent) x
		 WHERE x.lower_b <> 'MINVALUE' AND x.upper_b <> 'MAXVALUE'
		   AND btrim(x.upper_b, '''')::numeric <= cutoff
		 ORDER BY btrim(x.lower_b, '''')::numeric
	LOOP
		IF mode = 'detach' AND r.pending THEN
			RAISE NOTICE 'partition % of % is being detached already: left as it is', r.name, rel
				USING HINT = format('Finish it with ALTER TABLE %I.%I DETACH PARTITION %s FINALIZE.', nsp, rel, r.name);
			CONTINUE;
		END IF;
		-- (not CONTINUE WHEN, which pgspot cannot parse)
		IF r.part <> ALL (due) THEN
			CONTINUE;
		END IF;
		IF mode = 'drop' THEN
			EXECUTE format('DROP TABLE %s', r.part);
			action := 'dropped';
		ELSE
			EXECUTE format('ALTER TABLE %I.%I DETACH PARTITION %s', nsp, rel, r.part);
			action := 'detached';
		END IF;
		partition := r.name;
		-- RETURN QUERY of the OUT parameters rather than a bare RETURN
		-- NEXT: pgspot parses PL/pgSQL with libpg_query, which does not
		-- know a function's OUT parameters and fails on RETURN NEXT without
		-- an expression, leaving the rest of the script unchecked.
		RETURN QUERY SELECT partition, action;
	END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_retire_partitions_as_owner(pg_catalog.regclass, pg_catalog.interval, pg_catalog.text, pg_catalog.text, pg_catalog.timestamptz) IS
	'the work of snowflake_retire_partitions, as its caller, who must own the table';

-- Called through its C entry point (src/owner.c), which fmgr runs
-- without a check of EXECUTE; not for PUBLIC.
REVOKE EXECUTE ON FUNCTION @extschema@.snowflake_retire_partitions_as_owner(pg_catalog.regclass, pg_catalog.interval, pg_catalog.text, pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION @extschema@.snowflake_retire_partitions(
	parent pg_catalog.regclass,
	retention pg_catalog.interval,
	mode pg_catalog.text DEFAULT 'detach',
	time_zone pg_catalog.text DEFAULT 'UTC',
	as_of pg_catalog.timestamptz DEFAULT pg_catalog.now())
RETURNS TABLE (partition pg_catalog.text, action pg_catalog.text)
AS 'MODULE_PATHNAME', 'snowflake_retire_partitions'
LANGUAGE C VOLATILE PARALLEL UNSAFE;

COMMENT ON FUNCTION @extschema@.snowflake_retire_partitions(pg_catalog.regclass, pg_catalog.interval, pg_catalog.text, pg_catalog.text, pg_catalog.timestamptz) IS
	'detaches or drops the range partitions of a table partitioned by an id whose whole range is older than as_of less the retention, as the table''s owner';

-- 8. snowflake_convert_key(tbl, col, dry_run): a bigint key (plain,
-- bigserial or an identity) becomes a snowflake key, with every column
-- that references it, in one transaction.
--
-- The columns converted are the key and, recursively, every column that
-- references one of them by a foreign key.  A column that references
-- something outside that set (the key itself referencing another table,
-- or a referencing column that also references a third table) is refused:
-- a foreign key from snowflake to integer cannot be implemented, and
-- converting that other column is a separate decision.  The foreign keys
-- are dropped and re-added from their definitions (and comments), so each
-- is validated once, against the converted columns; ALTER COLUMN TYPE
-- rebuilds the indexes, CHECK constraints and statistics objects.
--
-- The key's default becomes gen_snowflake().  An identity is dropped with
-- its sequence (an identity column must be an integer); the sequence a
-- bigserial owns is dropped too, unless something recorded still uses
-- it, so nextval() and currval() on it fail loudly instead of handing out
-- ids of 2024-01-01.  Existing values stay: they must lie in
-- [0, snowflake_floor(now())), so that they sort before every id minted
-- from now on and no minted id can ever equal one of them.
--
-- ALTER COLUMN TYPE evaluates code the table's owner wrote (CHECK
-- constraints, index expressions and predicates) over every row; run by
-- a superuser, or a member of the owner's role, that code would run with
-- the caller's greater rights.  So the conversion runs as the owner:
-- snowflake_convert_key (C, src/owner.c) checks that the caller has the
-- owner's privileges, then calls snowflake_convert_key_as_owner with the
-- owner's user id in a security-restricted operation, as VACUUM and
-- ANALYZE run index expressions.  snowflake_convert_key_as_owner runs as
-- its caller (no SECURITY DEFINER) and refuses unless that role owns
-- every table it would alter, before any lock is taken: called directly
-- by any other role, it would run the owners' code as that role.
--
-- Its search_path is pinned to pg_catalog: ALTER COLUMN TYPE re-parses
-- the definitions of the
-- indexes and constraints it rebuilds, and a CHECK (id > 0) on an id
-- needs the extension's operators, so the extension's schema is on the
-- path for those statements only.  row_security is off, so a table whose
-- policies would hide rows from the checks of its values raises an error
-- instead of being misread.
--
CREATE FUNCTION @extschema@.snowflake_convert_key_as_owner(
	tbl pg_catalog.regclass,
	col pg_catalog.name DEFAULT 'id',
	dry_run boolean DEFAULT false)
RETURNS TABLE (table_name pg_catalog.regclass, column_name pg_catalog.name,
			   action pg_catalog.text, detail pg_catalog.text)
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
SET row_security = off
AS $convert$
DECLARE
	root_rel pg_catalog.oid := tbl;
	root_att pg_catalog.int2;
	root_kind "char";
	lockmode pg_catalog.text := CASE WHEN dry_run THEN 'ACCESS SHARE' ELSE 'ACCESS EXCLUSIVE' END;
	s_rel pg_catalog.oid[];				-- the columns converted: (s_rel[i], s_att[i])
	s_att pg_catalog.int2[];
	t_rel pg_catalog.oid[];				-- their tables
	k_rel pg_catalog.oid[];				-- the key's column in its table and in each
	k_att pg_catalog.int2[];			-- partition under it, at any depth
	o_rel pg_catalog.oid[];				-- the tables in the order they are locked
	rp_rel pg_catalog.oid[];			-- and reported: by the OID of their top, then as locked
	top_rel pg_catalog.oid[];			-- the tables that are no partition
	tr_rel pg_catalog.oid[];			-- each of their trees' tables, level by level,
	tr_top pg_catalog.oid[];			-- and its top
	p_rel pg_catalog.oid[];				-- the partitioned tables, altered without ONLY
	locked pg_catalog.oid[] := '{}';
	waiting_on pg_catalog.oid;
	blockers pg_catalog.text;
	blocker_pids pg_catalog.text;
	held_before pg_catalog.text[];		-- the conflicting holders when the last lock was tried
	listed_fns pg_catalog.oid[] := '{}';	-- the functions of the trigger and function rows
	attempt pg_catalog.int4;
	tried pg_catalog.timestamptz;
	-- The locks are taken in tries of at most half of deadlock_timeout
	-- (500 ms by default) each: a writer that queues behind the conversion
	-- while it waits runs its deadlock check after deadlock_timeout, by
	-- which time the try has given up and released what it took.  The
	-- smallest deadlock_timeout a writer may have: this session's, the
	-- server's (postgresql.conf, ALTER SYSTEM, the default), and those of
	-- ALTER ROLE and ALTER DATABASE for this database.
	lock_wait pg_catalog.int4;
	lock_tries pg_catalog.int4 := 20;
	e_from pg_catalog.oid[];			-- the foreign keys among the tables: e_from references e_to
	e_to pg_catalog.oid[];
	depth pg_catalog.int4[];
	changed boolean;
	lock_seqs pg_catalog.oid[];
	autovacuum_only boolean;
	autovacuum_rel pg_catalog.oid;
	saved_lock_timeout pg_catalog.text := pg_catalog.current_setting('lock_timeout');
	floor_id @extschema@.snowflake;
	fk_rel pg_catalog.oid[];			-- the foreign keys dropped and added again
	fk_name pg_catalog.name[];
	fk_def pg_catalog.text[];
	fk_note pg_catalog.text[];
	c_identity "char";
	k_def pg_catalog.text[];			-- the key's default in each of k_rel
	r record;
	c record;
	msg pg_catalog.text;
	lo bigint;
	hi bigint;
	seq pg_catalog.oid;
	seqs pg_catalog.oid[];
	seq_keep pg_catalog.text[];
	me pg_catalog.oid := (SELECT a.oid FROM pg_catalog.pg_roles a WHERE a.rolname = CURRENT_USER);
	ext_nsp pg_catalog.text := (SELECT t.typnamespace::pg_catalog.regnamespace::pg_catalog.text
								  FROM pg_catalog.pg_type t
								 WHERE t.oid = '@extschema@.snowflake'::pg_catalog.regtype);
BEGIN
	-- The schema that this body names by name must still be the
	-- extension's: the schema's owner could rename it and create another
	-- of the old name, whose functions the body would then call as the
	-- table's owner.
	IF pg_catalog.to_regnamespace('@extschema@')::pg_catalog.oid IS DISTINCT FROM
	   (SELECT e.extnamespace FROM pg_catalog.pg_extension e WHERE e.extname = 'snowflake') THEN
		RAISE EXCEPTION 'snowflake_convert_key refuses to run: the schema of the snowflake extension is no longer named %', '@extschema@'
			USING ERRCODE = '55000',
				  HINT = 'Rename the extension''s schema back.';
	END IF;
	floor_id := @extschema@.snowflake_floor(pg_catalog.now());
	IF NOT dry_run AND pg_catalog.current_setting('transaction_isolation') <> 'read committed' THEN
		RAISE EXCEPTION 'snowflake_convert_key must run at the READ COMMITTED isolation level'
			USING ERRCODE = 'invalid_transaction_state',
				  DETAIL = pg_catalog.format('This transaction is %s: the checks of the values would read a snapshot taken before the tables were locked, and could miss rows committed since.',
											 pg_catalog.upper(pg_catalog.current_setting('transaction_isolation'))),
				  HINT = 'Run it in a READ COMMITTED transaction, or with dry_run => true.';
	END IF;

	-- ALTER COLUMN TYPE parses the constraints, indexes and defaults it
	-- rebuilds again, with the extension's schema on the search_path.  An
	-- operator that another role created there (">(snowflake, integer)",
	-- say, which the extension lacks) would be bound into them and run as
	-- the owner, now and on every later write.  snowflake_convert_key
	-- (src/owner.c) refuses while a role other than the owner and
	-- superusers can create objects in that schema; this function, not
	-- granted to PUBLIC, is called through it.
	-- Nor may the schema already hold a function or operator that another
	-- role owns: one created while the schema was open stays there after
	-- CREATE is revoked, and the extension's owner can make hers members of
	-- the extension (ALTER EXTENSION ADD).  The extension's own are the
	-- superuser's who ran its scripts.
	SELECT pg_catalog.string_agg(x.obj, ', ' ORDER BY x.obj)
	  INTO msg
	  FROM (SELECT p.oid::pg_catalog.regprocedure::pg_catalog.text AS obj, p.proowner AS owner
			  FROM pg_catalog.pg_proc p
			 WHERE p.pronamespace = (SELECT t.typnamespace FROM pg_catalog.pg_type t
									  WHERE t.oid = '@extschema@.snowflake'::pg_catalog.regtype)
			UNION ALL
			SELECT o.oid::pg_catalog.regoperator::pg_catalog.text, o.oprowner
			  FROM pg_catalog.pg_operator o
			 WHERE o.oprnamespace = (SELECT t.typnamespace FROM pg_catalog.pg_type t
									  WHERE t.oid = '@extschema@.snowflake'::pg_catalog.regtype)) x
	  JOIN pg_catalog.pg_roles o ON o.oid = x.owner
	 WHERE NOT o.rolsuper AND o.rolname OPERATOR(pg_catalog.<>) CURRENT_USER;
	IF msg IS NOT NULL THEN
		RAISE EXCEPTION 'snowflake_convert_key refuses to run while the extension''s schema holds functions or operators of other roles'
			USING ERRCODE = 'insufficient_privilege',
				  DETAIL = pg_catalog.format('Owned by a role that is neither you nor a superuser: %s. The constraints and indexes a conversion rebuilds are parsed again with that schema on the search_path, where they could be chosen and would run as you.', msg),
				  HINT = 'Drop them or move them to another schema, or run the conversion as their owner.';
	END IF;

	SELECT k.relkind INTO root_kind FROM pg_catalog.pg_class k WHERE k.oid = root_rel;
	IF root_rel OPERATOR(pg_catalog.<) 16384 THEN	-- FirstNormalObjectId: refused before it is locked
		RAISE EXCEPTION 'cannot convert a key of system catalog %', tbl
			USING ERRCODE = 'feature_not_supported';
	ELSIF root_kind IS DISTINCT FROM 'r' AND root_kind IS DISTINCT FROM 'p' THEN
		RAISE EXCEPTION '"%" is not a table', tbl
			USING ERRCODE = 'wrong_object_type';
	END IF;
	-- A partition's column changes with its partitioned table's, from the
	-- top: ALTER COLUMN TYPE starts there, and converts every partition.
	SELECT i.inhparent INTO seq FROM pg_catalog.pg_inherits i
	  JOIN pg_catalog.pg_class k ON k.oid = i.inhrelid
	 WHERE i.inhrelid = root_rel AND k.relispartition;
	IF FOUND THEN
		RAISE EXCEPTION 'cannot convert table %: it is a partition of %', tbl, seq::pg_catalog.regclass
			USING ERRCODE = 'feature_not_supported',
				  HINT = pg_catalog.format('Convert the column of the partitioned table at the top, which converts it in every partition: snowflake_convert_key(%L, %L).',
										  (WITH RECURSIVE up(relid) AS (
												VALUES (root_rel)
												UNION
												SELECT i.inhparent FROM up, pg_catalog.pg_inherits i
												  JOIN pg_catalog.pg_class k ON k.oid = i.inhrelid
												 WHERE i.inhrelid = up.relid AND k.relispartition)
										   SELECT u.relid::pg_catalog.regclass::pg_catalog.text FROM up u
											JOIN pg_catalog.pg_class k ON k.oid = u.relid
										   WHERE NOT k.relispartition),
										  col);
	END IF;
	SELECT a.attnum INTO root_att FROM pg_catalog.pg_attribute a
	 WHERE a.attrelid = root_rel AND a.attname = col AND a.attnum > 0 AND NOT a.attisdropped;
	IF root_att IS NULL THEN
		RAISE EXCEPTION 'column "%" of relation "%" does not exist', col, tbl
			USING ERRCODE = 'undefined_column';
	END IF;

	-- The key's column in its table and in every partition under it (each
	-- has a default of its own, copied from the parent's or its own).
	SELECT pg_catalog.array_agg(x.relid ORDER BY x.relid), pg_catalog.array_agg(x.attnum ORDER BY x.relid)
	  INTO k_rel, k_att
	  FROM (WITH RECURSIVE down(relid) AS (
				VALUES (root_rel)
				UNION
				SELECT i.inhrelid FROM down, pg_catalog.pg_inherits i
				  JOIN pg_catalog.pg_class k ON k.oid = i.inhrelid
				 WHERE i.inhparent = down.relid AND k.relispartition)
			SELECT d.relid, a.attnum FROM down d
			  JOIN pg_catalog.pg_attribute a ON a.attrelid = d.relid AND a.attname = col AND NOT a.attisdropped) x;

	-- The sequences of the key: the one a serial owns (OWNED BY the
	-- column), and any its defaults call, owned or not (a serial made by
	-- hand, or restored without OWNED BY), the partitions' included; and
	-- whether each must be kept, and why.  Found before the locks, so that
	-- the tries lock only those it drops (a kept one, shared with another
	-- table, stays free).
	seqs := ARRAY(
		SELECT d.objid FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_class q ON q.oid = d.objid
		 WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
		   AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
		   AND d.refobjid = root_rel AND d.refobjsubid = root_att
		   AND d.deptype = 'a' AND q.relkind = 'S'
		UNION
		SELECT d.refobjid FROM pg_catalog.pg_depend d
		  JOIN pg_catalog.pg_attrdef ad ON ad.oid = d.objid
		  JOIN pg_catalog.pg_class q ON q.oid = d.refobjid
		 WHERE d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass
		   AND (ad.adrelid, ad.adnum) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att)))
		   AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass AND q.relkind = 'S'
		ORDER BY 1);
	seq_keep := pg_catalog.array_fill(NULL::pg_catalog.text, ARRAY[COALESCE(pg_catalog.cardinality(seqs), 0)]);
	FOR k IN 1 .. COALESCE(pg_catalog.cardinality(seqs), 0) LOOP
		seq := seqs[k];
		-- what else uses it: defaults of other columns, views, functions
		SELECT pg_catalog.string_agg(pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid), ', '
									 ORDER BY pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid))
		  INTO msg
		  FROM pg_catalog.pg_depend d
		 WHERE d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.refobjid = seq
		   AND NOT (d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass
					AND d.objid IN (SELECT ad.oid FROM pg_catalog.pg_attrdef ad
									 WHERE (ad.adrelid, ad.adnum) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att)))));
		-- another column that owns it, as a serial's or as its identity,
		-- or an extension it belongs to
		IF msg IS NULL THEN
			SELECT CASE WHEN d.deptype = 'e'
						THEN pg_catalog.format('a member of extension %I', (SELECT x.extname FROM pg_catalog.pg_extension x WHERE x.oid = d.refobjid))
						ELSE pg_catalog.format(CASE d.deptype WHEN 'i' THEN 'the identity of column %I of table %s' ELSE 'owned by column %I of table %s' END,
											   (SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = d.refobjid AND t.attnum = d.refobjsubid),
											   d.refobjid::pg_catalog.regclass) END
			  INTO msg
			  FROM pg_catalog.pg_depend d
			 WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.objid = seq
			   AND ((d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.deptype IN ('a', 'i')
					 AND (d.refobjid, d.refobjsubid) NOT IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att::pg_catalog.int4[]))))
					OR (d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.deptype = 'e'))
			 ORDER BY d.deptype, d.refobjid LIMIT 1;
		ELSE
			msg := 'used by ' || msg;
		END IF;
		-- a default of another column that names it in a string
		-- (nextval('s'::text)), which records no dependency
		IF msg IS NULL THEN
			-- (pg_get_expr with no relation takes no lock, and reads
			-- every default but a generated column's, which names
			-- columns and so needs its relation, and calls no sequence:
			-- a CASE, since SQL does not evaluate the conditions of a
			-- WHERE in the order written; the name is a whole string
			-- constant, with a schema or without, quoted or not, in any
			-- case)
			SELECT pg_catalog.format('named by the default of column %I of table %s', t.attname, ad.adrelid::pg_catalog.regclass)
			  INTO msg
			  FROM pg_catalog.pg_attrdef ad
			  JOIN pg_catalog.pg_attribute t ON t.attrelid = ad.adrelid AND t.attnum = ad.adnum
			 WHERE (ad.adrelid, ad.adnum) NOT IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att)))
			   AND CASE WHEN t.attgenerated = '' THEN pg_catalog.pg_get_expr(ad.adbin, 0) END OPERATOR(pg_catalog.~*)
				   -- (with the sequence's own schema, or none: the same name
				   -- in another schema is another sequence)
				   ('''("?'
					OPERATOR(pg_catalog.||) pg_catalog.regexp_replace((SELECT n.nspname FROM pg_catalog.pg_class q
																		 JOIN pg_catalog.pg_namespace n ON n.oid = q.relnamespace
																		WHERE q.oid = seq),
																	  '([^[:alnum:]_])', '\\\1', 'g')
					OPERATOR(pg_catalog.||) '"?\.)?"?'
					OPERATOR(pg_catalog.||) pg_catalog.regexp_replace((SELECT q.relname FROM pg_catalog.pg_class q WHERE q.oid = seq),
																	  '([^[:alnum:]_])', '\\\1', 'g')
					OPERATOR(pg_catalog.||) '"?''')
			 ORDER BY ad.adrelid, ad.adnum LIMIT 1;
		END IF;
		-- or another role, which the conversion, run as the table's owner,
		-- cannot drop it for
		IF msg IS NULL THEN
			SELECT pg_catalog.format('owned by role %I, not by the table''s owner', o.rolname)
			  INTO msg
			  FROM pg_catalog.pg_class q JOIN pg_catalog.pg_roles o ON o.oid = q.relowner
			 WHERE q.oid = seq AND q.relowner OPERATOR(pg_catalog.<>) me;
		END IF;
		seq_keep[k] := msg;
	END LOOP;

	-- Locks this transaction took before the call stay held while the
	-- tries wait, and a writer that waits for one can deadlock with them.
	IF NOT dry_run THEN
		-- (a relation this transaction dropped, a view dropped for the
		-- conversion say, is no longer in pg_class, and its lock counts)
		SELECT pg_catalog.string_agg(DISTINCT COALESCE(k.oid::pg_catalog.regclass::pg_catalog.text,
													   'a relation dropped in this transaction'), ', ')
		  INTO msg
		  FROM pg_catalog.pg_locks l LEFT JOIN pg_catalog.pg_class k ON k.oid OPERATOR(pg_catalog.=) l.relation
		 WHERE l.pid OPERATOR(pg_catalog.=) pg_catalog.pg_backend_pid() AND l.locktype = 'relation' AND l.granted
		   AND l.mode <> 'AccessShareLock' AND k.relpersistence IS DISTINCT FROM 't'
		   AND l.database OPERATOR(pg_catalog.=) (SELECT d.oid FROM pg_catalog.pg_database d
												   WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())
		   AND l.relation OPERATOR(pg_catalog.>=) 16384;	-- FirstNormalObjectId
		IF msg IS NOT NULL THEN
			RAISE WARNING 'snowflake_convert_key runs in a transaction that already holds locks on %', msg
				USING DETAIL = 'They stay held while it waits for its own locks, which it gives back after each try, so a transaction that waits for one of them while it holds a lock the conversion needs can deadlock with it, or make it give up.',
					  HINT = 'Convert each key in a transaction of its own, with nothing locked before it; for views dropped for it, see "Views around a conversion" in the reference.';
		END IF;
	END IF;

	lock_wait := @extschema@.snowflake_lock_try_ms();

	-- The columns and their tables; the current user must be the owner of
	-- each (not a member of the owner's role, not a superuser: the owners'
	-- code must not run with more rights than theirs).  Then the locks, in
	-- tries: each try looks again once it holds them, since a foreign key
	-- added before they were granted brings more tables.
	attempt := 0;
	LOOP
		attempt := attempt OPERATOR(pg_catalog.+) 1;
		BEGIN
			locked := '{}';
			LOOP
				-- A column that references one of the set by a foreign key of
				-- its own (not a partition's clone of its parent's, which
				-- goes with the parent's), and the same column in a
				-- partition and in a partitioned table, both ways: a
				-- partition's column has its parent's type, and a foreign
				-- key defined on one partition alone converts its whole
				-- partitioned table.
				WITH RECURSIVE s(relid, attnum) AS (
					VALUES (root_rel, root_att)
					UNION
					SELECT n.relid, n.attnum
					  FROM s, LATERAL (
							SELECT f.conrelid, f.conkey[k.i]
							  FROM pg_catalog.pg_constraint f, pg_catalog.generate_subscripts(f.confkey, 1) AS k(i)
							 WHERE f.contype = 'f' AND f.conparentid = 0
							   AND f.confrelid = s.relid AND f.confkey[k.i] = s.attnum
							UNION ALL
							SELECT b.attrelid, b.attnum
							  FROM pg_catalog.pg_attribute a, pg_catalog.pg_inherits i, pg_catalog.pg_class k, pg_catalog.pg_attribute b
							 WHERE a.attrelid = s.relid AND a.attnum = s.attnum
							   AND (i.inhparent = s.relid OR i.inhrelid = s.relid)
							   AND k.oid = i.inhrelid AND k.relispartition
							   AND b.attrelid = CASE WHEN i.inhparent = s.relid THEN i.inhrelid ELSE i.inhparent END
							   AND b.attname = a.attname AND NOT b.attisdropped) AS n(relid, attnum))
				SELECT pg_catalog.array_agg(s.relid ORDER BY s.relid, s.attnum),
					   pg_catalog.array_agg(s.attnum ORDER BY s.relid, s.attnum)
				  INTO s_rel, s_att FROM s;
				t_rel := ARRAY(SELECT DISTINCT u.relid FROM pg_catalog.unnest(s_rel) AS u(relid) ORDER BY u.relid);

				SELECT k.oid INTO r FROM pg_catalog.pg_class k
				 WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel)
				   AND k.relowner IS DISTINCT FROM me
				 ORDER BY k.oid LIMIT 1;
				IF FOUND THEN
					RAISE EXCEPTION 'must be owner of table %', r.oid::pg_catalog.regclass
						USING ERRCODE = 'insufficient_privilege',
							  DETAIL = pg_catalog.format('Converting %s.%I alters these tables: %s. Their constraints and indexes are evaluated again over every row, as %s, which must therefore own every one of them.',
										tbl, col,
										(SELECT pg_catalog.string_agg(u.relid::pg_catalog.regclass::pg_catalog.text, ', ' ORDER BY u.relid)
										   FROM pg_catalog.unnest(t_rel) AS u(relid)),
										CURRENT_USER),
							  HINT = 'Give the tables one owner (ALTER TABLE ... OWNER TO), and call snowflake_convert_key, which runs as that owner, as the owner, a member of its role, or a superuser.';
				END IF;

				-- (not EXIT WHEN, which pgspot cannot parse)
				IF t_rel OPERATOR(pg_catalog.<@) locked THEN
					EXIT;
				END IF;

				-- The lock order: a table before the tables it references,
				-- as an INSERT or UPDATE of a referencing table takes its
				-- own lock, then its foreign key's on the referenced one, so
				-- such a writer and the conversion never wait for each other
				-- crosswise.  A table's depth is the longest chain of
				-- foreign keys that leads to it from a table that none
				-- references (found by relaxing each key until nothing
				-- changes, at most once per table, which also ends a cycle).
				-- A partition goes with the partitioned table at its top
				-- (its foreign keys are that table's), after it: parents
				-- before their partitions, level by level, in the order of
				-- find_all_inheritors, as a writer through the parent and
				-- ALTER TABLE take them.  The locks go by depth, then by the
				-- top's OID, then in that order.
				top_rel := ARRAY(SELECT k.oid FROM pg_catalog.pg_class k
								  WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel) AND NOT k.relispartition
								  ORDER BY k.oid);
				SELECT pg_catalog.array_agg(x.relid ORDER BY x.lvl, x.path), pg_catalog.array_agg(x.top ORDER BY x.lvl, x.path)
				  INTO tr_rel, tr_top
				  FROM (WITH RECURSIVE tree(relid, top, lvl, path) AS (
							SELECT u.relid, u.relid, 0, ARRAY[u.relid] FROM pg_catalog.unnest(top_rel) AS u(relid)
							UNION ALL
							SELECT i.inhrelid, tree.top, tree.lvl OPERATOR(pg_catalog.+) 1, tree.path OPERATOR(pg_catalog.||) i.inhrelid
							  FROM tree, pg_catalog.pg_inherits i JOIN pg_catalog.pg_class k ON k.oid = i.inhrelid
							 WHERE i.inhparent = tree.relid AND k.relispartition)
						SELECT * FROM tree) x;
				SELECT pg_catalog.array_agg(f.tfrom), pg_catalog.array_agg(f.tto)
				  INTO e_from, e_to
				  FROM (SELECT DISTINCT tr_top[pg_catalog.array_position(tr_rel, k.conrelid)] AS tfrom,
										tr_top[pg_catalog.array_position(tr_rel, k.confrelid)] AS tto
						  FROM pg_catalog.pg_constraint k
						 WHERE k.contype = 'f'
						   AND k.conrelid OPERATOR(pg_catalog.=) ANY (tr_rel)
						   AND k.confrelid OPERATOR(pg_catalog.=) ANY (tr_rel)) f
				 WHERE f.tfrom OPERATOR(pg_catalog.<>) f.tto;
				depth := pg_catalog.array_fill(0, ARRAY[pg_catalog.cardinality(top_rel)]);
				FOR n IN 1 .. pg_catalog.cardinality(top_rel) LOOP
					changed := false;
					FOR i IN 1 .. COALESCE(pg_catalog.cardinality(e_from), 0) LOOP
						IF depth[pg_catalog.array_position(top_rel, e_to[i])] OPERATOR(pg_catalog.<)
						   (depth[pg_catalog.array_position(top_rel, e_from[i])] OPERATOR(pg_catalog.+) 1) THEN
							depth[pg_catalog.array_position(top_rel, e_to[i])] :=
								depth[pg_catalog.array_position(top_rel, e_from[i])] OPERATOR(pg_catalog.+) 1;
							changed := true;
						END IF;
					END LOOP;
					IF NOT changed THEN
						EXIT;
					END IF;
				END LOOP;
				o_rel := ARRAY(
					SELECT x.relid
					  FROM ROWS FROM (pg_catalog.unnest(tr_rel), pg_catalog.unnest(tr_top)) WITH ORDINALITY AS x(relid, top, n)
					 WHERE x.relid OPERATOR(pg_catalog.=) ANY (t_rel)
					 ORDER BY depth[pg_catalog.array_position(top_rel, x.top)], x.top, x.n);
				rp_rel := ARRAY(
					SELECT x.relid
					  FROM ROWS FROM (pg_catalog.unnest(tr_rel), pg_catalog.unnest(tr_top)) WITH ORDINALITY AS x(relid, top, n)
					 WHERE x.relid OPERATOR(pg_catalog.=) ANY (t_rel)
					 ORDER BY x.top, x.n);

				-- The sequences the conversion drops (the identity's, and
				-- those found above that are not kept): locked before the
				-- tables, as nextval() then INSERT takes them, and in the
				-- same try, so that DROP SEQUENCE at the end does not wait
				-- while the tables are held.  LOCK TABLE takes no sequence;
				-- a change of owner to the owner it has takes ACCESS
				-- EXCLUSIVE and changes nothing (event triggers see an ALTER
				-- SEQUENCE).  A dry run takes none.
				lock_seqs := ARRAY(
					SELECT d.objid FROM pg_catalog.pg_depend d
					 WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
					   AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
					   AND d.refobjid = root_rel AND d.refobjsubid = root_att AND d.deptype = 'i'
					UNION
					SELECT u.seq FROM ROWS FROM (pg_catalog.unnest(seqs), pg_catalog.unnest(seq_keep)) AS u(seq, keep)
					 WHERE u.keep IS NULL
					ORDER BY 1);

				-- The try's clock starts at its first lock.  After a try that
				-- only autovacuum stood in the way of, the relation it holds
				-- comes first, alone (nothing else is held, so no writer can
				-- wait on this try meanwhile), with a wait past
				-- deadlock_timeout, when the server cancels an autovacuum
				-- that blocks a lock (not one that prevents wraparound); the
				-- clock starts after it.
				tried := pg_catalog.clock_timestamp();
				FOR r IN SELECT u.kind, u.relid, u.relkind
						   FROM (SELECT 0 AS kind, s.relid, 0::pg_catalog.int8 AS n, 'S'::"char" AS relkind
								   FROM pg_catalog.unnest(lock_seqs) AS s(relid)
								  WHERE NOT dry_run
								 UNION ALL
								 SELECT 1, t.relid, t.n, (SELECT k.relkind FROM pg_catalog.pg_class k WHERE k.oid = t.relid)
								   FROM pg_catalog.unnest(o_rel) WITH ORDINALITY AS t(relid, n)) u
						  WHERE u.relid OPERATOR(pg_catalog.<>) ALL (locked)
						  ORDER BY (u.relid OPERATOR(pg_catalog.=) autovacuum_rel) IS TRUE DESC, u.kind, u.n, u.relid LOOP
					waiting_on := r.relid;
					-- who holds a lock that conflicts (any, for ACCESS
					-- EXCLUSIVE), by transaction, just before this one queues:
					-- kept when the try is undone, where those that still
					-- hold it are the ones in the way (the writers that
					-- queued behind the try are granted theirs once it gives
					-- up, and are not)
					-- (a prepared transaction holds its locks with no pid)
					held_before := ARRAY(
						SELECT COALESCE(l.pid::pg_catalog.text, '') OPERATOR(pg_catalog.||) ' ' OPERATOR(pg_catalog.||) l.virtualtransaction
							   OPERATOR(pg_catalog.||) ' ' OPERATOR(pg_catalog.||) l.mode
						  FROM pg_catalog.pg_locks l
						 WHERE l.locktype = 'relation' AND l.relation OPERATOR(pg_catalog.=) r.relid AND l.granted
						   AND l.database OPERATOR(pg_catalog.=) (SELECT d.oid FROM pg_catalog.pg_database d
																   WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())
						   AND l.pid IS DISTINCT FROM pg_catalog.pg_backend_pid()
						   AND (NOT dry_run OR l.mode = 'AccessExclusiveLock'));
					PERFORM pg_catalog.set_config('lock_timeout',
						CASE WHEN r.relid OPERATOR(pg_catalog.=) autovacuum_rel
							 THEN lock_wait OPERATOR(pg_catalog.*) 3
							 -- what is left of this try's wait, 1 ms at least
							 ELSE GREATEST(1, lock_wait OPERATOR(pg_catalog.-)
								 (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp() OPERATOR(pg_catalog.-) tried)
								  OPERATOR(pg_catalog.*) 1000)::pg_catalog.int4) END::pg_catalog.text, true);
					IF r.kind = 0 THEN
						EXECUTE pg_catalog.format('ALTER SEQUENCE %s OWNER TO CURRENT_USER', r.relid::pg_catalog.regclass);
					-- LOCK TABLE takes no foreign table (a partition can be one):
					-- a change of owner to the one it has takes ACCESS
					-- EXCLUSIVE, a query that reads no row ACCESS SHARE
					ELSIF r.relkind = 'f' AND NOT dry_run THEN
						EXECUTE pg_catalog.format('ALTER FOREIGN TABLE %s OWNER TO CURRENT_USER', r.relid::pg_catalog.regclass);
					ELSIF r.relkind = 'f' THEN
						EXECUTE pg_catalog.format('SELECT FROM ONLY %s WHERE false', r.relid::pg_catalog.regclass);
					ELSE
						EXECUTE pg_catalog.format('LOCK TABLE ONLY %s IN %s MODE', r.relid::pg_catalog.regclass, lockmode);
					END IF;
					IF r.relid OPERATOR(pg_catalog.=) autovacuum_rel THEN
						tried := pg_catalog.clock_timestamp();
					END IF;
				END LOOP;
				locked := t_rel OPERATOR(pg_catalog.||) lock_seqs;
			END LOOP;
			PERFORM pg_catalog.set_config('lock_timeout', saved_lock_timeout, true);
			EXIT;
		EXCEPTION WHEN lock_not_available OR deadlock_detected THEN
			-- The try is undone, its locks released; the lock_timeout too.
			-- In the way: the transactions that held a conflicting lock on
			-- the relation it waited for before it queued, and hold it
			-- still (the same transaction, not the next of the same
			-- process).
			-- A prepared transaction is named by its gid: its locks have
			-- no pid, and its transaction id's lock has its virtual
			-- transaction.
			SELECT pg_catalog.string_agg(CASE WHEN l.pid IS NULL
											  THEN pg_catalog.format('prepared transaction %L (%s)',
													 (SELECT x.gid FROM pg_catalog.pg_locks t
														JOIN pg_catalog.pg_prepared_xacts x ON x.transaction OPERATOR(pg_catalog.=) t.transactionid
													   WHERE t.locktype = 'transactionid' AND t.pid IS NULL
														 AND t.virtualtransaction OPERATOR(pg_catalog.=) l.virtualtransaction LIMIT 1),
													 l.mode)
											  ELSE pg_catalog.format('process %s (%s)', l.pid, l.mode) END,
										 ', ' ORDER BY l.pid, l.mode),
				   pg_catalog.string_agg(DISTINCT l.pid::pg_catalog.text, ', '),
				   pg_catalog.bool_and(COALESCE(a.backend_type = 'autovacuum worker'
												AND a.query NOT LIKE '%(to prevent wraparound)%', false))
			  INTO blockers, blocker_pids, autovacuum_only
			  FROM pg_catalog.pg_locks l
			  LEFT JOIN pg_catalog.pg_stat_activity a ON a.pid OPERATOR(pg_catalog.=) l.pid
			 WHERE l.locktype = 'relation' AND l.relation OPERATOR(pg_catalog.=) waiting_on AND l.granted
			   AND l.database OPERATOR(pg_catalog.=) (SELECT d.oid FROM pg_catalog.pg_database d
													   WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())
			   AND (COALESCE(l.pid::pg_catalog.text, '') OPERATOR(pg_catalog.||) ' ' OPERATOR(pg_catalog.||) l.virtualtransaction
					OPERATOR(pg_catalog.||) ' ' OPERATOR(pg_catalog.||) l.mode) OPERATOR(pg_catalog.=) ANY (held_before);
			-- Only autovacuum in the way: the next try takes that one
			-- first, alone (above).
			autovacuum_rel := CASE WHEN autovacuum_only THEN waiting_on END;
			IF attempt OPERATOR(pg_catalog.>=) lock_tries THEN
				RAISE EXCEPTION 'snowflake_convert_key could not lock % %',
					CASE WHEN (SELECT k.relkind FROM pg_catalog.pg_class k WHERE k.oid = waiting_on) = 'S' THEN 'sequence' ELSE 'table' END,
					waiting_on::pg_catalog.regclass
					USING ERRCODE = 'lock_not_available',
						  DETAIL = pg_catalog.format('%s. It tried %s times, each waiting at most %s ms for all its locks, so that the writers queued behind it never wait long, and a transaction that takes the same locks in another order cannot deadlock with it.',
									CASE WHEN blockers IS NULL THEN 'The transactions that held a conflicting lock on it when the last try began have ended'
										 ELSE 'In the way, holding a conflicting lock on it since before the last try began, in the same transaction: ' || blockers END,
									lock_tries, lock_wait),
						  HINT = CASE WHEN blockers LIKE '%prepared transaction%' AND blocker_pids IS NULL
									  THEN 'A prepared transaction holds its locks until COMMIT PREPARED or ROLLBACK PREPARED ends it.'
									  WHEN blocker_pids IS NULL THEN 'Call it again.'
									  WHEN blocker_pids LIKE '%,%'
									  THEN pg_catalog.format('Call it again when the transactions of processes %s have ended, or end them with pg_terminate_backend(), those processes only.', blocker_pids)
									  ELSE pg_catalog.format('Call it again when the transaction of process %s has ended, or end it: SELECT pg_terminate_backend(%s);', blocker_pids, blocker_pids) END;
			END IF;
			-- wait a little longer each time, with jitter, before the next try
			-- (OPERATOR() forms all bind alike, left to right: hence the
			-- parentheses)
			PERFORM pg_catalog.pg_sleep(LEAST(1.0, 0.05 OPERATOR(pg_catalog.*) attempt)
										OPERATOR(pg_catalog.+) (pg_catalog.random() OPERATOR(pg_catalog.*) 0.1));
		END;
	END LOOP;

	p_rel := ARRAY(SELECT k.oid FROM pg_catalog.pg_class k
					WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel) AND k.relkind = 'p');

	-- Refusals.  Nothing has changed yet.  Partitioned tables and their
	-- partitions are converted, a foreign table among them too; a table of
	-- inheritance that is not partitioning is not (ALTER COLUMN TYPE would
	-- convert its children, whose keys are not part of this one's), nor a
	-- partition that DETACH ... CONCURRENTLY left half detached, which
	-- ALTER TABLE on its parent no longer reaches.
	FOR r IN SELECT k.oid, k.relkind, k.relispartition,
					EXISTS (SELECT FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class ch ON ch.oid = i.inhrelid
							 WHERE (i.inhrelid = k.oid OR i.inhparent = k.oid) AND NOT ch.relispartition) AS inherits,
					(SELECT i.inhparent FROM pg_catalog.pg_inherits i
					  WHERE i.inhrelid = k.oid AND i.inhdetachpending) AS detaching
			   FROM pg_catalog.pg_class k
			  WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel)
			  ORDER BY pg_catalog.array_position(rp_rel, k.oid) LOOP
		msg := CASE WHEN r.inherits THEN 'it has an inheritance parent or child'
					WHEN r.detaching IS NOT NULL THEN pg_catalog.format('it is being detached from %s', r.detaching::pg_catalog.regclass)
					WHEN r.relkind = 'f' AND r.relispartition THEN NULL
					WHEN r.relkind NOT IN ('r', 'p') THEN 'it is not a table' END;
		IF msg IS NULL AND pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL THEN
			EXECUTE 'SELECT ''it is distributed by Citus'' FROM pg_catalog.pg_dist_partition WHERE logicalrelid OPERATOR(pg_catalog.=) $1'
			   INTO msg USING r.oid;
		END IF;
		IF msg IS NOT NULL AND r.detaching IS NOT NULL THEN
			RAISE EXCEPTION 'cannot convert table %: %', r.oid::pg_catalog.regclass, msg
				USING ERRCODE = 'feature_not_supported',
					  DETAIL = pg_catalog.format('Converting %s.%I converts its column %I.', tbl, col,
												 (SELECT t.attname FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
												   JOIN pg_catalog.pg_attribute t ON t.attrelid = u.relid AND t.attnum = u.attnum
												  WHERE u.relid = r.oid ORDER BY u.attnum LIMIT 1)),
					  HINT = pg_catalog.format('Finish the detach first: ALTER TABLE %s DETACH PARTITION %s FINALIZE.',
											   r.detaching::pg_catalog.regclass, r.oid::pg_catalog.regclass);
		ELSIF msg IS NOT NULL AND r.oid OPERATOR(pg_catalog.=) root_rel THEN
			RAISE EXCEPTION 'cannot convert table %: %', r.oid::pg_catalog.regclass, msg
				USING ERRCODE = 'feature_not_supported';
		ELSIF msg IS NOT NULL THEN
			RAISE EXCEPTION 'cannot convert table %: %', r.oid::pg_catalog.regclass, msg
				USING ERRCODE = 'feature_not_supported',
					  DETAIL = pg_catalog.format('It references %s.%I, directly or through other foreign keys, or is a partition of a table that does.', tbl, col);
		END IF;
	END LOOP;

	-- PostgreSQL changes the type of no column of a partition key: a table
	-- partitioned by the key, or by a column that references it, keeps
	-- its integers.  (A column of the key, or one its expressions use,
	-- depends on its table: the table cannot lose it.)
	SELECT u.relid, t.attname INTO r
	  FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
	  JOIN pg_catalog.pg_partitioned_table p ON p.partrelid = u.relid
	  JOIN pg_catalog.pg_attribute t ON t.attrelid = u.relid AND t.attnum = u.attnum
	 WHERE u.attnum OPERATOR(pg_catalog.=) ANY (p.partattrs::pg_catalog.int2[])
		OR EXISTS (SELECT FROM pg_catalog.pg_depend d
					WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
					  AND d.objid = u.relid AND d.objsubid = u.attnum
					  AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
					  AND d.refobjid = u.relid AND d.refobjsubid = 0)
	 ORDER BY pg_catalog.array_position(rp_rel, u.relid) LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'cannot convert column "%" of table %: the table is partitioned by it', r.attname, r.relid::pg_catalog.regclass
			USING ERRCODE = 'feature_not_supported',
				  DETAIL = 'PostgreSQL cannot change the type of a column of a partition key.',
				  HINT = 'Create a table of the same columns partitioned by the column as a snowflake, move the rows into it, and convert the key there; see "Partitioned tables" in the reference.';
	END IF;

	FOR r IN SELECT u.relid, u.attnum, a.attname, a.atttypid, a.attidentity, a.attgenerated
			   FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
			   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
			  ORDER BY u.relid, u.attnum LOOP
		IF r.atttypid = '@extschema@.snowflake'::pg_catalog.regtype THEN
			RAISE EXCEPTION 'column "%" of table % is already of type snowflake', r.attname, r.relid::pg_catalog.regclass
				USING ERRCODE = 'datatype_mismatch';
		ELSIF r.atttypid NOT IN ('pg_catalog.int2'::pg_catalog.regtype, 'pg_catalog.int4'::pg_catalog.regtype,
								 'pg_catalog.int8'::pg_catalog.regtype) THEN
			RAISE EXCEPTION 'column "%" of table % is of type %, not an integer type', r.attname,
				r.relid::pg_catalog.regclass, pg_catalog.format_type(r.atttypid, NULL)
				USING ERRCODE = 'datatype_mismatch',
					  HINT = 'smallint, integer and bigint columns can be converted.';
		ELSIF r.attgenerated <> '' THEN
			RAISE EXCEPTION 'column "%" of table % is a generated column', r.attname, r.relid::pg_catalog.regclass
				USING ERRCODE = 'feature_not_supported';
		ELSIF r.attidentity <> '' AND (r.relid, r.attnum) IS DISTINCT FROM (root_rel, root_att) THEN
			RAISE EXCEPTION 'column "%" of table % is an identity column that references %.%', r.attname,
				r.relid::pg_catalog.regclass, tbl, pg_catalog.quote_ident(col)
				USING ERRCODE = 'feature_not_supported';
		END IF;
	END LOOP;

	-- A converted column that references a column staying as it is.
	SELECT f.conname, f.conrelid, f.conkey[k.i] AS attnum, f.confrelid, f.confkey[k.i] AS refattnum INTO r
	  FROM pg_catalog.pg_constraint f, pg_catalog.generate_subscripts(f.conkey, 1) AS k(i)
	 WHERE f.contype = 'f'
	   AND (f.conrelid, f.conkey[k.i]) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)))
	   AND (f.confrelid, f.confkey[k.i]) NOT IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)))
	 ORDER BY f.conrelid, f.conname LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'cannot convert column "%" of table %: its foreign key % references %.%, which would stay %',
			(SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = r.conrelid AND t.attnum = r.attnum), r.conrelid::pg_catalog.regclass,
			pg_catalog.quote_ident(r.conname), r.confrelid::pg_catalog.regclass,
			pg_catalog.quote_ident((SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = r.confrelid AND t.attnum = r.refattnum)),
			pg_catalog.format_type((SELECT a.atttypid FROM pg_catalog.pg_attribute a
									 WHERE a.attrelid = r.confrelid AND a.attnum = r.refattnum), NULL)
			USING ERRCODE = 'feature_not_supported',
				  HINT = pg_catalog.format('Convert %s.%s instead: that converts the columns referencing it too.',
										  r.confrelid::pg_catalog.regclass,
										  pg_catalog.quote_ident((SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = r.confrelid AND t.attnum = r.refattnum)));
	END IF;

	-- Objects that ALTER COLUMN TYPE cannot rebuild: views and rules,
	-- triggers naming the column, policies, generated columns, publication
	-- row filters, SQL-standard function bodies.  All are named at once.
	SELECT pg_catalog.string_agg(x.what, E'\n' ORDER BY x.what) INTO msg
	  FROM (SELECT DISTINCT
				   CASE
				   WHEN d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass THEN
						(SELECT CASE WHEN w.rulename = '_RETURN' AND v.relkind = 'v' THEN 'view ' || v.oid::pg_catalog.regclass::pg_catalog.text
									 WHEN w.rulename = '_RETURN' AND v.relkind = 'm' THEN 'materialized view ' || v.oid::pg_catalog.regclass::pg_catalog.text
									 ELSE pg_catalog.format('rule %I on table %s', w.rulename, v.oid::pg_catalog.regclass) END
						   FROM pg_catalog.pg_rewrite w JOIN pg_catalog.pg_class v ON v.oid = w.ev_class
						  WHERE w.oid = d.objid)
				   WHEN d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass THEN
						(SELECT pg_catalog.format('generated column %I of table %s', g.attname, g.attrelid::pg_catalog.regclass)
						   FROM pg_catalog.pg_attrdef ad
						   JOIN pg_catalog.pg_attribute g ON g.attrelid = ad.adrelid AND g.attnum = ad.adnum
						  WHERE ad.oid = d.objid)
				   ELSE pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid) END
				   || pg_catalog.format(' uses column %I of table %s', (SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = u.relid AND t.attnum = u.attnum),
										u.relid::pg_catalog.regclass) AS what
			  FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
			  JOIN pg_catalog.pg_depend d
				ON d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
			   AND d.refobjid = u.relid AND d.refobjsubid = u.attnum
			 WHERE d.classid IN ('pg_catalog.pg_rewrite'::pg_catalog.regclass,
								 'pg_catalog.pg_trigger'::pg_catalog.regclass,
								 'pg_catalog.pg_policy'::pg_catalog.regclass,
								 'pg_catalog.pg_proc'::pg_catalog.regclass,
								 'pg_catalog.pg_publication_rel'::pg_catalog.regclass)
				OR (d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass
					AND NOT EXISTS (SELECT FROM pg_catalog.pg_attrdef ad
									 WHERE ad.oid = d.objid AND ad.adrelid = u.relid AND ad.adnum = u.attnum))) AS x;
	IF msg IS NOT NULL THEN
		RAISE EXCEPTION 'cannot convert %.%: other objects use the columns it converts', tbl, pg_catalog.quote_ident(col)
			USING ERRCODE = 'feature_not_supported',
				  DETAIL = msg,
				  HINT = 'Drop them, convert, and create them again.';
	END IF;

	-- The values: none negative, and all below the first id of now, so
	-- that every id minted from now on sorts after them and none equals one.
	-- (Each table that holds rows: a partitioned table holds none.)
	FOR r IN SELECT u.relid, a.attname
			   FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
			   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
			   JOIN pg_catalog.pg_class k ON k.oid = u.relid
			  WHERE k.relkind <> 'p'
			  ORDER BY pg_catalog.array_position(rp_rel, u.relid), u.attnum LOOP
		EXECUTE pg_catalog.format('SELECT pg_catalog.min(%1$I)::pg_catalog.int8, pg_catalog.max(%1$I)::pg_catalog.int8 FROM ONLY %2$s',
								  r.attname, r.relid::pg_catalog.regclass)
		   INTO lo, hi;
		IF lo < 0 THEN
			RAISE EXCEPTION 'column "%" of table % holds a negative value, %', r.attname, r.relid::pg_catalog.regclass, lo
				USING ERRCODE = 'numeric_value_out_of_range',
					  DETAIL = 'An id is never negative.';
		ELSIF hi OPERATOR(@extschema@.>=) floor_id THEN
			RAISE EXCEPTION 'column "%" of table % holds %, which is not below the ids minted from now on',
				r.attname, r.relid::pg_catalog.regclass, hi
				USING ERRCODE = 'numeric_value_out_of_range',
					  DETAIL = pg_catalog.format('Ids minted from now on start at %s, snowflake_floor(now()). A value at or above it would sort after ids minted later, and gen_snowflake() could one day mint it again.',
												 floor_id),
					  HINT = 'Every value must be below snowflake_floor(now()): the ids of a converted key are never handed out twice.';
		END IF;
	END LOOP;

	-- The plan: each row says what changes; a dry run stops at saying it.
	-- A row is returned by RETURN QUERY of the OUT parameters, not a bare
	-- RETURN NEXT, which pgspot's PL/pgSQL parser (libpg_query's, blind to
	-- OUT parameters) cannot read.
	-- Foreign keys first, dropped and kept for the end: each defined on a
	-- table, not the clones that PostgreSQL makes of a partitioned table's
	-- for each partition, and for each partition of a partitioned table
	-- referenced, which go and come back with it.  ONLY, where a table is
	-- no partitioned one (PostgreSQL refuses ONLY for the keys of those).
	SELECT pg_catalog.array_agg(f.conrelid ORDER BY pg_catalog.array_position(rp_rel, f.conrelid), f.conname),
		   pg_catalog.array_agg(f.conname ORDER BY pg_catalog.array_position(rp_rel, f.conrelid), f.conname),
		   pg_catalog.array_agg(pg_catalog.pg_get_constraintdef(f.oid) ORDER BY pg_catalog.array_position(rp_rel, f.conrelid), f.conname),
		   pg_catalog.array_agg(pg_catalog.obj_description(f.oid, 'pg_constraint') ORDER BY pg_catalog.array_position(rp_rel, f.conrelid), f.conname)
	  INTO fk_rel, fk_name, fk_def, fk_note
	  FROM pg_catalog.pg_constraint f
	 WHERE f.contype = 'f' AND f.conparentid = 0
	   AND EXISTS (SELECT FROM pg_catalog.generate_subscripts(f.conkey, 1) AS k(i)
					WHERE (f.conrelid, f.conkey[k.i]) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)))
					   OR (f.confrelid, f.confkey[k.i]) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att))));
	FOR i IN 1 .. COALESCE(pg_catalog.array_length(fk_rel, 1), 0) LOOP
		IF NOT dry_run THEN
			EXECUTE pg_catalog.format('ALTER TABLE %s%s DROP CONSTRAINT %I',
									  CASE WHEN fk_rel[i] OPERATOR(pg_catalog.=) ANY (p_rel) THEN '' ELSE 'ONLY ' END,
									  fk_rel[i]::pg_catalog.regclass, fk_name[i]);
		END IF;
	END LOOP;

	-- The key's identity or default goes before its type changes: the
	-- table's and its partitions', each read first.
	SELECT a.attidentity INTO c_identity
	  FROM pg_catalog.pg_attribute a
	 WHERE a.attrelid = root_rel AND a.attnum = root_att;
	SELECT pg_catalog.array_agg(u.relid ORDER BY pg_catalog.array_position(rp_rel, u.relid)),
		   pg_catalog.array_agg(u.attnum ORDER BY pg_catalog.array_position(rp_rel, u.relid)),
		   pg_catalog.array_agg(pg_catalog.pg_get_expr(ad.adbin, ad.adrelid) ORDER BY pg_catalog.array_position(rp_rel, u.relid))
	  INTO k_rel, k_att, k_def
	  FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
	  JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
	  LEFT JOIN pg_catalog.pg_attrdef ad ON ad.adrelid = u.relid AND ad.adnum = u.attnum
	 WHERE tr_top[pg_catalog.array_position(tr_rel, u.relid)] = root_rel AND a.attname = col;
	IF c_identity <> '' THEN
		table_name := tbl; column_name := col; action := 'identity';
		detail := pg_catalog.format('GENERATED %s AS IDENTITY dropped, with its sequence %s',
				CASE c_identity WHEN 'a' THEN 'ALWAYS' ELSE 'BY DEFAULT' END,
				(SELECT d.objid::pg_catalog.regclass FROM pg_catalog.pg_depend d
				  WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
					AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
					AND d.refobjid = root_rel AND d.refobjsubid = root_att AND d.deptype = 'i'));
		RETURN QUERY SELECT table_name, column_name, action, detail;
		IF NOT dry_run THEN
			EXECUTE pg_catalog.format('ALTER TABLE %s%s ALTER COLUMN %I DROP IDENTITY',
									  CASE WHEN root_kind = 'p' THEN '' ELSE 'ONLY ' END, tbl, col);
		END IF;
	END IF;
	-- the defaults, the partitions' too, go before the types change
	IF NOT dry_run AND EXISTS (SELECT FROM pg_catalog.pg_attrdef ad
								WHERE (ad.adrelid, ad.adnum) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att)))) THEN
		EXECUTE pg_catalog.format('ALTER TABLE %s%s ALTER COLUMN %I DROP DEFAULT',
								  CASE WHEN root_kind = 'p' THEN '' ELSE 'ONLY ' END, tbl, col);
	END IF;

	-- The types: what changes in each table, partitions included, said
	-- before any changes (a partitioned table's ALTER changes its
	-- partitions).
	FOR r IN SELECT DISTINCT u.relid, pg_catalog.array_position(rp_rel, u.relid) AS n
			   FROM pg_catalog.unnest(s_rel) AS u(relid)
			  ORDER BY 2 LOOP
		FOR c IN SELECT a.attname, pg_catalog.format_type(a.atttypid, NULL) AS typ
				   FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
				   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
				  WHERE u.relid = r.relid ORDER BY u.attnum LOOP
			table_name := r.relid; column_name := c.attname; action := 'type';
			detail := c.typ || ' -> snowflake';
			RETURN QUERY SELECT table_name, column_name, action, detail;
		END LOOP;
		-- what ALTER COLUMN TYPE rebuilds: indexes (and the constraints
		-- they back), CHECK constraints, statistics objects
		FOR c IN SELECT 'index' AS what, pg_catalog.format('%I rebuilt', i.relname) AS note, i.relname AS name
				   FROM pg_catalog.pg_index x JOIN pg_catalog.pg_class i ON i.oid = x.indexrelid
				  WHERE x.indrelid = r.relid
					AND EXISTS (SELECT FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
								 WHERE u.relid = r.relid
								   AND (u.attnum OPERATOR(pg_catalog.=) ANY (x.indkey::pg_catalog.int2[])
										OR EXISTS (SELECT FROM pg_catalog.pg_depend d
													WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
													  AND d.objid = x.indexrelid
													  AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
													  AND d.refobjid = r.relid AND d.refobjsubid = u.attnum)))
				 UNION ALL
				 SELECT 'check', pg_catalog.format('%I rebuilt: %s', k.conname, pg_catalog.pg_get_constraintdef(k.oid)), k.conname
				   FROM pg_catalog.pg_constraint k
				  WHERE k.conrelid = r.relid AND k.contype = 'c'
					AND EXISTS (SELECT FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
								 WHERE u.relid = r.relid AND u.attnum OPERATOR(pg_catalog.=) ANY (k.conkey))
				 UNION ALL
				 SELECT 'statistics', pg_catalog.format('%I rebuilt', e.stxname), e.stxname
				   FROM pg_catalog.pg_statistic_ext e
				  WHERE e.stxrelid = r.relid
					AND EXISTS (SELECT FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
								 WHERE u.relid = r.relid
								   AND (u.attnum OPERATOR(pg_catalog.=) ANY (e.stxkeys::pg_catalog.int2[])
										OR EXISTS (SELECT FROM pg_catalog.pg_depend d
													WHERE d.classid = 'pg_catalog.pg_statistic_ext'::pg_catalog.regclass
													  AND d.objid = e.oid
													  AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
													  AND d.refobjid = r.relid AND d.refobjsubid = u.attnum)))
				 ORDER BY 1, 3 LOOP
			table_name := r.relid; column_name := NULL; action := c.what; detail := c.note;
			RETURN QUERY SELECT table_name, column_name, action, detail;
		END LOOP;
	END LOOP;
	-- Then one ALTER TABLE (one rewrite) per table that is no partition, in
	-- lock order; a partitioned table's converts its partitions, at every
	-- depth, and PostgreSQL takes it from there only.
	FOR r IN SELECT u.relid,
					pg_catalog.string_agg(pg_catalog.format('ALTER COLUMN %I TYPE @extschema@.snowflake', a.attname),
										  ', ' ORDER BY u.attnum) AS alters
			   FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
			   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
			  WHERE u.relid OPERATOR(pg_catalog.=) ANY (top_rel) AND NOT dry_run
			  GROUP BY u.relid ORDER BY pg_catalog.array_position(o_rel, u.relid) LOOP
		-- the extension's schema on the path for this statement only
		-- (SET LOCAL lasts until this function returns, which puts back
		-- its own search_path; the next SET LOCAL does it at once)
		EXECUTE pg_catalog.format('SET LOCAL search_path = pg_catalog, %s, pg_temp', ext_nsp);
		EXECUTE pg_catalog.format('ALTER TABLE %s%s %s',
								  CASE WHEN r.relid OPERATOR(pg_catalog.=) ANY (p_rel) THEN '' ELSE 'ONLY ' END,
								  r.relid::pg_catalog.regclass, r.alters);
		SET LOCAL search_path = pg_catalog, pg_temp;
	END LOOP;

	-- The key's default, in its table and in every partition, whose copies
	-- would otherwise keep calling the sequence (and a direct insert into
	-- a partition would take an integer of 2024-01-01 as an id); and the
	-- sequence a bigserial owned.
	FOR k IN 1 .. pg_catalog.cardinality(k_rel) LOOP
		table_name := k_rel[k]; column_name := col; action := 'default';
		detail := COALESCE(k_def[k], CASE WHEN k_rel[k] = root_rel AND c_identity <> '' THEN 'identity' ELSE 'none' END)
				  || ' -> gen_snowflake()';
		RETURN QUERY SELECT table_name, column_name, action, detail;
	END LOOP;
	IF NOT dry_run THEN
		EXECUTE pg_catalog.format('ALTER TABLE %s%s ALTER COLUMN %I SET DEFAULT @extschema@.gen_snowflake()',
								  CASE WHEN root_kind = 'p' THEN '' ELSE 'ONLY ' END, tbl, col);
	END IF;
	FOR k IN 1 .. COALESCE(pg_catalog.cardinality(seqs), 0) LOOP
		seq := seqs[k];
		msg := seq_keep[k];
		table_name := tbl; column_name := col; action := 'sequence';
		IF msg IS NULL THEN
			detail := pg_catalog.format('%s dropped', seq::pg_catalog.regclass)
					  || CASE WHEN EXISTS (SELECT FROM pg_catalog.pg_depend d
											WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.objid = seq
											  AND d.deptype = 'a')
							  THEN ''
							  ELSE ': only this column''s default used it (it was not OWNED BY the column)' END;
			RETURN QUERY SELECT table_name, column_name, action, detail;
			IF NOT dry_run THEN
				EXECUTE pg_catalog.format('DROP SEQUENCE %s', seq::pg_catalog.regclass);
			END IF;
		ELSE
			detail := pg_catalog.format('%s kept: %s', seq::pg_catalog.regclass, msg);
			RETURN QUERY SELECT table_name, column_name, action, detail;
		END IF;
	END LOOP;

	-- The foreign keys again, each validated once against the new types.
	FOR i IN 1 .. COALESCE(pg_catalog.array_length(fk_rel, 1), 0) LOOP
		table_name := fk_rel[i]; column_name := NULL; action := 'foreign key';
		detail := pg_catalog.format('%I rebuilt: %s', fk_name[i], fk_def[i]);
		RETURN QUERY SELECT table_name, column_name, action, detail;
		IF NOT dry_run THEN
			EXECUTE pg_catalog.format('ALTER TABLE %s%s ADD CONSTRAINT %I %s',
									  CASE WHEN fk_rel[i] OPERATOR(pg_catalog.=) ANY (p_rel) THEN '' ELSE 'ONLY ' END,
									  fk_rel[i]::pg_catalog.regclass, fk_name[i], fk_def[i]);
			IF fk_note[i] IS NOT NULL THEN
				EXECUTE pg_catalog.format('COMMENT ON CONSTRAINT %I ON %s IS %L', fk_name[i], fk_rel[i]::pg_catalog.regclass, fk_note[i]);
			END IF;
		END IF;
	END LOOP;

	-- The trigger functions of the converted tables whose bodies name a
	-- converted column of the table (NEW.id::integer, or an integer
	-- variable that takes it), which every write would run and fail: a
	-- function body kept as text is neither checked nor recorded as a
	-- dependency.  A search of the text for the column's name as a word,
	-- in any case, quoted or not; a trigger a partition has as a clone of
	-- its parent's is its parent's.
	FOR r IN SELECT t.tgrelid, t.tgname, a.attname, t.tgfoid::pg_catalog.regprocedure::pg_catalog.text AS fn,
					t.tgfoid AS foid, p.proowner
			   FROM pg_catalog.pg_trigger t
			   JOIN pg_catalog.pg_proc p ON p.oid = t.tgfoid
			   JOIN pg_catalog.pg_language l ON l.oid = p.prolang
			   JOIN ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum) ON u.relid = t.tgrelid
			   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
			  WHERE NOT t.tgisinternal AND t.tgparentid = 0
				AND l.lanname NOT IN ('internal', 'c')
				AND (p.prosrc OPERATOR(pg_catalog.~*)
						('(^|[^[:alnum:]_$])"?'
						 OPERATOR(pg_catalog.||) pg_catalog.regexp_replace(a.attname, '([^[:alnum:]_])', '\\\1', 'g')
						 OPERATOR(pg_catalog.||) '"?($|[^[:alnum:]_$])')
					 -- or a generic function, told the column by an argument
					 -- of the trigger (EXECUTE FUNCTION f('customer_id'))
					 OR pg_catalog.lower(a.attname) OPERATOR(pg_catalog.=) ANY (
						SELECT pg_catalog.lower(x.arg)
						  FROM pg_catalog.unnest(pg_catalog.string_to_array(pg_catalog.encode(t.tgargs, 'escape'), '\000')) AS x(arg)))
			  ORDER BY pg_catalog.array_position(rp_rel, t.tgrelid), t.tgname, u.attnum LOOP
		table_name := r.tgrelid; column_name := r.attname; action := 'trigger';
		detail := pg_catalog.format('trigger %I calls %s, whose body or arguments name the column and are not checked: fix what there still takes it as an integer',
									r.tgname, r.fn)
				  OPERATOR(pg_catalog.||) CASE WHEN r.proowner OPERATOR(pg_catalog.=) me THEN ''
											   ELSE pg_catalog.format('; it belongs to %I, so sessions that ran it before fail until it is created again', pg_catalog.pg_get_userbyid(r.proowner)) END;
		listed_fns := listed_fns OPERATOR(pg_catalog.||) r.foid;
		RETURN QUERY SELECT table_name, column_name, action, detail;
	END LOOP;

	-- Function bodies kept as text (PL/pgSQL, SQL, other languages) are
	-- neither checked nor recorded as dependencies: a variable, parameter
	-- or cast of the old integer type there may fail once the key is an
	-- id.  Those whose text names a converted table after FROM, JOIN,
	-- INTO, UPDATE, TABLE, ONLY or a comma, with its schema or without,
	-- are listed so they can be looked at.  A search of the text, not a
	-- parse: it can list a function that does not read the table, and miss
	-- one that builds the name.  Temporary functions, other sessions', are
	-- left out.
	FOR r IN SELECT k.oid AS relid, p.oid::pg_catalog.regprocedure::pg_catalog.text AS fn, p.oid AS foid, p.proowner
			   FROM pg_catalog.pg_class k, pg_catalog.pg_proc p
			   JOIN pg_catalog.pg_language l ON l.oid = p.prolang
			  WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel)
				AND l.lanname NOT IN ('internal', 'c')
				AND p.pronamespace NOT IN ('pg_catalog'::pg_catalog.regnamespace, 'information_schema'::pg_catalog.regnamespace)
				AND NOT EXISTS (SELECT FROM pg_catalog.pg_namespace n
								 WHERE n.oid = p.pronamespace AND n.nspname OPERATOR(pg_catalog.~) '^pg_(toast_)?temp_')
				AND NOT EXISTS (SELECT FROM pg_catalog.pg_depend e
								 WHERE e.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND e.objid = p.oid
								   AND e.deptype = 'e')
				-- the regular expression only where the name is in the text
				AND CASE WHEN pg_catalog.strpos(pg_catalog.lower(p.prosrc), pg_catalog.lower(k.relname)) OPERATOR(pg_catalog.>) 0
						 THEN p.prosrc OPERATOR(pg_catalog.~*)
							  ('(^|[^[:alnum:]_])(from|join|into|update|table|only|,)\s+("?[[:alnum:]_]+"?\.)?"?'
							   OPERATOR(pg_catalog.||) pg_catalog.regexp_replace(k.relname, '([^[:alnum:]_])', '\\\1', 'g')
							   OPERATOR(pg_catalog.||) '"?($|[^[:alnum:]_.])')
						 ELSE false END
			  ORDER BY k.oid, 2 LOOP
		table_name := r.relid; column_name := NULL; action := 'function';
		detail := pg_catalog.format('%s names the table in its body, which is not checked: fix what there still takes its ids as integers', r.fn)
				  OPERATOR(pg_catalog.||) CASE WHEN r.proowner OPERATOR(pg_catalog.=) me THEN ''
											   ELSE pg_catalog.format('; it belongs to %I, so sessions that ran it before fail until it is created again', pg_catalog.pg_get_userbyid(r.proowner)) END;
		listed_fns := listed_fns OPERATOR(pg_catalog.||) r.foid;
		RETURN QUERY SELECT table_name, column_name, action, detail;
	END LOOP;

	-- A session keeps what it compiled of a PL/pgSQL function, plans made
	-- for the old type of NEW.col among it, and fails with "type of
	-- parameter N (snowflake) does not match that when preparing the
	-- plan" until the function changes, even where its body needs no
	-- change (IF NEW.col IS NULL).  Each function listed above that the
	-- owner owns is altered to what it is, which writes its catalogue row
	-- again, so that every session compiles it again on its next call.
	IF NOT dry_run THEN
		FOR r IN SELECT p.oid, p.prosecdef FROM pg_catalog.pg_proc p
				  WHERE p.oid OPERATOR(pg_catalog.=) ANY (listed_fns) AND p.proowner OPERATOR(pg_catalog.=) me
				  ORDER BY p.oid LOOP
			EXECUTE pg_catalog.format('ALTER ROUTINE %s %s', r.oid::pg_catalog.regprocedure,
									  CASE WHEN r.prosecdef THEN 'SECURITY DEFINER' ELSE 'SECURITY INVOKER' END);
		END LOOP;
	END IF;
	RETURN;
END
$convert$;

COMMENT ON FUNCTION @extschema@.snowflake_convert_key_as_owner(pg_catalog.regclass, pg_catalog.name, boolean) IS
	'converts an integer key and the columns referencing it to snowflake as its caller, who must own every table it alters (snowflake_convert_key calls it as the owner)';

-- Called through its C entry point (src/owner.c), which fmgr runs
-- without a check of EXECUTE; not for PUBLIC.
REVOKE EXECUTE ON FUNCTION @extschema@.snowflake_convert_key_as_owner(pg_catalog.regclass, pg_catalog.name, boolean) FROM PUBLIC;

CREATE FUNCTION @extschema@.snowflake_convert_key(
	tbl pg_catalog.regclass,
	col pg_catalog.name DEFAULT 'id',
	dry_run boolean DEFAULT false)
RETURNS TABLE (table_name pg_catalog.regclass, column_name pg_catalog.name,
			   action pg_catalog.text, detail pg_catalog.text)
AS 'MODULE_PATHNAME', 'snowflake_convert_key'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

COMMENT ON FUNCTION @extschema@.snowflake_convert_key(pg_catalog.regclass, pg_catalog.name, boolean) IS
	'converts an integer key and the columns referencing it to snowflake, as the owner of the tables, for a caller with the owner''s privileges';
