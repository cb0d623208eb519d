--
-- install: CREATE EXTENSION, and the catalogue entries it makes
--
CREATE EXTENSION snowflake;

-- A helper for the edge tables of later suites: run a query, return its one
-- value as text, or the SQLSTATE and message of its error.
CREATE FUNCTION sf_try(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	result text;
BEGIN
	EXECUTE query INTO result;
	RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END
$$;

-- Helpers for the estimate checks of later suites: the estimated and the
-- actual rows of a query's top plan node, and whether the one is within 2x
-- of the other.
CREATE FUNCTION estimated(query text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
	RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
END
$$;
CREATE FUNCTION actual(query text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	n float8;
BEGIN
	EXECUTE 'SELECT count(*) FROM (' || query || ') q' INTO n;
	RETURN n;
END
$$;
CREATE FUNCTION within_2x(query text) RETURNS boolean
LANGUAGE sql AS $$ SELECT estimated(query) / actual(query) BETWEEN 0.5 AND 2 $$;

-- The lines of a query's plan (EXPLAIN (COSTS OFF)), for suites that assert
-- a property of it where core's wording differs between majors (an
-- initplan's output is "$0" before 16 and "(InitPlan 1).col1" after).
CREATE FUNCTION plan_lines(query text) RETURNS SETOF text
LANGUAGE plpgsql AS $$
BEGIN
	RETURN QUERY EXECUTE 'EXPLAIN (COSTS OFF) ' || query;
END
$$;

-- The type: 8 bytes, by value, double-aligned, plain, category N, not preferred.
SELECT typlen, typbyval, typalign, typstorage, typcategory, typispreferred,
       typinput, typoutput, typreceive, typsend
FROM pg_type WHERE oid = 'snowflake'::regtype;

-- The domains the time-window operators take their range and multirange
-- as (1.4): over tstzrange and tstzmultirange, no constraint, no default,
-- so a tstzrange or tstzmultirange is coerced to them implicitly and the
-- planner folds the coercion away.  Their category is 'w', the range's the
-- preferred type: an untyped operand beside an id is a tstzrange.
SELECT t.typname, t.typtype, t.typbasetype::regtype, t.typnotnull, t.typdefault,
       t.typcategory, t.typispreferred,
       (SELECT count(*) FROM pg_constraint c WHERE c.contypid = t.oid) AS constraints
  FROM pg_type t JOIN pg_depend d ON d.classid = 'pg_type'::regclass AND d.objid = t.oid
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'snowflake')
   AND t.typtype = 'd'
 ORDER BY t.typname;

-- Every function with volatility, strictness, parallel safety, leakproofness
-- and planner support function.  Only functions that cannot raise an error
-- are leakproof.
SELECT p.oid::regprocedure AS function,
       p.provolatile AS vol, p.proisstrict AS strict,
       p.proparallel AS par, p.proleakproof AS leakproof, p.prosupport AS support
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'snowflake')
ORDER BY p.oid::regprocedure::text;

-- snowflake_mint_stats() (1.4): its columns.  A function, not a view:
-- the extension owns no relation, so that it can be created in pg_catalog.
SELECT pg_get_function_arguments('snowflake_mint_stats()'::regprocedure) AS columns;
SELECT count(*) AS relations
FROM pg_depend d
WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_extension'::regclass
  AND d.deptype = 'e' AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'snowflake');

-- The functions and relations that not everyone may use as they may use
-- a new one: every grant on them to a role other than their owner.
-- gen_snowflake(integer)'s (1.3 and 1.4) go to the database's owner and to
-- who ran CREATE EXTENSION, here the owner itself; snowflake_mint_stats()
-- to pg_monitor alone.
SELECT m.object, x.privilege_type,
       CASE WHEN x.grantee = 0 THEN 'PUBLIC' ELSE x.grantee::regrole::text END AS grantee
FROM (SELECT p.oid::regprocedure::text AS object, p.proacl AS acl, p.proowner AS owner
        FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
       WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
         AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'snowflake')
      UNION ALL
      SELECT c.oid::regclass::text, c.relacl, c.relowner
        FROM pg_class c JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = c.oid
       WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
         AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'snowflake')) m,
     aclexplode(m.acl) x
WHERE x.grantee <> m.owner
ORDER BY 1, 2, 3;

-- Every operator: commutator, negator, estimators, hash and merge flags.
-- (The six on bigint alone, named #=# and so on, only complete the btree
-- family; see the opclass suite.)
SELECT oprleft::regtype, oprname, oprright::regtype, oprcom::regoperator AS commutator,
       oprnegate::regoperator AS negator,
       oprrest, oprjoin, oprcanhash AS hashes, oprcanmerge AS merges
FROM pg_operator o
JOIN pg_depend d ON d.classid = 'pg_operator'::regclass AND d.objid = o.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'snowflake')
ORDER BY oprname, oprleft::regtype::text, oprright::regtype::text;

-- Casts: integers in by assignment only, bigint out by assignment, numeric
-- explicit.
SELECT castsource::regtype, casttarget::regtype,
       castfunc::regprocedure, castcontext
FROM pg_cast
WHERE castsource = 'snowflake'::regtype OR casttarget = 'snowflake'::regtype
ORDER BY castsource::regtype::text, casttarget::regtype::text;

-- Aggregates answer from the index through their sort operators.
SELECT aggfnoid::regprocedure, aggsortop::regoperator, aggcombinefn
FROM pg_aggregate
WHERE aggfnoid IN ('min(snowflake)'::regprocedure, 'max(snowflake)'::regprocedure)
ORDER BY aggfnoid::regprocedure::text;

-- The scripts of 1.3 and 1.4 grant through a DO block, so the control file
-- requires plpgsql: in a database without it, CREATE EXTENSION names it
-- (42704), and CASCADE installs it first.
SELECT current_database() AS regress_db \gset
CREATE DATABASE regress_sf_nopl;
\c regress_sf_nopl
DROP EXTENSION plpgsql;
CREATE EXTENSION snowflake;
\echo :LAST_ERROR_SQLSTATE
CREATE EXTENSION snowflake CASCADE;
SELECT extname, extversion FROM pg_extension ORDER BY extname;
\c :regress_db
DROP DATABASE regress_sf_nopl;
