--
-- plans: the btree on an id column is a time index
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

CREATE TABLE ev (id snowflake PRIMARY KEY, payload text);
-- 4 days, one id every 5 seconds from each of 3 workers
INSERT INTO ev
SELECT make_snowflake('2026-05-29 00:00:00+00'::timestamptz + g * interval '5 s', w, g % 4096), 'p'
FROM generate_series(0, 4 * 17280 - 1) g, generate_series(1, 3) w;
VACUUM ANALYZE ev;

-- A time window through the id index alone.  (No bitmap scan: which of
-- the two is cheaper depends on how much of the visibility map VACUUM
-- could set, and so on the snapshots other sessions held meanwhile.)
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev
WHERE id BETWEEN snowflake_floor('2026-05-31 18:00:00+00') AND snowflake_ceil('2026-05-31 18:59:59.999+00');
SELECT count(*) FROM ev
WHERE id BETWEEN snowflake_floor('2026-05-31 18:00:00+00') AND snowflake_ceil('2026-05-31 18:59:59.999+00');
-- ... identical to filtering on the timestamp.
SELECT count(*) FROM ev
WHERE snowflake_timestamp(id) >= '2026-05-31 18:00:00+00'
  AND snowflake_timestamp(id) < '2026-05-31 19:00:00+00';

-- The same with the bounds as parameters of a generic plan.
SET plan_cache_mode = force_generic_plan;
PREPARE win(timestamptz, timestamptz) AS
SELECT count(*) FROM ev WHERE id >= snowflake_floor($1) AND id <= snowflake_ceil($2);
EXPLAIN (COSTS OFF) EXECUTE win('2026-05-31 18:00:00+00', '2026-05-31 18:59:59.999+00');
EXECUTE win('2026-05-31 18:00:00+00', '2026-05-31 18:59:59.999+00');
DEALLOCATE win;
RESET plan_cache_mode;
RESET enable_bitmapscan;

-- With index scans off, the same window is a bitmap scan.
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
EXPLAIN (COSTS OFF)
SELECT * FROM ev
WHERE id BETWEEN snowflake_floor('2026-05-31 18:00:00+00') AND snowflake_ceil('2026-05-31 18:59:59.999+00');
RESET enable_indexonlyscan;
RESET enable_indexscan;

-- Lookup by integer literals uses the index.  An IN list of quoted ids,
-- or an array, is one array scan; an IN list of integers is a list of
-- equalities, each through the index.
EXPLAIN (COSTS OFF) SELECT * FROM ev WHERE id = 319545566822428714;
EXPLAIN (COSTS OFF) SELECT * FROM ev WHERE id IN ('1', '2', '319545566822428714');
EXPLAIN (COSTS OFF) SELECT * FROM ev WHERE id = ANY ('{1,2,319545566822428714}'::bigint[]);
-- (15 scans the index once per item, a BitmapOr; 18 folds the list into
-- one "= ANY" scan.)
SELECT count(*) FILTER (WHERE line ~ 'Index Cond: \(id = ') > 0 AS through_the_index,
       count(*) FILTER (WHERE line ~ 'Seq Scan') AS seq_scans
FROM plan_lines('SELECT * FROM ev WHERE id IN (1, 2, 319545566822428714)') line;

-- min() and max() read one end of the index.
SELECT agg, count(*) FILTER (WHERE line ~ '^ *InitPlan [0-9]') AS initplans,
       count(*) FILTER (WHERE line ~ 'Limit') AS limits,
       count(*) FILTER (WHERE line ~ ('Index Only Scan ' || scan || 'using ev_pkey on ev')) AS one_end_of_the_index,
       count(*) FILTER (WHERE line ~ 'Seq Scan|Sort') AS scans_or_sorts
FROM (VALUES ('max', 'Backward '), ('min', '')) v(agg, scan),
     plan_lines(format('SELECT %s(id) FROM ev', agg)) line
GROUP BY agg ORDER BY agg;
SELECT snowflake_timestamp(min(id)), snowflake_timestamp(max(id)) FROM ev;

-- ORDER BY id is time order, straight from the index.
EXPLAIN (COSTS OFF) SELECT id FROM ev ORDER BY id DESC LIMIT 5;
SELECT snowflake_timestamp(id), snowflake_worker(id) FROM ev ORDER BY id DESC LIMIT 5;
-- Keyset pagination.
EXPLAIN (COSTS OFF) SELECT id FROM ev WHERE id > 319545566822428714 ORDER BY id LIMIT 10;

-- The latest hour, as "the newest events" queries write it.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE id >= snowflake_floor(now() - interval '1 hour');
