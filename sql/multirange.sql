--
-- multirange: "id <@ tstzmultirange" and "tstzmultirange @> id" (1.4).
-- "id <@ mr" is true when some range r of mr has "id <@ r", false for the
-- empty multirange, NULL for a NULL one.  A constant multirange is planned
-- as the OR of its windows' comparisons of ids; one known at run time
-- scans an index over its span, from its first id to its last, and
-- rechecks the operator; a table partitioned by range of the id is pruned
-- to the partitions the windows touch, or at run time to those of the
-- span.  Every form must count exactly the rows of the definition.
--
SET client_min_messages = warning;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET max_parallel_workers_per_gather = 0;
SET jit = off;

-- 1. What the operators mean, on constants.
SELECT
	snowflake_floor('2026-05-31 18:00+00') <@ '{[2026-05-31 18:00+00, 2026-05-31 19:00+00)}'::tstzmultirange AS first_id,
	snowflake_floor('2026-05-31 18:00+00') <@ '{(2026-05-31 18:00+00, 2026-05-31 19:00+00)}'::tstzmultirange AS excluded,
	snowflake_ceil('2026-05-31 19:00+00') <@ '{[2026-05-31 18:00+00, 2026-05-31 19:00+00]}'::tstzmultirange AS last_ms,
	'{[2026-05-31 18:00+00, 2026-05-31 19:00+00), [2026-06-01+00,)}'::tstzmultirange @> snowflake_floor('2027-01-01+00') AS second_range,
	'{[2026-05-31 18:00+00, 2026-05-31 19:00+00), [2026-06-01+00,)}'::tstzmultirange @> snowflake_floor('2026-05-31 20:00+00') AS between_ranges;
-- empty: false; NULL: NULL; unbounded: every id, 0 and the largest included
SELECT '0'::snowflake <@ '{}'::tstzmultirange AS empty,
	'0'::snowflake <@ NULL::tstzmultirange AS null_mr,
	NULL::snowflake <@ '{(,)}'::tstzmultirange AS null_id,
	'0'::snowflake <@ '{(,)}'::tstzmultirange AS zero,
	'18446744073709551615'::snowflake <@ '{(,)}'::tstzmultirange AS largest,
	'18446744073709551615'::snowflake <@ '{[2163-05-15 07:35:11.103+00, infinity]}'::tstzmultirange AS last_ms,
	'0'::snowflake <@ '{(-infinity, 2024-01-01+00)}'::tstzmultirange AS before_epoch;
-- sub-millisecond bounds: an id's instant is the first microsecond of its
-- millisecond, so [18:00:00.0001, 18:00:00.0009] holds no id, and
-- [18:00:00.0005, ...) starts at 18:00:00.001
SELECT snowflake_floor('2026-05-31 18:00+00') <@ '{[2026-05-31 18:00:00.0001+00, 2026-05-31 18:00:00.0009+00]}'::tstzmultirange AS inside_ms,
	snowflake_ceil('2026-05-31 18:00+00') <@ '{[2026-05-31 18:00:00.0005+00, 2026-05-31 18:00:01+00)}'::tstzmultirange AS rounded_up,
	snowflake_floor('2026-05-31 18:00:00.001+00') <@ '{[2026-05-31 18:00:00.0005+00, 2026-05-31 18:00:01+00)}'::tstzmultirange AS next_ms;
-- the bounds of a multirange's span: the first id it holds and the last;
-- for one that holds none, the largest id and 0, which select no id
SELECT snowflake_multirange_floor(m) AS floor, snowflake_multirange_ceil(m) AS ceil
FROM (VALUES
	('{[2026-05-31 18:00+00, 2026-05-31 18:00:00.001+00), [2026-06-01+00, 2026-06-01 00:00:00.001+00)}'::tstzmultirange),
	('{(,)}'), ('{}'), ('{[2026-05-31 18:00:00.0001+00, 2026-05-31 18:00:00.0009+00]}'),
	('{(,2024-01-01+00)}'), (NULL)) v(m);

