-- test/flatten/flatten.sql: plans of nested ANDs and ORs, in a database
-- without the extension (test/flatten/run), printed as EXPLAIN (COSTS OFF).
SET client_min_messages = warning;
\pset format unaligned
SELECT 'library loaded: ' ||
	(current_setting('snowflake.max_lead', true) IS NOT NULL)::text AS loaded \gset
\echo :loaded
DROP TABLE IF EXISTS flat_a, flat_b;
CREATE TABLE flat_a (a int, b bigint, c text);
CREATE TABLE flat_b (a int, d int);
CREATE INDEX ON flat_a (a);

-- ORs nested to the right, a level per arm: a = 0 OR (a = 1 OR (...))
SELECT 'EXPLAIN (COSTS OFF) SELECT * FROM flat_a WHERE ' ||
	repeat('(', 0) || string_agg(format('a = %s OR (', i), '' ORDER BY i) ||
	'a = -1' || repeat(')', 300)
  FROM generate_series(0, 299) AS i \gexec

-- ANDs nested to the right, and to the left
SELECT 'EXPLAIN (COSTS OFF) SELECT * FROM flat_a WHERE ' ||
	string_agg(format('a <> %s AND (', i), '' ORDER BY i) || 'b > 0' || repeat(')', 300)
  FROM generate_series(0, 299) AS i \gexec
SELECT 'EXPLAIN (COSTS OFF) SELECT * FROM flat_a WHERE ' || repeat('(', 300) || 'b > 0' ||
	string_agg(format(' AND a <> %s)', i), '' ORDER BY i)
  FROM generate_series(0, 299) AS i \gexec

-- ANDs and ORs alternating, 60 levels deep
SELECT 'EXPLAIN (COSTS OFF) SELECT * FROM flat_a WHERE ' ||
	string_agg(format('a = %s %s (', i, CASE WHEN i % 2 = 0 THEN 'OR' ELSE 'AND' END), ''
			   ORDER BY i) || 'c IS NULL' || repeat(')', 60)
  FROM generate_series(0, 59) AS i \gexec

-- an IN list of integers, one of numerics, NOT of nested ORs
SELECT 'EXPLAIN (COSTS OFF) SELECT * FROM flat_a WHERE b IN (' ||
	string_agg(i::text, ', ' ORDER BY i) || ')'
  FROM generate_series(1, 500) AS i \gexec
SELECT 'EXPLAIN (COSTS OFF) SELECT * FROM flat_a WHERE a IN (' ||
	string_agg(i::text || '.5', ', ' ORDER BY i) || ')'
  FROM generate_series(1, 200) AS i \gexec
SELECT 'EXPLAIN (COSTS OFF) SELECT * FROM flat_a WHERE NOT (' ||
	string_agg(format('a = %s OR (', i), '' ORDER BY i) || 'c = ''x''' || repeat(')', 101)
  FROM generate_series(0, 99) AS i \gexec

-- nested in a join's ON, a subquery, a CTE and the target list
SELECT 'EXPLAIN (COSTS OFF) SELECT x.a, (' ||
	string_agg(format('x.b = %s OR (', i), '' ORDER BY i) || 'false' || repeat(')', 100) ||
	') AS hit FROM flat_a x JOIN flat_b y ON (y.a = x.a AND (y.d = 1 OR (y.d = 2 OR (y.d = 3))))' ||
	' WHERE x.a IN (SELECT a FROM flat_b WHERE (d = 4 AND (d > 0 AND (a < 9))))'
  FROM generate_series(0, 99) AS i \gexec
SELECT 'EXPLAIN (COSTS OFF) WITH w AS MATERIALIZED (SELECT * FROM flat_a WHERE ' ||
	string_agg(format('a = %s OR (', i), '' ORDER BY i) || 'a IS NULL' || repeat(')', 100) ||
	') SELECT count(*) FROM w GROUP BY (c = ''a'' OR (c = ''b'' OR c = ''c''))'
  FROM generate_series(0, 99) AS i \gexec

DROP TABLE flat_a, flat_b;
