--
-- mint: gen_snowflake() and snowflake.worker_id
--
SET timezone = 'UTC';

-- The setting: unset by default ("unset": the boot value), which the
-- test cluster sets to 0 in postgresql.conf (the reset value); an integer
-- from 0 to 1023, citus or unset, spelt canonically; superuser only.
SHOW snowflake.worker_id;
SELECT name, setting, boot_val, reset_val, context, vartype
FROM pg_settings WHERE name = 'snowflake.worker_id';
SET snowflake.worker_id = 1024;
SET snowflake.worker_id = -1;
SET snowflake.worker_id = 'seven';
SET snowflake.worker_id = '';
SET snowflake.worker_id = '12 3';
SET snowflake.worker_id = 1023;
SHOW snowflake.worker_id;
-- Decimal digits only, spaces around: a zero-padded ordinal is decimal;
-- hexadecimal, octal, signs, fractions and exponents are refused, where
-- an integer setting would read or round them.
SET snowflake.worker_id = ' 010 ';
SHOW snowflake.worker_id;
SET snowflake.worker_id = '0x10';
SET snowflake.worker_id = '+5';
SET snowflake.worker_id = '2.5';
SET snowflake.worker_id = '1e3';
SET snowflake.worker_id = '00000000000000000000001024';
SET snowflake.worker_id = 'CITUS';
SHOW snowflake.worker_id;
SELECT snowflake_worker_id();
SET snowflake.worker_id = 'Unset';
SHOW snowflake.worker_id;
-- Unset: gen_snowflake() refuses (55000, with the line to add);
-- snowflake_worker_id() is NULL; gen_snowflake(worker) still mints.
SELECT snowflake_worker_id() IS NULL AS worker_id_unset;
\set VERBOSITY sqlstate
SELECT gen_snowflake();
\set VERBOSITY default
SELECT gen_snowflake();
CREATE TABLE unset_default (id snowflake DEFAULT gen_snowflake());
INSERT INTO unset_default DEFAULT VALUES;
SELECT snowflake_worker(gen_snowflake(9)) AS explicit_worker_while_unset;
DROP TABLE unset_default;
-- citus: without Citus in the database, both say so (55000).
SET snowflake.worker_id = citus;
SELECT gen_snowflake();
-- snowflake_citus_worker_ids() needs Citus too.
SELECT * FROM snowflake_citus_worker_ids();
RESET snowflake.worker_id;
SELECT snowflake_worker_id() AS reset_to_the_configured_0;
-- Unknown settings under the prefix are refused.
SET snowflake.wrker_id = 1;

-- How far ahead of time a burst may run: 1 s by default, 0 to 1 hour,
-- one value for the server (postgresql.conf or ALTER SYSTEM, then a
-- reload), which no session may change for itself.
SHOW snowflake.max_lead;
SELECT name, setting, unit, min_val, max_val, context, vartype
FROM pg_settings WHERE name = 'snowflake.max_lead';
SET snowflake.max_lead = '10s';

-- Minted ids carry the worker of the setting, and the current millisecond.
SET snowflake.worker_id = 42;
SELECT snowflake_worker(id) AS worker,
       abs(extract(epoch FROM snowflake_timestamp(id) - clock_timestamp())) < 1 AS within_a_second
FROM (SELECT gen_snowflake() AS id) s;
SELECT snowflake_worker(gen_snowflake(7)) AS explicit_worker,
       snowflake_worker(gen_snowflake(0)) AS worker_0,
       snowflake_worker(gen_snowflake(1023)) AS worker_1023;
SELECT gen_snowflake(1024);
SELECT gen_snowflake(-1);
SELECT gen_snowflake(NULL) IS NULL AS strict;

-- Strictly increasing within a statement, and unique: 100000 ids in one
-- statement outrun 4096 per millisecond, borrowing later milliseconds.
CREATE TABLE minted AS
SELECT g, gen_snowflake() AS id FROM generate_series(1, 100000) g;
SELECT count(*) AS ids, count(DISTINCT id) AS distinct_ids,
       bool_and(snowflake_worker(id) = 42) AS all_worker_42
FROM minted;
SELECT count(*) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY g) AS prev FROM minted) s
WHERE prev IS NOT NULL AND prev >= id;
-- Mixed workers in one statement: unique, increasing per worker.
CREATE TABLE minted_mixed AS
SELECT g, gen_snowflake(g % 3) AS id FROM generate_series(1, 30000) g;
SELECT count(*) AS ids, count(DISTINCT id) AS distinct_ids FROM minted_mixed;
SELECT count(*) AS out_of_order
FROM (SELECT id, lag(id) OVER (PARTITION BY g % 3 ORDER BY g) AS prev FROM minted_mixed) s
WHERE prev IS NOT NULL AND prev >= id;
RESET snowflake.worker_id;

-- As a column default, the primary key of an event table.
CREATE TABLE ev_minted (id snowflake PRIMARY KEY DEFAULT gen_snowflake(), payload text);
INSERT INTO ev_minted (payload) SELECT 'e' || g FROM generate_series(1, 1000) g;
SELECT count(*), bool_and(snowflake_worker(id) = 0) AS worker_0 FROM ev_minted;

-- A non-superuser mints with the configured worker but cannot change it.
CREATE ROLE regress_sf_minter;
GRANT ALL ON ev_minted TO regress_sf_minter;
SET ROLE regress_sf_minter;
INSERT INTO ev_minted (payload) VALUES ('by a plain role');
SET snowflake.worker_id = 5;
RESET ROLE;
DROP TABLE ev_minted;
DROP ROLE regress_sf_minter;

-- Reload applies a configured worker id (ALTER SYSTEM, then reload).  A
-- session takes a reload between statements: each \gexec below runs up to
-- 100 of them, which sleep 0.1 s only while the setting is not yet the
-- new one, so a loaded machine gets 10 s; they are not echoed.
ALTER SYSTEM SET snowflake.worker_id = 77;
SELECT pg_reload_conf();
\set ECHO none
SELECT $q$DO $d$ BEGIN IF current_setting('snowflake.worker_id') <> '77' THEN PERFORM pg_sleep(0.1); END IF; END $d$$q$
  FROM generate_series(1, 100) \gexec
\set ECHO all
SHOW snowflake.worker_id;
SELECT snowflake_worker(gen_snowflake()) AS worker_after_reload;
ALTER SYSTEM RESET snowflake.worker_id;
SELECT pg_reload_conf();
\set ECHO none
SELECT $q$DO $d$ BEGIN IF current_setting('snowflake.worker_id') <> '0' THEN PERFORM pg_sleep(0.1); END IF; END $d$$q$
  FROM generate_series(1, 100) \gexec
\set ECHO all
SHOW snowflake.worker_id;
