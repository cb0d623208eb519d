--
-- planner: row estimates for time windows, plan choice, partition pruning
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- 1M ids spread evenly over 30 days, in random heap order.
CREATE TABLE est (id snowflake);
INSERT INTO est
SELECT make_snowflake('2026-05-01 00:00:00+00'::timestamptz + (g::bigint * 2592) * interval '1 ms', g % 1024, 0)
FROM generate_series(0, 999999) g ORDER BY random();
CREATE INDEX est_id ON est (id);
VACUUM ANALYZE est;

-- "id <@ tstzrange": within 2x of the truth for 1 minute, 1 hour, 1 day and
-- 10 days.
CREATE TABLE windows (name text, lo timestamptz, hi timestamptz);
INSERT INTO windows VALUES
	('1 hour', '2026-05-17 12:00:00+00', '2026-05-17 13:00:00+00'),
	('1 day', '2026-05-10 00:00:00+00', '2026-05-11 00:00:00+00'),
	('10 days', '2026-05-12 00:00:00+00', '2026-05-22 00:00:00+00'),
	('1 minute', '2026-05-20 08:30:00+00', '2026-05-20 08:31:00+00');
SELECT name, within_2x(format('SELECT * FROM est WHERE id <@ tstzrange(%L, %L)', lo, hi))
FROM windows
ORDER BY hi - lo;
-- A range computed at run time (timestamptz + interval is only stable) is
-- folded for the estimate.
SELECT within_2x($$SELECT * FROM est WHERE id <@ tstzrange('2026-05-17 12:00:00+00'::timestamptz,
                                                           '2026-05-17 12:00:00+00'::timestamptz + interval '1 hour')$$)
  AS stable_range_within_2x;
-- The commutator is estimated the same way.
SELECT estimated($$SELECT * FROM est WHERE '[2026-05-17 12:00:00+00, 2026-05-17 13:00:00+00)'::tstzrange @> id$$)
     = estimated($$SELECT * FROM est WHERE id <@ '[2026-05-17 12:00:00+00, 2026-05-17 13:00:00+00)'::tstzrange$$)
  AS same_estimate;
-- Windows outside the data, empty and unbounded ranges.
SELECT estimated($$SELECT * FROM est WHERE id <@ '[2026-07-01+00, 2026-08-01+00)'::tstzrange$$) <= 1 AS after_data,
       estimated($$SELECT * FROM est WHERE id <@ 'empty'::tstzrange$$) <= 1 AS empty,
       estimated($$SELECT * FROM est WHERE id <@ '(,)'::tstzrange$$) >= 999000 AS unbounded;

-- "id BETWEEN snowflake_floor(t0) AND snowflake_ceil(t1)" keeps core's
-- estimators, which interpolate no further than a histogram bucket (about
-- 7 hours here): within 2x for 1 and 10 days.  Narrower windows are
-- documented in doc/snowflake-reference.md; prefer "<@" for them.
SELECT name, within_2x(format('SELECT * FROM est WHERE id BETWEEN snowflake_floor(%L) AND snowflake_ceil(%L)',
                              lo, hi - interval '1 ms'))
FROM windows
WHERE name IN ('1 day', '10 days')
ORDER BY hi - lo;

-- The plan follows: an index for a narrow window, a sequential scan for
-- most of the table.
EXPLAIN (COSTS OFF) SELECT * FROM est WHERE id <@ '[2026-05-17 12:00:00+00, 2026-05-17 13:00:00+00)'::tstzrange;
EXPLAIN (COSTS OFF) SELECT * FROM est WHERE id <@ '[2026-05-02 00:00:00+00, 2026-05-30 00:00:00+00)'::tstzrange;

-- Partitioning by time on the id: monthly partitions.
CREATE TABLE pev (id snowflake NOT NULL, payload text) PARTITION BY RANGE (id);
CREATE TABLE pev_2026_03 PARTITION OF pev
	FOR VALUES FROM (snowflake_floor('2026-03-01+00')) TO (snowflake_floor('2026-04-01+00'));
CREATE TABLE pev_2026_04 PARTITION OF pev
	FOR VALUES FROM (snowflake_floor('2026-04-01+00')) TO (snowflake_floor('2026-05-01+00'));
CREATE TABLE pev_2026_05 PARTITION OF pev
	FOR VALUES FROM (snowflake_floor('2026-05-01+00')) TO (snowflake_floor('2026-06-01+00'));
