-- test/citus/data.sql: the rows of test/citus/run, identical on every
-- server that runs this.  One row a second for the 3 days before :'t0',
-- at a varying millisecond, worker and sequence, except in two gaps,
-- [t0-125min, t0-90min) and [t0-65min, t0-5min), which the now() windows
-- of windows.sql end in; and a detail row for every third event.
INSERT INTO ev (id, payload)
SELECT make_snowflake(t, (k * 7) % 1024, (k * 13) % 4096), 'e' || k
  FROM generate_series(1, 3 * 86400) k,
       LATERAL (SELECT :'t0'::timestamptz - interval '3 days' + k * interval '1 second'
                       + (k * 37 % 1000) * interval '1 millisecond' AS t) s
 WHERE NOT (t >= :'t0'::timestamptz - interval '125 minutes' AND t < :'t0'::timestamptz - interval '90 minutes')
   AND NOT (t >= :'t0'::timestamptz - interval '65 minutes' AND t < :'t0'::timestamptz - interval '5 minutes');
INSERT INTO ev_detail (id, amount)
SELECT id, snowflake_worker(id) FROM ev WHERE snowflake_sequence(id) % 3 = 0;
