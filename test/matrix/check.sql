-- test/matrix/check.sql: what must hold for the moved database, the same
-- on the old server and on the new one (the output is compared), plus
-- checks that print "f" when they fail.
\pset footer off
SELECT count(*) AS events, sum(id::numeric) AS checksum, max(id) AS last_id FROM events;
SELECT tableoid::regclass AS partition, count(*), sum(id::numeric) FROM monthly GROUP BY 1 ORDER BY 1;
SELECT count(*) AS may_view FROM may_events;
SELECT extversion = (SELECT default_version FROM pg_available_extensions WHERE name = 'snowflake')
       AS at_default_version
FROM pg_extension WHERE extname = 'snowflake';
-- indexes are intact
SELECT c.relname, bt_index_check(c.oid, true) IS NOT NULL AS checked
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
WHERE a.amname = 'btree' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace ORDER BY 1;
-- the hash and BRIN indexes answer, and pruning keeps one partition
SET enable_seqscan = off;
SELECT count(*) AS by_hash FROM events WHERE id = make_snowflake('2026-05-01 01:00+00', 1, 0);
SELECT count(*) AS by_brin FROM events WHERE id <@ '[2026-05-02+00, 2026-05-03+00)'::tstzrange;
RESET enable_seqscan;
CREATE TEMP TABLE plan (line text);
DO $$ DECLARE l text; BEGIN
	FOR l IN EXPLAIN (COSTS OFF) SELECT count(*) FROM monthly WHERE id <@ '[2026-05-02+00, 2026-05-03+00)'::tstzrange LOOP
		INSERT INTO plan VALUES (l);
	END LOOP;
END $$;
SELECT bool_or(line LIKE '%monthly_2026_05%') AND NOT bool_or(line LIKE '%monthly_rest%') AS pruned_to_may
FROM plan;