CREATE TABLE pev_2026_06 PARTITION OF pev
	FOR VALUES FROM (snowflake_floor('2026-06-01+00')) TO (snowflake_floor('2026-07-01+00'));
CREATE INDEX ON pev (id);
INSERT INTO pev
SELECT make_snowflake('2026-03-01 00:00:00+00'::timestamptz + g * interval '1 minute', 1, 0), 'e'
FROM generate_series(0, 122 * 1440 - 1) g;
-- A row lands in the month of its id.
SELECT tableoid::regclass AS partition, count(*),
       min(snowflake_timestamp(id)) AS first, max(snowflake_timestamp(id)) AS last
FROM pev GROUP BY 1 ORDER BY 1;
-- ... and an id of a month with no partition has nowhere to go.
INSERT INTO pev VALUES (make_snowflake('2026-07-01+00', 0, 0), 'no partition');
VACUUM ANALYZE pev;

-- Plan-time pruning: the comparison form and a constant "<@" keep only
-- the months they touch.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pev
WHERE id >= snowflake_floor('2026-04-20+00') AND id <= snowflake_ceil('2026-05-10+00');
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pev WHERE id <@ '[2026-04-20+00, 2026-05-10+00)'::tstzrange;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pev WHERE '[2026-05-02+00, 2026-05-03+00)'::tstzrange @> id;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pev WHERE id <@ 'empty'::tstzrange;
SELECT count(*) FROM pev WHERE id <@ '[2026-04-20+00, 2026-05-10+00)'::tstzrange;
SELECT count(*) FROM pev
WHERE id >= snowflake_floor('2026-04-20+00') AND id <= snowflake_ceil('2026-05-09 23:59:59.999+00');
-- Run-time pruning in generic plans, for both forms, and for now().
SET plan_cache_mode = force_generic_plan;
PREPARE pw(timestamptz, timestamptz) AS
SELECT count(*) FROM pev WHERE id >= snowflake_floor($1) AND id <= snowflake_ceil($2);
EXPLAIN (COSTS OFF) EXECUTE pw('2026-05-02+00', '2026-05-03+00');
EXECUTE pw('2026-05-02+00', '2026-05-02 23:59:59.999+00');
PREPARE pr(tstzrange) AS SELECT count(*) FROM pev WHERE id <@ $1;
EXPLAIN (COSTS OFF) EXECUTE pr('[2026-05-02+00, 2026-05-03+00)');
EXECUTE pr('[2026-05-02+00, 2026-05-03+00)');
EXECUTE pr('empty');
DEALLOCATE pw;
DEALLOCATE pr;
RESET plan_cache_mode;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pev WHERE id <@ tstzrange(now() - interval '1 hour', now());
-- In a target list the rewritten form keeps the operator's value exactly.
SELECT id <@ '[2026-05-02+00, 2026-05-03+00)'::tstzrange AS inside, count(*)
FROM pev GROUP BY 1 ORDER BY 1;
SELECT (NULL::snowflake <@ '[2026-05-02+00, 2026-05-03+00)'::tstzrange) IS NULL AS null_stays_null
FROM pev LIMIT 1;

-- PARTITION BY HASH on the id, with "<@" across it.
CREATE TABLE hev (id snowflake NOT NULL) PARTITION BY HASH (id);
CREATE TABLE hev0 PARTITION OF hev FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hev1 PARTITION OF hev FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hev SELECT id FROM pev;
SELECT count(*) FROM hev WHERE id <@ '[2026-04-20+00, 2026-05-10+00)'::tstzrange;

-- The same 1M ids over 30 days, partitioned by range of the id into
-- weeks: "<@" keeps its own estimate there.  The clause is kept on each
-- partition, and the comparisons added for pruning use the partitions'
-- bounds, which every row of a remaining partition passes.
CREATE TABLE pest (id snowflake NOT NULL) PARTITION BY RANGE (id);
SELECT format('CREATE TABLE pest_%s PARTITION OF pest FOR VALUES FROM (%L) TO (%L)', w,
              snowflake_floor('2026-05-01+00'::timestamptz + w * interval '7 days'),
              snowflake_floor('2026-05-01+00'::timestamptz + (w + 1) * interval '7 days'))
