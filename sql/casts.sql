--
-- casts: integers, bigint, numeric, text; no ambiguity for "="
--

-- Integers convert into snowflake; negatives are out of range.
SELECT format('%s', q) AS cast, sf_try(q) AS result
FROM (VALUES
	('SELECT 0::smallint::snowflake'),
	('SELECT 32767::smallint::snowflake'),
	('SELECT (-1)::smallint::snowflake'),
	('SELECT (-32768)::smallint::snowflake'),
	('SELECT 2147483647::integer::snowflake'),
	('SELECT (-1)::integer::snowflake'),
	('SELECT 9223372036854775807::bigint::snowflake'),
	('SELECT (-1)::bigint::snowflake'),
	('SELECT (-9223372036854775808)::bigint::snowflake'),
	-- back to bigint: up to 2^63-1
	('SELECT ''0''::snowflake::bigint'),
	('SELECT ''9223372036854775807''::snowflake::bigint'),
	('SELECT ''9223372036854775808''::snowflake::bigint'),
	('SELECT ''18446744073709551615''::snowflake::bigint'),
	-- numeric, both ways, lossless over the whole range
	('SELECT ''0''::snowflake::numeric'),
	('SELECT ''18446744073709551615''::snowflake::numeric'),
	('SELECT 0::numeric::snowflake'),
	('SELECT 18446744073709551615::numeric::snowflake'),
	('SELECT 9223372036854775808::numeric::snowflake'),
	('SELECT 42.000::numeric::snowflake'),
	('SELECT 18446744073709551616::numeric::snowflake'),
	('SELECT 1e30::numeric::snowflake'),
	('SELECT (-1)::numeric::snowflake'),
	('SELECT (-0.0)::numeric::snowflake'),
	('SELECT 1.5::numeric::snowflake'),
	('SELECT 0.000001::numeric::snowflake'),
	('SELECT 18446744073709551615.5::numeric::snowflake'),
	('SELECT ''NaN''::numeric::snowflake'),
	('SELECT ''Infinity''::numeric::snowflake'),
	('SELECT ''-Infinity''::numeric::snowflake'),
	-- text, through the I/O functions
	('SELECT ''319545566822428714''::snowflake::text'),
	('SELECT ''319545566822428714''::text::snowflake'),
	('SELECT ''nope''::text::snowflake')
) AS t(q);

-- Every id survives snowflake -> numeric -> snowflake.
SELECT count(*) AS ids, bool_and(v::numeric::snowflake = v) AS all_round_trip
FROM (SELECT (g::numeric * 1844674407370955 + g % 1000)::snowflake AS v
      FROM generate_series(0, 10000) g) t;

-- Bigint assignment works in INSERT.
CREATE TABLE casts_big (b bigint);
INSERT INTO casts_big VALUES ('319545566822428714'::snowflake);
INSERT INTO casts_big VALUES ('9223372036854775808'::snowflake);
SELECT b FROM casts_big;

-- Integers become ids by assignment (INSERT, UPDATE), never implicitly:
-- an implicit cast would let an integer stand for an id in operators that
-- compare ids with instants and ranges (see the corpus test).
CREATE TABLE casts_sf (id snowflake);
INSERT INTO casts_sf VALUES (42), (319545566822428714), (7::smallint), ('18446744073709551615');
INSERT INTO casts_sf VALUES (-1);
UPDATE casts_sf SET id = 43 WHERE id = 42;
SELECT id FROM casts_sf ORDER BY id;
-- Where an id is expected, an integer is not taken for one; a quoted or
-- typed literal is.
SELECT format('%s', q) AS query, sf_try(q) AS result
FROM (VALUES
	('SELECT snowflake_timestamp(319545566822428714)'),
	('SELECT snowflake_timestamp(''319545566822428714'')'),
	('SELECT snowflake_timestamp(319545566822428714::snowflake)'),
	('SELECT coalesce(NULL::snowflake, 0)'),
	('SELECT coalesce(NULL::snowflake, ''0'')'),
	('SELECT pg_typeof(ARRAY[''1''::snowflake, ''2''])'),
	('SELECT ''1''::snowflake UNION SELECT 2'),
	('SELECT ''1''::snowflake + 1')
) AS t(q);

-- Comparisons with integers have operators of their own, on bigint, with
-- the id on either side; smallint and integer reach them by core's casts
-- to bigint.  They compare as the integers do: a negative one is below
-- every id, and ids of 2^63 and above are above every bigint.
SELECT '319545566822428714'::snowflake = 319545566822428714 AS a,
       319545566822428714 = '319545566822428714'::snowflake AS b,
       '42'::snowflake = 42 AS c,
       '42'::snowflake <> 42::smallint AS d,
       '42'::snowflake < 43 AS e,
       43 > '42'::snowflake AS f,
       '0'::snowflake > -1 AS g,
       '0'::snowflake = -1 AS h,
       -9223372036854775808 < '0'::snowflake AS i,
       '18446744073709551615'::snowflake > 9223372036854775807 AS j,
       '9223372036854775808'::snowflake >= 9223372036854775807 AS k;
