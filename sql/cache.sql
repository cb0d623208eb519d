--
-- cache: the planner support keeps its catalogue lookups per backend
-- (src/cache.c), and must follow every change to the catalogue made in the
-- same session.  Each step plans the same query before and after a change,
-- in this one session: updates of the extension from 1.1 to 1.4, a
-- function planted in the extension's schema by another role, an operator
-- class of a user's own, and the extension dropped and created again in
-- another schema.
--
SET client_min_messages = warning;
SET timezone = 'UTC';
DROP EXTENSION IF EXISTS snowflake CASCADE;
RESET client_min_messages;
CREATE ROLE regress_sf_cache_evil;
CREATE SCHEMA sfc;
GRANT USAGE, CREATE ON SCHEMA sfc TO regress_sf_cache_evil;
CREATE TABLE cache_caught (what text);
GRANT INSERT ON cache_caught TO regress_sf_cache_evil;
SET search_path = public, sfc;
-- The index, and no bitmap scan, which the visibility map can make the
-- cheaper: the plans are the same whenever VACUUM has run.
SET enable_seqscan = off;
SET enable_bitmapscan = off;

-- 1.1: no snowflake_first_after, so a run-time instant gets the
-- expression of 1.0's range functions.
CREATE EXTENSION snowflake VERSION '1.1' SCHEMA sfc;
CREATE TABLE cev (id snowflake PRIMARY KEY);
INSERT INTO cev SELECT make_snowflake(now() - g * interval '1 minute', 1, 0) FROM generate_series(1, 500) g;
VACUUM ANALYZE cev;
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id >= now() - interval '10 minutes';

-- Another role plants the missing function in the extension's schema.
-- It is no member of the extension: the planner still does not call it.
SET ROLE regress_sf_cache_evil;
CREATE FUNCTION sfc.snowflake_first_after(t timestamptz, inclusive boolean) RETURNS sfc.snowflake
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO public.cache_caught VALUES ('planted first_after'); RETURN '0'; END $$;
RESET ROLE;
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id >= now() - interval '10 minutes';
SELECT count(*) > 0 AS some,
       count(*) = (SELECT count(*) FROM cev WHERE snowflake_timestamp(id) >= now() - interval '10 minutes') AS as_defined
  FROM cev WHERE id >= now() - interval '10 minutes';
SELECT count(*) AS caught FROM cache_caught;
SET ROLE regress_sf_cache_evil;
DROP FUNCTION sfc.snowflake_first_after(timestamptz, boolean);
RESET ROLE;

-- 1.2 brings snowflake_first_after, and the comparisons with bigint:
-- the same query now calls the member.
ALTER EXTENSION snowflake UPDATE TO '1.2';
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id >= now() - interval '10 minutes';
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id = 5::bigint;
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id > -1::bigint;

-- 1.3, then 1.4, which changes the range operators' argument type in
-- place (same OIDs): a partial index whose predicate was stored under 1.3
-- is matched by the same window written under 1.4, once the stored range
-- is retyped as the operator now declares it.  (The index's predicate, as
-- the relcache keeps it, was simplified under 1.3: the update does not
-- reach it until the index's entry is rebuilt, here by ALTER INDEX.)
ALTER EXTENSION snowflake UPDATE TO '1.3';
CREATE TABLE cpw (id snowflake, v int);
INSERT INTO cpw SELECT id, 1 FROM cev;
CREATE INDEX cpw_v ON cpw (v) WHERE id <@ '[2024-01-01 00:00+00, 2100-01-01 00:00+00)'::tstzrange;
VACUUM ANALYZE cpw;
EXPLAIN (COSTS OFF) SELECT count(*) FROM cpw WHERE id <@ '[2024-01-01 00:00+00, 2100-01-01 00:00+00)'::tstzrange AND v = 1;
ALTER EXTENSION snowflake UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'snowflake';
ALTER INDEX cpw_v SET (fillfactor = 90);
EXPLAIN (COSTS OFF) SELECT count(*) FROM cpw WHERE id <@ '[2024-01-01 00:00+00, 2100-01-01 00:00+00)'::tstzrange AND v = 1;
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id >= now() - interval '10 minutes';
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id <@ tstzrange(now() - interval '10 minutes', now());

-- An operator class of a user's own that orders ids otherwise (here,
-- descending) is left alone, after the default one's operators were
-- looked up: the window on its index filters.
CREATE FUNCTION crev_cmp(snowflake, snowflake) RETURNS int
LANGUAGE sql IMMUTABLE STRICT SET search_path FROM CURRENT AS 'SELECT snowflake_cmp($2, $1)';
CREATE OPERATOR CLASS snowflake_desc_ops FOR TYPE snowflake USING btree AS
	OPERATOR 1 >, OPERATOR 2 >=, OPERATOR 3 =, OPERATOR 4 <=, OPERATOR 5 <,
	FUNCTION 1 crev_cmp(snowflake, snowflake);
CREATE TABLE crev (id snowflake);
INSERT INTO crev SELECT id FROM cev;
CREATE INDEX ON crev (id snowflake_desc_ops);
VACUUM ANALYZE crev;
EXPLAIN (COSTS OFF) SELECT count(*) FROM crev WHERE id >= now() - interval '10 minutes';
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id >= now() - interval '10 minutes';
SELECT (SELECT count(*) FROM crev WHERE id >= now() - interval '10 minutes') =
       (SELECT count(*) FROM cev WHERE id >= now() - interval '10 minutes') AS same;