FROM generate_series(0, 4) w \gexec
INSERT INTO pest SELECT id FROM est;
CREATE INDEX ON pest (id);
VACUUM ANALYZE pest;
INSERT INTO windows VALUES ('5 minutes', '2026-05-20 08:30:00+00', '2026-05-20 08:35:00+00');
SELECT name, actual(format('SELECT * FROM pest WHERE id <@ tstzrange(%L, %L)', lo, hi)) AS actual,
       within_2x(format('SELECT * FROM pest WHERE id <@ tstzrange(%L, %L)', lo, hi)) AS partitioned,
       within_2x(format('SELECT * FROM est WHERE id <@ tstzrange(%L, %L)', lo, hi)) AS plain
FROM windows
ORDER BY hi - lo;
-- A window that spans partitions, and one-sided comparisons, too.
SELECT within_2x($$SELECT * FROM pest WHERE id <@ '[2026-05-06 12:00+00, 2026-05-09 12:00+00)'::tstzrange$$) AS across,
       within_2x($$SELECT * FROM pest WHERE id >= '2026-05-26 12:00+00'::timestamptz$$) AS since,
       within_2x($$SELECT * FROM pest WHERE '2026-05-03 12:00+00'::timestamptz > id$$) AS before;
EXPLAIN (COSTS OFF) SELECT * FROM pest WHERE id <@ '[2026-05-20 08:30+00, 2026-05-20 08:35+00)'::tstzrange;

-- Partial indexes and ON CONFLICT inference see the same clause on plain
-- and partitioned tables: a constant instant's comparison is the same
-- comparison of ids in the predicate as in the query, and a range is kept,
-- whatever is added to it.
CREATE TABLE oc_plain (id snowflake NOT NULL, v int);
CREATE TABLE oc_part (id snowflake NOT NULL, v int) PARTITION BY RANGE (id);
CREATE TABLE oc_part_25 PARTITION OF oc_part
	FOR VALUES FROM (snowflake_floor('2025-01-01+00')) TO (snowflake_floor('2026-01-01+00'));
CREATE TABLE oc_part_26 PARTITION OF oc_part
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2027-01-01+00'));
CREATE UNIQUE INDEX ON oc_plain (id) WHERE id >= '2026-01-01+00'::timestamptz;
CREATE UNIQUE INDEX ON oc_part (id) WHERE id >= '2026-01-01+00'::timestamptz;
INSERT INTO oc_plain VALUES (make_snowflake('2026-05-01+00', 1, 1), 1)
ON CONFLICT (id) WHERE id >= '2026-01-01+00'::timestamptz DO NOTHING;
INSERT INTO oc_plain VALUES (make_snowflake('2026-05-01+00', 1, 1), 2)
ON CONFLICT (id) WHERE id >= '2026-01-01+00'::timestamptz DO NOTHING;
INSERT INTO oc_part VALUES (make_snowflake('2026-05-01+00', 1, 1), 1)
ON CONFLICT (id) WHERE id >= '2026-01-01+00'::timestamptz DO NOTHING;
INSERT INTO oc_part VALUES (make_snowflake('2026-05-01+00', 1, 1), 2)
ON CONFLICT (id) WHERE id >= '2026-01-01+00'::timestamptz DO UPDATE SET v = EXCLUDED.v;
CREATE UNIQUE INDEX ON oc_part (id) WHERE id <@ '[2025-06-01+00, 2025-07-01+00)'::tstzrange;
INSERT INTO oc_part VALUES (make_snowflake('2025-06-15+00', 1, 1), 3)
ON CONFLICT (id) WHERE id <@ '[2025-06-01+00, 2025-07-01+00)'::tstzrange DO NOTHING;
SELECT tableoid::regclass, snowflake_timestamp(id), v FROM oc_plain
UNION ALL SELECT tableoid::regclass, snowflake_timestamp(id), v FROM oc_part ORDER BY 1, 2;
-- A partial index on one partition, with the query's own predicate (the
-- unique ones above go first: the window implies their predicates too).
DROP INDEX oc_part_id_idx, oc_part_id_idx1;
INSERT INTO oc_part SELECT make_snowflake('2026-01-01+00'::timestamptz + g * interval '1 minute', 2, 0), g
FROM generate_series(1, 20000) g;
CREATE INDEX oc_part_26_march ON oc_part_26 (id) WHERE id <@ '[2026-03-01+00, 2026-04-01+00)'::tstzrange;
CREATE INDEX oc_part_26_late ON oc_part_26 (v) WHERE id >= '2026-01-10+00'::timestamptz;
VACUUM ANALYZE oc_part;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM oc_part WHERE id <@ '[2026-03-01+00, 2026-04-01+00)'::tstzrange;
EXPLAIN (COSTS OFF) SELECT * FROM oc_part WHERE id >= '2026-01-10+00'::timestamptz AND v = 20000;
RESET enable_seqscan;
-- A constant instant is a comparison of ids, in a predicate as in a query,
-- so a narrower window proves a wider predicate: the partial index serves
-- a later instant, and ON CONFLICT infers it; an earlier instant proves
-- nothing (42P10).
CREATE TABLE oc_imply (id snowflake NOT NULL, v int);
CREATE UNIQUE INDEX oc_imply_since ON oc_imply (id) WHERE id >= '2026-01-15+00'::timestamptz;
INSERT INTO oc_imply SELECT make_snowflake('2026-01-01+00'::timestamptz + g * interval '1 hour', 1, 0), g
FROM generate_series(1, 1000) g;
VACUUM ANALYZE oc_imply;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM oc_imply WHERE id >= '2026-01-16+00'::timestamptz;
RESET enable_seqscan;
EXPLAIN (COSTS OFF) SELECT count(*) FROM oc_imply WHERE id > '2026-01-14+00'::timestamptz;
SELECT (SELECT count(*) FROM oc_imply WHERE id >= '2026-01-16+00'::timestamptz) AS since_16th,
       (SELECT count(*) FROM oc_imply WHERE snowflake_timestamp(id) >= '2026-01-16+00') AS as_defined;
