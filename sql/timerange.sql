--
-- timerange: "id <@ tstzrange" means exactly "snowflake_timestamp(id) <@ r";
-- window frames by interval
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- Three days of ids, about one every 1.3 s, from assorted workers, plus ids
-- on both sides of the millisecond boundaries the ranges below test, and the
-- two ends of the id space.
CREATE TABLE tw (id snowflake PRIMARY KEY);
INSERT INTO tw
SELECT make_snowflake('2026-05-30 00:00:00+00'::timestamptz + g * interval '1301 ms', g % 1024, g % 4096)
FROM generate_series(0, 199999) g;
INSERT INTO tw
SELECT make_snowflake('2026-05-31 18:00:00+00'::timestamptz + ms * interval '1 ms', w, 7)
FROM generate_series(-2, 2) ms, (VALUES (0), (1023)) w(w)
ON CONFLICT DO NOTHING;
INSERT INTO tw VALUES (0), ('18446744073709551615') ON CONFLICT DO NOTHING;
VACUUM ANALYZE tw;

CREATE TABLE ranges (r tstzrange);
INSERT INTO ranges VALUES
	('[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)'),
	('[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00]'),
	('(2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)'),
	('(2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00]'),
	-- sub-millisecond bounds
	('[2026-05-31 18:00:00.0005+00,)'),
	('(2026-05-31 18:00:00.0005+00,)'),
	('[2026-05-31 17:59:59.9995+00,)'),
	('(,2026-05-31 18:00:00.0005+00]'),
	('(,2026-05-31 18:00:00.0005+00)'),
	('(,2026-05-31 18:00:00.000001+00)'),
	('(,2026-05-31 18:00:00+00)'),
	('(,2026-05-31 18:00:00+00]'),
	('[2026-05-31 18:00:00+00, 2026-05-31 18:00:00+00]'),
	('[2026-05-31 18:00:00.0001+00, 2026-05-31 18:00:00.0009+00]'),
	('[2026-05-31 17:59:59.9991+00, 2026-05-31 18:00:00.0009+00)'),
	('(2026-05-31 17:59:59.999+00, 2026-05-31 18:00:00.001+00)'),
	-- unbounded, infinite and empty
	('(,)'),
	('[-infinity, infinity]'),
	('(-infinity, 2026-05-30 12:00:00+00)'),
	('[2026-06-01 00:00:00+00, infinity)'),
	('[infinity, infinity]'),
	('[-infinity, -infinity]'),
	('empty'),
	-- entirely before the epoch, at it, after the last millisecond
	('[2020-01-01 00:00:00+00, 2023-12-31 23:59:59.999999+00]'),
	('[2020-01-01 00:00:00+00, 2024-01-01 00:00:00+00]'),
	('[2020-01-01 00:00:00+00, 2024-01-01 00:00:00+00)'),
	('[2163-05-15 07:35:11.103+00,)'),
	('(2163-05-15 07:35:11.103+00,)'),
	('[2163-05-15 07:35:11.104+00, 2200-01-01 00:00:00+00)'),
	('[2200-01-01 00:00:00+00,)');

-- The definition, evaluated by core's range code on the timestamps.
CREATE TABLE truth AS
SELECT r, count(id) AS n
FROM ranges LEFT JOIN tw ON snowflake_timestamp(tw.id) <@ ranges.r
GROUP BY r;