-- Dropped, and created again in another schema: the plans call the new
-- extension's functions.
SET client_min_messages = warning;
DROP EXTENSION snowflake CASCADE;
RESET client_min_messages;
DROP TABLE cev, cpw, crev;
CREATE SCHEMA sfc2;
CREATE EXTENSION snowflake SCHEMA sfc2;
CREATE TABLE cev (id sfc2.snowflake PRIMARY KEY);
INSERT INTO cev SELECT sfc2.make_snowflake(now() - g * interval '1 minute', 1, 0) FROM generate_series(1, 500) g;
VACUUM ANALYZE cev;
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id OPERATOR(sfc2.>=) (now() - interval '10 minutes');
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id OPERATOR(sfc2.<@) tstzrange(now() - interval '10 minutes', now());
EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id OPERATOR(sfc2.=) 5::bigint;
SELECT count(*) > 0 AS some,
       count(*) = (SELECT count(*) FROM cev WHERE sfc2.snowflake_timestamp(id) >= now() - interval '10 minutes') AS as_defined
  FROM cev WHERE id OPERATOR(sfc2.>=) (now() - interval '10 minutes');

-- Only a change to a row an answer was read from drops it (issue 41): a
-- change to an unrelated function, cast or operator, which any role can
-- make in a loop, makes the next plan read nothing again; a change to a
-- member's row does.  Counted as the scans of pg_depend (the membership
-- lookups) that one plan makes, in this transaction's statistics; the
-- query was planned above, so its answers are kept.
CREATE FUNCTION cache_scans_of_a_plan() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	before bigint;
	r record;
BEGIN
	SELECT coalesce(idx_scan, 0) INTO before FROM pg_catalog.pg_stat_xact_sys_tables WHERE relname = 'pg_depend';
	FOR r IN EXECUTE 'EXPLAIN (COSTS OFF) SELECT count(*) FROM cev WHERE id OPERATOR(sfc2.>=) (now() - interval ''10 minutes'')' LOOP
	END LOOP;
	RETURN (SELECT coalesce(idx_scan, 0) FROM pg_catalog.pg_stat_xact_sys_tables WHERE relname = 'pg_depend') - before;
END $$;
CREATE FUNCTION cache_other(int) RETURNS int LANGUAGE sql IMMUTABLE AS 'SELECT $1';
CREATE TYPE cache_pair AS (a int, b int);
BEGIN;
SELECT cache_scans_of_a_plan() AS again;
ALTER FUNCTION cache_other(int) COST 7;
SELECT cache_scans_of_a_plan() AS after_an_unrelated_function;
CREATE CAST (cache_pair AS text) WITH INOUT;
SELECT cache_scans_of_a_plan() AS after_an_unrelated_cast;
CREATE OPERATOR === (LEFTARG = int, RIGHTARG = int, FUNCTION = int4eq);
SELECT cache_scans_of_a_plan() AS after_an_unrelated_operator;
ALTER FUNCTION sfc2.snowflake_first_after(timestamptz, boolean) COST 2;
SELECT cache_scans_of_a_plan() > 0 AS after_a_member_reads;
ROLLBACK;
DROP FUNCTION cache_scans_of_a_plan(), cache_other(int);
DROP TYPE cache_pair;

-- At most 1024 answers are kept (issue 41's review): 3000 OR lists on
-- operators of a role's own (PL/pgSQL, so not inlined), each a function
-- the IN-list rewrite looks up, leave the cache under 400 kB (270 kB on
-- 15; uncapped it held 3000 answers, 532 kB, and every invalidation
-- looked at each).
CREATE SCHEMA cache_many;
CREATE TABLE cache_many.b (x bigint);
DO $$
DECLARE
	chars text := '~!@#%^&|';
	name text;
BEGIN
	FOR i IN 0..2999 LOOP
		name := substr(chars, i / 512 % 8 + 1, 1) || substr(chars, i / 64 % 8 + 1, 1) ||
			substr(chars, i / 8 % 8 + 1, 1) || substr(chars, i % 8 + 1, 1);
		EXECUTE format('CREATE FUNCTION cache_many.f%s(bigint, bigint) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS %L', i, 'BEGIN RETURN $1 = $2; END');
		EXECUTE format('CREATE OPERATOR cache_many.%s (LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = cache_many.f%s)', name, i);
		EXECUTE format('EXPLAIN SELECT * FROM cache_many.b WHERE x OPERATOR(cache_many.%s) 1 OR x OPERATOR(cache_many.%s) 2', name, name);
	END LOOP;
END $$;
SELECT sum(c.total_bytes) < 400 * 1024 AS bounded
  FROM pg_catalog.pg_backend_memory_contexts c
 WHERE c.name = 'snowflake planner cache';
SET client_min_messages = warning;
DROP SCHEMA cache_many CASCADE;
RESET client_min_messages;

RESET enable_seqscan;
RESET enable_bitmapscan;
RESET search_path;
SET client_min_messages = warning;
DROP TABLE cev, cache_caught;
DROP EXTENSION snowflake CASCADE;
DROP SCHEMA sfc, sfc2 CASCADE;
DROP ROLE regress_sf_cache_evil;
RESET client_min_messages;