INSERT INTO oc_imply VALUES (make_snowflake('2026-02-01+00', 1, 0), -1)
ON CONFLICT (id) WHERE id >= '2026-02-01+00'::timestamptz DO UPDATE SET v = EXCLUDED.v;
SELECT v FROM oc_imply WHERE id = make_snowflake('2026-02-01+00', 1, 0);
INSERT INTO oc_imply VALUES (make_snowflake('2026-02-01+00', 1, 0), -2)
ON CONFLICT (id) WHERE id >= '2026-01-01+00'::timestamptz DO NOTHING;

-- A call of the operator's function keeps its form: an index predicate or
-- ON CONFLICT arbiter written as the call serves the call, and one written
-- with the operator the operator.  Grouping sets holding both forms keep
-- them apart.
CREATE TABLE fn_form (id snowflake, note text);
CREATE UNIQUE INDEX fn_form_may ON fn_form (note) WHERE snowflake_within(id, '[2026-05-01+00, 2026-06-01+00)');
CREATE UNIQUE INDEX op_form_may ON fn_form (note) WHERE id <@ '[2026-05-01+00, 2026-06-01+00)';
INSERT INTO fn_form VALUES ('319545566822428714', 'a')
ON CONFLICT (note) WHERE snowflake_within(id, '[2026-05-01+00, 2026-06-01+00)') DO NOTHING;
INSERT INTO fn_form VALUES ('319545566822428714', 'a')
ON CONFLICT (note) WHERE id <@ '[2026-05-01+00, 2026-06-01+00)' DO NOTHING;
INSERT INTO fn_form VALUES ('319545566822428714', 'a')
ON CONFLICT (note) WHERE '[2026-05-01+00, 2026-06-01+00)' @> id DO NOTHING;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT note FROM fn_form WHERE id <@ '[2026-05-01+00, 2026-06-01+00)' AND note = 'a';
EXPLAIN (COSTS OFF) SELECT note FROM fn_form WHERE snowflake_within(id, '[2026-05-01+00, 2026-06-01+00)') AND note = 'a';
RESET enable_seqscan;
INSERT INTO fn_form VALUES ('1', 'b');
SELECT NOT snowflake_within(id, '[2026-05-31+00, 2026-06-01+00)') AS a,
       NOT (id <@ '[2026-05-31+00, 2026-06-01+00)') AS b, count(*)
FROM fn_form
GROUP BY GROUPING SETS ((snowflake_within(id, '[2026-05-31+00, 2026-06-01+00)')),
                        (id <@ '[2026-05-31+00, 2026-06-01+00)'))