-- Against the definition: every operator, either side first, agrees with
-- the comparison of the two as numeric, over seeded random ids and
-- integers, negatives and the edges of both types included.
SELECT setseed(0.25);
CREATE TABLE int_pairs AS
SELECT id, i
FROM (SELECT (floor(random() * 18446744073709551616::numeric))::numeric::snowflake AS id
      FROM generate_series(1, 200)
      UNION ALL VALUES ('0'::snowflake), ('1'), ('9223372036854775807'), ('9223372036854775808'),
                       ('18446744073709551615')) ids,
     (SELECT (floor(random() * 18446744073709551616::numeric) - 9223372036854775808)::bigint AS i
      FROM generate_series(1, 200)
      UNION ALL VALUES (0::bigint), (1), (-1), (9223372036854775807), (-9223372036854775808)) ints;
INSERT INTO int_pairs SELECT DISTINCT id, id::numeric::bigint FROM int_pairs WHERE id <= '9223372036854775807';
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE id::numeric = i::numeric) AS equal_pairs,
       count(*) FILTER (WHERE (id = i) IS DISTINCT FROM (id::numeric = i::numeric)
                           OR (id <> i) IS DISTINCT FROM (id::numeric <> i::numeric)
                           OR (id < i) IS DISTINCT FROM (id::numeric < i::numeric)
                           OR (id <= i) IS DISTINCT FROM (id::numeric <= i::numeric)
                           OR (id > i) IS DISTINCT FROM (id::numeric > i::numeric)
                           OR (id >= i) IS DISTINCT FROM (id::numeric >= i::numeric)
                           OR (i = id) IS DISTINCT FROM (i::numeric = id::numeric)
                           OR (i <> id) IS DISTINCT FROM (i::numeric <> id::numeric)
                           OR (i < id) IS DISTINCT FROM (i::numeric < id::numeric)
                           OR (i <= id) IS DISTINCT FROM (i::numeric <= id::numeric)
                           OR (i > id) IS DISTINCT FROM (i::numeric > id::numeric)
                           OR (i >= id) IS DISTINCT FROM (i::numeric >= id::numeric)
                           OR sign(snowflake_int8_cmp(id, i)) <> sign(id::numeric - i::numeric)
                           OR sign(int8_snowflake_cmp(i, id)) <> sign(i::numeric - id::numeric)) AS wrong
FROM int_pairs;
-- A constant integer is turned into an id at plan time, so the plan is the
-- one an id would give.  A negative one, below every id, gives a comparison
-- with the same value for every id: "id >= '0'" (true) or "id < '0'"
-- (false), NULL for a NULL id.
EXPLAIN (VERBOSE, COSTS OFF)
SELECT id = 319545566822428714, id < 42, 42::smallint >= id, id > -1, id = -1, -5 < id FROM casts_sf;
-- Each comparison with a negative constant against its definition, both
-- ways round, on the extreme ids and NULL.
CREATE TEMP TABLE neg_ids AS
SELECT id FROM (VALUES ('0'::snowflake), ('1'), ('9223372036854775807'), ('9223372036854775808'),
                       ('18446744073709551615'), (NULL)) v(id);
CREATE TEMP TABLE neg_wrong (expr text, wrong bigint);
DO $$
DECLARE
	op text;
	c text;
BEGIN
	FOREACH op IN ARRAY '{=,<>,<,<=,>,>=}'::text[] LOOP
		FOREACH c IN ARRAY '{-1,-42::smallint,-5::integer,-9223372036854775808}'::text[] LOOP
			EXECUTE format('INSERT INTO neg_wrong SELECT %1$L, count(*) FILTER (WHERE (id %2$s %3$s) IS DISTINCT FROM (id::numeric %2$s (%3$s)::numeric)) FROM neg_ids',
						   format('id %s %s', op, c), op, c);
			EXECUTE format('INSERT INTO neg_wrong SELECT %1$L, count(*) FILTER (WHERE (%3$s %2$s id) IS DISTINCT FROM ((%3$s)::numeric %2$s id::numeric)) FROM neg_ids',
						   format('%s %s id', c, op), op, c);
		END LOOP;
	END LOOP;