-- 2. Queries without an id mean what they meant without the extension:
-- core's multirange operators, typed and untyped.  Beside an id, an
-- untyped operand is a tstzrange, as it was before 1.4; a multirange is
-- written as one.
SELECT '{[2026-01-01+00, 2026-03-01+00)}'::tstzmultirange @> '{[2026-01-15+00, 2026-01-20+00)}'::tstzmultirange AS mr_mr,
	'{[2026-01-15+00, 2026-01-20+00)}' <@ '{[2026-01-01+00, 2026-03-01+00)}'::tstzmultirange AS untyped_mr,
	'{[2026-01-01+00, 2026-03-01+00)}'::tstzmultirange @> '2026-01-15+00'::timestamptz AS mr_t;
-- the errors core gives without the extension: an untyped operand beside a
-- multirange is a multirange, beside a range a range, and beside an
-- instant ambiguous
SELECT '{[2026-01-01+00, 2026-03-01+00)}'::tstzmultirange @> '2026-01-15+00';
SELECT '{[2026-01-01+00, 2026-03-01+00)}'::tstzmultirange @> '[2026-01-15+00, 2026-01-20+00)';
SELECT '[2026-01-15+00, 2026-01-20+00)'::tstzrange <@ '{[2026-01-01+00, 2026-03-01+00)}';
SELECT '2026-01-15+00'::timestamptz <@ '{[2026-01-01+00, 2026-03-01+00)}';
SELECT snowflake_floor('2026-01-15+00') <@ '[2026-01-01+00, 2026-03-01+00)' AS untyped_range,
	snowflake_floor('2026-01-15+00') <@ '{[2026-01-01+00, 2026-03-01+00)}'::tstzmultirange AS typed_mr;
SELECT snowflake_floor('2026-01-15+00') <@ '{[2026-01-01+00, 2026-03-01+00)}';
PREPARE untyped_param AS SELECT snowflake_floor('2026-01-15+00') <@ $1;
EXECUTE untyped_param('[2026-01-01+00, 2026-03-01+00)');
DEALLOCATE untyped_param;
CREATE TABLE mr_cols (during tstzmultirange);
INSERT INTO mr_cols VALUES ('{[2026-01-01+00, 2026-03-01+00)}');
SELECT during @> '{[2026-01-15+00, 2026-01-20+00)}' AS col_untyped,
	'{[2026-01-15+00, 2026-01-20+00)}' <@ during AS untyped_col,
	during @> '2026-04-01+00'::timestamptz AS col_t
FROM mr_cols;
-- the operators the parser chose
EXPLAIN (VERBOSE, COSTS OFF)
SELECT during @> '{[2026-01-15+00, 2026-01-20+00)}', '{[2026-01-15+00, 2026-01-20+00)}' <@ during,
	during @> '2026-01-15+00'::timestamptz
FROM mr_cols;
DROP TABLE mr_cols;

-- 3. The ids: seeded random over the whole space (half of them above
-- 2^63), the edges of the space, and the first and last ids of the
-- milliseconds around the instants the multiranges below are made of.
SELECT setseed(0.4303);
CREATE TABLE m_instants (t timestamptz);
INSERT INTO m_instants VALUES
	('-infinity'), ('infinity'),
	('2023-12-31 23:59:59.999999+00'),
	('2024-01-01 00:00:00+00'),			-- the epoch: id 0's instant
	('2024-01-01 00:00:00.0005+00'),
	('2024-01-01 00:00:00.001+00'),
	('2026-05-31 18:40:00+00'),
	('2026-05-31 18:40:00.0002+00'),
	('2026-05-31 18:40:00.0005+00'),
	('2026-05-31 18:40:00.0007+00'),
	('2026-05-31 18:40:00.001+00'),
	('2026-05-31 18:40:00.002+00'),
	('2026-06-01 00:00:00+00'),
	('2093-09-06 15:47:35.552+00'),		-- 2^63 lies in 15:47:35.552
	('2093-09-06 15:47:35.5525+00'),
	('2163-05-15 07:35:11.103+00'),		-- the last millisecond
	('2163-05-15 07:35:11.104+00');		-- after every id
INSERT INTO m_instants
SELECT CASE WHEN g % 2 = 0
	THEN date_trunc('milliseconds', '2024-01-01+00'::timestamptz + random() * interval '139 years')
	ELSE '2024-01-01+00'::timestamptz + random() * interval '139 years' END
