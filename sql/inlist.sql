--
-- inlist: ORs of id equalities and ANDs of id inequalities made array
-- comparisons (src/inlist.c), grouped by their left side in one sorted
-- pass.  Checked against the definition (each id's unsigned value,
-- compared as numeric) over seeded random lists of arms on several left
-- sides, interleaved, nested, with redundant and NULL arms, in each plan
-- shape; and the shapes that grouping gives.
--
SET client_min_messages = warning;
-- Without JIT: a plan with a scan type disabled costs more than
-- jit_above_cost before PostgreSQL 18, and compiling each of these
-- queries took most of the suite's time (the jit suite tests JIT).
SET jit = off;
CREATE EXTENSION IF NOT EXISTS snowflake;
RESET client_min_messages;

CREATE TABLE inl (id snowflake);
INSERT INTO inl VALUES ('0'), ('1'), ('2'), ('5'), ('4194304'), ('9223372036854775807'),
	('9223372036854775808'), ('18446744073709551614'), ('18446744073709551615'), (NULL);
INSERT INTO inl SELECT (g * 7919)::text::snowflake FROM generate_series(1, 40) g;
CREATE INDEX ON inl (id);
ANALYZE inl;

-- Arms on distinct left sides, interleaved: one array per left side, in
-- the order of their first arms, the elements in the order written.
EXPLAIN (COSTS OFF)
SELECT 1 FROM inl
WHERE snowflake_larger(id, '5') = '9' OR id = '2' OR snowflake_larger(id, '5') = '7'
   OR snowflake_smaller(id, '5') = '1' OR id = '1' OR snowflake_larger(id, '6') = '8'
   OR snowflake_smaller(id, '5') = '0';
EXPLAIN (COSTS OFF)
SELECT 1 FROM inl
WHERE id <> '2' AND snowflake_larger(id, '5') <> '9' AND id <> '1' AND snowflake_larger(id, '5') <> '7';
-- "id < '0'" beside a group of id drops out; beside none it stays.
EXPLAIN (COSTS OFF)
SELECT 1 FROM inl
WHERE id = '1' OR snowflake_larger(id, '5') < '0' OR id = '2' OR id < '0'
   OR snowflake_larger(id, '6') = '7' OR snowflake_larger(id, '6') = '8';

