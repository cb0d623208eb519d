-- test/bench/12-or-collisions.sql: planning time of an OR of 400 arms on
-- 400 distinct left sides that differ only in a typmod, beside a 50 kB
-- constant common to them all, against the same OR on bigint (issue 41, B).
--     bc_f(id, $1, 'x'::varchar(N)) = c_N    N = 1..400, $1 = repeat('b', 50000)
-- bc_f is a PL/pgSQL function (not inlined) of (snowflake, text, varchar)
-- and of (bigint, text, varchar).  src/inlist.c groups the arms of an OR
-- by the hash of their left side (src/exprhash.c); a hash that left the
-- typmod out put the 400 in one run, and each arm was compared by equal()
-- with up to 32 leaders, the 50 kB constant read each time.
-- Custom plans of a prepared statement (plan_cache_mode =
-- force_custom_plan): the parameter becomes a constant of each arm at plan
-- time.  pg_temp.plan (lib.psql) records the "Planning Time" of EXPLAIN
-- (FORMAT JSON, SUMMARY ON) EXECUTE and the wall time of the statement,
-- the snowflake and the bigint query alternating: :plans_or plans of each
-- (20 unless given), after 5 untimed, :reps times.  The goal is a ratio of
-- at most 1.3; the script prints it, it does not assert it.
-- psql variables: reps, plans_or.
\ir lib.psql
\if :{?plans_or}
\else
\set plans_or 20
\endif

DROP TABLE IF EXISTS bc_snowflake, bc_bigint;
DROP FUNCTION IF EXISTS bc_f(snowflake, text, varchar), bc_f(bigint, text, varchar);
CREATE TABLE bc_snowflake AS
SELECT make_snowflake('2026-01-01+00'::timestamptz + g * interval '1 s', 1, 0) AS id FROM generate_series(1, 1000) g;
CREATE TABLE bc_bigint AS SELECT id::bigint AS id FROM bc_snowflake;
CREATE INDEX ON bc_snowflake (id);
CREATE INDEX ON bc_bigint (id);
VACUUM ANALYZE bc_snowflake, bc_bigint;
CREATE FUNCTION bc_f(id snowflake, big text, tag varchar) RETURNS snowflake
LANGUAGE plpgsql IMMUTABLE AS 'BEGIN RETURN id; END';
CREATE FUNCTION bc_f(id bigint, big text, tag varchar) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE AS 'BEGIN RETURN id; END';

-- the two statements: 400 arms, one left side each, c_N an id of the table
SELECT format('PREPARE bc_s(text) AS SELECT count(*) FROM bc_snowflake WHERE %s',
              string_agg(format('bc_f(id, $1, ''x''::varchar(%s)) = %L', g, id), ' OR ' ORDER BY g)) AS ps,
       format('PREPARE bc_b(text) AS SELECT count(*) FROM bc_bigint WHERE %s',
              string_agg(format('bc_f(id, $1, ''x''::varchar(%s)) = %s', g, id::bigint), ' OR ' ORDER BY g)) AS pb
FROM (SELECT g, id FROM bc_snowflake, generate_series(1, 400) g WHERE id = (SELECT id FROM bc_snowflake ORDER BY id OFFSET g LIMIT 1)) s \gset
:ps;
:pb;
SET plan_cache_mode = force_custom_plan;

\o /dev/null
SELECT pg_temp.plan('400 arms, 400 left sides differing in a typmod, a 50 kB constant', r,
                    'EXECUTE bc_s(repeat(''b'', 50000))', 'EXECUTE bc_b(repeat(''b'', 50000))', :plans_or, 5)
FROM generate_series(1, :reps) r;
\o
RESET plan_cache_mode;
DEALLOCATE bc_s;
DEALLOCATE bc_b;
DROP TABLE bc_snowflake, bc_bigint;
DROP FUNCTION bc_f(snowflake, text, varchar), bc_f(bigint, text, varchar);

\echo
\echo '| custom plans of an OR (best of' :reps 'x' :plans_or 'plans) | snowflake ms/plan | bigint ms/plan | snowflake/bigint | snowflake ms/EXPLAIN | bigint ms/EXPLAIN | snowflake/bigint |'
\echo '|---|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
SELECT '| ' || m, to_char(pg_temp.best(m, 'snowflake') / :plans_or, 'FM999990.00'),
       to_char(pg_temp.best(m, 'bigint') / :plans_or, 'FM999990.00'),
       to_char(pg_temp.ratio(m, 'snowflake', 'bigint'), 'FM990.00'),
       to_char(pg_temp.best(m || ' (EXPLAIN)', 'snowflake') / :plans_or, 'FM999990.00'),
       to_char(pg_temp.best(m || ' (EXPLAIN)', 'bigint') / :plans_or, 'FM999990.00'),
       to_char(pg_temp.ratio(m || ' (EXPLAIN)', 'snowflake', 'bigint'), 'FM990.00') || ' |'
FROM (VALUES ('400 arms, 400 left sides differing in a typmod, a 50 kB constant')) AS x(m);
\pset tuples_only off
\pset format aligned
