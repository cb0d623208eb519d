--
-- jit: with JIT forced on, including inlining of the extension's bitcode,
-- expressions over snowflake give the same answers as the interpreter
--
CREATE TABLE j AS
SELECT make_snowflake('2026-05-31 00:00:00+00'::timestamptz + g * interval '1 s', g % 1024, g % 4096) AS id
FROM generate_series(0, 86399) g;
INSERT INTO j VALUES ('9223372036854775808'), ('18446744073709551615'), ('0');

-- One query exercising comparisons, bounds, fields, min/max and hashing.
CREATE VIEW j_summary AS
SELECT count(*) FILTER (WHERE id < '319545566822428714') AS lt,
       count(*) FILTER (WHERE id >= snowflake_floor('2026-05-31 12:00:00+00')
                          AND id <= snowflake_ceil('2026-05-31 12:59:59.999+00')) AS hour,
       sum(snowflake_worker(id)) AS workers,
       sum(snowflake_sequence(id)) AS sequences,
       max(id) AS max, min(id) AS min,
       count(DISTINCT snowflake_hash(id)) AS hashes
FROM j;

-- Interpreted.
SET jit = off;
CREATE TABLE j_interpreted AS SELECT * FROM j_summary;
SELECT * FROM j_interpreted;

-- Compiled, optimised and inlined.
SET jit = on;
SET jit_above_cost = 0;
SET jit_inline_above_cost = 0;
SET jit_optimize_above_cost = 0;
SELECT (SELECT i FROM j_interpreted i) = (SELECT s FROM j_summary s) AS same_under_jit;

-- JIT did run, with inlining, for such a query.  (EXPLAIN prints the JIT
-- summary only with costs on; only its options line is kept.)
CREATE FUNCTION jit_options(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) ' || query LOOP
		IF line ~ 'Options:' THEN
			RETURN btrim(line);
		END IF;
	END LOOP;
	RETURN 'no JIT';
END
$$;
SELECT jit_options('SELECT * FROM j_summary');
