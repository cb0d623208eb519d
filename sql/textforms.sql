--
-- textforms: branded strings and stream ids
--
SET timezone = 'UTC';

-- The vectors of the design.
SELECT snowflake_brand('319545566822428714', 'PGE') AS seed,
       snowflake_brand('274557032793636864', 'USR') AS usr,
       snowflake_brand('9223372036854775807', 'EVT') AS "2^63-1",
       snowflake_brand('0', 'EVT') AS zero,
       snowflake_brand('18446744073709551615', 'EVT') AS max;
SELECT snowflake_unbrand('PGE0NbWMtkosp8') AS seed,
       snowflake_unbrand('USR0KHTOWnGLuC') AS usr,
       snowflake_unbrand('EVTAzL8n0Y58m7') AS "2^63-1",
       snowflake_unbrand('EVT00000000000') AS zero,
       snowflake_unbrand('EVTLygHa16AHYF') AS max;
SELECT snowflake_namespace('USR0KHTOWnGLuC'),
       snowflake_unbrand('USR0KHTOWnGLuC', 'USR');

-- The kind door: an EVT column admits no USR id.
SELECT snowflake_unbrand('USR0KHTOWnGLuC', 'EVT');

-- Fixed width: text order is id order within a namespace.
SELECT count(*) AS pairs,
       bool_and((snowflake_brand(a, 'EVT') < snowflake_brand(b, 'EVT')) = (a < b)) AS same_order
FROM (SELECT ((g::numeric * 7919 * 1000000007) % 18446744073709551616)::snowflake AS a,
             ((g::numeric * 104729 * 998244353) % 18446744073709551616)::snowflake AS b
      FROM generate_series(1, 5000) g) t;

-- Byte order: ORDER BY the branded string COLLATE "C" is ORDER BY id,
-- within a namespace, over seeded random ids and both ends of the id space
-- (the base62 digits 0-9 < A-Z < a-z are in ASCII order).  Under a
-- linguistic collation it need not be: en-US puts 'a' before 'B'.
SELECT setseed(0.6);
CREATE TABLE branded AS
SELECT id, snowflake_brand(id, 'EVT') AS b
FROM (SELECT (floor(random() * 18446744073709551616::numeric))::numeric(20)::snowflake AS id
      FROM generate_series(1, 3000)
      UNION ALL
      SELECT floor(random() * 4398046511104)::bigint::snowflake FROM generate_series(1, 1000)
      UNION ALL VALUES ('0'::snowflake), ('18446744073709551615')) g;
SELECT count(*) AS ids,
       bool_and(by_text = by_id) AS same_order
FROM (SELECT row_number() OVER (ORDER BY b COLLATE "C") AS by_text,
             row_number() OVER (ORDER BY id) AS by_id
      FROM branded) t;
-- Across namespaces the namespace sorts first, not the id.
SELECT snowflake_brand('18446744073709551615', 'EVT') COLLATE "C" < snowflake_brand('0', 'USR') AS evt_max_before_usr_zero;

-- Every bad input: 22P02 for syntax, 22003 for a payload past the maximum,
-- 22023 for a bad namespace argument.
SELECT q, sf_try(q) AS result
FROM (VALUES
	('SELECT snowflake_unbrand(''EVTLygHa16AHYG'')'),
	('SELECT snowflake_unbrand(''EVTzzzzzzzzzzz'')'),
	('SELECT snowflake_unbrand(''EVT0NbWMtkosp'')'),
	('SELECT snowflake_unbrand(''EVT0NbWMtkosp88'')'),
	('SELECT snowflake_unbrand('''')'),
	('SELECT snowflake_unbrand(''evt0NbWMtkosp8'')'),
	('SELECT snowflake_unbrand(''EV10NbWMtkosp8'')'),
	('SELECT snowflake_unbrand(''EVT0NbWMtkos-8'')'),
	('SELECT snowflake_unbrand(''EVT0NbWMtkos 8'')'),
	('SELECT snowflake_unbrand('' EVT0NbWMtkosp8'')'),
	('SELECT snowflake_unbrand(''ÉVT0NbWMtkosp8'')'),
	('SELECT snowflake_namespace(''EVT0NbWMtkosp'')'),
	('SELECT snowflake_brand(''1'', ''evt'')'),
	('SELECT snowflake_brand(''1'', ''EV'')'),
	('SELECT snowflake_brand(''1'', ''EVTX'')'),
	('SELECT snowflake_brand(''1'', ''E1T'')'),
	('SELECT snowflake_brand(''1'', '''')'),
	('SELECT snowflake_unbrand(''EVT0NbWMtkosp8'', ''evt'')'),
	('SELECT snowflake_unbrand(''EVT0NbWMtkosp8'', ''EVT'')')
) AS t(q);

-- The type's text input takes a branded string too; output stays decimal.
SELECT 'EVT0NbWMtkosp8'::snowflake AS branded_input;
SELECT '319545566822428714'::snowflake = 'PGE0NbWMtkosp8' AS same;
SELECT 'EVTLygHa16AHYG'::snowflake;
SELECT 'EVT0NbWMtkosp'::snowflake;
CREATE TABLE tf (id snowflake PRIMARY KEY);
INSERT INTO tf VALUES ('EVT0NbWMtkosp8'), (274557032793636864);
EXPLAIN (COSTS OFF) SELECT * FROM tf WHERE id = 'EVT0NbWMtkosp8';
SELECT * FROM tf WHERE id = 'EVT0NbWMtkosp8';

