--
-- instants: comparisons of ids with instants (new in 1.1).  "id < t" means
-- exactly "snowflake_timestamp(id) < t", and so on, with either side first;
-- the planner serves them from the id index and prunes partitions by them.
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- 13 ids: the first (the epoch), two workers in each of the five
-- milliseconds around 18:00:00, and the first and last ids of the last
-- millisecond (2163-05-15 07:35:11.103).
CREATE TABLE ti (id snowflake PRIMARY KEY);
INSERT INTO ti VALUES (0), ('18446744073709551615');
INSERT INTO ti SELECT make_snowflake('2163-05-15 07:35:11.103+00', 0, 0);
INSERT INTO ti
SELECT make_snowflake('2026-05-31 18:00:00+00'::timestamptz + ms * interval '1 ms', w, 7)
FROM generate_series(-2, 2) ms, (VALUES (0), (1023)) w(w);
-- the same rows under a BRIN index only
CREATE TABLE ti_brin (id snowflake);
INSERT INTO ti_brin SELECT id FROM ti;
CREATE INDEX ON ti_brin USING brin (id);
VACUUM ANALYZE ti, ti_brin;

CREATE TABLE instants (t timestamptz);
INSERT INTO instants VALUES
	('2026-05-31 18:00:00+00'),			-- a millisecond that holds ids
	('2026-05-31 18:00:00.0005+00'),	-- inside it
	('2026-05-31 18:00:00.000001+00'),
	('2026-05-31 17:59:59.9995+00'),	-- inside the one before
	('-infinity'), ('infinity'),
	('2020-01-01 00:00:00+00'),			-- before the epoch
	('2024-01-01 00:00:00+00'),			-- the epoch: id 0's instant
	('2024-01-01 00:00:00.0005+00'),
	('2163-05-15 07:35:11.103+00'),		-- the last millisecond
	('2163-05-15 07:35:11.1035+00'),
	('2163-05-15 07:35:11.104+00'),		-- after every id
	('2200-01-01 00:00:00+00');

-- The definition, by core's timestamptz comparisons.
CREATE TABLE instant_truth AS
SELECT t,
	count(*) FILTER (WHERE snowflake_timestamp(id) < t) AS lt,
	count(*) FILTER (WHERE snowflake_timestamp(id) <= t) AS le,
	count(*) FILTER (WHERE snowflake_timestamp(id) > t) AS gt,
	count(*) FILTER (WHERE snowflake_timestamp(id) >= t) AS ge
FROM instants, ti
GROUP BY t;
SELECT * FROM instant_truth ORDER BY t;