END $$;
SELECT count(*) AS comparisons, sum(wrong) AS wrong FROM neg_wrong;
-- In "CASE id WHEN -1" the comparison is the CASE's test, which EXPLAIN,
-- views and postgres_fdw print as its right side alone, taking it for "=":
-- a negative constant is left as written there (no id constant is unequal
-- to every id), and other constants become ids as above.
EXPLAIN (VERBOSE, COSTS OFF)
SELECT CASE id WHEN -1 THEN 'n' WHEN 0 THEN 'z' WHEN 5 THEN 'f' ELSE '.' END FROM neg_ids;
SELECT id, CASE id WHEN -1 THEN 'n' WHEN 0 THEN 'z' WHEN 5 THEN 'f' ELSE '.' END AS "case"
FROM neg_ids ORDER BY id;
-- Each such CASE, and the Output that EXPLAIN VERBOSE prints for it run as
-- a query of its own, against the definition, on the extreme ids and NULL;
-- a domain over snowflake (an implicit coercion above the test) too.
CREATE DOMAIN neg_dom AS snowflake;
CREATE TEMP TABLE case_wrong (expr text, printed text, wrong bigint);
DO $$
DECLARE
	c text;
	arg text;
	q text;
	plan json;
	printed text;
BEGIN
	FOREACH arg IN ARRAY '{id,id::neg_dom}'::text[] LOOP
		FOREACH c IN ARRAY '{-1,-42::smallint,-9223372036854775808,0,1,9223372036854775807}'::text[] LOOP
			q := format('CASE %s WHEN %s THEN true ELSE false END', arg, c);
			EXECUTE format('EXPLAIN (VERBOSE, COSTS OFF, FORMAT JSON) SELECT %s FROM neg_ids', q) INTO plan;
			printed := plan->0->'Plan'->'Output'->>0;
			EXECUTE format('INSERT INTO case_wrong SELECT %L, %L, count(*) FILTER (WHERE (%s) IS DISTINCT FROM (id::numeric = (%s)::numeric IS TRUE) OR (%s) IS DISTINCT FROM (%s)) FROM neg_ids',
						   q, printed, q, c, q, printed);
		END LOOP;
	END LOOP;
END $$;
SELECT printed, wrong FROM case_wrong;
DROP DOMAIN neg_dom;
-- An IN list of integers is a list of such comparisons; an array of bigint
-- compares across types directly.
SELECT '42'::snowflake IN (1, 42::smallint, 319545566822428714) AS in_list,
       '42'::snowflake = ANY ('{1,42}'::bigint[]) AS any_array;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT id IN (1, 2, 319545566822428714), id = ANY ('{1,2}'::bigint[]) FROM casts_sf;
-- Comparisons with numeric are not silently coerced.
SELECT '42'::snowflake = 42.0;
-- Bigint arithmetic stays bigint arithmetic.
SELECT pg_typeof(1::bigint + 1), pg_typeof(1 = 1::bigint);

-- Function-call style.
SELECT snowflake(319545566822428714), snowflake(42), snowflake(42::smallint);
SELECT int8('42'::snowflake), "numeric"('18446744073709551615'::snowflake);

-- An IN list of integers (an OR of equalities, each made an equality of
-- ids at plan time) runs as one "= ANY" scan, NOT IN as one "<> ALL"; a
-- negative item, which equals no id, drops out.  The results are those of
-- the definition: the id's unsigned value compared numerically.
CREATE TABLE inl (id snowflake);
INSERT INTO inl VALUES ('0'), ('1'), ('5'), ('9223372036854775807'),
	('9223372036854775808'), ('18446744073709551615'), (NULL);
