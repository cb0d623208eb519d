-- test/dump/compare.sql: a fingerprint of a database made from source.sql.
-- The same output from the source and the restored copy means the data,
-- the index definitions, the defaults and the plans survived.
\set ON_ERROR_STOP 1
SET timezone = 'UTC';
SELECT * FROM (
	SELECT 'events' AS t, count(*), sum(snowflake_hash(id)), min(id), max(id) FROM events
	UNION ALL
	SELECT 'monthly', count(*), sum(snowflake_hash(id)), min(id), max(id) FROM monthly
	UNION ALL
	SELECT 'hashed', count(*), sum(snowflake_hash(id)), min(id), max(id) FROM hashed
	UNION ALL
	SELECT 'may_events', count(*), sum(snowflake_hash(id)), min(id), max(id) FROM may_events) f
ORDER BY t;
SELECT tableoid::regclass, count(*) FROM monthly GROUP BY 1 ORDER BY 1;
SELECT tableoid::regclass, count(*) FROM hashed GROUP BY 1 ORDER BY 1;
SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'events'::regclass;
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) FROM pg_class c
WHERE c.relispartition ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id = 319545566822428714;
EXPLAIN (COSTS OFF) SELECT count(*) FROM monthly WHERE id <@ tstzrange('2026-05-02+00', '2026-05-03+00');
EXPLAIN (COSTS OFF) SELECT * FROM hashed WHERE id = 319545566822428714;
-- amcheck on every btree index
SELECT c.relname, bt_index_check(c.oid, true)::text = '' AS checked
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
WHERE a.amname = 'btree' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace ORDER BY 1;
-- minting still works as the default
INSERT INTO events (payload) VALUES ('after') RETURNING snowflake_worker(id) >= 0 AS minted;