ORDER BY 1, 2;
-- Two comparisons with instants that select the same ids, written apart,
-- stay apart under grouping sets (a constant instant is a comparison of ids
-- only in a query level without them): each grouping set nulls the other.
SELECT id < timestamptz '2026-06-01+00' AS a, timestamptz '2026-06-01+00' > id AS b,
       id <= timestamptz '2026-05-31 23:59:59.9995+00' AS c, count(*)
FROM fn_form
GROUP BY GROUPING SETS ((id < timestamptz '2026-06-01+00'), (timestamptz '2026-06-01+00' > id),
                        (id <= timestamptz '2026-05-31 23:59:59.9995+00'))
ORDER BY 1, 2, 3;

-- The comparisons with partition bounds that a constant range gets are
-- left out in a leaf only where the parent holds, as a restriction of its
-- own, a window that implies them.  Here the planner takes the one beside
-- the range out of its AND ("(W AND b) OR (b AND x)" is "b AND (W OR x)"),
-- and the default partition holds ids below it and a NULL one: they stay.
CREATE TABLE lb (id snowflake, flagged bool, note text) PARTITION BY RANGE (id);
CREATE TABLE lb_01 PARTITION OF lb FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2026-02-01+00'));
CREATE TABLE lb_02 PARTITION OF lb FOR VALUES FROM (snowflake_floor('2026-02-01+00')) TO (snowflake_floor('2026-03-01+00'));
CREATE TABLE lb_def PARTITION OF lb DEFAULT;
INSERT INTO lb VALUES (make_snowflake('2026-01-15+00', 0, 0), false, 'in the window'),
                      (make_snowflake('2026-02-15+00', 0, 0), true, 'flagged, after 2026-01-01'),
                      (make_snowflake('2025-12-15+00', 0, 0), true, 'flagged, before 2026-01-01'),
                      (NULL, true, 'flagged, NULL id');
BEGIN;
DELETE FROM lb
WHERE id <@ tstzrange('2026-01-10+00', '2026-01-20+00')
   OR (id >= timestamptz '2026-01-01+00' AND flagged AND note <> '')
RETURNING snowflake_timestamp(id), note;
ROLLBACK;
SELECT note FROM lb
WHERE id <@ tstzrange('2026-01-10+00', '2026-01-20+00')
   OR (id >= snowflake_floor('2026-01-01+00') AND flagged AND note <> '')
ORDER BY 1;
SET enable_partition_pruning = off;
SELECT note FROM lb
WHERE id <@ tstzrange('2026-01-10+00', '2026-01-20+00')
   OR (id >= timestamptz '2026-01-01+00' AND flagged AND note <> '')
ORDER BY 1;
RESET enable_partition_pruning;

-- A window read from the row itself ("id <@ r", r a column of the same
-- row) cannot prune: the clause is kept as written, so ON CONFLICT infers
-- the partial index, and the index on the partitions serves the parent.
CREATE TABLE own_part (id snowflake NOT NULL, r tstzrange, t timestamptz) PARTITION BY RANGE (id);
CREATE TABLE own_part_25 PARTITION OF own_part
	FOR VALUES FROM (snowflake_floor('2025-01-01+00')) TO (snowflake_floor('2026-01-01+00'));
CREATE TABLE own_part_26 PARTITION OF own_part
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2027-01-01+00'));
CREATE UNIQUE INDEX own_part_in ON own_part (id) WHERE id <@ r;
INSERT INTO own_part VALUES (make_snowflake('2026-05-01+00', 1, 1), '[2026-01-01+00, 2027-01-01+00)', '2026-04-01+00')
ON CONFLICT (id) WHERE id <@ r DO NOTHING;
INSERT INTO own_part VALUES (make_snowflake('2026-05-01+00', 1, 1), '[2026-01-01+00, 2027-01-01+00)', '2026-04-01+00')
ON CONFLICT (id) WHERE id <@ r DO NOTHING;
INSERT INTO own_part VALUES (make_snowflake('2025-05-01+00', 1, 1), '[2026-01-01+00, 2027-01-01+00)', '2026-04-01+00')
ON CONFLICT (id) WHERE id <@ r DO NOTHING;
SELECT snowflake_timestamp(id), id <@ r AS inside FROM own_part ORDER BY id;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM own_part WHERE id <@ r;
EXPLAIN (COSTS OFF) SELECT * FROM own_part WHERE r @> id AND id >= t;
RESET enable_seqscan;

