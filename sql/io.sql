--
-- io: text and binary input and output, JSON
--

-- The seed vector, the ends of the range, and the signed boundary.
SELECT '319545566822428714'::snowflake AS seed,
       '0'::snowflake AS zero,
       '18446744073709551615'::snowflake AS max,
       '9223372036854775807'::snowflake AS "2^63-1",
       '9223372036854775808'::snowflake AS "2^63";

-- Every input gets a value or an error with the right SQLSTATE.
SELECT format('%L', input) AS input, sf_try(format('SELECT %L::snowflake', input)) AS result
FROM (VALUES
	('0'), ('00'), ('000000000000000000000000042'), ('42'), ('+42'),
	('  42'), ('42  '),
	('18446744073709551615'), ('018446744073709551615'),
	('18446744073709551616'), ('99999999999999999999'),
	('99999999999999999999999999999999999999'),
	('-1'), ('-0'), (' -42 '), ('-18446744073709551616'),
	(''), ('   '), ('+'), ('-'), ('+-1'), ('--1'), ('++1'),
	('abc'), ('12x'), ('x12'), ('1 2'), ('4 2'), ('1.0'), ('1e3'), ('0x10'),
	('1_000'), ('NaN'), ('infinity'), ('-infinity'),
	('99999999999999999999999x'), ('-99999999999999999999999x'),
	(E'42\u00a0'), ('４２')
) AS t(input);

-- All six ASCII whitespace characters are trimmed, as int8in does.
SELECT E'\t\n\r\f\x0B 42 \t\n\r\f\x0B'::snowflake AS trimmed;

-- The error messages quote the input.
SELECT 'abc'::snowflake;
SELECT ''::snowflake;
SELECT '18446744073709551616'::snowflake;
SELECT '-1'::snowflake;

-- Text output is decimal; text round trip over assorted values.
SELECT v::text, v::text::snowflake = v AS round_trip
FROM (VALUES ('0'::snowflake), ('1'), ('9'), ('10'), ('4294967295'),
             ('4294967296'), ('319545566822428714'), ('9223372036854775807'),
             ('9223372036854775808'), ('18446744073709551614'),
             ('18446744073709551615')) AS t(v);

-- Binary output: 8 bytes, network byte order.
SELECT snowflake_send('0'), snowflake_send('1'), snowflake_send('319545566822428714'),
       snowflake_send('9223372036854775808'), snowflake_send('18446744073709551615');

-- Binary input: COPY out and back in binary format is lossless.
CREATE TABLE io_bin (id snowflake);
INSERT INTO io_bin VALUES ('0'), ('1'), ('319545566822428714'),
	('9223372036854775807'), ('9223372036854775808'), ('18446744073709551615'), (NULL);
\copy io_bin TO 'results/io_bin.copy' WITH (FORMAT binary)
CREATE TABLE io_bin2 (id snowflake);
\copy io_bin2 FROM 'results/io_bin.copy' WITH (FORMAT binary)
SELECT id FROM io_bin2 ORDER BY id;
SELECT (SELECT array_agg(id ORDER BY id) FROM io_bin)
       IS NOT DISTINCT FROM
       (SELECT array_agg(id ORDER BY id) FROM io_bin2) AS identical;

-- Binary input of a wrong-length field is refused (4 bytes, not 8).
\copy (SELECT 42::int4) TO 'results/io_bin_short.copy' WITH (FORMAT binary)
\copy io_bin2 FROM 'results/io_bin_short.copy' WITH (FORMAT binary)

-- Text COPY round trip.
\copy io_bin TO 'results/io_text.copy'
TRUNCATE io_bin2;
\copy io_bin2 FROM 'results/io_text.copy'
SELECT count(*) FILTER (WHERE id IS NOT NULL) AS ids, count(*) AS rows,
       bool_and(id IN (SELECT id FROM io_bin)) AS same
FROM io_bin2;

-- JSON: an id is a string, never a number (JavaScript rounds numbers above
-- 2^53: 319545566822428714 would become 319545566822428700).
SELECT to_json('319545566822428714'::snowflake),
       to_jsonb('18446744073709551615'::snowflake),
       json_build_object('id', '319545566822428714'::snowflake),
       jsonb_build_object('id', '319545566822428714'::snowflake);
SELECT row_to_json(t) FROM (SELECT '319545566822428714'::snowflake AS id, 7 AS n) t;
SELECT json_agg(id ORDER BY id) FROM io_bin WHERE id IS NOT NULL;
SELECT json_typeof(to_json('42'::snowflake));
-- and back: a JSON string converts to snowflake
SELECT ('{"id": "319545566822428714"}'::jsonb ->> 'id')::snowflake;
