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
CREATE DOMAIN @extschema@.snowflake_tstzrange AS tstzrange;

COMMENT ON DOMAIN @extschema@.snowflake_tstzrange IS
	'a tstzrange as the time window of "id <@ r" and "r @> id"';

UPDATE pg_catalog.pg_proc
   SET proargtypes = pg_catalog.array_to_string(ARRAY[
			'@extschema@.snowflake'::pg_catalog.regtype::pg_catalog.oid,
			'@extschema@.snowflake_tstzrange'::pg_catalog.regtype::pg_catalog.oid], ' ')::pg_catalog.oidvector
 WHERE oid = '@extschema@.snowflake_within(@extschema@.snowflake, pg_catalog.tstzrange)'::pg_catalog.regprocedure;

UPDATE pg_catalog.pg_proc
   SET proargtypes = pg_catalog.array_to_string(ARRAY[
			'@extschema@.snowflake_tstzrange'::pg_catalog.regtype::pg_catalog.oid,
			'@extschema@.snowflake'::pg_catalog.regtype::pg_catalog.oid], ' ')::pg_catalog.oidvector
 WHERE oid = '@extschema@.tstzrange_contains_snowflake(pg_catalog.tstzrange, @extschema@.snowflake)'::pg_catalog.regprocedure;

UPDATE pg_catalog.pg_operator
   SET oprright = '@extschema@.snowflake_tstzrange'::pg_catalog.regtype
 WHERE oid = '@extschema@.<@(@extschema@.snowflake, pg_catalog.tstzrange)'::pg_catalog.regoperator;

UPDATE pg_catalog.pg_operator
   SET oprleft = '@extschema@.snowflake_tstzrange'::pg_catalog.regtype
 WHERE oid = '@extschema@.@>(pg_catalog.tstzrange, @extschema@.snowflake)'::pg_catalog.regoperator;

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
-- 2. gen_snowflake(worker) belongs to the extension's owner, and is granted
-- to the database's owner (pg_database_owner), each with the right to
-- grant it on.
--
-- 1.3 granted it to whoever ran CREATE EXTENSION, from the bootstrap
-- superuser.  pg_dump records privileges as differences from those the
-- install made, so a restore by another role granted it to that role
-- instead, and the owner's own grants, made with an option the restored
-- owner no longer held, failed (42501).  Now the grants that owners make
-- are the function owner's, which pg_dump restores as plain GRANTs, by the
-- owner or by a superuser; and the database's owner holds it under a name
-- that means the same in every database.
--
-- ALTER OWNER does not update pg_init_privs, and a GRANT during an update
-- records the whole ACL there, grants of users included, which pg_dump
-- would then leave out.  So the install's privileges are set there
-- explicitly: the owner's, and pg_database_owner's.
--
DO $$
DECLARE
	fn pg_catalog.regprocedure := '@extschema@.gen_snowflake(integer)'::pg_catalog.regprocedure;
	owner pg_catalog.oid := (SELECT e.extowner FROM pg_catalog.pg_extension e
							  WHERE e.extname = 'snowflake');
BEGIN
	EXECUTE pg_catalog.format('ALTER FUNCTION %s OWNER TO %I', fn,
							  pg_catalog.pg_get_userbyid(owner));
	EXECUTE pg_catalog.format('GRANT EXECUTE ON FUNCTION %s TO pg_database_owner WITH GRANT OPTION', fn);
	UPDATE pg_catalog.pg_init_privs
	   SET initprivs = ARRAY[
			pg_catalog.makeaclitem(owner, owner, 'EXECUTE', true),
			pg_catalog.makeaclitem('pg_database_owner'::pg_catalog.regrole, owner, 'EXECUTE', true)]
	 WHERE objoid = fn
	   AND classoid = 'pg_catalog.pg_proc'::pg_catalog.regclass
	   AND objsubid = 0;
END
$$;
