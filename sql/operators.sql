--
-- operators: comparison (unsigned order), min/max, hashing
--

CREATE TABLE ops (v snowflake);
INSERT INTO ops VALUES ('0'), ('1'), ('319545566822428714'),
	('9223372036854775807'), ('9223372036854775808'),
	('18446744073709551614'), ('18446744073709551615');

-- The full truth table over pairs, checked against numeric order.
SELECT count(*) AS pairs,
       bool_and((a.v = b.v) = (a.v::numeric = b.v::numeric)) AS eq,
       bool_and((a.v <> b.v) = (a.v::numeric <> b.v::numeric)) AS ne,
       bool_and((a.v < b.v) = (a.v::numeric < b.v::numeric)) AS lt,
       bool_and((a.v <= b.v) = (a.v::numeric <= b.v::numeric)) AS le,
       bool_and((a.v > b.v) = (a.v::numeric > b.v::numeric)) AS gt,
       bool_and((a.v >= b.v) = (a.v::numeric >= b.v::numeric)) AS ge,
       bool_and(snowflake_cmp(a.v, b.v) = sign(a.v::numeric - b.v::numeric)) AS cmp
FROM ops a, ops b;

-- Unsigned: 2^63 sorts after 2^63-1, the maximum after everything.
SELECT v FROM ops ORDER BY v;
SELECT v FROM ops ORDER BY v DESC LIMIT 3;
SELECT '9223372036854775808'::snowflake > '9223372036854775807'::snowflake AS unsigned,
       '18446744073709551615'::snowflake > '0'::snowflake AS max_gt_zero,
       snowflake_cmp('0', '18446744073709551615') AS cmp_lo,
       snowflake_cmp('18446744073709551615', '0') AS cmp_hi,
       snowflake_cmp('42', '42') AS cmp_eq;

-- min() and max(), also across the 2^63 boundary, and of nothing.
SELECT min(v), max(v) FROM ops;
SELECT min(v), max(v) FROM ops WHERE v < '9223372036854775809';
SELECT min(v), max(v) FROM ops WHERE false;
SELECT snowflake_larger('9223372036854775808', '9223372036854775807'),
       snowflake_smaller('9223372036854775808', '9223372036854775807');

-- Sorting a larger set (sortsupport) agrees with numeric order.
CREATE TABLE ops_many AS
SELECT ((g::numeric * 7919 * 1000000007) % 18446744073709551616)::snowflake AS v
FROM generate_series(1, 20000) g;
SELECT bool_and(ok) AS sorted FROM (
	SELECT lag(v) OVER (ORDER BY v) IS NULL
	       OR lag(v::numeric) OVER (ORDER BY v) < v::numeric AS ok
	FROM ops_many) s;

-- Hashing: seed 0 of the extended hash agrees with the plain hash in its
-- low 32 bits; other seeds change it.
SELECT bool_and((snowflake_hash_extended(v, 0) & 4294967295) =
                (snowflake_hash(v)::bigint & 4294967295)) AS seed0_matches,
       bool_and(snowflake_hash_extended(v, 1) <> snowflake_hash_extended(v, 0)) AS seed_matters,
       count(DISTINCT snowflake_hash(v)) AS distinct_hashes
FROM ops_many;
-- Ids a millisecond, a worker or a sequence apart hash apart.
SELECT count(DISTINCT snowflake_hash(make_snowflake('2026-05-31 18:40:00+00'::timestamptz
                                                    + g * interval '1 ms', g % 1024, g % 4096))) AS distinct_hashes
FROM generate_series(0, 9999) g;

-- Hash aggregation and hash joins.
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT v, count(*) FROM ops GROUP BY v;
SELECT v, count(*) FROM ops GROUP BY v ORDER BY v;
RESET enable_sort;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ops_many a JOIN ops_many b ON a.v = b.v;
SELECT count(*) FROM ops_many a JOIN ops_many b ON a.v = b.v;
RESET enable_mergejoin;
-- Merge joins.
SET enable_hashjoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ops_many a JOIN ops_many b ON a.v = b.v;
SELECT count(*) FROM ops_many a JOIN ops_many b ON a.v = b.v;
RESET enable_hashjoin;
RESET enable_nestloop;

-- DISTINCT, IN lists, NULLs.
SELECT count(DISTINCT v) FROM (SELECT v FROM ops UNION ALL SELECT v FROM ops) s;
SELECT v FROM ops WHERE v IN (0, 1, '18446744073709551615') ORDER BY v;
SELECT NULL::snowflake = '1', NULL::snowflake < '1', min(NULL::snowflake);