FROM generate_series(1, 24) g;
CREATE TABLE m_ref (id snowflake);
INSERT INTO m_ref
SELECT (floor(random() * 18446744073709551616::numeric))::numeric::snowflake FROM generate_series(1, 1000);
INSERT INTO m_ref
SELECT make_snowflake(date_trunc('milliseconds', t) + d * interval '1 ms', w, s)
FROM m_instants, (VALUES (-1), (0), (1)) dd(d), (VALUES (0, 0), (1023, 4095)) ws(w, s)
WHERE t > '2024-01-01 00:00:00.001+00' AND t < '2163-05-15 07:35:11.102+00';
INSERT INTO m_ref VALUES ('0'), ('1'), ('4194303'), ('4194304'), ('9223372036854775807'),
	('9223372036854775808'), ('18446744073709551615'), ('18446744073705357312'), (NULL);

-- The multiranges: the edges by hand (empty, NULL, unbounded, infinite
-- bounds, sub-millisecond bounds, ranges whose ids touch, ranges that hold
-- no id), then seeded random ones of 1 to 8 ranges over the instants,
-- every kind of bound, overlapping and adjacent ones among them (which
-- the multirange merges).
CREATE TABLE m_set (k int PRIMARY KEY, mr tstzmultirange);
INSERT INTO m_set VALUES
	(1, '{}'), (2, NULL), (3, '{(,)}'),
	(4, '{(-infinity, 2024-01-01+00), [2163-05-15 07:35:11.103+00, infinity]}'),
	(5, '{[2026-05-31 18:40:00.0002+00, 2026-05-31 18:40:00.0007+00]}'),
	(6, '{[2026-05-31 18:40+00, 2026-05-31 18:40:00.0005+00), (2026-05-31 18:40:00.0005+00, 2026-06-01+00)}'),
	(7, '{[2026-05-31 18:40+00, 2026-05-31 18:40:00.0002+00), [2026-05-31 18:40:00.0005+00, 2026-05-31 18:40:00.0007+00], (2026-05-31 18:40:00.001+00, 2026-05-31 18:40:00.002+00]}'),
	(8, '{[2024-01-01+00, 2024-01-01 00:00:00.001+00), [2093-09-06 15:47:35.552+00, 2093-09-06 15:47:35.553+00), (2163-05-15 07:35:11.1025+00,)}'),
	(9, '{(,2024-01-01+00), (2163-05-15 07:35:11.103+00,)}'),
	(10, '{[2026-05-31 18:40+00, 2026-06-01+00), [2026-06-01+00, 2026-06-02+00)}');
CREATE TABLE m_pieces (k int, r tstzrange);
CREATE TABLE m_sorted AS SELECT row_number() OVER (ORDER BY t) AS i, t FROM m_instants;
-- each range from one instant to itself, the next or the one after (so
-- that ranges meet, touch and overlap), unbounded below the first instant
-- and above the last
INSERT INTO m_pieces
SELECT ks.k, tstzrange(CASE WHEN p.i > 1 THEN a.t END, CASE WHEN p.i + p.w < 41 THEN b.t END, p.flags)
FROM (SELECT k, 1 + floor(random() * 8)::int AS n FROM generate_series(11, 50) k) ks,
	LATERAL (SELECT 1 + floor(random() * 40 + g * 0)::int AS i, floor(random() * 3 + g * 0)::int AS w,
					(ARRAY['[)', '[]', '()', '(]'])[1 + floor(random() * 4 + g * 0)::int] AS flags
			 FROM generate_series(1, ks.n) g) p
JOIN m_sorted a ON a.i = p.i
JOIN m_sorted b ON b.i = least(p.i + p.w, 41);
INSERT INTO m_set SELECT k, range_agg(r) FROM m_pieces GROUP BY k;
-- the random ones: how many hold several ranges, merged inputs, an
-- unbounded end
SELECT count(*) FILTER (WHERE n > 1) >= 20 AS several_ranges,
	count(*) FILTER (WHERE merged) >= 5 AS merged_inputs,
	count(*) FILTER (WHERE unbounded) >= 3 AS unbounded
