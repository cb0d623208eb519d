/* snowflake--1.2--1.3.sql: minting for an explicit worker is granted, not
 * open to PUBLIC */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION snowflake UPDATE TO '1.3'" to load this file. \quit

-- gen_snowflake(worker) mints for any worker id, which is what the
-- superuser-only setting snowflake.worker_id guards: two servers minting
-- for one worker id can mint the same id.  The role that updates the
-- extension keeps it, and may grant it on.
REVOKE EXECUTE ON FUNCTION @extschema@.gen_snowflake(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION @extschema@.gen_snowflake(integer) TO @extowner@;
