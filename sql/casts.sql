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

-- Bigint assignment works in INSERT; implicit use as bigint does not.
CREATE TABLE casts_big (b bigint);
INSERT INTO casts_big VALUES ('319545566822428714'::snowflake);
INSERT INTO casts_big VALUES ('9223372036854775808'::snowflake);
SELECT b FROM casts_big;
SELECT '1'::snowflake + 1;

-- "=" with an integer literal resolves to snowflake = snowflake, with no
-- ambiguity, on either side and for every integer width.
SELECT '319545566822428714'::snowflake = 319545566822428714 AS a,
       319545566822428714 = '319545566822428714'::snowflake AS b,
       '42'::snowflake = 42 AS c,
       '42'::snowflake <> 42::smallint AS d,
       '42'::snowflake < 43 AS e,
       43 > '42'::snowflake AS f;
-- The integer is folded into a snowflake constant at plan time.
CREATE TABLE casts_sf (id snowflake);
EXPLAIN (VERBOSE, COSTS OFF)
SELECT id = 319545566822428714, id < 42, 42::smallint >= id FROM casts_sf;
-- Mixed with integers, expressions resolve to snowflake; integers alone
-- stay integers.
SELECT pg_typeof(coalesce(NULL::snowflake, 0)) AS "coalesce",
       pg_typeof(CASE WHEN true THEN '1'::snowflake ELSE 0 END) AS "case",
       pg_typeof(ARRAY['1'::snowflake, 2, 3::bigint]) AS "array",
       pg_typeof(greatest('1'::snowflake, 2)) AS "greatest",
       pg_typeof(coalesce(1, 2::bigint)) AS integers;
SELECT id, pg_typeof(id) FROM (SELECT '18446744073709551615'::snowflake UNION ALL SELECT 7) u(id)
ORDER BY id;
SELECT '42'::snowflake IN (1, 42::smallint, 319545566822428714) AS in_list;
EXPLAIN (VERBOSE, COSTS OFF) SELECT id IN (1, 2, 319545566822428714) FROM casts_sf;
-- A negative integer in such a mix is still caught.
SELECT coalesce(NULL::snowflake, -1);
-- Comparisons with numeric are not silently coerced.
SELECT '42'::snowflake = 42.0;
-- Bigint arithmetic stays bigint arithmetic.
SELECT pg_typeof(1::bigint + 1), pg_typeof(1 = 1::bigint);

-- Function-call style.
SELECT snowflake(319545566822428714), snowflake(42), snowflake(42::smallint);
SELECT int8('42'::snowflake), "numeric"('18446744073709551615'::snowflake);
