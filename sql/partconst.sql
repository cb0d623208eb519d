--
-- Large constants in run-time instants on a table partitioned by range of
-- the id, two levels (src/partition.c, issue 41 A): the partitions find
-- their parent's clauses by the addresses of the constants' data, and
-- compare equal constants that share no data with equal() until the
-- statement's budget is spent; past it they leave their restrictions as
-- written.  Each plan selects the rows of the definition.
--
-- (partitions leaves the extension behind; alone, the suite creates it)
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS snowflake;
RESET client_min_messages;
CREATE TABLE pc (id snowflake NOT NULL) PARTITION BY RANGE (id);
DO $$
DECLARE
	lo snowflake;
	hi snowflake;
BEGIN
	FOR i IN 0 .. 4 LOOP
		lo := snowflake_floor('2026-01-01+00'::timestamptz + i * interval '1 day');
		hi := snowflake_floor('2026-01-01+00'::timestamptz + (i + 1) * interval '1 day');
		EXECUTE format('CREATE TABLE pc_%s PARTITION OF pc FOR VALUES FROM (%L) TO (%L) PARTITION BY RANGE (id)', i, lo, hi);
		EXECUTE format('CREATE TABLE pc_%s_0 PARTITION OF pc_%s FOR VALUES FROM (%L) TO (%L)', i, i, lo, hi);
	END LOOP;
END $$;
-- one id an hour
INSERT INTO pc SELECT make_snowflake('2026-01-01+00'::timestamptz + g * interval '1 hour', 1, 0)
  FROM generate_series(0, 119) g;
-- an instant known at run time only, whatever its text
CREATE FUNCTION pc_t(timestamptz, text) RETURNS timestamptz
  STABLE LANGUAGE plpgsql AS 'begin return $1; end';
-- the lines of a query's plan
CREATE FUNCTION pc_plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	l text;
BEGIN
	FOR l IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		RETURN NEXT l;
	END LOOP;
END $$;
-- the leaves a plan keeps after pruning at executor start, and the bounds
-- they filter by (none: the window implies them, and each leaf leaves
-- them out)
CREATE FUNCTION pc_shape(q text, OUT leaves bigint, OUT bounds bigint)
LANGUAGE sql AS $$
	SELECT count(*) FILTER (WHERE l LIKE '%Seq Scan on pc_%'),
	       count(*) FILTER (WHERE l LIKE '%snowflake_first_after%' OR l LIKE '%snowflake_last_before%')
	FROM pc_plan(q) l
$$;
-- a 100 kB constant, its data shared by every partition's copy
SELECT * FROM pc_shape($$SELECT * FROM pc WHERE id >= pc_t('2026-01-02 12:00+00', repeat('a', 100000))$$);
SELECT count(*) FROM pc WHERE id >= pc_t('2026-01-02 12:00+00', repeat('a', 100000));
SELECT count(*) FROM pc WHERE snowflake_timestamp(id) >= '2026-01-02 12:00+00';
-- the bound written beside it with an equal constant of its own: found by
-- equal(), and left out too
SELECT * FROM pc_shape($$SELECT * FROM pc WHERE id >= pc_t('2026-01-02 12:00+00', repeat('a', 100000))
  AND id >= snowflake_first_after(pc_t('2026-01-02 12:00+00', repeat('a', 100000)), true)$$);
SELECT count(*) FROM pc WHERE id >= pc_t('2026-01-02 12:00+00', repeat('a', 100000))
  AND id >= snowflake_first_after(pc_t('2026-01-02 12:00+00', repeat('a', 100000)), true);
-- the same with 6 MB constants: five leaves would compare 30 MB, past the
-- statement's budget (16 MB), so some leaves keep the bound as written,
-- and select the same rows
SELECT leaves, bounds > 0 AS some_kept, bounds < leaves AS some_left_out
  FROM pc_shape($$SELECT * FROM pc WHERE id >= pc_t('2026-01-02 12:00+00', repeat('a', 6000000))
  AND id >= snowflake_first_after(pc_t('2026-01-02 12:00+00', repeat('a', 6000000)), true)$$);
SELECT count(*) FROM pc WHERE id >= pc_t('2026-01-02 12:00+00', repeat('a', 6000000))
  AND id >= snowflake_first_after(pc_t('2026-01-02 12:00+00', repeat('a', 6000000)), true);
-- the budget is the statement's: the next one starts afresh
SELECT * FROM pc_shape($$SELECT * FROM pc WHERE id >= pc_t('2026-01-02 12:00+00', repeat('a', 100000))
  AND id >= snowflake_first_after(pc_t('2026-01-02 12:00+00', repeat('a', 100000)), true)$$);
-- an upper end, and both, run-time pruning at executor start
SELECT * FROM pc_shape($$SELECT * FROM pc WHERE id < pc_t('2026-01-02 12:00+00', repeat('b', 100000))$$);
SELECT count(*) FROM pc WHERE id < pc_t('2026-01-02 12:00+00', repeat('b', 100000));
SELECT count(*) FROM pc WHERE id >= pc_t('2026-01-02 12:00+00', repeat('a', 100000))
  AND id < pc_t('2026-01-03 12:00+00', repeat('b', 100000));
SELECT l FROM pc_plan($$SELECT * FROM pc WHERE id >= pc_t('2026-01-04 12:00+00', repeat('a', 10))$$) l
 WHERE l LIKE '%Subplans Removed%';
DROP TABLE pc;
DROP FUNCTION pc_t(timestamptz, text), pc_plan(text), pc_shape(text);
