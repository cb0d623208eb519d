-- test/corpus/corpus.sql: expressions without a snowflake operand.  Run in
-- a database with the extension and in one without it, the output must be
-- the same: installing the extension may not change what a query means.
-- Each line is the expression and its value, or the SQLSTATE of its error.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET intervalstyle = 'postgres';
SET client_min_messages = warning;
CREATE TEMP TABLE corpus_ints (i int, b bigint, s smallint);
INSERT INTO corpus_ints VALUES (20991231, 1700000000000, 5);
CREATE FUNCTION pg_temp.try(expr text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	result text;
BEGIN
	EXECUTE 'SELECT (' || expr || ')::text FROM corpus_ints' INTO result;
	RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
	RETURN 'ERROR ' || SQLSTATE;
END
$$;
WITH lefts(l) AS (VALUES
	('20991231'), ('1700000000'), ('1700000000000'), ('5::smallint'), ('0'), ('-1'),
	('i'), ('b'), ('s'), ('9223372036854775807'), ('18446744073709551615'), ('1.5'), ('NULL::int')),
rights(r) AS (VALUES
	('current_date'), ('now()'), ('date ''2026-01-01'''), ('timestamp ''2026-01-01 12:00'''),
	('timestamptz ''2026-01-01 12:00+00'''), ('tstzrange(NULL, NULL)'), ('tstzrange(''2026-01-01+00'', NULL)'),
	('tsrange(NULL, NULL)'), ('daterange(''2026-01-01'', ''2026-02-01'')'), ('int4range(1, 10)'),
	('int8range(1, 10)'), ('interval ''1 day'''), ('time ''12:00'''), ('''2026-01-01''::text'),
	('ARRAY[now()]'), ('NULL::timestamptz')),
ops(op) AS (VALUES ('<'), ('<='), ('>'), ('>='), ('='), ('<>'), ('<@'), ('@>'), ('&&'), ('+'), ('-'))
SELECT expr, pg_temp.try(expr) AS result
FROM (SELECT l || ' ' || op || ' ' || r AS expr FROM lefts, rights, ops
      UNION ALL
      SELECT r || ' ' || op || ' ' || l FROM lefts, rights, ops
      UNION ALL
      SELECT f FROM (VALUES
		('greatest(now(), 5)'), ('least(current_date, 20991231)'), ('coalesce(now(), 5)'),
		('5 IN (now(), current_date)'), ('now() IN (1, 2)'), ('now() BETWEEN 1 AND 2'),
		('current_date BETWEEN 20990101 AND 20991231'), ('5 = ANY (ARRAY[now()])'),
		('now() = ANY (ARRAY[1, 2])'), ('CASE WHEN true THEN now() ELSE 5 END'),
		('ARRAY[now(), 5]'), ('tstzrange(NULL, NULL) @> 5'), ('5 <@ tstzrange(''2026-01-01+00'', NULL)'),
		('b <@ tstzrange(NULL, NULL)'), ('tstzrange(NULL, NULL) @> b'), ('int8range(1, 10) @> b'),
		('b <@ int8range(1, 10)'), ('i < now()'), ('s >= current_date'), ('b = b'), ('b < i'),
		('b = 1700000000000'), ('5 = 5::bigint'), ('row(1, now()) < row(2, now())')) v(f)) e
ORDER BY expr;