-- Partitions of partitions: a bound known at run time is added once, at the
-- top, not again at each level, for run-time pruning.  The partitions that
-- are scanned leave it out (1.4: the window's clause, which they inherit
-- too, implies it): one index condition, and a sequential scan that filters
-- by the clause alone.
CREATE TABLE deep (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE deep_26 PARTITION OF deep
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2027-01-01+00'))
	PARTITION BY RANGE (id);
CREATE TABLE deep_26h1 PARTITION OF deep_26
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2026-07-01+00'));
CREATE TABLE deep_26h2 PARTITION OF deep_26
	FOR VALUES FROM (snowflake_floor('2026-07-01+00')) TO (snowflake_floor('2027-01-01+00'));
CREATE INDEX ON deep (id);
INSERT INTO deep SELECT make_snowflake('2026-01-01+00'::timestamptz + g * interval '1 hour', 1, 0)
FROM generate_series(0, 8000) g;
VACUUM ANALYZE deep;
SET plan_cache_mode = force_generic_plan;
PREPARE deep_since(timestamptz) AS SELECT count(*) FROM deep WHERE id >= $1;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) EXECUTE deep_since('2026-08-01+00');
EXECUTE deep_since('2026-08-01+00');
DEALLOCATE deep_since;
RESET enable_seqscan;
RESET enable_bitmapscan;
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
PREPARE deep_since(timestamptz) AS SELECT count(*) FROM deep WHERE id >= $1;
EXPLAIN (COSTS OFF) EXECUTE deep_since('2026-08-01+00');
EXECUTE deep_since('2026-08-01+00');
DEALLOCATE deep_since;
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;
RESET plan_cache_mode;
SELECT count(*) FROM deep WHERE snowflake_timestamp(id) >= '2026-08-01+00';
-- Nor is one beside the window on another column of a UNION ALL's
-- member, nor one of a volatile instant, which is another value.
CREATE TABLE u1 (n int, id snowflake, created snowflake);
CREATE TABLE u2 (n int, id snowflake, created snowflake);
INSERT INTO u1 VALUES (1, snowflake_floor('2024-02-01+00'), snowflake_floor('2025-06-01+00'));
INSERT INTO u2 SELECT * FROM u1;
SET plan_cache_mode = force_generic_plan;
PREPARE u_q(timestamptz) AS
SELECT count(*) FROM (SELECT id, created FROM u1 UNION ALL SELECT id, created FROM u2) u
WHERE created >= $1 AND id >= snowflake_first_after($1, true);
EXECUTE u_q('2025-01-01+00');
DEALLOCATE u_q;
RESET plan_cache_mode;
CREATE SEQUENCE vol_seq;
CREATE FUNCTION vol_instant() RETURNS timestamptz VOLATILE LANGUAGE sql AS
$$ SELECT CASE WHEN nextval('vol_seq') % 2 = 1 THEN timestamptz '2100-01-01+00' ELSE timestamptz '2024-01-01+00' END $$;
SELECT count(*) FROM deep WHERE id >= vol_instant() AND id >= snowflake_first_after(vol_instant(), true);
-- A bound written without the window is no inherited one: it filters.
SET plan_cache_mode = force_generic_plan;
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
PREPARE deep_bound(timestamptz) AS SELECT count(*) FROM deep WHERE id >= snowflake_first_after($1, true);
EXPLAIN (COSTS OFF) EXECUTE deep_bound('2026-08-01+00');
EXECUTE deep_bound('2026-08-01+00');
DEALLOCATE deep_bound;
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;
RESET plan_cache_mode;