CREATE INDEX ON inl (id);
ANALYZE inl;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM inl WHERE id IN (1, 5, -1, 5, 9223372036854775807);
EXPLAIN (COSTS OFF) SELECT id FROM inl WHERE id IN (-1, 1) OR id IN (5::smallint, NULL);
EXPLAIN (COSTS OFF) SELECT id FROM inl WHERE id NOT IN (1, -1, 5);
EXPLAIN (COSTS OFF) SELECT id FROM inl WHERE id = ANY ('{1,-1,5}'::int[]);
EXPLAIN (COSTS OFF) SELECT id FROM inl WHERE id <> ALL ('{1,-1,5}'::bigint[]);
-- The quals of a query level are rewritten once, at its first table, for
-- every table of it: a list on a later table, or behind a function scan.
EXPLAIN (COSTS OFF) SELECT a.id, b.id FROM inl a JOIN inl b ON b.id IN (1, 5) WHERE a.id = '0';
EXPLAIN (COSTS OFF) SELECT g, id FROM generate_series(1, 2) g JOIN inl ON inl.id IN (1, 5) AND g > 0;
RESET enable_seqscan;
RESET enable_bitmapscan;
-- each form against numeric, with and without the index
CREATE TEMP TABLE inl_forms (q text, def text);
INSERT INTO inl_forms VALUES
	('id IN (0, 1, -1, 1, 9223372036854775807)', 'n IN (0, 1, -1, 1, 9223372036854775807)'),
	('id IN (-5, -1)', 'n IN (-5, -1)'),
	('id IN (5, NULL, 0)', 'n IN (5, NULL, 0)'),
	('id NOT IN (0, -1, 5)', 'n NOT IN (0, -1, 5)'),
	('id NOT IN (0, NULL)', 'n NOT IN (0, NULL)'),
	('id = ANY (''{1,-1,9223372036854775807,NULL}''::bigint[])', 'n = ANY (''{1,-1,9223372036854775807,NULL}''::numeric[])'),
	('id = ANY (''{0,5,5}''::int[])', 'n = ANY (''{0,5,5}''::numeric[])'),
	('id <> ALL (''{0,-1,9223372036854775807}''::bigint[])', 'n <> ALL (''{0,-1,9223372036854775807}''::numeric[])'),
	('id <> ALL (''{1,NULL}''::int[])', 'n <> ALL (''{1,NULL}''::numeric[])'),
	('(id IN (1, 5) OR id IS NULL)', '(n IN (1, 5) OR n IS NULL)'),
	('id IN (2, 3, 4, 6, 7, 8, 9, 0, -1, 9223372036854775807)', 'n IN (2, 3, 4, 6, 7, 8, 9, 0, -1, 9223372036854775807)'),
	('id NOT IN (2, 3, 4, 6, 7, 8, 9, 0, -1, 9223372036854775807)', 'n NOT IN (2, 3, 4, 6, 7, 8, 9, 0, -1, 9223372036854775807)'),
	('(id IN (2, 3, 4, 6, 7, 8, 9, 10, 11, 1) OR id IS NULL)', '(n IN (2, 3, 4, 6, 7, 8, 9, 10, 11, 1) OR n IS NULL)'),
	('NOT (id NOT IN (2, 3, 4, 6, 7, 8, 9, 10, 11, 5))', 'NOT (n NOT IN (2, 3, 4, 6, 7, 8, 9, 10, 11, 5))');
DO $$
DECLARE
	f record;
	s text;
	got text;
	want text;
BEGIN
	FOR s IN VALUES ('off'), ('on') LOOP
		PERFORM set_config('enable_indexscan', s, true);
		PERFORM set_config('enable_indexonlyscan', s, true);
		PERFORM set_config('enable_bitmapscan', s, true);
		FOR f IN SELECT * FROM inl_forms LOOP
			EXECUTE format('SELECT string_agg(id::text, '','' ORDER BY id) FROM inl WHERE %s', f.q) INTO got;
			EXECUTE format('SELECT string_agg(id::text, '','' ORDER BY id) FROM (SELECT id, "numeric"(id) AS n FROM inl) x WHERE %s', f.def) INTO want;
			IF got IS DISTINCT FROM want THEN
				RAISE WARNING 'index %: % gives %, the definition %', s, f.q, got, want;
			END IF;
		END LOOP;
	END LOOP;
END $$;
-- An integer beyond bigint is numeric, which ids do not compare with.
SELECT id FROM inl WHERE id IN (1, 18446744073709551615);
-- 20,000 integers: PostgreSQL parses the list as nested ORs, deeper than
-- the stack allows (54001, before the planner sees it); quoted, or as an
-- array of bigint, the same list is one array.
DO $$
BEGIN
	EXECUTE format('SELECT count(*) FROM inl WHERE id IN (%s)',
				   (SELECT string_agg(g::text, ', ') FROM generate_series(1, 20000) g));
EXCEPTION WHEN statement_too_complex THEN
	RAISE NOTICE 'integers: %', SQLSTATE;
END $$;
DO $$
DECLARE
	n bigint;
BEGIN
	EXECUTE format('SELECT count(*) FROM inl WHERE id IN (%s)',
				   (SELECT string_agg(quote_literal(g), ', ') FROM generate_series(1, 20000) g)) INTO n;
	RAISE NOTICE 'quoted: %', n;
END $$;
SELECT count(*) AS bigint_array FROM inl
WHERE id = ANY (('{' || (SELECT string_agg(g::text, ',') FROM generate_series(1, 20000) g) || '}')::bigint[]);
-- A volatile left side is left alone: each arm calls it anew.
EXPLAIN (COSTS OFF) SELECT 1 FROM inl WHERE (random() * 3)::int::snowflake IN (1, 2);
-- So is a long list on it, in one pass over the list (one pass per item
-- took 0.3 s to plan 3000 items, seconds for 10000; the time is not
-- checked here).
DO $$
DECLARE
	plan text;
BEGIN
	EXECUTE format('EXPLAIN (COSTS OFF) SELECT 1 FROM inl WHERE (random() * 3)::int::snowflake IN (%s)',
				   (SELECT string_agg(g::text, ', ') FROM generate_series(1, 3000) g)) INTO plan;
	RAISE NOTICE '%', plan;
END $$;
DROP TABLE inl;
