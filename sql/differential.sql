--
-- differential: the operators that have planner support, against their
-- definitions.  "id OP t" is defined as "snowflake_timestamp(id) OP t",
-- "id <@ r" and "r @> id" as "snowflake_timestamp(id) <@ r".  Every
-- optimized form (index and BRIN conditions, partition pruning, the
-- rewrites for partitioned tables) must count exactly the rows of the
-- definition run as a plain filter, whatever the instant or range is: a
-- constant, NULL, a parameter of a custom or a generic plan, an expression
-- of now(), a scalar subquery, or the outer row of a nested loop.
--
-- The suite is self-contained, so that it also runs on a database whose
-- extension is at an older version (test/upgrade/run).  It prints one line
-- per form; a wrong count prints the query and both counts.
--
SET client_min_messages = warning;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET max_parallel_workers_per_gather = 0;
-- Without JIT: a plan with a scan type disabled costs more than
-- jit_above_cost before PostgreSQL 18, and compiling each of these
-- queries took most of the suite's time (the jit suite tests JIT).
SET jit = off;

-- Instants: the edges of the id space and of a millisecond, and seeded
-- random instants at whole and at sub-millisecond precision.
SELECT setseed(0.1007);
CREATE TABLE d_instants (k int PRIMARY KEY, t timestamptz);
INSERT INTO d_instants
SELECT row_number() OVER (), t FROM (VALUES
	(NULL::timestamptz),
	('-infinity'), ('infinity'),
	('2023-12-31 23:59:59.999999+00'),
	('2024-01-01 00:00:00+00'),			-- the epoch: id 0's instant
	('2024-01-01 00:00:00.000001+00'),
	('2024-01-01 00:00:00.0005+00'),
	('2024-01-01 00:00:00.001+00'),
	('2026-05-31 18:40:00+00'),			-- the test vector's millisecond
	('2026-05-31 18:40:00.0005+00'),
	('2026-05-31 18:39:59.999999+00'),
	('2093-09-06 15:47:35.5525+00'),	-- 2^63 lies in 15:47:35.552
	('2093-09-06 15:47:35.552+00'),
	('2093-09-06 15:47:35.553+00'),
	('2163-05-15 07:35:11.103+00'),		-- the last millisecond
	('2163-05-15 07:35:11.1035+00'),
	('2163-05-15 07:35:11.104+00'),		-- after every id
	('4000-01-01 00:00:00+00'),
	('1999-01-01 00:00:00+00')) v(t);
INSERT INTO d_instants
SELECT 100 + g, CASE WHEN g % 2 = 0
	THEN date_trunc('milliseconds', '2024-01-01+00'::timestamptz + random() * interval '139 years')
	ELSE '2024-01-01+00'::timestamptz + random() * interval '139 years' END
FROM generate_series(1, 10) g;

-- Ids: seeded random over the whole space (half of them above 2^63), and
-- around every instant: the first and last ids of its millisecond and of
-- the ones beside it.
CREATE TABLE d_ref (id snowflake);
INSERT INTO d_ref
SELECT (floor(random() * 18446744073709551616::numeric))::numeric::snowflake FROM generate_series(1, 1500);
INSERT INTO d_ref
SELECT make_snowflake(date_trunc('milliseconds', t) + d * interval '1 ms', w, s)
FROM d_instants, (VALUES (-1), (0), (1)) dd(d), (VALUES (0, 0), (1023, 4095), (5, 7)) ws(w, s)
WHERE t > '2024-01-01 00:00:00.001+00' AND t < '2163-05-15 07:35:11.102+00';
INSERT INTO d_ref VALUES ('0'), ('1'), ('4194303'), ('4194304'), ('9223372036854775807'),
	('9223372036854775808'), ('18446744073709551615'), ('18446744073705357312');

-- Ranges: pairs of instants with every kind of bound, unbounded sides,
-- empty and NULL.
CREATE TABLE d_ranges (k int PRIMARY KEY, r tstzrange);
INSERT INTO d_ranges
SELECT row_number() OVER (ORDER BY a.k, b.k, f), tstzrange(a.t, b.t, f)
FROM d_instants a, d_instants b, (VALUES ('[)'), ('[]'), ('()'), ('(]')) fl(f)
WHERE (a.t <= b.t OR a.t IS NULL OR b.t IS NULL)
  AND a.k IN (1, 2, 6, 12, 104) AND b.k IN (1, 3, 10, 15, 17, 105);
