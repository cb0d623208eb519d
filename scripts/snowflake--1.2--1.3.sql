/* snowflake--1.2--1.3.sql: minting for an explicit worker is granted, not
 * open to PUBLIC */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION snowflake UPDATE TO '1.3'" to load this file. \quit

-- gen_snowflake(worker) mints for any worker id, which is what the
-- superuser-only setting snowflake.worker_id guards: two servers minting
-- for one worker id can mint the same id.  The extension's owner keeps
-- it, with the grant option, and may grant it on.  The owner is read from
-- the catalogue, not substituted into the script, which core refuses for
-- names with quotes.
REVOKE EXECUTE ON FUNCTION @extschema@.gen_snowflake(integer) FROM PUBLIC;
DO $$
BEGIN
	EXECUTE pg_catalog.format('GRANT EXECUTE ON FUNCTION %s TO %s WITH GRANT OPTION',
		(SELECT p.oid::pg_catalog.regprocedure
		   FROM pg_catalog.pg_proc p
		   JOIN pg_catalog.pg_depend d ON d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid
		                           AND d.objid OPERATOR(pg_catalog.=) p.oid
		   JOIN pg_catalog.pg_extension e ON d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass::pg_catalog.oid
		                                  AND d.refobjid OPERATOR(pg_catalog.=) e.oid
		  WHERE e.extname OPERATOR(pg_catalog.=) 'snowflake' AND p.proname OPERATOR(pg_catalog.=) 'gen_snowflake'
		    AND p.pronargs OPERATOR(pg_catalog.=) 1),
		(SELECT e.extowner::pg_catalog.regrole FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'snowflake'));
END
$$;
