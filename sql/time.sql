--
-- time: field extraction, composition, and the bounds of an instant
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- The seed vector: 2026-05-31 18:40:00 UTC, worker 7, sequence 42.
SELECT snowflake_timestamp('319545566822428714') AS ts,
       snowflake_worker('319545566822428714') AS worker,
       snowflake_sequence('319545566822428714') AS sequence;
SELECT make_snowflake('2026-05-31 18:40:00+00', 7, 42) AS rebuilt,
       make_snowflake('2026-05-31 18:40:00+00', 7, 42) = 319545566822428714 AS same;
-- The timestamp is UTC whatever the session's time zone.
SET timezone = 'America/New_York';
SELECT snowflake_timestamp('319545566822428714');
SELECT make_snowflake('2026-05-31 14:40:00-04', 7, 42);
SET timezone = 'UTC';

-- Each field is a shift and a mask.
SELECT floor(319545566822428714::numeric / 4194304) = 76185600000 AS ms_field,
       to_timestamp((76185600000 + 1704067200000) / 1000.0)
         = snowflake_timestamp('319545566822428714') AS ms_is_since_2024,
       floor(319545566822428714::numeric / 4096) % 1024 = 7 AS worker_field,
       319545566822428714::numeric % 4096 = 42 AS sequence_field;

-- The ends of the range.
SELECT snowflake_timestamp('0'), snowflake_worker('0'), snowflake_sequence('0');
SELECT snowflake_timestamp('18446744073709551615'),
       snowflake_worker('18446744073709551615'),
       snowflake_sequence('18446744073709551615');
SELECT snowflake_timestamp('9223372036854775808') AS top_bit_set;

-- make_snowflake truncates the instant to its millisecond.
SELECT make_snowflake('2026-05-31 18:40:00.000999+00', 7, 42) AS truncated,
       make_snowflake('2026-05-31 18:40:00.001+00', 7, 42) AS next_ms;
SELECT make_snowflake('2024-01-01 00:00:00+00', 0, 0) AS first,
       make_snowflake('2163-05-15 07:35:11.103+00', 1023, 4095) AS last;

-- Round trip: extraction then composition gives the id back.
SELECT count(*) AS ids,
       bool_and(make_snowflake(snowflake_timestamp(v), snowflake_worker(v), snowflake_sequence(v)) = v) AS round_trip
FROM (SELECT ((g::numeric * 7919 * 1000000007) % 18446744073709551616)::snowflake AS v
      FROM generate_series(1, 20000) g) t;

-- Bad arguments: 22008 for the instant, 22003 for worker and sequence.
SELECT q, sf_try(q) AS result
FROM (VALUES
	('SELECT make_snowflake(''2023-12-31 23:59:59.999999+00'', 0, 0)'),
	('SELECT make_snowflake(''2163-05-15 07:35:11.104+00'', 0, 0)'),
	('SELECT make_snowflake(''infinity'', 0, 0)'),
	('SELECT make_snowflake(''-infinity'', 0, 0)'),
	('SELECT make_snowflake(''4000-01-01+00'', 0, 0)'),
	('SELECT make_snowflake(''2026-01-01+00'', -1, 0)'),
	('SELECT make_snowflake(''2026-01-01+00'', 1024, 0)'),
	('SELECT make_snowflake(''2026-01-01+00'', 0, -1)'),
	('SELECT make_snowflake(''2026-01-01+00'', 0, 4096)'),
	('SELECT make_snowflake(''2026-01-01+00'', 2147483647, 0)'),
	('SELECT make_snowflake(''2026-01-01+00'', 1023, 4095)')
) AS t(q);
SELECT make_snowflake('2023-12-31 23:59:59.999+00', 0, 0);
SELECT make_snowflake('2026-01-01+00', 1024, 0);
SELECT make_snowflake('2026-01-01+00', 0, 4096);

-- The bounds of an instant: tail 0 and tail 0x3FFFFF of its millisecond.
SELECT snowflake_floor('2026-05-31 18:40:00+00') AS floor,
       snowflake_ceil('2026-05-31 18:40:00+00') AS ceil,
       snowflake_ceil('2026-05-31 18:40:00+00')::numeric
         - snowflake_floor('2026-05-31 18:40:00+00')::numeric AS width;
SELECT snowflake_floor('2026-05-31 18:40:00+00') <= 319545566822428714
       AND 319545566822428714 <= snowflake_ceil('2026-05-31 18:40:00+00') AS seed_inside;
-- ... with the millisecond truncated exactly as make_snowflake does it.
SELECT snowflake_floor('2026-05-31 18:40:00.0009+00') = snowflake_floor('2026-05-31 18:40:00+00') AS floor_truncates,
       snowflake_ceil('2026-05-31 18:40:00.0009+00') = snowflake_ceil('2026-05-31 18:40:00+00') AS ceil_truncates,
       snowflake_floor('2026-05-31 18:40:00.001+00')::numeric
         = snowflake_ceil('2026-05-31 18:40:00+00')::numeric + 1 AS adjacent;
SELECT snowflake_worker(snowflake_floor(t)), snowflake_sequence(snowflake_floor(t)),
       snowflake_worker(snowflake_ceil(t)), snowflake_sequence(snowflake_ceil(t)),
       snowflake_timestamp(snowflake_floor(t)) = snowflake_timestamp(snowflake_ceil(t)) AS same_ms
FROM (VALUES ('2026-05-31 18:40:00.0005+00'::timestamptz)) v(t);

-- Edges: clamp where the range ends, NULL where no such id exists.
SELECT t, snowflake_floor(t) AS floor, snowflake_ceil(t) AS ceil
FROM (VALUES ('-infinity'::timestamptz),
             ('4713-01-01 00:00:00+00 BC'),
             ('2023-12-31 23:59:59.999+00'),
             ('2023-12-31 23:59:59.999999+00'),
             ('2024-01-01 00:00:00+00'),
             ('2024-01-01 00:00:00.000999+00'),
             ('2024-01-01 00:00:00.001+00'),
             ('2163-05-15 07:35:11.103+00'),
             ('2163-05-15 07:35:11.103999+00'),
             ('2163-05-15 07:35:11.104+00'),
             ('294276-12-31 23:59:59.999999+00'),
             ('infinity')) AS v(t);

-- A window written with the bounds selects exactly the ids of its
-- milliseconds: a dt - 1ms id is out, dt and dt + 999us are in, and so on.
CREATE TABLE win (id snowflake);
INSERT INTO win
SELECT make_snowflake('2026-05-31 18:40:00+00'::timestamptz + ms * interval '1 ms', w, s)
FROM generate_series(-2, 2) ms, (VALUES (0), (1023)) w(w), (VALUES (0), (4095)) s(s);
SELECT snowflake_timestamp(id) AS ms, count(*)
FROM win
WHERE id BETWEEN snowflake_floor('2026-05-31 18:39:59.999+00') AND snowflake_ceil('2026-05-31 18:40:00.001+00')
GROUP BY 1 ORDER BY 1;
SELECT count(*) FROM win
WHERE id BETWEEN snowflake_floor('2026-05-31 18:40:00.0001+00') AND snowflake_ceil('2026-05-31 18:40:00.0009+00');
SELECT count(*) FROM win
WHERE id >= snowflake_floor('-infinity') AND id <= snowflake_ceil('infinity');
SELECT count(*) FROM win WHERE id <= snowflake_ceil('2020-01-01+00');
SELECT count(*) FROM win WHERE id >= snowflake_floor('infinity');
