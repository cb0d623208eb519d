-- test/bench/11-convert.sql: snowflake_convert_key against the same
-- rewrite by hand to bigint, in the same run, at growing sizes.
--  - The tables: a key table of n rows (id serial PRIMARY KEY, v int) and
--    a referencing table of 2n rows (its own serial key, a foreign key to
--    the first, indexed).
--  - snowflake: SELECT snowflake_convert_key('cv_key'), which rewrites
--    both tables, rebuilds their indexes and validates the foreign key
--    once, under ACCESS EXCLUSIVE.
--  - bigint: the classic migration of an integer key, by hand: the
--    foreign key dropped, both columns ALTER ... TYPE bigint, the foreign
--    key added again.
-- psql variables: reps, convert_rows (the sizes n, "100000 400000 1600000"
-- unless given).
\ir lib.psql
\if :{?convert_rows}
\else
\set convert_rows '100000 400000 1600000'
\endif

DROP TABLE IF EXISTS cv_ref, cv_key, cv_sizes;
CREATE TABLE cv_sizes AS
SELECT k, s::int AS n FROM unnest(string_to_array(:'convert_rows', ' ')) WITH ORDINALITY AS u(s, k);

-- cv_setup(n): the statements that make the two tables, filled and analyzed
CREATE FUNCTION pg_temp.cv_setup(n int) RETURNS text LANGUAGE sql AS $$
	SELECT format($s$
		DROP TABLE IF EXISTS cv_ref, cv_key;
		CREATE TABLE cv_key (id serial PRIMARY KEY, v int);
		CREATE TABLE cv_ref (id serial PRIMARY KEY, key_id int NOT NULL REFERENCES cv_key, v int);
		CREATE INDEX ON cv_ref (key_id);
		INSERT INTO cv_key (v) SELECT g FROM generate_series(1, %1$s) g;
		INSERT INTO cv_ref (key_id, v) SELECT 1 + g %% %1$s, g FROM generate_series(1, 2 * %1$s) g;
		ANALYZE cv_key, cv_ref$s$, n)
$$;

-- each table made in a statement of its own, each measurement in one of
-- its own: a conversion in the transaction that made its tables would
-- hold their locks already
\o /dev/null
SELECT pg_temp.cv_setup(s.n),
       format('SELECT pg_temp.bench(%L, %L, %s, '''', %L)', 'convert|' || s.n, t.typ, r, t.q)
FROM cv_sizes s, generate_series(1, :reps) r,
     (VALUES (1, 'snowflake', 'SELECT count(*) FROM snowflake_convert_key(''cv_key'')'),
             (2, 'bigint', 'ALTER TABLE cv_ref DROP CONSTRAINT cv_ref_key_id_fkey;
                            ALTER TABLE cv_key ALTER COLUMN id TYPE bigint;
                            ALTER TABLE cv_ref ALTER COLUMN key_id TYPE bigint;
                            ALTER TABLE cv_ref ADD CONSTRAINT cv_ref_key_id_fkey FOREIGN KEY (key_id) REFERENCES cv_key')
     ) t(o, typ, q)
ORDER BY s.k, r, CASE WHEN r % 2 = 0 THEN -t.o ELSE t.o END \gexec
\o

\echo
\echo '| rows (key + referencing) | snowflake_convert_key | by hand to bigint | snowflake/bigint | rows per second (snowflake) |'
\echo '|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
SELECT '| ' || to_char(n, 'FM999,999,999') || ' + ' || to_char(2 * n, 'FM999,999,999'),
       to_char(pg_temp.best('convert|' || n, 'snowflake'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best('convert|' || n, 'bigint'), 'FM999990.0') || ' ms',
       to_char(pg_temp.ratio('convert|' || n, 'snowflake', 'bigint'), 'FM0.00'),
       to_char(3 * n / (pg_temp.best('convert|' || n, 'snowflake') / 1000), 'FM999,999,999') || ' |'
FROM cv_sizes ORDER BY k;
\pset tuples_only off
\pset format aligned
DROP TABLE IF EXISTS cv_ref, cv_key, cv_sizes;