-- Stream ids.
SELECT snowflake_stream_id('319545566822428714') AS seed,
       snowflake_stream_id(snowflake_unbrand('EVT000xY9Wvvcd')) AS course,
       snowflake_stream_id('0') AS zero,
       snowflake_stream_id('18446744073709551615') AS max;
SELECT snowflake_brand(snowflake_from_stream_id('1704117200000-1620567'), 'EVT') AS course,
       snowflake_from_stream_id('1780252800000-28714') AS seed;
-- The seed's bounds compose: floor is "<ms>-0", ceil is "<ms>-4194303".
SELECT snowflake_stream_id(snowflake_floor('2026-05-31 18:40:00+00')) AS floor,
       snowflake_stream_id(snowflake_ceil('2026-05-31 18:40:00+00')) AS ceil,
       snowflake_stream_id(snowflake_floor('2026-05-31 18:40:00.0009+00')) AS floor_truncated;
SELECT q, sf_try(q) AS result
FROM (VALUES
	('SELECT snowflake_from_stream_id(''1704067200000-0'')'),
	('SELECT snowflake_from_stream_id(''6102113711103-4194303'')'),
	('SELECT snowflake_from_stream_id(''01780252800000-028714'')'),
	('SELECT snowflake_from_stream_id(''1704067199999-0'')'),
	('SELECT snowflake_from_stream_id(''0-0'')'),
	('SELECT snowflake_from_stream_id(''6102113711104-0'')'),
	('SELECT snowflake_from_stream_id(''99999999999999999999999-0'')'),
	('SELECT snowflake_from_stream_id(''1780252800000-4194304'')'),
	('SELECT snowflake_from_stream_id(''1780252800000-99999999999999999999'')'),
	('SELECT snowflake_from_stream_id(''1780252800000'')'),
	('SELECT snowflake_from_stream_id(''1780252800000-'')'),
	('SELECT snowflake_from_stream_id(''-28714'')'),
	('SELECT snowflake_from_stream_id(''1780252800000--1'')'),
	('SELECT snowflake_from_stream_id(''1780252800000-1-2'')'),
	('SELECT snowflake_from_stream_id(''1780252800000-+1'')'),
	('SELECT snowflake_from_stream_id('' 1780252800000-1'')'),
	('SELECT snowflake_from_stream_id(''1780252800000-1 '')'),
	('SELECT snowflake_from_stream_id(''1780252800000-*'')'),
	('SELECT snowflake_from_stream_id('''')')
) AS t(q);

-- Round trips over many seeded random ids: branded, stream id, text.
SELECT setseed(0.42);
CREATE TABLE prop AS
SELECT (floor(random() * 4294967296)::numeric * 4294967296
        + floor(random() * 4294967296)::numeric)::snowflake AS id
FROM generate_series(1, 20000);
INSERT INTO prop VALUES (0), (1), ('9223372036854775807'), ('9223372036854775808'), ('18446744073709551615');
SELECT count(*) AS ids,
       bool_and(snowflake_unbrand(snowflake_brand(id, 'ABC')) = id) AS brand,
       bool_and(snowflake_unbrand(snowflake_brand(id, 'XYZ'), 'XYZ') = id) AS brand_checked,
       bool_and(length(snowflake_brand(id, 'ABC')) = 14) AS fixed_width,
       bool_and(snowflake_from_stream_id(snowflake_stream_id(id)) = id) AS stream_id,
       bool_and(id::text::snowflake = id) AS text,
       bool_and(snowflake_brand(id, 'ABC')::snowflake = id) AS branded_input
FROM prop;
-- Binary I/O: COPY out and back in binary format.
\copy prop TO 'results/textforms_prop.copy' WITH (FORMAT binary)
CREATE TABLE prop2 (LIKE prop);
\copy prop2 FROM 'results/textforms_prop.copy' WITH (FORMAT binary)
SELECT (SELECT count(*) FROM prop) AS ids,
       (SELECT count(*) FROM (SELECT id FROM prop EXCEPT ALL SELECT id FROM prop2) d) AS lost,
       (SELECT count(*) FROM (SELECT id FROM prop2 EXCEPT ALL SELECT id FROM prop) d) AS gained;

-- Under a collation that is not byte order, branded strings do not sort as
-- their ids: under ICU's English (on servers built with ICU, such as
-- Debian's) 'EVT0000000000a' (id 36) sorts before 'EVT0000000000B' (id
-- 11).  Silent where the collation does not exist; an error if the claim
-- fails.
DO $$
BEGIN
	IF EXISTS (SELECT FROM pg_collation WHERE collname = 'en-x-icu') THEN
		IF NOT (SELECT 'EVT0000000000a' < 'EVT0000000000B' COLLATE "en-x-icu"
				   AND snowflake_unbrand('EVT0000000000a') > snowflake_unbrand('EVT0000000000B')) THEN
			RAISE EXCEPTION 'under en-x-icu the branded strings sort as their ids';
		END IF;
	END IF;
END
$$;