-- A domain over snowflake as the partition key prunes like the type.
CREATE DOMAIN event_id AS snowflake;
CREATE TABLE dom_part (id event_id NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE dom_part_25 PARTITION OF dom_part
	FOR VALUES FROM (snowflake_floor('2025-01-01+00')) TO (snowflake_floor('2026-01-01+00'));
CREATE TABLE dom_part_26 PARTITION OF dom_part
	FOR VALUES FROM (snowflake_floor('2026-01-01+00')) TO (snowflake_floor('2027-01-01+00'));
EXPLAIN (COSTS OFF) SELECT * FROM dom_part WHERE id <@ '[2026-03-01+00, 2026-04-01+00)';
EXPLAIN (COSTS OFF) SELECT * FROM dom_part WHERE id < '2025-06-01+00'::timestamptz;
PREPARE dom_since(timestamptz) AS SELECT * FROM dom_part WHERE id >= $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE dom_since('2026-02-01+00');
RESET plan_cache_mode;

-- A subquery for the bound runs once: a one-sided window needs one
-- comparison, and a range whose bounds would need the subquery twice is not
-- rewritten (the index still takes both bounds, from the one result).
SELECT q AS query,
       count(*) FILTER (WHERE line ~ '^ *InitPlan [0-9]') AS initplans,
       count(*) FILTER (WHERE line ~ 'Index Only Scan') AS index_scans,
       count(*) FILTER (WHERE line ~ 'Index Cond: \(id >= snowflake_first_after\(') AS first_after_conds,
       count(*) FILTER (WHERE line ~ 'Index Cond: \(\(id >= snowflake_range_floor\(.*\)\) AND \(id <= snowflake_range_ceil\(') AS floor_ceil_conds,
       count(*) FILTER (WHERE line ~ 'Filter') AS filters
FROM (VALUES
	(1, $$SELECT count(*) FROM pev WHERE id > (SELECT max(lo) FROM windows WHERE name = 'none')$$),
	(2, $$SELECT count(*) FROM pev WHERE id <@ (SELECT tstzrange(lo, hi) FROM windows WHERE name = '1 day')$$),
	(3, $$SELECT count(*) FROM est WHERE id <@ (SELECT tstzrange(lo, hi) FROM windows WHERE name = '1 day')$$)
) v(n, q), plan_lines(q) line
GROUP BY n, q ORDER BY n;
SELECT count(*) FROM pev WHERE id > (SELECT max(lo) FROM windows WHERE name = 'none');

-- An operator class of a user's own that orders ids otherwise (here,
-- descending) is left alone: its strategies name other operators, so a
-- window on a run-time instant is not turned into its comparisons, and the
-- clause filters.  A constant instant is a comparison of ids before any
-- index is looked at, and core matches that by the class's strategies.
CREATE FUNCTION rev_cmp(snowflake, snowflake) RETURNS int
LANGUAGE sql IMMUTABLE STRICT SET search_path FROM CURRENT AS 'SELECT snowflake_cmp($2, $1)';
CREATE OPERATOR CLASS snowflake_desc_ops FOR TYPE snowflake USING btree AS
	OPERATOR 1 >, OPERATOR 2 >=, OPERATOR 3 =, OPERATOR 4 <=, OPERATOR 5 <,
	FUNCTION 1 rev_cmp(snowflake, snowflake);
CREATE TABLE rev (id snowflake);
INSERT INTO rev SELECT make_snowflake('2026-05-31 18:00:00+00'::timestamptz + g * interval '1 hour', 0, 0)
FROM generate_series(-5, 5) g;
CREATE INDEX ON rev (id snowflake_desc_ops);
CREATE TABLE prev (id snowflake) PARTITION BY RANGE (id snowflake_desc_ops);
CREATE TABLE prev_later PARTITION OF prev FOR VALUES FROM (MINVALUE) TO (snowflake_floor('2026-05-31 18:00:00+00'));
CREATE TABLE prev_earlier PARTITION OF prev FOR VALUES FROM (snowflake_floor('2026-05-31 18:00:00+00')) TO (MAXVALUE);
INSERT INTO prev SELECT id FROM rev;
VACUUM ANALYZE rev, prev;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM rev WHERE id >= '2026-05-31 18:00:00+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM rev WHERE id >= '2026-05-31 18:00:00+00'::timestamptz + interval '0 s';
SELECT (SELECT count(*) FROM rev WHERE id >= '2026-05-31 18:00:00+00'::timestamptz) AS ge,
       (SELECT count(*) FROM rev WHERE id >= '2026-05-31 18:00:00+00'::timestamptz + interval '0 s') AS ge_runtime,
       (SELECT count(*) FROM rev WHERE id <@ '[2026-05-31 16:00+00, 2026-05-31 20:00+00)'::tstzrange) AS within,
       (SELECT count(*) FROM prev WHERE id >= '2026-05-31 17:00:00+00'::timestamptz) AS part_ge,
       (SELECT count(*) FROM prev WHERE id < '2026-05-31 17:00:00+00'::timestamptz) AS part_lt;
RESET enable_seqscan;
