-- test/bench/09-long-conditions.sql: planning time of long and deep
-- conditions on ids against the same conditions on bigint, in the same run
-- (issue 34).  src/inlist.c rewrites "X = c1 OR X = c2 ..." on ids into
-- "X = ANY (array)"; here its cost must grow as bigint's does, with the
-- number of arms, of distinct left sides X, of partitions and of tables.
-- Planning only, as 07-planning.sql: pg_temp.plan (lib.psql) records the
-- "Planning Time" of EXPLAIN (FORMAT JSON, SUMMARY ON) and the wall time of
-- the EXPLAIN statement, the snowflake and the bigint query alternating.
--
-- The shapes and sizes (plans: per type per repetition, after warm untimed
-- ones, and after one untimed plan of each that checks it plans at all):
--   OR, one left side      id = '1'::snowflake OR id = '2'::snowflake ...
--                          (bigint: id = 1 OR id = 2 ...)
--                          1k arms: 10 plans, 4k: 4, 16k: 2, 64k: 1
--   OR, distinct left      snowflake_larger(id, 'c'::snowflake) = 'c'::snowflake OR ...
--   sides                  (bigint: int8larger(id, c) = c OR ...), as above
--   IN, quoted literals    id IN ('…', '…', ...): 1k items: 10 plans, 10k: 4, 100k: 1
--   IN, integer literals   id IN (…, …, ...), as above; on snowflake the parser
--                          writes an OR of (snowflake, bigint) operators, nested
--                          one level per item, which the extension rewrites
--   windows                1,000 ANDed id <@ tstzrange(now() - interval 'N hours',
--                          now()), N = 1..1000 (bigint: id BETWEEN lo AND hi): 5 plans
--   partitions             200 daily partitions, an OR of 500 groups of 2 arms,
--                          one left side a group: snowflake_larger(id, 'k') = c1
--                          OR snowflake_larger(id, 'k') = c2 ... (bigint:
--                          int8larger): 1 plan
--   nested AND/OR          depth 100: 10 plans, 1000: 2, 2000: 1; each level
--                          "(id = a OR id = b OR (" or "(id <> a AND id <> b
--                          AND (", alternating (4000 levels exceed the parser's
--                          stack on either type)
--   many tables            100 and 200 tables of 10 rows joined in a chain
--                          (JOIN ... ON t_i.ref = t_i-1.id), each with
--                          (t_i.id = a OR t_i.id = b): 2 plans, 1 plan
-- Each measurement is repeated :reps times (3 by default), the shapes in
-- turn; a time is the best repetition, a ratio the median of the
-- back-to-back pairs.  Repetitions are few for the big sizes: about three
-- minutes in all on a 2-core VM.  A measurement that fails (an error, or
-- more than 60 s: statement_timeout) is reported as such, not retried.
--
-- max_stack_depth is raised to the most the server's stack allows (7680kB
-- under the usual 8 MB limit): an IN list of integers on ids is nested one
-- expression level per item, and parse analysis (core's collation walk)
-- recurses through it; at the default 2MB about 7,000 items fit, at 7680kB
-- about 25,000, so the 100k one fails with 54001 on snowflake, not on
-- bigint (whose IN list is one array).  The goal is a ratio of at most 1.3
-- everywhere; the script prints the ratios, it does not assert them.
-- psql variables: reps.
\ir lib.psql

DO $$
DECLARE
	s text;
BEGIN
	FOREACH s IN ARRAY ARRAY['7680kB', '6MB', '4MB'] LOOP
		BEGIN
			PERFORM set_config('max_stack_depth', s, false);
			EXIT;
		EXCEPTION WHEN invalid_parameter_value THEN
			NULL;
		END;
	END LOOP;
END $$;

-- The tables of this script, dropped before (a run stopped halfway leaves
-- them) and after.
CREATE FUNCTION pg_temp.lc_drop() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DROP TABLE IF EXISTS lc_snowflake, lc_bigint, lcp_snowflake, lcp_bigint;
	FOR i IN 1 .. 200 LOOP
		EXECUTE format('DROP TABLE IF EXISTS %I, %I', 'lcj_snowflake_' || i, 'lcj_bigint_' || i);
	END LOOP;
END $$;
DO $$ BEGIN PERFORM pg_temp.lc_drop(); END $$;

-- A plain table: 100,000 ids over the last 1,000 hours, one every 36 s,
-- with a btree.  Its ids, newest first, are the items of the lists.
CREATE TABLE lc_snowflake AS
SELECT make_snowflake(now() - g * interval '36 s', (g % 16)::int, (g % 4096)::int) AS id
FROM generate_series(0, 99999) g;
CREATE TABLE lc_bigint AS SELECT id::bigint AS id FROM lc_snowflake;
CREATE INDEX ON lc_snowflake (id);
CREATE INDEX ON lc_bigint (id);
CREATE TEMP TABLE lc_ids AS SELECT row_number() OVER (ORDER BY id DESC)::int AS g, id FROM lc_snowflake;

-- 200 daily partitions from 2026-01-01, 24 ids in each.
CREATE TABLE lcp_snowflake (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE lcp_bigint (id bigint NOT NULL) PARTITION BY RANGE (id);
DO $$
DECLARE
	d0 timestamptz := '2026-01-01+00';
BEGIN
	FOR i IN 0 .. 199 LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF lcp_snowflake FOR VALUES FROM (%L) TO (%L)', 'lcp_snowflake_' || i,
					   snowflake_floor(d0 + i * interval '1 day'), snowflake_floor(d0 + (i + 1) * interval '1 day'));
		EXECUTE format('CREATE TABLE %I PARTITION OF lcp_bigint FOR VALUES FROM (%s) TO (%s)', 'lcp_bigint_' || i,
					   snowflake_floor(d0 + i * interval '1 day')::bigint, snowflake_floor(d0 + (i + 1) * interval '1 day')::bigint);
	END LOOP;
END $$;
INSERT INTO lcp_snowflake SELECT make_snowflake('2026-01-01+00'::timestamptz + g * interval '1 hour', 1, 0) FROM generate_series(0, 4799) g;
INSERT INTO lcp_bigint SELECT id::bigint FROM lcp_snowflake;
CREATE INDEX ON lcp_snowflake (id);
CREATE INDEX ON lcp_bigint (id);

-- 200 tables of each type, 10 rows each: lcj_snowflake_i (id, ref), the
-- ref of row r the id of row r of the table before.
DO $$
BEGIN
	FOR i IN 1 .. 200 LOOP
		EXECUTE format('CREATE TABLE %I (id snowflake PRIMARY KEY, ref snowflake)', 'lcj_snowflake_' || i);
		EXECUTE format('CREATE TABLE %I (id bigint PRIMARY KEY, ref bigint)', 'lcj_bigint_' || i);
		EXECUTE format('INSERT INTO %I SELECT l.id, p.id FROM lc_ids l JOIN lc_ids p ON p.g = l.g - 10 WHERE l.g BETWEEN %s AND %s',
					   'lcj_snowflake_' || i, i * 10 + 1, i * 10 + 10);
		EXECUTE format('INSERT INTO %I SELECT id::bigint, ref::bigint FROM %I', 'lcj_bigint_' || i, 'lcj_snowflake_' || i);
	END LOOP;
END $$;
VACUUM ANALYZE;

-- The measurements: k orders them; snowflake and bigint are the queries.
CREATE TEMP TABLE lc_case (k int, shape text, size text, plans int, warm int, snowflake text, bigint text);

-- OR lists, one left side and distinct left sides.
INSERT INTO lc_case
SELECT 10 + s.n, 'OR, one left side', s.n || 'k arms', s.plans, s.warm,
       'SELECT count(*) FROM lc_snowflake WHERE ' || string_agg(format('id = %L::snowflake', l.id), ' OR ' ORDER BY l.g),
       'SELECT count(*) FROM lc_bigint WHERE ' || string_agg(format('id = %s', l.id::bigint), ' OR ' ORDER BY l.g)
FROM (VALUES (1, 10, 2), (4, 4, 1), (16, 2, 1), (64, 1, 0)) s(n, plans, warm), lc_ids l
WHERE l.g <= s.n * 1000
GROUP BY s.n, s.plans, s.warm;
INSERT INTO lc_case
SELECT 100 + s.n, 'OR, distinct left sides', s.n || 'k arms', s.plans, s.warm,
       'SELECT count(*) FROM lc_snowflake WHERE '
       || string_agg(format('snowflake_larger(id, %L::snowflake) = %L::snowflake', l.id, l.id), ' OR ' ORDER BY l.g),
       'SELECT count(*) FROM lc_bigint WHERE '
       || string_agg(format('int8larger(id, %s) = %s', l.id::bigint, l.id::bigint), ' OR ' ORDER BY l.g)
FROM (VALUES (1, 10, 2), (4, 4, 1), (16, 2, 1), (64, 1, 0)) s(n, plans, warm), lc_ids l
WHERE l.g <= s.n * 1000
GROUP BY s.n, s.plans, s.warm;

-- IN lists, quoted and integer literals.
INSERT INTO lc_case
SELECT 200 + s.n, 'IN, quoted literals', s.n || 'k items', s.plans, s.warm,
       'SELECT count(*) FROM lc_snowflake WHERE id IN (' || string_agg(quote_literal(l.id::text), ',' ORDER BY l.g) || ')',
       'SELECT count(*) FROM lc_bigint WHERE id IN (' || string_agg(quote_literal(l.id::text), ',' ORDER BY l.g) || ')'
FROM (VALUES (1, 10, 2), (10, 4, 1), (100, 1, 0)) s(n, plans, warm), lc_ids l
WHERE l.g <= s.n * 1000
GROUP BY s.n, s.plans, s.warm;
INSERT INTO lc_case
SELECT 400 + s.n, 'IN, integer literals', s.n || 'k items', s.plans, s.warm,
       'SELECT count(*) FROM lc_snowflake WHERE id IN (' || string_agg(l.id::text, ',' ORDER BY l.g) || ')',
       'SELECT count(*) FROM lc_bigint WHERE id IN (' || string_agg(l.id::text, ',' ORDER BY l.g) || ')'
FROM (VALUES (1, 10, 2), (10, 4, 1), (100, 1, 0)) s(n, plans, warm), lc_ids l
WHERE l.g <= s.n * 1000
GROUP BY s.n, s.plans, s.warm;

-- 1,000 ANDed windows ending now; bigint's bounds are the ids of the same
-- instants, computed here.
INSERT INTO lc_case
SELECT 600, 'ANDed windows', '1,000 windows', 5, 2,
       'SELECT count(*) FROM lc_snowflake WHERE '
       || string_agg(format('id <@ tstzrange(now() - interval %L, now())', h || ' hours'), ' AND ' ORDER BY h),
       'SELECT count(*) FROM lc_bigint WHERE '
       || string_agg(format('id BETWEEN %s AND %s', snowflake_floor(now() - h * interval '1 hour')::bigint,
                            snowflake_ceil(now())::bigint), ' AND ' ORDER BY h)
FROM generate_series(1, 1000) h;

-- 500 groups of 2 arms against 200 partitions: group k's left side is
-- larger(id, k-th id).
INSERT INTO lc_case
SELECT 700, 'OR groups, partitioned', '200 partitions, 500 groups of 2', 1, 0,
       'SELECT count(*) FROM lcp_snowflake WHERE '
       || string_agg(format('snowflake_larger(id, %L::snowflake) = %L::snowflake', l.id, c.id), ' OR ' ORDER BY l.g, c.g),
       'SELECT count(*) FROM lcp_bigint WHERE '
       || string_agg(format('int8larger(id, %s) = %s', l.id::bigint, c.id::bigint), ' OR ' ORDER BY l.g, c.g)
FROM lc_ids l JOIN lc_ids c ON c.g IN (l.g + 50000, l.g + 60000)
WHERE l.g <= 500;

-- Nested AND/OR, depth d: level i is "(X = a OR X = b OR (...))" for odd
-- i, "(X <> a AND X <> b AND (...))" for even i, the innermost "X = c".
INSERT INTO lc_case
SELECT 800 + s.d / 100, 'nested AND/OR', 'depth ' || s.d, s.plans, s.warm,
       'SELECT count(*) FROM lc_snowflake WHERE '
       || string_agg(format(CASE WHEN l.g % 2 = 1 THEN '(id = %L::snowflake OR id = %L::snowflake OR '
                                 ELSE '(id <> %L::snowflake AND id <> %L::snowflake AND ' END, l.id, c.id), '' ORDER BY l.g)
       || format('id = %L::snowflake', min(c.id)) || repeat(')', s.d),
       'SELECT count(*) FROM lc_bigint WHERE '
       || string_agg(format(CASE WHEN l.g % 2 = 1 THEN '(id = %s OR id = %s OR '
                                 ELSE '(id <> %s AND id <> %s AND ' END, l.id::bigint, c.id::bigint), '' ORDER BY l.g)
       || format('id = %s', min(c.id)::bigint) || repeat(')', s.d)
FROM (VALUES (100, 10, 2), (1000, 2, 1), (2000, 1, 0)) s(d, plans, warm), lc_ids l JOIN lc_ids c ON c.g = l.g + 50000
WHERE l.g <= s.d
GROUP BY s.d, s.plans, s.warm;

-- n tables in a chain, each with an OR of two of its ids.
INSERT INTO lc_case
SELECT 900 + s.n / 100, 'many tables', s.n || ' tables', s.plans, s.warm,
       'SELECT count(*) FROM lcj_snowflake_1 t1'
       || string_agg(format(' JOIN lcj_snowflake_%s t%s ON t%s.ref = t%s.id', i, i, i, i - 1), '' ORDER BY i)
       || ' WHERE ' || string_agg(format('(t%s.id = %L::snowflake OR t%s.id = %L::snowflake)', i, a.id, i, b.id), ' AND ' ORDER BY i),
       'SELECT count(*) FROM lcj_bigint_1 t1'
       || string_agg(format(' JOIN lcj_bigint_%s t%s ON t%s.ref = t%s.id', i, i, i, i - 1), '' ORDER BY i)
       || ' WHERE ' || string_agg(format('(t%s.id = %s OR t%s.id = %s)', i, a.id::bigint, i, b.id::bigint), ' AND ' ORDER BY i)
FROM (VALUES (100, 2, 1), (200, 1, 0)) s(n, plans, warm), generate_series(2, 200) i
     JOIN lc_ids a ON a.g = i * 10 + 1 JOIN lc_ids b ON b.g = i * 10 + 2
WHERE i <= s.n
GROUP BY s.n, s.plans, s.warm;

-- try_once(k, type): plan the case's query once, untimed (a warm-up), and
-- record how long that took, or how it failed.
CREATE TEMP TABLE lc_first (k int, type text, planned float8, wall float8, failed text);
CREATE OR REPLACE FUNCTION pg_temp.try_once(ck int, typ text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	q text;
	j json;
	t0 timestamptz := clock_timestamp();
BEGIN
	SELECT CASE typ WHEN 'snowflake' THEN snowflake ELSE bigint END INTO q FROM lc_case WHERE k = ck;
	BEGIN
		EXECUTE 'EXPLAIN (FORMAT JSON, SUMMARY ON) ' || q INTO j;
		INSERT INTO lc_first VALUES (ck, typ, (j -> 0 ->> 'Planning Time')::float8,
									 extract(epoch FROM clock_timestamp() - t0) * 1000, NULL);
	EXCEPTION
		WHEN query_canceled THEN
			INSERT INTO lc_first VALUES (ck, typ, NULL, NULL, 'more than ' || current_setting('statement_timeout'));
		WHEN OTHERS THEN
			INSERT INTO lc_first VALUES (ck, typ, NULL, NULL, 'error ' || SQLSTATE);
	END;
END $$;

-- measure(k, rep): the case's measurement, unless either query failed.
CREATE OR REPLACE FUNCTION pg_temp.measure(ck int, rep int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	c lc_case;
BEGIN
	SELECT * INTO c FROM lc_case WHERE k = ck;
	PERFORM pg_temp.plan(c.shape || ': ' || c.size, rep, c.snowflake, c.bigint, c.plans, c.warm);
EXCEPTION
	WHEN query_canceled THEN
		INSERT INTO lc_first VALUES (ck, 'measurement', NULL, NULL, 'more than ' || current_setting('statement_timeout'));
END $$;

-- One statement per plan and per measurement (\gexec), so that
-- statement_timeout bounds each.
SET statement_timeout = '60s';
\o /dev/null
SELECT format('SELECT pg_temp.try_once(%s, %L)', k, t)
FROM lc_case, (VALUES (1, 'snowflake'), (2, 'bigint')) AS ty(tk, t) ORDER BY k, tk \gexec
SELECT format('SELECT pg_temp.measure(%s, %s)', k, r)
FROM lc_case, generate_series(1, :reps) r
WHERE k NOT IN (SELECT k FROM lc_first WHERE failed IS NOT NULL)
ORDER BY r, k \gexec
\o
RESET statement_timeout;

\echo
\echo '| long conditions, ms per plan (best of' :reps 'runs) | size | snowflake planning | bigint planning | snowflake/bigint | snowflake EXPLAIN | bigint EXPLAIN | snowflake/bigint |'
\echo '|---|---|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
CREATE OR REPLACE FUNCTION pg_temp.ms(x float8) RETURNS text LANGUAGE sql AS $$
	SELECT to_char(x, CASE WHEN x < 10 THEN 'FM990.000' ELSE 'FM9999990.0' END)
$$;
-- A failed case: what failed, and the other type's one untimed plan.
CREATE OR REPLACE FUNCTION pg_temp.once(ck int, typ text, col text) RETURNS text LANGUAGE sql AS $$
	SELECT coalesce(failed, pg_temp.ms(CASE col WHEN 'planned' THEN planned ELSE wall END) || ' (1 plan)')
	FROM lc_first WHERE k = ck AND type = typ
$$;
SELECT '| ' || c.shape, c.size,
       CASE WHEN f.k IS NULL THEN pg_temp.ms(pg_temp.best(m, 'snowflake') / c.plans) ELSE pg_temp.once(c.k, 'snowflake', 'planned') END,
       CASE WHEN f.k IS NULL THEN pg_temp.ms(pg_temp.best(m, 'bigint') / c.plans) ELSE pg_temp.once(c.k, 'bigint', 'planned') END,
       CASE WHEN f.k IS NULL THEN to_char(pg_temp.ratio(m, 'snowflake', 'bigint'), 'FM990.00') ELSE f.failed END,
       CASE WHEN f.k IS NULL THEN pg_temp.ms(pg_temp.best(m || ' (EXPLAIN)', 'snowflake') / c.plans) ELSE pg_temp.once(c.k, 'snowflake', 'wall') END,
       CASE WHEN f.k IS NULL THEN pg_temp.ms(pg_temp.best(m || ' (EXPLAIN)', 'bigint') / c.plans) ELSE pg_temp.once(c.k, 'bigint', 'wall') END,
       CASE WHEN f.k IS NULL THEN to_char(pg_temp.ratio(m || ' (EXPLAIN)', 'snowflake', 'bigint'), 'FM990.00') ELSE f.failed END || ' |'
FROM (SELECT *, shape || ': ' || size AS m FROM lc_case) c
     LEFT JOIN (SELECT k, string_agg(type || ': ' || failed, ', ' ORDER BY type DESC) AS failed
                FROM lc_first WHERE failed IS NOT NULL GROUP BY k) f USING (k)
ORDER BY c.k;
\echo
SELECT format('- max_stack_depth %s; ratios above the goal of 1.3, planning: %s; EXPLAIN: %s',
              current_setting('max_stack_depth'),
              coalesce(string_agg(format('%s (%s)', m, to_char(r, 'FM990.00')), ', ' ORDER BY k) FILTER (WHERE r > 1.3), 'none'),
              coalesce(string_agg(format('%s (%s)', m, to_char(w, 'FM990.00')), ', ' ORDER BY k) FILTER (WHERE w > 1.3), 'none'))
FROM (SELECT k, m, pg_temp.ratio(m, 'snowflake', 'bigint') AS r, pg_temp.ratio(m || ' (EXPLAIN)', 'snowflake', 'bigint') AS w
      FROM (SELECT k, shape || ': ' || size AS m FROM lc_case) c) s;
\pset tuples_only off
\pset format aligned

DO $$ BEGIN PERFORM pg_temp.lc_drop(); END $$;
