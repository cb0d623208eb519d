--
-- wal: the snowflake WAL resource manager (src/wal.c)
--
-- Every advance of the minting reservation writes one RESERVE record,
-- which pg_walinspect shows with its description.  Standbys, promotion
-- and replay are tested where they happen: test/ha/run, test/crash/run.
--
CREATE SCHEMA walinspect;
CREATE EXTENSION pg_walinspect SCHEMA walinspect;
-- A slot keeps the WAL read below: the CHECKPOINT (which flushes it),
-- or one the server starts, must not remove it first.  The reading ends
-- at what is flushed: WAL written since (autovacuum's) may not be yet.
SELECT slot_name FROM pg_create_physical_replication_slot('regress_sf_wal', true);
SELECT pg_current_wal_lsn() AS before \gset
-- 10M ids are 2441 ms of minted time: at least two new reservations.
SELECT count(gen_snowflake()) FROM generate_series(1, 10000000);
CHECKPOINT;
CREATE TEMP TABLE reserve AS
SELECT start_lsn, record_type, record_length, main_data_length, description,
       substring(description FROM '\(ms (\d+)\)$')::bigint AS ms,
       substring(description FROM '^minting below (.*) \(ms')::timestamptz AS below
FROM walinspect.pg_get_wal_records_info(:'before', pg_current_wal_flush_lsn())
WHERE resource_manager = 'snowflake';
-- One record type: 8 bytes of data, 34 in all.
SELECT record_type, record_length, main_data_length, count(*) >= 2 AS at_least_two
FROM reserve GROUP BY 1, 2, 3;
-- The description: its shape, and its instant is its millisecond's.
SELECT bool_and(description ~ '^minting below \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d \(ms \d+\)$') AS shape,
       bool_and(below = '2024-01-01 00:00:00+00'::timestamptz + ms * interval '1 millisecond') AS agree
FROM reserve;
-- The marks only grow along the WAL.
SELECT bool_and(ms > prev) AS grow
FROM (SELECT ms, lag(ms) OVER (ORDER BY start_lsn) AS prev FROM reserve) s
WHERE prev IS NOT NULL;
SELECT pg_drop_replication_slot('regress_sf_wal');
DROP EXTENSION pg_walinspect;
DROP SCHEMA walinspect;