-- 1. Constant ranges, through the index.
CREATE FUNCTION count_const(r tstzrange, op text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	IF op = '<@' THEN
		EXECUTE format('SELECT count(*) FROM tw WHERE id <@ %L::tstzrange', r) INTO n;
	ELSE
		EXECUTE format('SELECT count(*) FROM tw WHERE %L::tstzrange @> id', r) INTO n;
	END IF;
	RETURN n;
END
$$;
SET enable_seqscan = off;
SELECT t.r, t.n AS definition, count_const(t.r, '<@') AS "id <@ r",
       count_const(t.r, '@>') AS "r @> id"
FROM truth t ORDER BY lower(t.r) NULLS FIRST, upper(t.r) NULLS LAST, t.r::text;
RESET enable_seqscan;

-- 2. Ranges from another table (not constant at plan time), through the
-- index, and by a sequential scan.
SET enable_seqscan = off;
SELECT count(*) AS ranges, count(*) FILTER (WHERE t.n = x.n) AS agree
FROM truth t, LATERAL (SELECT count(*) AS n FROM tw WHERE tw.id <@ t.r) x;
RESET enable_seqscan;
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
SELECT count(*) AS ranges, count(*) FILTER (WHERE t.n = x.n) AS agree
FROM truth t, LATERAL (SELECT count(*) AS n FROM tw WHERE t.r @> tw.id) x;
-- The same ids, not only as many: count, ends and a sum of hashes agree.
SELECT count(*) AS ranges, count(*) FILTER (WHERE by_id = by_definition) AS same_ids
FROM ranges r, LATERAL (
	SELECT (count(*) FILTER (WHERE id <@ r.r),
	        min(id) FILTER (WHERE id <@ r.r),
	        max(id) FILTER (WHERE id <@ r.r),
	        sum(snowflake_hash(id)) FILTER (WHERE id <@ r.r)) AS by_id,
	       (count(*) FILTER (WHERE snowflake_timestamp(id) <@ r.r),
	        min(id) FILTER (WHERE snowflake_timestamp(id) <@ r.r),
	        max(id) FILTER (WHERE snowflake_timestamp(id) <@ r.r),
	        sum(snowflake_hash(id)) FILTER (WHERE snowflake_timestamp(id) <@ r.r)) AS by_definition
	FROM tw) x;
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;

-- NULLs: a NULL id or a NULL range gives NULL, as for any strict operator.
SELECT NULL::snowflake <@ '(,)'::tstzrange AS null_id,
       '1'::snowflake <@ NULL::tstzrange AS null_range,
       '1'::snowflake <@ 'empty'::tstzrange AS empty_range;

-- The bounds of a range, exposed.
SELECT r, snowflake_range_floor(r), snowflake_range_ceil(r)
FROM (VALUES ('[2026-05-31 18:00:00+00, 2026-05-31 18:00:00.001+00)'::tstzrange),
             ('[2026-05-31 18:00:00.0005+00, 2026-05-31 18:00:00.0015+00]'),
             ('(,)'), ('empty'), ('[2020-01-01+00, 2021-01-01+00)')) v(r);
SELECT snowflake_range_floor('[2026-05-31 18:00:00+00,)') = snowflake_floor('2026-05-31 18:00:00+00') AS floor_agrees,
       snowflake_range_ceil('(,2026-05-31 18:00:00+00]') = snowflake_ceil('2026-05-31 18:00:00+00') AS ceil_agrees;

-- 3. Plans: the index, with the derived bounds as its conditions.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM tw WHERE id <@ '[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)'::tstzrange;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM tw WHERE '[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)'::tstzrange @> id;
EXPLAIN (COSTS OFF)
SELECT * FROM tw WHERE id <@ '[2026-05-31 18:00:00.0005+00, 2026-05-31 18:00:00.0015+00]'::tstzrange;
EXPLAIN (COSTS OFF)
SELECT * FROM tw WHERE id <@ 'empty'::tstzrange;
-- A range built in the query from now().
EXPLAIN (COSTS OFF)
SELECT count(*) FROM tw WHERE id <@ tstzrange(now() - interval '1 hour', now());
-- A parameter of a generic plan.
SET plan_cache_mode = force_generic_plan;
PREPARE win(tstzrange) AS SELECT count(*) FROM tw WHERE id <@ $1;
EXPLAIN (COSTS OFF) EXECUTE win('[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)');
EXECUTE win('[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)');
EXECUTE win('(2026-05-31 18:00:00.0005+00, 2026-05-31 18:00:00.0015+00]');
EXECUTE win('empty');
EXECUTE win(NULL);
DEALLOCATE win;
RESET plan_cache_mode;
-- BRIN answers it too.
CREATE TABLE tw_brin (id snowflake);
INSERT INTO tw_brin SELECT id FROM tw ORDER BY id;
CREATE INDEX tw_brin_idx ON tw_brin USING brin (id) WITH (pages_per_range = 8);
ANALYZE tw_brin;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM tw_brin WHERE id <@ '[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)'::tstzrange;
SELECT count(*) FROM tw_brin WHERE id <@ '[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)'::tstzrange;
RESET enable_seqscan;
-- A hash index cannot, and is not offered the bounds.
CREATE TABLE tw_hash (id snowflake);
CREATE INDEX tw_hash_idx ON tw_hash USING hash (id);
EXPLAIN (COSTS OFF)
SELECT * FROM tw_hash WHERE id <@ '[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)'::tstzrange;

-- The operators take their range as snowflake_tstzrange (1.4), a domain:
-- an untyped literal or parameter beside an id is a range, and one beside
-- a tstzrange goes to core's range operators, as without the extension.
SELECT count(*) FROM tw WHERE id <@ '[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)';
SELECT count(*) FROM tw WHERE '[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)' @> id;
PREPARE untyped_win AS SELECT count(*) FROM tw WHERE id <@ $1;
SELECT parameter_types FROM pg_prepared_statements WHERE name = 'untyped_win';
EXECUTE untyped_win('[2026-05-31 18:00:00+00, 2026-05-31 19:00:00+00)');
CREATE TEMP TABLE booking (during tstzrange);
INSERT INTO booking VALUES ('[2026-01-01+00, 2026-03-01+00)');
SELECT count(*) FROM booking WHERE during @> '[2026-01-15+00, 2026-01-20+00)';
SELECT count(*) FROM booking WHERE '[2026-01-15+00, 2026-01-20+00)' <@ during;
SELECT count(*) FROM booking WHERE '[2026-01-15+00, 2026-01-20+00)' <@ ANY (ARRAY[during]);
PREPARE untyped_booking AS SELECT count(*) FROM booking WHERE during @> $1;
SELECT parameter_types FROM pg_prepared_statements WHERE name = 'untyped_booking';
EXECUTE untyped_booking('[2026-01-15+00, 2026-01-20+00)');
SELECT '5' <@ tstzrange(NULL, NULL);
SELECT tstzrange(NULL, NULL) @> '319545566822428714';
SELECT tstzrange(NULL, NULL) @> '319545566822428714'::snowflake;
DEALLOCATE untyped_win;
DEALLOCATE untyped_booking;

-- 4. Window frames by time over the id (btree in_range support).
-- 1000 ids in 600 distinct milliseconds of one hour (so rows have peers),
-- and the two ends of the id space.
CREATE TABLE fr AS
SELECT make_snowflake('2026-05-31 00:00:00+00'::timestamptz + (g * 7919 % 600) * interval '6 s', g % 1024, g % 4096) AS id
FROM generate_series(1, 998) g;
INSERT INTO fr VALUES (0), ('18446744073709551615');
-- Frame counts agree with the equivalent self-join, for several offsets.
SELECT o AS "offset", count(*) AS rows,
       count(*) FILTER (WHERE w.n = j.n) AS agree_preceding
FROM (VALUES (interval '0'), (interval '1 ms'), (interval '250 ms'), (interval '5 minutes'),
             (interval '1 hour'), (interval '1 day')) o(o),
LATERAL (SELECT id, count(*) OVER (ORDER BY id RANGE BETWEEN o.o PRECEDING AND CURRENT ROW) AS n
         FROM fr) w,
LATERAL (SELECT count(*) AS n FROM fr f2
         WHERE snowflake_timestamp(f2.id) >= snowflake_timestamp(w.id) - o.o
           AND f2.id <= w.id) j
GROUP BY o ORDER BY o;
SELECT o AS "offset", count(*) AS rows,
       count(*) FILTER (WHERE w.n = j.n) AS agree_following
FROM (VALUES (interval '0'), (interval '1 ms'), (interval '5 minutes'), (interval '1 day')) o(o),
LATERAL (SELECT id, count(*) OVER (ORDER BY id RANGE BETWEEN CURRENT ROW AND o.o FOLLOWING) AS n
         FROM fr) w,
LATERAL (SELECT count(*) AS n FROM fr f2
         WHERE snowflake_timestamp(f2.id) <= snowflake_timestamp(w.id) + o.o
           AND f2.id >= w.id) j
GROUP BY o ORDER BY o;
-- Descending order uses the same support.
SELECT count(*) AS rows, count(*) FILTER (WHERE w.n = j.n) AS agree_desc
FROM (SELECT id, count(*) OVER (ORDER BY id DESC RANGE BETWEEN '5 minutes' PRECEDING AND CURRENT ROW) AS n
      FROM fr) w,
LATERAL (SELECT count(*) AS n FROM fr f2
         WHERE snowflake_timestamp(f2.id) <= snowflake_timestamp(w.id) + interval '5 minutes'
           AND f2.id >= w.id) j;
-- A negative offset is the standard error.
SELECT count(*) OVER (ORDER BY id RANGE BETWEEN '-1 minute' PRECEDING AND CURRENT ROW) FROM fr LIMIT 1;
-- Against the definition: the frame is the one core computes over
-- snowflake_timestamp(id), for offsets of every shape, fields of mixed
-- signs among them ('3000 years -1080000 days' from 2024 is 2067-01-22).
-- Where core cannot compute the bound and raises 22008, the frame reaches
-- past every id if no field of the offset is negative, and otherwise is
-- the same error.
CREATE FUNCTION frame_counts(o interval, by_time boolean) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	EXECUTE format('SELECT string_agg(n::text, '','' ORDER BY id) FROM (SELECT id, count(*) OVER (ORDER BY %s RANGE BETWEEN $1 PRECEDING AND $1 FOLLOWING) AS n FROM fr) s',
				   CASE WHEN by_time THEN 'snowflake_timestamp(id)' ELSE 'id' END)
		INTO r USING o;
	RETURN r;
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END
$$;
CREATE TABLE offsets (o interval);
INSERT INTO offsets VALUES ('0'), ('1 ms'), ('999 us'), ('1 day'), ('1 mon'), ('1 mon -29 days'),
	('-1 mon 40 days'), ('1 day -23 hours'), ('23 years'), ('150 years'),
	('3000 years -1080000 days'), ('3000 years -1070000 days'), ('-3000 years 1100000 days'),
	('290000 years'), ('292100 years'), ('292200 years'), ('1000000 years -1 day'),
	('178000000 years'), ('2147483647 days'), ('2562047788 hours'), ('2147483647 mons 2147483647 days'),
	('300000 years -1 day'), ('3000 years -1090000 days');
SELECT o AS "offset",
       CASE WHEN frame_counts(o, true) = frame_counts(o, false) AND length(frame_counts(o, true)) = 5
              THEN 'both ' || frame_counts(o, true)
            WHEN frame_counts(o, true) = frame_counts(o, false) THEN 'as core'
            WHEN length(frame_counts(o, true)) = 5 AND frame_counts(o, false) = (SELECT string_agg('1000', ',') FROM fr)
              THEN 'core ' || frame_counts(o, true) || ', every row'
            ELSE 'core ' || left(frame_counts(o, true), 20) || ', ours ' || left(frame_counts(o, false), 20)
       END AS frame
FROM offsets ORDER BY o, o::text;
-- From 2024-01-01, '3000 years -1080000 days' ends on 2067-01-22 (not in
-- February, as 30-day or 365.25/12-day months would have it).
CREATE TABLE fr2067 (id snowflake);
INSERT INTO fr2067 VALUES ('0'), (make_snowflake('2067-01-21+00', 0, 0)),
	(make_snowflake('2067-01-22+00', 0, 0)), (make_snowflake('2067-01-22 00:00:00.001+00', 0, 0)),
	(make_snowflake('2067-02-13+00', 0, 0));
SELECT snowflake_timestamp(id),
       count(*) OVER (ORDER BY id RANGE BETWEEN CURRENT ROW AND '3000 years -1080000 days' FOLLOWING) AS by_id,
       count(*) OVER (ORDER BY snowflake_timestamp(id)
                      RANGE BETWEEN CURRENT ROW AND '3000 years -1080000 days' FOLLOWING) AS by_time
FROM fr2067 ORDER BY id LIMIT 1;
-- A day across a daylight-saving change depends on the time zone, as for
-- timestamptz, so in_range is STABLE: the id 23.5 hours after an id of
-- 2026-03-29 00:00 UTC is within '1 day' of it in UTC, but not in Berlin,
-- where that day has 23 hours and ends at 23:00 UTC.
CREATE TABLE dst (id snowflake);
INSERT INTO dst VALUES (make_snowflake('2026-03-29 00:00:00+00', 0, 0)),
                       (make_snowflake('2026-03-29 23:30:00+00', 0, 0));
SET timezone = 'Europe/Berlin';
SELECT 'Europe/Berlin' AS zone,
       count(*) OVER (ORDER BY id RANGE BETWEEN CURRENT ROW AND '1 day' FOLLOWING) AS by_id,
       count(*) OVER (ORDER BY snowflake_timestamp(id) RANGE BETWEEN CURRENT ROW AND '1 day' FOLLOWING) AS by_time
FROM dst ORDER BY id LIMIT 1;
SET timezone = 'UTC';
SELECT 'UTC' AS zone,
       count(*) OVER (ORDER BY id RANGE BETWEEN CURRENT ROW AND '1 day' FOLLOWING) AS by_id,
       count(*) OVER (ORDER BY snowflake_timestamp(id) RANGE BETWEEN CURRENT ROW AND '1 day' FOLLOWING) AS by_time
FROM dst ORDER BY id LIMIT 1;
SELECT count(*) AS all_rows FROM fr;

-- (1.1) A range's id bounds from its parts, without building it, as the
-- planner's conditions for "id >= t" use them: the same as from the range,
-- for every non-empty range above.
SELECT count(*) AS ranges,
       count(*) FILTER (WHERE snowflake_range_floor(lower(r), upper(r), flags) = snowflake_range_floor(r)
                          AND snowflake_range_ceil(lower(r), upper(r), flags) = snowflake_range_ceil(r)) AS agree
FROM (SELECT r, CASE WHEN lower_inc(r) THEN '[' ELSE '(' END ||
                CASE WHEN upper_inc(r) THEN ']' ELSE ')' END AS flags
      FROM ranges WHERE NOT isempty(r)) x;
-- NULL bounds are unbounded; equal bounds not both inclusive hold no id.
SELECT snowflake_range_floor(NULL, NULL, '()') AS floor_all,
       snowflake_range_ceil(NULL, NULL, '()') AS ceil_all,
       snowflake_range_floor('2026-05-31 18:40:00+00', '2026-05-31 18:40:00+00', '[)') AS floor_empty,
       snowflake_range_ceil('2026-05-31 18:40:00+00', '2026-05-31 18:40:00+00', '[)') AS ceil_empty,
       snowflake_range_floor('2026-05-31 18:40:00+00', '2026-05-31 18:40:00+00', '[]') AS floor_one_ms,
       snowflake_range_ceil('2026-05-31 18:40:00+00', '2026-05-31 18:40:00+00', '[]') AS ceil_one_ms;
-- Bad flags and reversed bounds are invalid parameters, as for tstzrange().
SELECT f AS flags, sf_try(format('SELECT snowflake_range_floor(now(), NULL, %L)', f))
FROM (VALUES ('[x'), ('[[)'), (''), ('[')) v(f);
SELECT sf_try($$SELECT snowflake_range_ceil(now(), NULL, NULL)$$) AS null_flags,
       sf_try($$SELECT snowflake_range_floor('2026-06-01+00', '2026-05-01+00', '[)')$$) AS reversed;
-- Peers.  Under ORDER BY id the peers of a row are the rows with the same
-- id (none but itself); under ORDER BY snowflake_timestamp(id) they are
-- the rows of the same millisecond.  So frames bounded by offsets on both
-- sides are the same frames (and '0' PRECEDING / FOLLOWING bound at the
-- current row's millisecond), while CURRENT ROW as a bound differs by the
-- rows of the same millisecond after it (as the end) or before it (as the
-- start).  Seeded random data: 600 ids in 40 milliseconds, distinct
-- workers, so every millisecond has ties.
SELECT setseed(0.19);
CREATE TABLE peers AS
SELECT make_snowflake('2026-05-31 18:40:00+00'::timestamptz + floor(random() * 40) * interval '1 ms',
                      g, floor(random() * 4096)::int) AS id
FROM generate_series(0, 599) g;
CREATE TABLE peer_frames AS
SELECT id,
       count(*) OVER (ORDER BY id RANGE BETWEEN '2 ms' PRECEDING AND '1 ms' FOLLOWING) AS id_off,
       count(*) OVER (ORDER BY snowflake_timestamp(id) RANGE BETWEEN '2 ms' PRECEDING AND '1 ms' FOLLOWING) AS ts_off,
       sum(snowflake_sequence(id)) OVER (ORDER BY id RANGE BETWEEN '0' PRECEDING AND '0' FOLLOWING) AS id_zero,
       sum(snowflake_sequence(id)) OVER (ORDER BY snowflake_timestamp(id) RANGE BETWEEN '0' PRECEDING AND '0' FOLLOWING) AS ts_zero,
       sum(snowflake_sequence(id)) OVER (ORDER BY snowflake_timestamp(id) RANGE CURRENT ROW) AS ts_peers,
       count(*) OVER (ORDER BY id RANGE BETWEEN '3 ms' PRECEDING AND CURRENT ROW) AS id_end,
       count(*) OVER (ORDER BY snowflake_timestamp(id) RANGE BETWEEN '3 ms' PRECEDING AND CURRENT ROW) AS ts_end,
       count(*) OVER (ORDER BY id RANGE BETWEEN '3 ms' PRECEDING AND '0' FOLLOWING) AS id_end0,
       count(*) OVER (ORDER BY id RANGE BETWEEN CURRENT ROW AND '3 ms' FOLLOWING) AS id_start,
       count(*) OVER (ORDER BY snowflake_timestamp(id) RANGE BETWEEN CURRENT ROW AND '3 ms' FOLLOWING) AS ts_start,
       count(*) OVER (ORDER BY id RANGE BETWEEN '0' PRECEDING AND '3 ms' FOLLOWING) AS id_start0,
       count(*) OVER (ORDER BY id RANGE BETWEEN '3 ms' PRECEDING AND '3 ms' FOLLOWING EXCLUDE GROUP) AS id_excl,
       count(*) OVER (ORDER BY snowflake_timestamp(id) RANGE BETWEEN '3 ms' PRECEDING AND '3 ms' FOLLOWING EXCLUDE GROUP) AS ts_excl
FROM peers;
-- the rows of the same millisecond before and after each row
CREATE TABLE peer_ties AS
SELECT p.id,
       count(*) FILTER (WHERE q.id < p.id) AS before,
       count(*) FILTER (WHERE q.id > p.id) AS after
FROM peers p JOIN peers q ON snowflake_timestamp(q.id) = snowflake_timestamp(p.id)
GROUP BY p.id;
SELECT count(*) AS rows,
       count(DISTINCT snowflake_timestamp(id)) AS milliseconds,
       count(*) FILTER (WHERE id_off = ts_off) AS offsets_equal,
       count(*) FILTER (WHERE id_zero = ts_zero AND id_zero = ts_peers) AS zero_is_the_millisecond,
       count(*) FILTER (WHERE id_end0 = ts_end) AS zero_following_equal,
       count(*) FILTER (WHERE id_start0 = ts_start) AS zero_preceding_equal
FROM peer_frames;
SELECT count(*) FILTER (WHERE id_end <> ts_end) AS current_row_end_differs,
       count(*) FILTER (WHERE ts_end - id_end = t.after) AS by_the_later_ties,
       count(*) FILTER (WHERE id_start <> ts_start) AS current_row_start_differs,
       count(*) FILTER (WHERE ts_start - id_start = t.before) AS by_the_earlier_ties,
       count(*) FILTER (WHERE id_excl - ts_excl = t.before + t.after) AS exclude_group_by_all_ties
FROM peer_frames JOIN peer_ties t USING (id);