INSERT INTO d_ranges VALUES (1000, NULL), (1001, 'empty'), (1002, '(,)');
-- The tables: the same ids under a btree, under BRIN, partitioned by range
-- of the id (a gap, MINVALUE and MAXVALUE, a default partition), and by
-- hash.
CREATE TABLE d_btree (id snowflake);
INSERT INTO d_btree SELECT id FROM d_ref;
CREATE INDEX ON d_btree (id);
CREATE TABLE d_brin (id snowflake);
INSERT INTO d_brin SELECT id FROM d_ref ORDER BY id;
CREATE INDEX ON d_brin USING brin (id) WITH (pages_per_range = 1);
CREATE TABLE d_range (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE d_range_old PARTITION OF d_range FOR VALUES FROM (MINVALUE) TO (snowflake_floor('2026-01-01+00'));
CREATE TABLE d_range_2026 PARTITION OF d_range
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2027-01-01+00'));
CREATE TABLE d_range_high PARTITION OF d_range FOR VALUES FROM ('9223372036854775808') TO (MAXVALUE);
CREATE TABLE d_range_rest PARTITION OF d_range DEFAULT;
INSERT INTO d_range SELECT id FROM d_ref;
CREATE INDEX ON d_range (id);
-- Two levels of range partitions (2026 split at the test vector's instant,
-- under a year), and a domain over snowflake as the partition key.
CREATE TABLE d_nested (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE d_nested_old PARTITION OF d_nested FOR VALUES FROM (MINVALUE) TO (snowflake_floor('2026-01-01+00'));
CREATE TABLE d_nested_2026 PARTITION OF d_nested
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2027-01-01+00'))
	PARTITION BY RANGE (id);
CREATE TABLE d_nested_2026a PARTITION OF d_nested_2026
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2026-05-31 18:40+00'));
CREATE TABLE d_nested_2026b PARTITION OF d_nested_2026
	FOR VALUES FROM (snowflake_floor('2026-05-31 18:40+00')) TO (snowflake_floor('2027-01-01+00'));
CREATE TABLE d_nested_rest PARTITION OF d_nested FOR VALUES FROM (snowflake_floor('2027-01-01+00')) TO (MAXVALUE);
INSERT INTO d_nested SELECT id FROM d_ref;
CREATE INDEX ON d_nested (id);
CREATE DOMAIN d_sf AS snowflake;
CREATE TABLE d_domain (id d_sf NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE d_domain_old PARTITION OF d_domain FOR VALUES FROM (MINVALUE) TO (snowflake_floor('2026-05-31 18:40+00'));
CREATE TABLE d_domain_new PARTITION OF d_domain FOR VALUES FROM (snowflake_floor('2026-05-31 18:40+00')) TO (MAXVALUE);
INSERT INTO d_domain SELECT id FROM d_ref;
CREATE INDEX ON d_domain (id);
CREATE TABLE d_hash (id snowflake NOT NULL) PARTITION BY HASH (id);
CREATE TABLE d_hash_0 PARTITION OF d_hash FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE d_hash_1 PARTITION OF d_hash FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE d_hash_2 PARTITION OF d_hash FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO d_hash SELECT id FROM d_ref;
CREATE INDEX ON d_hash (id);
VACUUM ANALYZE d_ref, d_btree, d_brin, d_range, d_nested, d_domain, d_hash, d_instants, d_ranges;

-- The operators and their definitions.
CREATE TABLE d_ops (op text, clause text, definition text, bound_type text);
INSERT INTO d_ops VALUES
	('id < t', 'id < %s', 'snowflake_timestamp(id) < %s', 'timestamptz'),
	('id <= t', 'id <= %s', 'snowflake_timestamp(id) <= %s', 'timestamptz'),
	('id > t', 'id > %s', 'snowflake_timestamp(id) > %s', 'timestamptz'),
	('id >= t', 'id >= %s', 'snowflake_timestamp(id) >= %s', 'timestamptz'),
	('t < id', '%s < id', '%s < snowflake_timestamp(id)', 'timestamptz'),
	('t <= id', '%s <= id', '%s <= snowflake_timestamp(id)', 'timestamptz'),
	('t > id', '%s > id', '%s > snowflake_timestamp(id)', 'timestamptz'),
	('t >= id', '%s >= id', '%s >= snowflake_timestamp(id)', 'timestamptz'),
	('id <@ r', 'id <@ %s', 'snowflake_timestamp(id) <@ %s', 'tstzrange'),
	('r @> id', '%s @> id', '%s @> snowflake_timestamp(id)', 'tstzrange');

CREATE TABLE d_log (form text, query text, got bigint, want bigint);

-- The definition's counts for every operator and bound, as a plain filter:
-- the rows where it holds, and the rows where its value is NULL.
CREATE TABLE d_want (op text, k int, n bigint, n_null bigint);
CREATE FUNCTION d_fill_want() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	o record;
BEGIN
	FOR o IN SELECT * FROM d_ops LOOP
		EXECUTE format('INSERT INTO d_want SELECT %L, b.k, count(*) FILTER (WHERE %s),
		                       count(*) FILTER (WHERE (%s) IS NULL)
		                FROM %s b CROSS JOIN d_ref GROUP BY b.k', o.op,
		               format(o.definition, CASE o.bound_type WHEN 'timestamptz' THEN 'b.t' ELSE 'b.r' END),
		               format(o.definition, CASE o.bound_type WHEN 'timestamptz' THEN 'b.t' ELSE 'b.r' END),
		               CASE o.bound_type WHEN 'timestamptz' THEN 'd_instants' ELSE 'd_ranges' END);
	END LOOP;
END
$$;

CREATE FUNCTION d_count(query text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	EXECUTE query INTO n;
	RETURN n;
END
$$;

-- Plan settings by name: the scans the suite forces, and nested loops
-- for joins; 'reset' puts everything back.
CREATE FUNCTION d_scan(scan text, nested_loops boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	setting text;
BEGIN
	IF scan = 'reset' THEN
		FOREACH setting IN ARRAY ARRAY['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan',
									   'enable_bitmapscan', 'enable_hashjoin', 'enable_mergejoin',
									   'enable_material'] LOOP
			EXECUTE 'RESET ' || setting;
		END LOOP;
		RETURN;
	END IF;
	PERFORM set_config('enable_seqscan', CASE WHEN scan = 'seq' THEN 'on' ELSE 'off' END, false);
	PERFORM set_config('enable_indexscan', CASE WHEN scan = 'index' THEN 'on' ELSE 'off' END, false);
	PERFORM set_config('enable_indexonlyscan', CASE WHEN scan = 'index' THEN 'on' ELSE 'off' END, false);
	PERFORM set_config('enable_bitmapscan', CASE WHEN scan = 'bitmap' THEN 'on' ELSE 'off' END, false);
	PERFORM set_config('enable_hashjoin', CASE WHEN nested_loops THEN 'off' ELSE 'on' END, false);
	PERFORM set_config('enable_mergejoin', CASE WHEN nested_loops THEN 'off' ELSE 'on' END, false);
	PERFORM set_config('enable_material', CASE WHEN nested_loops THEN 'off' ELSE 'on' END, false);
END
$$;

-- Every operator, table and scan, with the bound as: a constant, a
-- parameter of a custom plan and of a generic plan, an expression of now()
-- that the planner cannot fold, and a scalar subquery.  NULL bounds come
-- from the tables, so every form meets them.  A sequential scan runs the
-- forms whose pruning or filter differs: constants and generic plans, and
-- in a generic plan the value of the clause, which a rewrite must keep even
-- where it is not a filter.
SELECT d_fill_want();
CREATE FUNCTION d_run_bounds() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	o record;
	b record;
	tbl text;
	scan text;
	lit text;
	q text;
	src text;
	col text;
BEGIN
	FOREACH tbl IN ARRAY ARRAY['d_btree', 'd_brin', 'd_range', 'd_nested', 'd_domain', 'd_hash'] LOOP
		FOREACH scan IN ARRAY ARRAY['index', 'bitmap', 'seq'] LOOP
			-- bitmap scans on the btree and BRIN only: on the partitions
			-- they would repeat the btree's conditions
			CONTINUE WHEN (tbl = 'd_brin' AND scan = 'index') OR
				(tbl IN ('d_range', 'd_nested', 'd_domain', 'd_hash') AND scan = 'bitmap');
			PERFORM d_scan(scan);
			FOR o IN SELECT * FROM d_ops LOOP
				src := CASE o.bound_type WHEN 'timestamptz' THEN 'd_instants' ELSE 'd_ranges' END;
				col := CASE o.bound_type WHEN 'timestamptz' THEN 't' ELSE 'r' END;
				PERFORM set_config('plan_cache_mode', 'auto', false);
				EXECUTE format('PREPARE d_q(%s) AS SELECT count(*) FROM %I WHERE ' || o.clause,
							   o.bound_type, tbl, '$1');
				EXECUTE format('PREPARE d_q_null(%s) AS SELECT count(*) FILTER (WHERE (' || o.clause || ') IS NULL) FROM %I',
							   o.bound_type, '$1', tbl);
				FOR b IN EXECUTE format('SELECT s.k, s.%I::text AS v, w.n, w.n_null FROM %I s JOIN d_want w ON w.k = s.k AND w.op = %L',
										col, src, o.op) LOOP
					lit := CASE WHEN b.v IS NULL THEN 'NULL' ELSE quote_literal(b.v) END
						|| '::' || o.bound_type;
					-- a constant
					q := format('SELECT count(*) FROM %I WHERE ' || o.clause, tbl, lit);
					INSERT INTO d_log VALUES (scan || ', constant', q, d_count(q), b.n);
					-- parameters, in a generic plan, and the value of the clause
					-- itself there, NULL or not
					PERFORM set_config('plan_cache_mode', 'force_generic_plan', false);
					q := format('EXECUTE d_q(%s)', lit);
					INSERT INTO d_log VALUES (scan || ', generic plan', tbl || ': ' || o.op || ': ' || q, d_count(q), b.n);
					IF scan = 'seq' THEN
						q := format('EXECUTE d_q_null(%s)', lit);
						INSERT INTO d_log VALUES ('generic plan, IS NULL', tbl || ': ' || o.op || ': ' || q, d_count(q), b.n_null);
					END IF;
					PERFORM set_config('plan_cache_mode', 'auto', false);
					CONTINUE WHEN scan = 'seq';
					-- ... and in a custom plan
					PERFORM set_config('plan_cache_mode', 'force_custom_plan', false);
					q := format('EXECUTE d_q(%s)', lit);
					INSERT INTO d_log VALUES (scan || ', custom plan', tbl || ': ' || o.op || ': ' || q, d_count(q), b.n);
					PERFORM set_config('plan_cache_mode', 'auto', false);
					-- an expression of now(), evaluated at run time
					q := format('SELECT count(*) FROM %I WHERE ' || o.clause, tbl,
								CASE o.bound_type WHEN 'timestamptz'
									THEN format('(%s + (now() - now()))', lit)
									ELSE format('(CASE WHEN now() IS NULL THEN NULL ELSE %s END)', lit) END);
					INSERT INTO d_log VALUES (scan || ', now()', q, d_count(q), b.n);
					-- a scalar subquery, an initplan
					q := format('SELECT count(*) FROM %I WHERE ' || o.clause, tbl,
								format('(SELECT %I FROM %I WHERE k = %s)', col, src, b.k));
					INSERT INTO d_log VALUES (scan || ', subquery', q, d_count(q), b.n);
				END LOOP;
				DEALLOCATE d_q;
				DEALLOCATE d_q_null;
			END LOOP;
		END LOOP;
	END LOOP;
	PERFORM d_scan('reset');
END
$$;
SELECT d_run_bounds();

-- Joins: the bound comes from the outer row of a nested loop, a parameter
-- of the inner index scan, NULL rows included.
CREATE FUNCTION d_run_joins() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	o record;
	tbl text;
	q text;
	src text;
	col text;
BEGIN
	FOREACH tbl IN ARRAY ARRAY['d_btree', 'd_brin', 'd_range', 'd_nested', 'd_domain', 'd_hash'] LOOP
		PERFORM d_scan(CASE WHEN tbl = 'd_brin' THEN 'bitmap' ELSE 'index' END, true);
		FOR o IN SELECT * FROM d_ops LOOP
			src := CASE o.bound_type WHEN 'timestamptz' THEN 'd_instants' ELSE 'd_ranges' END;
			col := CASE o.bound_type WHEN 'timestamptz' THEN 'b.t' ELSE 'b.r' END;
			q := format('SELECT count(*) FROM %s b JOIN %I ON ' || replace(o.clause, 'id', tbl || '.id'), src, tbl, col);
			INSERT INTO d_log VALUES ('nested loop', q, d_count(q),
				d_count(format('SELECT count(*) FROM %s b JOIN d_ref ON ' || replace(o.definition, '(id)', '(d_ref.id)'),
							   src, col)));
		END LOOP;
	END LOOP;
	PERFORM d_scan('reset');
END
$$;
SELECT d_run_joins();

-- The shapes are the ones claimed: each table's index serves the
-- comparisons, with a parameter, a subquery and an outer row alike.
CREATE FUNCTION d_plan(query text) RETURNS text
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
CREATE FUNCTION d_shapes() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	s record;
BEGIN
	FOR s IN SELECT * FROM (VALUES
		('index', 'SELECT count(*) FROM d_btree WHERE id >= (SELECT t FROM d_instants WHERE k = 9)', '%InitPlan%Index Only Scan%'),
		('index', 'SELECT count(*) FROM d_btree WHERE id >= (SELECT t FROM d_instants WHERE k = 9)', '%Index Cond: (id >=%'),
		('bitmap', 'SELECT count(*) FROM d_brin WHERE id < (now() - interval ''1 day'')', '%Bitmap Index Scan on d_brin%'),
		('index', 'SELECT count(*) FROM d_instants b JOIN d_btree ON d_btree.id > b.t', '%Nested Loop%Index Cond: (id >%b.t%'),
		('index', 'SELECT count(*) FROM d_ranges b JOIN d_range ON b.r @> d_range.id', '%Nested Loop%Index Cond: ((id >= snowflake_range_floor(b.r))%'),
		('index', 'SELECT count(*) FROM d_range WHERE id <@ ''[2026-05-31 18:40+00, 2026-06-01+00)''::tstzrange', '%on d_range_2026%'),
		('index', 'SELECT count(*) FROM d_hash WHERE id <@ ''[2026-05-31 18:40+00, 2026-06-01+00)''::tstzrange', '%d_hash_0%d_hash_1%d_hash_2%')
	) v(scan, query, pattern) LOOP
		PERFORM d_scan(s.scan, true);
		INSERT INTO d_log VALUES ('plan shape', s.query || ' ~ ' || s.pattern,
			(d_plan(s.query) LIKE s.pattern)::int, 1);
	END LOOP;
	-- the range-partitioned table is pruned to the partitions a window touches
	INSERT INTO d_log VALUES ('plan shape', 'pruned: ' || d_plan('SELECT count(*) FROM d_range WHERE id <@ ''[2026-05-31 18:40+00, 2026-06-01+00)''::tstzrange'),
		(d_plan('SELECT count(*) FROM d_range WHERE id <@ ''[2026-05-31 18:40+00, 2026-06-01+00)''::tstzrange') NOT LIKE '%d_range_old%')::int, 1);
	PERFORM d_scan('reset');
END
$$;
SELECT d_shapes();

RESET client_min_messages;
SELECT form, count(*) AS checks, count(*) FILTER (WHERE got IS DISTINCT FROM want) AS wrong
FROM d_log GROUP BY form ORDER BY form;
SELECT form, query, got, want FROM d_log WHERE got IS DISTINCT FROM want ORDER BY form, query;