FROM (SELECT s.k, (SELECT count(*) FROM unnest(s.mr)) AS n,
			 (SELECT count(*) FROM unnest(s.mr)) < (SELECT count(*) FROM m_pieces p WHERE p.k = s.k AND NOT isempty(p.r)) AS merged,
			 lower_inf(s.mr) OR upper_inf(s.mr) AS unbounded
	  FROM m_set s WHERE s.k > 10) v;

-- The tables: the same ids under a btree, under BRIN, partitioned by range
-- of the id (MINVALUE, MAXVALUE, a gap, a default partition), in two
-- levels of partitions, and by range of the id and another column.
CREATE TABLE m_btree (id snowflake);
INSERT INTO m_btree SELECT id FROM m_ref;
CREATE INDEX ON m_btree (id);
CREATE TABLE m_brin (id snowflake);
INSERT INTO m_brin SELECT id FROM m_ref ORDER BY id;
CREATE INDEX ON m_brin USING brin (id) WITH (pages_per_range = 1);
CREATE TABLE m_range (id snowflake) PARTITION BY RANGE (id);
CREATE TABLE m_range_old PARTITION OF m_range FOR VALUES FROM (MINVALUE) TO (snowflake_floor('2026-01-01+00'));
CREATE TABLE m_range_2026 PARTITION OF m_range
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2027-01-01+00'));
CREATE TABLE m_range_high PARTITION OF m_range FOR VALUES FROM ('9223372036854775808') TO (MAXVALUE);
CREATE TABLE m_range_rest PARTITION OF m_range DEFAULT;
INSERT INTO m_range SELECT id FROM m_ref;
CREATE INDEX ON m_range (id);
CREATE TABLE m_nested (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE m_nested_old PARTITION OF m_nested FOR VALUES FROM (MINVALUE) TO (snowflake_floor('2026-01-01+00'));
CREATE TABLE m_nested_2026 PARTITION OF m_nested
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2027-01-01+00'))
	PARTITION BY RANGE (id);
CREATE TABLE m_nested_2026a PARTITION OF m_nested_2026
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2026-05-31 18:40+00'));
CREATE TABLE m_nested_2026b PARTITION OF m_nested_2026
	FOR VALUES FROM (snowflake_floor('2026-05-31 18:40+00')) TO (snowflake_floor('2027-01-01+00'));
CREATE TABLE m_nested_rest PARTITION OF m_nested FOR VALUES FROM (snowflake_floor('2027-01-01+00')) TO (MAXVALUE);
INSERT INTO m_nested SELECT id FROM m_ref WHERE id IS NOT NULL;
CREATE INDEX ON m_nested (id);
-- a key of two columns: a partition's ids reach its upper bound's id
-- (2^63, with x = 8, lies in the middle partition)
CREATE TABLE m_multi (id snowflake NOT NULL, x int NOT NULL) PARTITION BY RANGE (id, x);
CREATE TABLE m_multi_a PARTITION OF m_multi
	FOR VALUES FROM (MINVALUE, MINVALUE) TO (snowflake_floor('2026-01-01+00'), 0);
CREATE TABLE m_multi_b PARTITION OF m_multi
	FOR VALUES FROM (snowflake_floor('2026-01-01+00'), 0) TO ('9223372036854775808', 9);
CREATE TABLE m_multi_c PARTITION OF m_multi
	FOR VALUES FROM ('9223372036854775808', 9) TO (MAXVALUE, MAXVALUE);
INSERT INTO m_multi SELECT id, (id::numeric % 10)::int FROM m_ref WHERE id IS NOT NULL;
CREATE INDEX ON m_multi (id);
SELECT tableoid::regclass, x FROM m_multi WHERE id = '9223372036854775808';
VACUUM ANALYZE m_ref, m_btree, m_brin, m_range, m_nested, m_multi, m_set;

-- The definition, for every multirange: the rows where some range of it
-- holds the id's instant, and the rows where the operator is NULL (a NULL
-- id or multirange).  It agrees with core's "timestamptz <@ multirange".
CREATE TABLE m_want AS
SELECT s.k, t.tbl,
	count(*) FILTER (WHERE s.mr IS NOT NULL AND
					 EXISTS (SELECT FROM unnest(s.mr) r WHERE snowflake_timestamp(x.id) <@ r)) AS n,
	count(*) FILTER (WHERE s.mr IS NULL OR x.id IS NULL) AS n_null,
	count(*) FILTER (WHERE snowflake_timestamp(x.id) <@ s.mr) AS n_core
