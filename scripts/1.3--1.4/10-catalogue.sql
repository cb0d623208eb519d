
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
-- 6. The comparisons ">=" and "<=" of ids get a planner support function
-- of their own, which leaves out of a partition's own filter the run-time
-- bound that its partitioned parent added for pruning beside a window on
-- an instant ("id >= snowflake_first_after(t, true)" beside "id >= t"):
-- the partition inherits the window's clause as well, which implies the
-- bound, so a sequential scan makes one comparison a row, not three calls.
-- Every other comparison of ids is left as it is.
--
CREATE FUNCTION @extschema@.snowflake_compare_support(pg_catalog.internal)
RETURNS pg_catalog.internal
AS 'MODULE_PATHNAME', 'snowflake_compare_support'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

ALTER FUNCTION @extschema@.snowflake_ge(@extschema@.snowflake, @extschema@.snowflake)
	SUPPORT @extschema@.snowflake_compare_support;
ALTER FUNCTION @extschema@.snowflake_le(@extschema@.snowflake, @extschema@.snowflake)
	SUPPORT @extschema@.snowflake_compare_support;

--
-- 7. Minting you can watch: snowflake_mint_stats(), one row: the worker id in force in the session (NULL
-- when none is), the ids handed out since the server started, the mints
-- that waited at snowflake.max_lead and how long in all, the current
-- lead, the reservation's end and its renewals, and the last id handed
-- out (src/mintstats.c).
--
-- The counts are the whole server's, every database's and role's, so they
-- are open to pg_monitor (and to superusers), as core's statistics views
-- of the whole server are, not to PUBLIC.  A function, not a view: the
-- extension may be created in pg_catalog, where no view can be.
-- Volatile; parallel restricted, as gen_snowflake() is: the worker id is
-- a setting of the session, which a parallel worker may not have.
--
CREATE FUNCTION @extschema@.snowflake_mint_stats(
	OUT worker_id integer,
	OUT minted bigint,
	OUT lead_waits bigint,
	OUT lead_wait_ms double precision,
	OUT lead_ms double precision,
	OUT reserved_until pg_catalog.timestamptz,
	OUT renewals bigint,
	OUT last_id @extschema@.snowflake)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'snowflake_mint_stats'
LANGUAGE C VOLATILE PARALLEL RESTRICTED ROWS 1;

COMMENT ON FUNCTION @extschema@.snowflake_mint_stats() IS
	'minting since the server started: ids handed out, waits at snowflake.max_lead, the lead, the reservation, the last id';

REVOKE ALL ON FUNCTION @extschema@.snowflake_mint_stats() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION @extschema@.snowflake_mint_stats() TO pg_monitor;
