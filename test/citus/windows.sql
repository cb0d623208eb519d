-- test/citus/windows.sql: time windows over ev, run on the Citus
-- coordinator and on one plain server holding the same rows; test/citus/run
-- compares the two outputs line by line.  :'t0' is the anchor the data was
-- made around (see test/citus/data.sql).  Windows that use now() end in the
-- gaps of the data, so the moment each node reads its clock cannot matter.
\pset format unaligned
\pset tuples_only on
SET TIME ZONE 'UTC';
SELECT 'total', count(*), min(id), max(id) FROM ev;

-- constants
SELECT 'range 1h', count(*) FROM ev
 WHERE id <@ tstzrange(:'t0'::timestamptz - interval '20 hours', :'t0'::timestamptz - interval '19 hours');
SELECT 'range 1d', count(*) FROM ev
 WHERE id <@ tstzrange(:'t0'::timestamptz - interval '2 days 3 hours', :'t0'::timestamptz - interval '1 day 3 hours');
SELECT 'range [] sub-ms', count(*) FROM ev
 WHERE id <@ tstzrange(:'t0'::timestamptz - interval '30 hours 0.0005 seconds', :'t0'::timestamptz - interval '29 hours 0.9995 seconds', '[]');
SELECT 'range (,t)', count(*) FROM ev WHERE id <@ tstzrange(NULL, :'t0'::timestamptz - interval '2 days');
SELECT 'range empty', count(*) FROM ev WHERE id <@ 'empty'::tstzrange;
SELECT 'id >= t', count(*) FROM ev WHERE id >= :'t0'::timestamptz - interval '5 hours 17 minutes';
SELECT 'id < t', count(*) FROM ev WHERE id < :'t0'::timestamptz - interval '2 days 20 hours';
SELECT 'id > t sub-ms', count(*) FROM ev WHERE id > :'t0'::timestamptz - interval '6 hours 0.0004 seconds';
SELECT 'between floor ceil', count(*) FROM ev
 WHERE id BETWEEN snowflake_floor(:'t0'::timestamptz - interval '40 hours') AND snowflake_ceil(:'t0'::timestamptz - interval '39 hours 30 minutes');
SELECT 'between same ms', count(*) FROM ev
 WHERE id BETWEEN snowflake_floor(:'t0'::timestamptz - interval '10 hours') AND snowflake_ceil(:'t0'::timestamptz - interval '10 hours');

-- integers beside the distribution column, negative ones among them (a
-- negative integer is below every id; "id = -1" alone is refused by
-- Citus's routing, see test/citus/run)
SELECT 'id > -1', count(*) FROM ev WHERE id > -1;
SELECT 'id < -1', count(*) FROM ev WHERE id < -1;
SELECT 'id = -1 OR', count(*) FROM ev WHERE id = -1 OR id < '1';
SELECT 'IN with a negative', count(*) FROM ev
 WHERE id IN (-5, 0, make_snowflake(:'t0'::timestamptz - interval '3 days' + interval '1000 seconds'
                                    + interval '0 ms', 7000 % 1024, 13000 % 4096)::bigint);

-- prepared statements: 7 executions each, past the point where the plan
-- cache may switch to a generic plan
PREPARE w_range(timestamptz, timestamptz) AS SELECT count(*) FROM ev WHERE id <@ tstzrange($1, $2);
PREPARE w_ge(timestamptz) AS SELECT count(*) FROM ev WHERE id >= $1;
PREPARE w_between(timestamptz, timestamptz) AS
    SELECT count(*) FROM ev WHERE id BETWEEN snowflake_floor($1) AND snowflake_ceil($2);
PREPARE w_point(snowflake) AS SELECT count(*) FROM ev WHERE id = $1;
SELECT format('EXECUTE w_range(%L, %L)', :'t0'::timestamptz - (n || ' hours')::interval,
              :'t0'::timestamptz - ((n - 1) || ' hours 13 minutes')::interval),
       format('EXECUTE w_ge(%L)', :'t0'::timestamptz - (n || ' hours 7 minutes')::interval),
       format('EXECUTE w_between(%L, %L)', :'t0'::timestamptz - (n * 3 || ' hours')::interval,
              :'t0'::timestamptz - (n * 3 - 1 || ' hours')::interval),
       format('EXECUTE w_point(%L)', make_snowflake(:'t0'::timestamptz - interval '3 days' + n * interval '1000 seconds'
                                                    + (n * 1000 * 37 % 1000) * interval '1 millisecond',
                                                    n * 1000 * 7 % 1024, n * 1000 * 13 % 4096))
  FROM generate_series(3, 9) n
\gexec
EXECUTE w_range(NULL, NULL);
EXECUTE w_ge(NULL);

-- now(): every bound falls in a gap of the data
SELECT 'now range 1h', count(*) FROM ev WHERE id <@ tstzrange(now() - interval '1 hour', now());
SELECT 'now >=', count(*) FROM ev WHERE id >= now() - interval '2 hours';
SELECT 'now between', count(*) FROM ev
 WHERE id BETWEEN snowflake_floor(now() - interval '2 hours') AND snowflake_ceil(now() - interval '1 hour');

-- the histogram by hour, and a colocated join
SELECT 'histogram', md5(string_agg(h || ':' || n, ',' ORDER BY h)), count(*)
  FROM (SELECT date_trunc('hour', snowflake_timestamp(id)) AS h, count(*) AS n FROM ev GROUP BY 1) s;
SELECT 'join', count(*), sum(d.amount) FROM ev JOIN ev_detail d USING (id)
 WHERE ev.id <@ tstzrange(:'t0'::timestamptz - interval '30 hours', :'t0'::timestamptz - interval '20 hours');
SELECT 'join by hour', md5(string_agg(h || ':' || n, ',' ORDER BY h)) FROM (
    SELECT date_trunc('hour', snowflake_timestamp(e.id)) AS h, sum(d.amount) AS n
      FROM ev e JOIN ev_detail d ON d.id = e.id GROUP BY 1) s;