-- The differential: 300 seeded random conditions, each an OR or an AND of
-- 2 to 40 arms, some arms themselves an OR or AND of arms (in parentheses,
-- so nested as written), over four left
-- sides, the four operators the rewrite knows, and constants at the edges
-- of the range and from the table; each against its definition over
-- numeric, with the index, the bitmap scan and the sequential scan.
CREATE TEMP TABLE inl_forms (k int, q text, def text);
-- the plan of a query, its lines joined
CREATE FUNCTION pg_temp.inl_plan(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	line text;
	plan text := '';
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		plan := plan || line || E'\n';
	END LOOP;
	RETURN plan;
END $$;
CREATE FUNCTION pg_temp.inl_arm(r1 float8, r2 float8, r3 float8, OUT q text, OUT def text)
LANGUAGE sql AS $$
	SELECT CASE l.i WHEN 0 THEN l.q ELSE format(l.q, c.v) END || o.q || quote_literal(c2.v),
	       CASE l.i WHEN 0 THEN l.def ELSE format(l.def, c.v) END || o.def || c2.v
	FROM (VALUES (0, 'id', 'n'),
	             (1, 'snowflake_larger(id, %L)', 'greatest(n, %s)'),
	             (2, 'snowflake_larger(id, %L)', 'greatest(n, %s)'),
	             (3, 'snowflake_smaller(id, %L)', 'least(n, %s)')) l(i, q, def),
	     (VALUES (0, ' = ', ' = '), (1, ' = ', ' = '), (2, ' <> ', ' <> '), (3, ' < ', ' < '), (4, ' >= ', ' >= ')) o(i, q, def),
	     (VALUES (0, '5'), (1, '7919'), (2, '9223372036854775808')) c(i, v),
	     (VALUES (0, '0'), (1, '1'), (2, '2'), (3, '5'), (4, '7919'), (5, '15838'), (6, '9223372036854775807'),
	             (7, '9223372036854775808'), (8, '18446744073709551615'), (9, '4194304'), (10, '0')) c2(i, v)
	WHERE l.i = floor(r1 * 4)::int
	  AND o.i = floor(r2 * 5)::int
	  AND c.i = floor(r1 * 12)::int % 3
	  AND c2.i = CASE WHEN o.i IN (3, 4) AND r3 < 0.7 THEN 0 ELSE floor(r3 * 11)::int END
$$;
SELECT setseed(0.34);
DO $$
DECLARE
	arms text[];
	defs text[];
	a record;
	n int;
	glue text;
	inner_glue text;
BEGIN
	FOR k IN 1 .. 300 LOOP
		arms := '{}';
		defs := '{}';
		n := 2 + floor(random() * 39)::int;
		glue := CASE WHEN random() < 0.6 THEN ' OR ' ELSE ' AND ' END;
		FOR j IN 1 .. n LOOP
			IF random() < 0.1 THEN
				-- a nested list of three arms, the other way round, or the
				-- same way (which the planner hook flattens first)
				inner_glue := CASE WHEN random() < 0.4 THEN glue WHEN glue = ' OR ' THEN ' AND ' ELSE ' OR ' END;
				SELECT '(' || string_agg(x.q, inner_glue) || ')' AS q,
				       '(' || string_agg(x.def, inner_glue) || ')' AS def
				INTO a
				FROM generate_series(1, 3) g, pg_temp.inl_arm(random(), random(), random()) x;
			ELSIF random() < 0.04 THEN
				SELECT 'id = NULL' AS q, 'n = NULL' AS def INTO a;
			ELSE
				SELECT * INTO a FROM pg_temp.inl_arm(random(), random(), random());
			END IF;
			arms := arms || a.q;
			defs := defs || a.def;
		END LOOP;
		INSERT INTO inl_forms VALUES (k, array_to_string(arms, glue), array_to_string(defs, glue));
	END LOOP;
END $$;
CREATE TEMP TABLE inl_results (k int, shape text, got text, want text, arrays int);
DO $$
DECLARE
	f record;
	shape text;
	got text;
	want text;
	plan text;
BEGIN
	FOREACH shape IN ARRAY ARRAY['index', 'bitmap', 'seq'] LOOP
		PERFORM set_config('enable_indexscan', (shape = 'index')::text, true);
		PERFORM set_config('enable_indexonlyscan', (shape = 'index')::text, true);
		PERFORM set_config('enable_bitmapscan', (shape = 'bitmap')::text, true);
		PERFORM set_config('enable_seqscan', (shape = 'seq')::text, true);
		FOR f IN SELECT * FROM inl_forms ORDER BY k LOOP
			EXECUTE format('SELECT string_agg(id::text, '','' ORDER BY id) FROM inl WHERE %s', f.q) INTO got;
			EXECUTE format('SELECT string_agg(id::text, '','' ORDER BY id) FROM (SELECT id, "numeric"(id) AS n FROM inl) x WHERE %s',
						   f.def) INTO want;
			plan := pg_temp.inl_plan(format('SELECT 1 FROM inl WHERE %s', f.q));
			INSERT INTO inl_results VALUES (f.k, shape, got, want,
				(SELECT count(*) FROM regexp_matches(plan, 'ANY|ALL', 'g')));
		END LOOP;
	END LOOP;
END $$;
-- every condition, in every shape, as its definition; and most of them
-- rewritten into at least one array comparison (146 to 149 of the 300 on 15)
SELECT shape, count(*) AS conditions,
       count(*) FILTER (WHERE got IS DISTINCT FROM want) AS differ,
       count(*) FILTER (WHERE arrays > 0) > 100 AS often_rewritten,
       count(*) FILTER (WHERE want IS NOT NULL AND want <> '') > 100 AS mostly_not_empty
FROM inl_results GROUP BY shape ORDER BY shape;
SELECT k, shape, f.q, got, want FROM inl_results JOIN inl_forms f USING (k)
WHERE got IS DISTINCT FROM want ORDER BY k, shape LIMIT 5;

-- Generic plans and parameters: a prepared list of parameters is no
-- constant list, and stays as written; NULL parameters give NULL arms.
PREPARE inl_p(snowflake, snowflake) AS
	SELECT string_agg(id::text, ',' ORDER BY id) FROM inl WHERE id = $1 OR id = $2 OR id = '5' OR id = '7919';
SET plan_cache_mode = force_generic_plan;
EXECUTE inl_p('1', NULL);
EXECUTE inl_p(NULL, NULL);
RESET plan_cache_mode;
EXECUTE inl_p('1', '2');
DEALLOCATE inl_p;

-- A subquery and a join: each query level's lists, once.
SELECT (SELECT count(*) FROM inl b WHERE b.id = '1' OR b.id = '2' OR b.id = a.id) AS sub
FROM inl a WHERE a.id = '5' OR a.id = '7919';
SELECT count(*) FROM inl a JOIN inl b ON b.id = '1' OR b.id = '2' OR b.id = a.id
WHERE a.id = '1' OR a.id = '2' OR a.id = '5';

-- Long lists plan in time linear in their length and can be cancelled:
-- 20,000 arms on 10,000 distinct left sides plan as 10,000 arrays.  (The
-- time is measured by test/inlist/timeout and test/bench, not here.)
SELECT count(*) AS arrays
FROM regexp_matches(pg_temp.inl_plan(format('SELECT 1 FROM inl WHERE %s',
		(SELECT string_agg(format('snowflake_larger(id, %L) = %L', g % 10000, g), ' OR ')
		 FROM generate_series(1, 20000) g))), '= ANY', 'g');
-- An IN list of 3,000 integers: the parser nests one OR a level per item,
-- which the planner hook flattens before preprocessing; one array
-- comparison, and the rows of the same items as an array.
SELECT format('SELECT string_agg(id::text, '','' ORDER BY id) FROM inl WHERE id IN (%s)',
              string_agg((g * 7919 / 3)::text, ',' ORDER BY g)) AS inl_q
FROM generate_series(-1, 3000) g \gset
SELECT count(*) AS arrays FROM regexp_matches(pg_temp.inl_plan(:'inl_q'), '= ANY', 'g');
SELECT (:inl_q) AS rows,
       (:inl_q) IS NOT DISTINCT FROM
       (SELECT string_agg(id::text, ',' ORDER BY id) FROM inl
        WHERE id = ANY (SELECT g * 7919 / 3 FROM generate_series(-1, 3000) g)) AS same_as_array;
-- Left sides that differ only in a typmod are distinct, and the hash of
-- the left side tells them apart (issue 41, B): 40 left sides
-- inl_tm(id, <2 kB text>, 'x'::varchar(N)), N = 1..40, two arms each,
-- interleaved, plan as 40 arrays.  (Before, the typmod was left out of the
-- hash: the 40 fell in one run of one hash, grouping compared each arm
-- with up to 32 distinct leaders, the long constant included, and past
-- the 32nd left the arms as written.)  The rows are the definition's.
CREATE FUNCTION inl_tm(id snowflake, big text, tag varchar) RETURNS snowflake
LANGUAGE plpgsql IMMUTABLE AS 'BEGIN RETURN id; END';
SELECT format('SELECT string_agg(id::text, '','' ORDER BY id) FROM inl WHERE %s',
              string_agg(format('inl_tm(id, repeat(''b'', 2000), ''x''::varchar(%s)) = %L', g % 40 + 1,
                                CASE WHEN g <= 40 THEN g * 7919 ELSE 41 + g % 3 END),
                         ' OR ' ORDER BY g)) AS tm_q
FROM generate_series(1, 80) g \gset
SELECT count(*) AS arrays FROM regexp_matches(pg_temp.inl_plan(:'tm_q'), '= ANY', 'g');
SELECT count(*) AS ors FROM regexp_matches(pg_temp.inl_plan(:'tm_q'), ' OR ', 'g');
SELECT cardinality(string_to_array((:tm_q), ',')) AS ids,
       (:tm_q) IS NOT DISTINCT FROM
       (SELECT string_agg(id::text, ',' ORDER BY id) FROM inl
        WHERE id::numeric IN (SELECT g * 7919 FROM generate_series(1, 40) g)) AS as_defined;
-- The same 40 left sides, each once, beside a second arm of one of them:
-- only that one is an array.
SELECT count(*) AS arrays
FROM regexp_matches(pg_temp.inl_plan(format('SELECT 1 FROM inl WHERE %s OR inl_tm(id, repeat(%L, 2000), %L::varchar(7)) = %L',
		(SELECT string_agg(format('inl_tm(id, repeat(''b'', 2000), ''x''::varchar(%s)) = %L', g, g * 7919), ' OR ')
		 FROM generate_series(1, 40) g), 'b', 'x', '2')), '= ANY', 'g');
DROP FUNCTION inl_tm(snowflake, text, varchar);
DROP TABLE inl;
