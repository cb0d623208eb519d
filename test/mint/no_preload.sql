-- Run against a cluster without shared_preload_libraries: everything but
-- minting works.  Before PostgreSQL 17 minting says exactly what to
-- configure; from 17 on it works, through the DSM registry.
\set VERBOSITY verbose
CREATE EXTENSION snowflake;
SELECT snowflake_worker(make_snowflake(now(), 7, 42)) = 7 AS works_without_preload;
SELECT snowflake_worker(gen_snowflake()) = 0 AS minted;
-- the commit-safe horizon: before 17, 55000 as for minting; from 17 on it
-- works, below the next id
SELECT snowflake_horizon() <= gen_snowflake() AS horizon;
-- a parallel worker cannot hold its leader's horizon when the leader may
-- not have the minting state (from 17 on: 0A000)
CREATE TABLE np_rows AS SELECT g FROM generate_series(1, 1000) g;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET parallel_leader_participation = off;
SELECT count(gen_snowflake(5)) FROM np_rows;