-- Every form must give the definition's count, for every instant and
-- operator: id first, instant first, negated, through the btree, through
-- BRIN, and as a parameter of a generic plan.
CREATE FUNCTION count_where(tbl text, cond text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	EXECUTE format('SELECT count(*) FROM %I WHERE %s', tbl, cond) INTO n;
	RETURN n;
END
$$;
CREATE TABLE instant_ops (op text, commuted text, negated text, col text);
INSERT INTO instant_ops VALUES ('<', '>', '>=', 'lt'), ('<=', '>=', '>', 'le'),
	('>', '<', '<=', 'gt'), ('>=', '<=', '<', 'ge');
CREATE TABLE checks (form text, t timestamptz, op text, want bigint, got bigint);
CREATE FUNCTION check_forms(form text, tbl text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO checks
	SELECT form, i.t, o.op,
		CASE o.col WHEN 'lt' THEN tr.lt WHEN 'le' THEN tr.le
		           WHEN 'gt' THEN tr.gt ELSE tr.ge END,
		CASE
			WHEN form LIKE '%instant first' THEN
				count_where(tbl, format('%L::timestamptz %s id', i.t, o.commuted))
			WHEN form = 'negated' THEN
				count_where(tbl, format('NOT (id %s %L::timestamptz)', o.negated, i.t))
			ELSE count_where(tbl, format('id %s %L::timestamptz', o.op, i.t))
		END
	FROM instants i JOIN instant_truth tr USING (t), instant_ops o;
END
$$;
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
SELECT check_forms('sequential', 'ti');
SELECT check_forms('instant first', 'ti');
SELECT check_forms('negated', 'ti');
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;
SET enable_seqscan = off;
-- the forms below go through the indexes:
EXPLAIN (COSTS OFF) SELECT count(*) FROM ti WHERE '2026-05-31 18:00:00+00'::timestamptz < id;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ti_brin WHERE id <= '2026-05-31 18:00:00+00'::timestamptz;
SELECT check_forms('btree', 'ti');
SELECT check_forms('btree, instant first', 'ti');
SELECT check_forms('brin', 'ti_brin');

-- Generic plans: the instant is a parameter.
SET plan_cache_mode = force_generic_plan;
CREATE FUNCTION count_generic(t timestamptz) RETURNS bigint[]
LANGUAGE plpgsql AS $$
BEGIN
	RETURN ARRAY[(SELECT count(*) FROM ti WHERE id < t),
	             (SELECT count(*) FROM ti WHERE id <= t),
	             (SELECT count(*) FROM ti WHERE t < id),
	             (SELECT count(*) FROM ti WHERE t <= id)];
END
$$;
INSERT INTO checks
SELECT 'parameter', t, o.op,
	CASE o.col WHEN 'lt' THEN lt WHEN 'le' THEN le WHEN 'gt' THEN gt ELSE ge END,
	(count_generic(t))[o.n]
FROM instant_truth,
	(VALUES ('<', 'lt', 1), ('<=', 'le', 2), ('>', 'gt', 3), ('>=', 'ge', 4)) o(op, col, n);
RESET plan_cache_mode;
RESET enable_seqscan;

SELECT form, count(*) AS checks, count(*) FILTER (WHERE got IS DISTINCT FROM want) AS wrong
FROM checks GROUP BY form ORDER BY form;
SELECT * FROM checks WHERE got IS DISTINCT FROM want;

-- A constant instant's comparison is planned as a comparison of ids, in a
-- target list too: over the ids and a NULL one, each has the operator's
-- value, NULL included, on either side.
CREATE TABLE ti_null AS SELECT id FROM ti UNION ALL SELECT NULL::snowflake;
CREATE FUNCTION wrong_values(t timestamptz, op text, commuted text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	EXECUTE format('SELECT count(*) FROM (SELECT id %2$s %1$L::timestamptz AS a, %1$L::timestamptz %3$s id AS b,
	                       snowflake_timestamp(id) %2$s %1$L::timestamptz AS want FROM ti_null) x
	                WHERE a IS DISTINCT FROM want OR b IS DISTINCT FROM want', t, op, commuted) INTO n;
	RETURN n;
END
$$;
SELECT count(*) AS checks, sum(wrong_values(i.t, o.op, o.commuted)) AS wrong
FROM instants i, instant_ops o;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT id >= '2026-05-31 18:00:00+00'::timestamptz, '2026-05-31 18:00:00+00'::timestamptz >= id FROM ti_null;

-- Seeded property check: 20000 random ids against instants up to 1.5 ms
-- either side of each id's own instant, in whole microseconds, so that every
-- sub-millisecond case comes up; all eight operators against the definition.
SELECT setseed(0.6);
CREATE TABLE pairs AS
SELECT id, snowflake_timestamp(id) + (floor(random() * 3001) - 1500) * interval '1 us' AS t
FROM (SELECT make_snowflake('2024-01-01 00:00:00+00'::timestamptz + random() * interval '139 years',
                            floor(random() * 1024)::int, floor(random() * 4096)::int) AS id
      FROM generate_series(1, 20000)) g;
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE snowflake_timestamp(id) = t) AS at_the_instant,
       count(*) FILTER (WHERE (id < t) IS DISTINCT FROM (snowflake_timestamp(id) < t)
                           OR (id <= t) IS DISTINCT FROM (snowflake_timestamp(id) <= t)
                           OR (id > t) IS DISTINCT FROM (snowflake_timestamp(id) > t)
                           OR (id >= t) IS DISTINCT FROM (snowflake_timestamp(id) >= t)
                           OR (t > id) IS DISTINCT FROM (snowflake_timestamp(id) < t)
                           OR (t >= id) IS DISTINCT FROM (snowflake_timestamp(id) <= t)
                           OR (t < id) IS DISTINCT FROM (snowflake_timestamp(id) > t)
                           OR (t <= id) IS DISTINCT FROM (snowflake_timestamp(id) >= t)) AS wrong
FROM pairs;
-- ... and the planner's id bounds for each instant, as constants: the ids
-- the index would scan are exactly those that satisfy the operator.
SELECT count(*) AS instants,
       count(*) FILTER (WHERE snowflake_range_floor(t, NULL, '[)') = snowflake_range_floor(tstzrange(t, NULL, '[)'))
                          AND snowflake_range_ceil(NULL, t, '()') = snowflake_range_ceil(tstzrange(NULL, t, '()'))) AS bounds_agree,
       count(*) FILTER (WHERE (id >= snowflake_range_floor(t, NULL, '[)')) IS DISTINCT FROM (id >= t)
                           OR (id <= snowflake_range_ceil(NULL, t, '()')) IS DISTINCT FROM (id < t)
                           OR (id >= snowflake_range_floor(t, NULL, '()')) IS DISTINCT FROM (id > t)
                           OR (id <= snowflake_range_ceil(NULL, t, '(]')) IS DISTINCT FROM (id <= t)) AS wrong
FROM pairs;

-- A NULL instant gives NULL, as core's comparisons do.
SELECT 319545566822428714::snowflake < NULL::timestamptz AS lt,
       NULL::timestamptz >= 319545566822428714::snowflake AS ge;
SELECT count(*) FROM ti WHERE id >= NULL::timestamptz;

-- The seed vector is at 2026-05-31 18:40:00: the edges of its millisecond.
SELECT 319545566822428714::snowflake >= '2026-05-31 18:40:00+00'::timestamptz AS ge_ms,
       319545566822428714::snowflake < '2026-05-31 18:40:00.000001+00'::timestamptz AS lt_next_us,
       319545566822428714::snowflake > '2026-05-31 18:39:59.999999+00'::timestamptz AS gt_prev_us,
       319545566822428714::snowflake <= '2026-05-31 18:40:00+00'::timestamptz AS le_ms,
       319545566822428714::snowflake < '2026-05-31 18:40:00+00'::timestamptz AS lt_ms;

--
-- Operator resolution: literals still compare as ids.
--
SELECT 319545566822428714::snowflake > '319545566822428713' AS unknown_literal,
       319545566822428714::snowflake > 5 AS integer,
       319545566822428714::snowflake > '2026-05-31'::timestamptz AS instant,
       319545566822428714::snowflake > '2026-05-31'::date AS date_is_an_instant;
-- An untyped string beside an id is an id, so an instant must be typed.
SELECT sf_try($$SELECT 319545566822428714::snowflake < '2026-06-01'$$);
-- There is no "=" between an id and an instant.
SELECT sf_try($$SELECT 319545566822428714::snowflake = now()$$);

-- (The operators' commutators, negators, estimators and leakproof functions
-- are listed in the install suite.)

--
-- Plans
--
CREATE TABLE iv (id snowflake PRIMARY KEY);
-- 4 days, one id every 5 seconds from each of 3 workers
INSERT INTO iv
SELECT make_snowflake('2026-05-29 00:00:00+00'::timestamptz + g * interval '5 s', w, 0)
FROM generate_series(0, 4 * 17280 - 1) g, generate_series(1, 3) w;
VACUUM ANALYZE iv;

-- Plan shapes, whatever the share of rows selected.
SET enable_seqscan = off;
SET max_parallel_workers_per_gather = 0;
-- A constant instant is one exact index condition, either side first.
EXPLAIN (COSTS OFF) SELECT count(*) FROM iv WHERE id >= '2026-06-01 18:00:00+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM iv WHERE '2026-06-01 18:00:00+00'::timestamptz > id;
-- A sub-millisecond instant rounds to the right id bound:
-- "> 18:00:00.0005" starts at 18:00:00.001, "<= 18:00:00.0005" ends at
-- 18:00:00.000's last id, and so does "< 18:00:00.0005".
EXPLAIN (COSTS OFF) SELECT count(*) FROM iv WHERE id > '2026-06-01 18:00:00.0005+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM iv WHERE id <= '2026-06-01 18:00:00.0005+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM iv WHERE id < '2026-06-01 18:00:00.0005+00'::timestamptz;
-- Two instants make a window; an instant after every id selects none.
EXPLAIN (COSTS OFF) SELECT count(*) FROM iv
WHERE id >= '2026-05-31 18:00:00+00'::timestamptz AND id < '2026-05-31 19:00:00+00'::timestamptz;
SELECT count(*) FROM iv
WHERE id >= '2026-05-31 18:00:00+00'::timestamptz AND id < '2026-05-31 19:00:00+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM iv WHERE id > 'infinity'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM iv WHERE id > '-infinity'::timestamptz;
-- "The last day" with now(): the bound is computed once per scan.
EXPLAIN (COSTS OFF) SELECT count(*) FROM iv WHERE id >= now() - interval '1 day';
-- A parameter in a generic plan.
SET plan_cache_mode = force_generic_plan;
PREPARE since(timestamptz) AS SELECT count(*) FROM iv WHERE id > $1;
EXPLAIN (COSTS OFF) EXECUTE since('2026-06-01 12:00:00+00');
EXECUTE since('2026-06-01 12:00:00+00');
DEALLOCATE since;
RESET plan_cache_mode;
RESET enable_seqscan;
-- Keyset pagination from an instant, in index order.
EXPLAIN (COSTS OFF)
SELECT id FROM iv WHERE id >= '2026-05-31 00:00:00+00'::timestamptz ORDER BY id LIMIT 10;

-- Estimates: one-sided and paired windows (core pairs "id >= t0 AND
-- id < t1" into a range because the operators use scalarltsel and its kin).
SELECT name, actual(q), within_2x(q)
FROM (VALUES
	('since 1 day', $$SELECT * FROM iv WHERE id >= '2026-06-01 00:00:00+00'::timestamptz$$),
	('before 1 day', $$SELECT * FROM iv WHERE '2026-05-30 00:00:00+00'::timestamptz > id$$),
	('12 hours', $$SELECT * FROM iv WHERE id >= '2026-05-31 06:00:00+00'::timestamptz AND id < '2026-05-31 18:00:00+00'::timestamptz$$),
	('2 days', $$SELECT * FROM iv WHERE id > '2026-05-30 00:00:00+00'::timestamptz AND '2026-06-01 00:00:00+00'::timestamptz >= id$$)
) q(name, q)
ORDER BY name;

-- Partition pruning, at plan time and at run time.
CREATE TABLE piv (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE piv_05 PARTITION OF piv
	FOR VALUES FROM (snowflake_floor('2026-05-01+00')) TO (snowflake_floor('2026-06-01+00'));
CREATE TABLE piv_06 PARTITION OF piv
	FOR VALUES FROM (snowflake_floor('2026-06-01+00')) TO (snowflake_floor('2026-07-01+00'));
CREATE TABLE piv_07 PARTITION OF piv
	FOR VALUES FROM (snowflake_floor('2026-07-01+00')) TO (snowflake_floor('2026-08-01+00'));
INSERT INTO piv SELECT id FROM iv;
EXPLAIN (COSTS OFF) SELECT count(*) FROM piv WHERE id >= '2026-06-01 00:00:00+00'::timestamptz;
SELECT count(*) FROM piv WHERE id >= '2026-06-01 00:00:00+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM piv WHERE '2026-06-01 00:00:00+00'::timestamptz > id;
SELECT count(*) FROM piv WHERE '2026-06-01 00:00:00+00'::timestamptz > id;
-- exact at the partition edge: the last id of May is below 2026-06-01
SELECT count(*) FROM piv WHERE id < '2026-06-01 00:00:00.000001+00'::timestamptz
                           AND id >= '2026-05-31 23:59:55+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM piv WHERE id > 'infinity'::timestamptz;
SET plan_cache_mode = force_generic_plan;
PREPARE psince(timestamptz) AS SELECT count(*) FROM piv WHERE id >= $1;
EXPLAIN (COSTS OFF) EXECUTE psince('2026-06-01 00:00:00+00');
EXECUTE psince('2026-06-01 00:00:00+00');
DEALLOCATE psince;
RESET plan_cache_mode;
RESET max_parallel_workers_per_gather;
-- In a target list the rewritten comparison keeps its value.
SELECT id > '2026-06-01 00:00:00+00'::timestamptz AS after, count(*)
FROM piv GROUP BY 1 ORDER BY 1;
SELECT id > 'infinity'::timestamptz AS after_infinity, id >= '-infinity'::timestamptz AS after_minus_infinity,
       count(*)
FROM piv GROUP BY 1, 2;
