-- test/corpus/corpus.sql: expressions without a snowflake operand.  Run in
-- a database with the extension and in one without it, the output must be
-- the same: installing the extension may not change what a query means.
-- Each line is the expression and its value, or the SQLSTATE of its error.
-- Two parts: integers against instants, dates, ranges and intervals; then
-- every operator the extension defines beside a core type (= <> < <= > >=
-- with bigint and timestamptz, <@ and @> with tstzrange and
-- tstzmultirange) between typed values and untyped literals, either way
-- round, and with an untyped parameter of a prepared statement, as
-- drivers send them.
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
	('tstzmultirange(tstzrange(NULL, NULL))'),
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

-- A prepared statement whose parameter's type is left to the server, as a
-- driver's untyped parameter is, run with one argument; "prepare" marks an
-- error of the preparation.
CREATE FUNCTION pg_temp.try_prepared(expr text, arg text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	result text;
BEGIN
	BEGIN
		EXECUTE 'DEALLOCATE ALL';
		EXECUTE 'PREPARE corpus_p AS SELECT (' || expr || ')::text FROM corpus_ints';
	EXCEPTION WHEN OTHERS THEN
		RETURN 'ERROR ' || SQLSTATE || ' prepare';
	END;
	EXECUTE 'EXECUTE corpus_p(' || arg || ')' INTO result;
	RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
	RETURN 'ERROR ' || SQLSTATE;
END
$$;
CREATE TEMP TABLE corpus_typed (v text);
INSERT INTO corpus_typed VALUES
	('5::bigint'), ('(-1)::bigint'), ('9223372036854775807::bigint'), ('b'), ('5'), ('i'),
	('5::smallint'), ('5.0'), ('timestamptz ''2026-01-15 00:00+00'''), ('now()'),
	('timestamp ''2026-01-15 00:00'''), ('date ''2026-01-15'''),
	('tstzrange(''2026-01-01+00'', ''2026-03-01+00'')'), ('tstzrange(NULL, NULL)'),
	('''empty''::tstzrange'), ('NULL::tstzrange'), ('tsrange(NULL, NULL)'),
	('int8range(1, 10)'), ('daterange(''2026-01-01'', ''2026-02-01'')'),
	('tstzmultirange(tstzrange(''2026-01-01+00'', ''2026-03-01+00''))'),
	('''{}''::tstzmultirange'), ('NULL::tstzmultirange'),
	('ARRAY[tstzrange(''2026-01-01+00'', ''2026-03-01+00'')]'), ('NULL::bigint'),
	('NULL::timestamptz');
CREATE TEMP TABLE corpus_untyped (v text);
INSERT INTO corpus_untyped VALUES
	('''5'''), ('''-1'''), ('''0'''), ('''319545566822428714'''), ('''9223372036854775808'''),
	('''18446744073709551615'''), ('''18446744073709551616'''), ('''  5  '''), ('''+5'''),
	(''''''), ('''abc'''), ('''2026-01-15 00:00+00'''), ('''2026-01-15'''), ('''infinity'''),
	('''[2026-01-15+00, 2026-01-20+00)'''), ('''(,)'''), ('''empty'''), ('''[1, 10)'''),
	('''{"[2026-01-15+00, 2026-01-20+00)"}'''), ('''{}'''),
	('''{[2026-01-15+00, 2026-01-20+00), [2026-02-01+00,)}'''), ('NULL');
CREATE TEMP TABLE corpus_ops (op text);
INSERT INTO corpus_ops VALUES ('='), ('<>'), ('<'), ('<='), ('>'), ('>='), ('<@'), ('@>');
SELECT expr, pg_temp.try(expr) AS result
FROM (SELECT t.v || ' ' || o.op || ' ' || u.v AS expr FROM corpus_typed t, corpus_ops o, corpus_untyped u
      UNION ALL
      SELECT u.v || ' ' || o.op || ' ' || t.v FROM corpus_typed t, corpus_ops o, corpus_untyped u
      UNION ALL
      SELECT a.v || ' ' || o.op || ' ' || c.v FROM corpus_typed a, corpus_ops o, corpus_typed c
      UNION ALL
      SELECT a.v || ' ' || o.op || ' ' || c.v FROM corpus_untyped a, corpus_ops o, corpus_untyped c
      WHERE a.v IN ('''5''', '''[2026-01-15+00, 2026-01-20+00)''', 'NULL')
      UNION ALL
      SELECT f FROM (VALUES
		('''[2026-01-15+00, 2026-01-20+00)'' <@ ANY (ARRAY[tstzrange(''2026-01-01+00'', ''2026-03-01+00'')])'),
		('tstzrange(''2026-01-01+00'', ''2026-03-01+00'') @> ANY (''{"[2026-01-15+00, 2026-01-20+00)"}'')'),
		('''2026-01-15+00'' <@ ANY (ARRAY[tstzrange(''2026-01-01+00'', ''2026-03-01+00'')])'),
		('''5'' <@ ALL (ARRAY[tstzrange(NULL, NULL)])'),
		('b = ANY (''{5, -1}'')'), ('now() < ANY (''{2026-01-01}'')')) v(f)) e
ORDER BY expr;
SELECT expr || '  with ' || arg AS expr, pg_temp.try_prepared(expr, arg) AS result
FROM (SELECT t.v || ' ' || o.op || ' $1' AS expr, u.v AS arg FROM corpus_typed t, corpus_ops o, corpus_untyped u
      UNION ALL
      SELECT '$1 ' || o.op || ' ' || t.v, u.v FROM corpus_typed t, corpus_ops o, corpus_untyped u
      UNION ALL
      SELECT t.v || ' ' || o.op || ' ANY ($1)', u.v FROM corpus_typed t, corpus_ops o, corpus_untyped u
      WHERE o.op IN ('<@', '@>', '=', '<')) e
ORDER BY 1;
