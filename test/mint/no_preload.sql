-- Run against a cluster without shared_preload_libraries: everything but
-- minting works.  Before PostgreSQL 17 minting says exactly what to
-- configure; from 17 on it works, through the DSM registry.
\set VERBOSITY verbose
CREATE EXTENSION snowflake;
SELECT snowflake_worker(make_snowflake(now(), 7, 42)) = 7 AS works_without_preload;
SELECT snowflake_worker(gen_snowflake()) = 0 AS minted;