FROM m_set s CROSS JOIN m_ref x
CROSS JOIN (VALUES ('m_btree'), ('m_brin'), ('m_range'), ('m_nested'), ('m_multi')) t(tbl)
WHERE t.tbl NOT IN ('m_nested', 'm_multi') OR x.id IS NOT NULL
GROUP BY s.k, t.tbl;
SELECT count(*) AS multiranges, count(*) FILTER (WHERE n = n_core) AS agree_with_core,
	count(*) FILTER (WHERE n = 0) >= 4 AS some_hold_none,
	count(*) FILTER (WHERE n > 0 AND n < 1000) >= 30 AS most_hold_some
FROM m_want WHERE tbl = 'm_btree';

CREATE TABLE m_log (form text, query text, got bigint, want bigint);
CREATE FUNCTION m_count(query text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	EXECUTE query INTO n;
	RETURN n;
END
$$;
CREATE FUNCTION m_scan(scan text, nested_loops boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM set_config('enable_seqscan', (scan = 'seq')::text, false);
	PERFORM set_config('enable_indexscan', (scan = 'index')::text, false);
	PERFORM set_config('enable_indexonlyscan', (scan = 'index')::text, false);
	PERFORM set_config('enable_bitmapscan', (scan = 'bitmap')::text, false);
	PERFORM set_config('enable_hashjoin', (NOT nested_loops)::text, false);
	PERFORM set_config('enable_mergejoin', (NOT nested_loops)::text, false);
	PERFORM set_config('enable_material', (NOT nested_loops)::text, false);
END
$$;

-- 4. Every multirange, table, scan and operator, with the multirange as a
-- constant, a parameter of a custom and of a generic plan (and there the
-- clause's value, NULL or not), an expression the planner cannot fold,
-- and a scalar subquery (an initplan).
CREATE FUNCTION m_run() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	b record;
	tab text;
	scan text;
	clause text;
	lit text;
	q text;
BEGIN
	FOREACH tab IN ARRAY ARRAY['m_btree', 'm_brin', 'm_range', 'm_nested', 'm_multi'] LOOP
		FOREACH scan IN ARRAY ARRAY['index', 'bitmap', 'seq'] LOOP
			CONTINUE WHEN tab = 'm_brin' AND scan = 'index';
			PERFORM m_scan(scan);
			FOREACH clause IN ARRAY ARRAY['id <@ %s', '%s @> id'] LOOP
				PERFORM set_config('plan_cache_mode', 'auto', false);
				EXECUTE format('PREPARE m_q(tstzmultirange) AS SELECT count(*) FROM %I WHERE ' || clause, tab, '$1');
				EXECUTE format('PREPARE m_q_null(tstzmultirange) AS SELECT count(*) FILTER (WHERE (' || clause || ') IS NULL) FROM %I',
							   '$1', tab);
				FOR b IN SELECT s.k, s.mr::text AS v, w.n, w.n_null FROM m_set s
						 JOIN m_want w ON w.k = s.k AND w.tbl = tab ORDER BY s.k LOOP
					lit := coalesce(quote_literal(b.v), 'NULL') || '::tstzmultirange';
					q := format('SELECT count(*) FROM %I WHERE ' || clause, tab, lit);
					INSERT INTO m_log VALUES (scan || ', constant', q, m_count(q), b.n);
					q := format('SELECT count(*) FILTER (WHERE (' || clause || ') IS NULL) FROM %I', lit, tab);
					INSERT INTO m_log VALUES (scan || ', constant, IS NULL', q, m_count(q), b.n_null);
					PERFORM set_config('plan_cache_mode', 'force_generic_plan', false);
					q := format('EXECUTE m_q(%s)', lit);
					INSERT INTO m_log VALUES (scan || ', generic plan', tab || ': ' || clause || ': ' || q, m_count(q), b.n);
					q := format('EXECUTE m_q_null(%s)', lit);
					INSERT INTO m_log VALUES (scan || ', generic plan, IS NULL', tab || ': ' || clause || ': ' || q, m_count(q), b.n_null);
					PERFORM set_config('plan_cache_mode', 'force_custom_plan', false);
					q := format('EXECUTE m_q(%s)', lit);
					INSERT INTO m_log VALUES (scan || ', custom plan', tab || ': ' || clause || ': ' || q, m_count(q), b.n);
					PERFORM set_config('plan_cache_mode', 'auto', false);
					q := format('SELECT count(*) FROM %I WHERE ' || clause, tab,
								format('(CASE WHEN now() IS NULL THEN NULL ELSE %s END)', lit));
					INSERT INTO m_log VALUES (scan || ', now()', q, m_count(q), b.n);
					q := format('SELECT count(*) FROM %I WHERE ' || clause, tab,
								format('(SELECT mr FROM m_set WHERE k = %s)', b.k));
					INSERT INTO m_log VALUES (scan || ', subquery', q, m_count(q), b.n);
				END LOOP;
				DEALLOCATE m_q;
				DEALLOCATE m_q_null;
			END LOOP;
		END LOOP;
	END LOOP;
	-- joins: the multirange from the outer row of a nested loop, a
	-- parameter of the inner index scan, NULL rows included; and a join
	-- the other way, the ids outside
	FOREACH tab IN ARRAY ARRAY['m_btree', 'm_brin', 'm_range', 'm_nested', 'm_multi'] LOOP
		PERFORM m_scan(CASE WHEN tab = 'm_brin' THEN 'bitmap' ELSE 'index' END, true);
		FOREACH clause IN ARRAY ARRAY['t.id <@ s.mr', 's.mr @> t.id'] LOOP
			q := format('SELECT count(*) FROM m_set s JOIN %I t ON ' || clause, tab);
			INSERT INTO m_log VALUES ('nested loop', q, m_count(q),
				(SELECT sum(n) FROM m_want w WHERE w.tbl = tab));
		END LOOP;
	END LOOP;
	PERFORM set_config('plan_cache_mode', 'auto', false);
	RESET enable_seqscan;
	RESET enable_indexscan;
	RESET enable_indexonlyscan;
	RESET enable_bitmapscan;
	RESET enable_hashjoin;
	RESET enable_mergejoin;
	RESET enable_material;
END
$$;
SELECT m_run();

-- One line per form: how many queries ran, and how many counted wrong.
SELECT form, count(*) AS queries, count(*) FILTER (WHERE got IS DISTINCT FROM want) AS wrong
FROM m_log GROUP BY form ORDER BY form;
SELECT * FROM m_log WHERE got IS DISTINCT FROM want ORDER BY form, query LIMIT 20;

-- 5. The plans.  First with index scans preferred: a constant multirange
-- of one window is its two comparisons, an exact index condition, no
-- recheck; windows whose ids touch are one.
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_btree WHERE id <@ '{[2026-05-31 18:40+00, 2026-06-01+00)}'::tstzmultirange;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_btree WHERE id <@ '{[2026-05-31 18:40+00, 2026-05-31 18:40:00.0005+00), (2026-05-31 18:40:00.0005+00, 2026-06-01+00)}'::tstzmultirange;
-- empty, or holding no id: a condition no id meets; NULL: no scan at all
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_btree WHERE id <@ '{}'::tstzmultirange;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_btree WHERE id <@ '{[2026-05-31 18:40:00.0002+00, 2026-05-31 18:40:00.0007+00]}'::tstzmultirange;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_btree WHERE id <@ NULL::tstzmultirange;
-- every id: one comparison, which keeps a NULL id NULL
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_btree WHERE id <@ '{(,)}'::tstzmultirange;
-- known at run time: the span's bounds as the index condition, the
-- operator rechecked
SET plan_cache_mode = force_generic_plan;
PREPARE m_p(tstzmultirange) AS SELECT count(*) FROM m_btree WHERE id <@ $1;
EXPLAIN (COSTS OFF) EXECUTE m_p('{[2026-05-31 18:40+00, 2026-06-01+00), [2027-01-01+00, 2027-02-01+00)}');
DEALLOCATE m_p;
RESET plan_cache_mode;
-- a scalar subquery, an initplan (whose name differs by version)
CREATE FUNCTION m_plan(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	line text;
	plan text := '';
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		plan := plan || line || E'\n';
	END LOOP;
	RETURN plan;
END
$$;
SELECT m_plan('SELECT count(*) FROM m_btree WHERE id <@ (SELECT mr FROM m_set WHERE k = 10)')
	LIKE '%Index Only Scan using m_btree_id_idx%Index Cond: ((id >= snowflake_multirange_floor(%)) AND (id <= snowflake_multirange_ceil(%)))%Filter: (id <@ %'
	AS initplan_span;
-- partitions, at run time: pruned to those of the span in a generic plan
-- (a leaf scans its index by the span once), or for a stable expression;
-- the empty and the NULL multirange prune every partition
SET plan_cache_mode = force_generic_plan;
PREPARE m_p(tstzmultirange) AS SELECT count(*) FROM m_nested WHERE id <@ $1;
EXPLAIN (COSTS OFF) EXECUTE m_p('{[2026-02-01+00, 2026-03-01+00), [2026-04-01+00, 2026-05-01+00)}');
EXPLAIN (COSTS OFF) EXECUTE m_p('{}');
EXPLAIN (COSTS OFF) EXECUTE m_p(NULL);
DEALLOCATE m_p;
RESET plan_cache_mode;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_range
WHERE id <@ tstzmultirange(tstzrange('2026-05-31+00'::timestamptz + (now() - now()), '2026-06-01+00'));
RESET enable_bitmapscan;
-- Then bitmap scans: several windows are the OR of their comparisons, a
-- BitmapOr of one index scan each, on a btree or BRIN; the commutator
-- alike
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_btree WHERE id <@ '{[2026-05-31 18:40+00, 2026-06-01+00), [2027-01-01+00, 2027-02-01+00)}'::tstzmultirange;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_btree WHERE '{[2026-05-31 18:40+00, 2026-06-01+00), [2027-01-01+00, 2027-02-01+00)}'::tstzmultirange @> id;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_brin WHERE id <@ '{[2026-05-31 18:40+00, 2026-06-01+00), [2027-01-01+00, 2027-02-01+00)}'::tstzmultirange;
-- BRIN, known at run time: the span, the operator rechecked
SET plan_cache_mode = force_generic_plan;
PREPARE m_p(tstzmultirange) AS SELECT count(*) FROM m_brin WHERE $1 @> id;
EXPLAIN (COSTS OFF) EXECUTE m_p('{[2026-05-31 18:40+00, 2026-06-01+00), [2027-01-01+00, 2027-02-01+00)}');
DEALLOCATE m_p;
RESET plan_cache_mode;
-- partitions, at plan time: pruned to those each window touches, not the
-- 2026 partition (nor the default one) between the windows below, which
-- their span covers; and each partition scans only the windows that reach
-- into it
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_range WHERE id <@ '{[2025-01-01+00, 2025-02-01+00), [2093-09-06 15:47:35.553+00, 2093-09-07+00)}'::tstzmultirange;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_nested WHERE id <@ '{[2026-02-01+00, 2026-03-01+00), [2027-02-01+00, 2027-03-01+00)}'::tstzmultirange;
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_seqscan;
-- the outer row of a nested loop: the span of each row's multirange
SET enable_hashjoin = off;
SET enable_mergejoin = off;
SET enable_material = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM m_set s JOIN m_btree t ON t.id <@ s.mr;
RESET enable_hashjoin;
RESET enable_mergejoin;
RESET enable_material;

-- Past 1,000 windows the operator stays as written: an index scans its
-- span and rechecks it, and a partitioned table is pruned to the span.
-- 1,001 windows of one millisecond, every other millisecond around
-- 18:40, where the 2026 partitions of m_nested meet.
CREATE TABLE m_many AS
SELECT range_agg(tstzrange(t, t + interval '1 ms')) AS mr
FROM generate_series('2026-05-31 18:39:59+00'::timestamptz, '2026-05-31 18:40:01+00', interval '2 ms') t;
SELECT (SELECT count(*) FROM unnest(mr)) AS windows,
	m_plan(format('SELECT count(*) FROM m_btree WHERE id <@ %L::tstzmultirange', mr))
		LIKE '%Index Cond: ((id >= %::snowflake) AND (id <= %::snowflake))%Filter: (id <@ %' AS span_rechecked,
	m_plan(format('SELECT count(*) FROM m_nested WHERE id <@ %L::tstzmultirange', mr))
		LIKE '%m_nested_2026a%m_nested_2026b%' AS two_partitions,
	m_plan(format('SELECT count(*) FROM m_nested WHERE id <@ %L::tstzmultirange', mr))
		NOT LIKE '%m_nested_old%' AS pruned,
	(SELECT count(*) FROM m_ref WHERE snowflake_timestamp(id) <@ mr) AS want,
	m_count(format('SELECT count(*) FROM m_btree WHERE id <@ %L::tstzmultirange', mr)) AS btree,
	m_count(format('SELECT count(*) FROM m_nested WHERE id <@ %L::tstzmultirange', mr)) AS nested,
	m_count(format('SELECT count(*) FROM m_range WHERE %L::tstzmultirange @> id', mr)) AS range
FROM m_many;
DROP TABLE m_many;

-- 6. Estimates: the sum over the windows of the range's estimate, for a
-- multirange known only when the plan is made (a stable expression).
CREATE TABLE m_est (id snowflake);
INSERT INTO m_est SELECT make_snowflake('2026-01-01+00'::timestamptz + g * interval '1 minute', 0, 0)
FROM generate_series(0, 99999) g;
ANALYZE m_est;
CREATE FUNCTION m_rows(query text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
	RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
END
$$;
-- 1,440 rows a day: two days, and one day
SELECT m_rows($$SELECT * FROM m_est WHERE id <@ (CASE WHEN now() IS NULL THEN NULL
	ELSE '{[2026-01-10+00, 2026-01-11+00), [2026-02-10+00, 2026-02-11+00)}'::tstzmultirange END)$$)
	BETWEEN 2600 AND 3200 AS two_days,
	m_rows($$SELECT * FROM m_est WHERE id <@ (CASE WHEN now() IS NULL THEN NULL
	ELSE '{[2026-01-10+00, 2026-01-11+00)}'::tstzmultirange END)$$) BETWEEN 1300 AND 1600 AS one_day,
	m_rows($$SELECT * FROM m_est WHERE id <@ (CASE WHEN now() IS NULL THEN NULL
	ELSE '{}'::tstzmultirange END)$$) AS empty;

DROP TABLE m_est, m_log, m_want, m_set, m_pieces, m_sorted, m_btree, m_brin, m_range, m_nested, m_multi, m_ref, m_instants;
DROP FUNCTION m_count(text), m_scan(text, boolean), m_run(), m_rows(text), m_plan(text);

-- 7. After pg_upgrade: its dump of the extension's members makes the two
-- window domains anew with the category of their base types and not
-- preferred, which makes "id <@ '[a,b)'" ambiguous (42725), until the
-- statement of doc/snowflake-operations.md ("pg_upgrade") gives them back.
-- Here the pg_upgrade is simulated by the catalogue it would leave, and
-- each step is seen by a new session (a session keeps the operators it
-- has looked up).
UPDATE pg_catalog.pg_type t SET typcategory = 'R', typispreferred = false
  FROM pg_catalog.pg_extension e
 WHERE e.extname = 'snowflake' AND t.typnamespace = e.extnamespace
   AND t.typname IN ('snowflake_tstzrange', 'snowflake_tstzmultirange');
\c
SELECT '5'::snowflake <@ '[2024-01-01+00, 2025-01-01+00)' AS ambiguous;
-- the statement of doc/snowflake-operations.md, as it is there
UPDATE pg_catalog.pg_type AS t
   SET typcategory = 'w', typispreferred = (t.typname OPERATOR(pg_catalog.=) 'snowflake_tstzrange')
  FROM pg_catalog.pg_extension AS e
 WHERE e.extname OPERATOR(pg_catalog.=) 'snowflake' AND t.typnamespace OPERATOR(pg_catalog.=) e.extnamespace
   AND t.typname OPERATOR(pg_catalog.=) ANY (ARRAY['snowflake_tstzrange', 'snowflake_tstzmultirange']);
\c
SELECT '5'::snowflake <@ '[2024-01-01+00, 2025-01-01+00)' AS a_range_again;
SELECT typname, typcategory, typispreferred FROM pg_type
 WHERE typname IN ('snowflake_tstzrange', 'snowflake_tstzmultirange') ORDER BY 1;
