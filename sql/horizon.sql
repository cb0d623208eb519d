--
-- horizon: snowflake_horizon(), an id below which no open transaction can
-- commit an id minted on this server inside it (src/horizon.c).  One
-- session: its own transactions hold the horizon as another's would.
-- What other sessions see is in the isolation spec horizon-out-of-order
-- and test/horizon/.
--
SET timezone = 'UTC';

-- VOLATILE (it moves with time and commits), PARALLEL RESTRICTED, not
-- STRICT (it has no argument), not LEAKPROOF (a standby refuses it).
SELECT provolatile, proparallel, proleakproof, prorettype::regtype
  FROM pg_proc WHERE oid = 'snowflake_horizon()'::regprocedure;

-- An id minted since the server started (when this suite runs alone).
SELECT gen_snowflake() IS NOT NULL AS minted;
-- Start with no lead: earlier suites minted bursts ahead of the clock.
SELECT pg_sleep(lead_ms / 1000.0 + 0.002) FROM snowflake_mint_stats();

-- The floor of a millisecond (worker and sequence 0), not below the last
-- id's millisecond when nothing is open, never past the reservation (every
-- id minted is below it, and ids minted after a restart above it), never
-- ahead of the next id, never going back.
SELECT snowflake_horizon() AS h1 \gset
SELECT snowflake_worker(:'h1') AS worker, snowflake_sequence(:'h1') AS sequence,
       :'h1'::snowflake >= snowflake_floor(snowflake_timestamp(last_id)) AS not_below_the_last_id,
       :'h1'::snowflake <= snowflake_floor(reserved_until) AS within_the_reservation
  FROM snowflake_mint_stats();
SELECT :'h1'::snowflake <= snowflake_horizon() AS never_back;
SELECT h <= gen_snowflake() AS not_ahead_of_the_next_id
  FROM (SELECT snowflake_horizon() AS h OFFSET 0) s;

-- A transaction that mints holds the horizon at its first id from before
-- that id is made until it ends; a second id later in it does not move it.
CREATE TABLE horizon_t (id snowflake, note text);
BEGIN;
INSERT INTO horizon_t VALUES (gen_snowflake(), 'first');
SELECT pg_sleep(0.01);
INSERT INTO horizon_t VALUES (gen_snowflake(), 'later');
SELECT snowflake_horizon() <= min(id) AS held,
       snowflake_horizon() < snowflake_floor(snowflake_timestamp(max(id))) AS below_the_later_id
  FROM horizon_t;
COMMIT;
-- After the commit: released, at the next id's millisecond or later.
SELECT pg_sleep(0.002);
SELECT snowflake_horizon() > max(id) AS released FROM horizon_t;

-- A transaction that mints nothing holds nothing.
BEGIN;
SELECT count(*) FROM horizon_t;
SELECT snowflake_horizon() > max(id) AS not_held FROM horizon_t;
COMMIT;

-- A subtransaction's ids hold the horizon until the top-level transaction
-- ends, even when the subtransaction rolled back.
BEGIN;
SAVEPOINT s;
SELECT gen_snowflake() AS sub_id \gset
ROLLBACK TO s;
SELECT pg_sleep(0.002);
SELECT snowflake_horizon() <= :sub_id AS held_after_rollback_to_savepoint;
COMMIT;
SELECT snowflake_horizon() > :sub_id AS released;

-- Aborted: released.
BEGIN;
SELECT gen_snowflake() AS aborted_id \gset
SELECT snowflake_horizon() <= :aborted_id AS held;
ROLLBACK;
SELECT pg_sleep(0.002);
SELECT snowflake_horizon() > :aborted_id AS released;

-- gen_snowflake(worker): the horizon is a millisecond's floor, so the ids
-- of every worker in that millisecond are above it, a lower worker's
-- minted after a higher one's too.
BEGIN;
SELECT gen_snowflake(1023) AS high \gset
SELECT gen_snowflake(0) AS low \gset
SELECT snowflake_horizon() <= least(:high, :low) AS held_for_both;
COMMIT;

-- A parallel worker's mints hold its leader's transaction: the workers
-- have exited when the query ends, and the horizon is still held.
CREATE TABLE horizon_rows AS SELECT g FROM generate_series(1, 1000) g;
ANALYZE horizon_rows;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
EXPLAIN (COSTS OFF, VERBOSE)
CREATE TABLE horizon_par AS SELECT gen_snowflake(5) AS id FROM horizon_rows;
BEGIN;
-- the workers that ran it: two, and the leader took no part
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
CREATE TABLE horizon_par AS SELECT gen_snowflake(5) AS id FROM horizon_rows
\g | grep -E 'Workers|Seq Scan' | sed -E 's/ +\(actual.*//'
SELECT count(*) FROM horizon_par;
SELECT pg_sleep(0.002);
SELECT snowflake_horizon() <= min(id) AS held_by_the_workers FROM horizon_par;
COMMIT;
SELECT pg_sleep(0.002);
SELECT snowflake_horizon() > max(id) AS released FROM horizon_par;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;

-- A burst that runs ahead of the clock: the horizon follows the ids, at
-- the millisecond of the burst's last id or later, and still below the
-- next id.
SELECT max(gen_snowflake()) AS burst_last FROM generate_series(1, 100000) \gset
SELECT snowflake_horizon() >= snowflake_floor(snowflake_timestamp(:'burst_last')) AS follows_the_ids;
SELECT h <= gen_snowflake() AS not_ahead_of_the_next_id
  FROM (SELECT snowflake_horizon() AS h OFFSET 0) s;

DROP TABLE horizon_t, horizon_rows, horizon_par;
