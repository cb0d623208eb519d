-- Run against a cluster without shared_preload_libraries: everything but
-- minting works, and minting says exactly what to configure.
\set VERBOSITY verbose
CREATE EXTENSION snowflake;
SELECT snowflake_worker(make_snowflake(now(), 7, 42)) = 7 AS works_without_preload;
SELECT gen_snowflake();
