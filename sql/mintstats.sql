--
-- mintstats: snowflake_mint_stats(), what gen_snowflake() has
-- minted since the server started.  The suites run one after another, and
-- no other session mints meanwhile: what this one mints is all that moves.
--
SET timezone = 'UTC';

-- Open to pg_monitor and to superusers, not to PUBLIC: a plain role is
-- refused (42501); a member of pg_monitor reads the one row.
CREATE ROLE regress_sf_plain;
CREATE ROLE regress_sf_watcher IN ROLE pg_monitor;
SET ROLE regress_sf_plain;
SELECT sf_try('SELECT count(*) FROM snowflake_mint_stats()') AS function;
RESET ROLE;
SET ROLE regress_sf_watcher;
SELECT count(*) AS rows, bool_and(minted > 0) AS minted FROM snowflake_mint_stats();
RESET ROLE;
DROP ROLE regress_sf_plain, regress_sf_watcher;

-- Every id handed out counts, once: with the server's worker id and with
-- explicit ones, as a column's default, and in a transaction rolled back
-- (the id was handed out).  A call refused (an invalid worker) counts
-- nothing, and a strict call on NULL is no call.
SELECT minted AS minted_before, lead_waits AS waits_before, lead_wait_ms AS wait_ms_before
  FROM snowflake_mint_stats() \gset
SELECT count(gen_snowflake()) FROM generate_series(1, 1000);
SELECT count(gen_snowflake(g % 3)) FROM generate_series(1, 500) g;
CREATE TEMP TABLE stats_ev (id snowflake DEFAULT gen_snowflake(), n int);
INSERT INTO stats_ev (n) SELECT g FROM generate_series(1, 20) g;
BEGIN;
SELECT gen_snowflake() IS NOT NULL AS minted;
ROLLBACK;
SELECT gen_snowflake(1024);
SELECT gen_snowflake(NULL);
SELECT minted - :minted_before AS minted_since FROM snowflake_mint_stats();

-- The worker id in force in this session, and the last id handed out,
-- whatever its worker.
SET snowflake.worker_id = 42;
SELECT gen_snowflake() AS last \gset
SELECT worker_id, last_id = :'last' AS last_is_mine, snowflake_worker(last_id) AS worker
  FROM snowflake_mint_stats();
SELECT gen_snowflake(7) AS last \gset
SELECT worker_id, last_id = :'last' AS last_is_mine, snowflake_worker(last_id) AS worker
  FROM snowflake_mint_stats();
-- Unset, or citus where Citus is not: no worker id (NULL), and no error.
SET snowflake.worker_id = unset;
SELECT worker_id IS NULL AS unset_is_null FROM snowflake_mint_stats();
SET snowflake.worker_id = citus;
SELECT worker_id IS NULL AS citus_without_citus_is_null FROM snowflake_mint_stats();
RESET snowflake.worker_id;

-- The lead: after a burst, at least how far the last id is ahead of the
-- clock read after the function (within a millisecond: the time mints
-- measure from is at most a millisecond past the wall clock), at most the
-- bound (snowflake.max_lead, 1 s) and a millisecond; 0 once the clock has
-- passed the last id.
SELECT count(gen_snowflake()) FROM generate_series(1, 100000);
SELECT lead_ms >= 1000 * date_part('epoch', snowflake_timestamp(last_id) - clock_timestamp()) - 1 AS at_least_the_ids_lead,
       lead_ms BETWEEN 0 AND 1001 AS within_the_bound
  FROM snowflake_mint_stats();
SELECT pg_sleep(greatest(0, date_part('epoch', snowflake_timestamp(last_id) - clock_timestamp())) + 0.005)
  FROM snowflake_mint_stats();
SELECT lead_ms AS lead_once_caught_up FROM snowflake_mint_stats();

-- The reservation: always past the last id.  Once the clock has passed it
-- (and so no renewal is pending), the next mint reserves anew, once: the
-- renewals grow by 1, and the reservation ends a second past that mint.
SELECT reserved_until > snowflake_timestamp(last_id) AS past_the_last_id,
       renewals > 0 AS renewed
  FROM snowflake_mint_stats();
DO $$
BEGIN
	WHILE clock_timestamp() <= (SELECT reserved_until FROM snowflake_mint_stats()) LOOP
		PERFORM pg_sleep(0.05);
	END LOOP;
END
$$;
SELECT renewals AS renewals_before FROM snowflake_mint_stats() \gset
SELECT gen_snowflake() IS NOT NULL AS minted;
SELECT renewals - :renewals_before AS renewals_since,
       reserved_until - snowflake_timestamp(last_id) BETWEEN interval '0.5 s' AND interval '1 s' AS a_second_ahead
  FROM snowflake_mint_stats();

-- No mint of this suite waited at the bound: none ran a second ahead
-- (test/mint/stats counts the waits).
SELECT lead_waits - :waits_before AS lead_waits_since, lead_wait_ms - :wait_ms_before AS lead_wait_ms_since
  FROM snowflake_mint_stats();
