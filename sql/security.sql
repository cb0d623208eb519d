--
-- security: row-level security and security-barrier views keep the id
-- index usable (the comparison functions are LEAKPROOF), a role sees
-- exactly its rows, and a function that can raise an error is never run on
-- rows the role may not see.  Who may set the worker id, and who may mint
-- for any worker.
--
SET timezone = 'UTC';
CREATE ROLE regress_sf_alice;
CREATE ROLE regress_sf_bob;

-- 100,000 events, one a second from 2026-05-01, alternately alice's and
-- bob's; a tenth of bob's carry a malformed branded string.
CREATE TABLE sec_events (id snowflake PRIMARY KEY, who text NOT NULL, branded text NOT NULL);
INSERT INTO sec_events
SELECT id, CASE WHEN g % 2 = 0 THEN 'regress_sf_alice' ELSE 'regress_sf_bob' END,
       CASE WHEN g % 20 = 1 THEN 'not a branded id' ELSE snowflake_brand(id, 'EVT') END
  FROM generate_series(1, 100000) g,
       LATERAL (SELECT make_snowflake('2026-05-01 00:00:00+00'::timestamptz + g * interval '1 second', g % 1024, 0) AS id) s;
ALTER TABLE sec_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON sec_events FOR SELECT USING (who = current_user);
GRANT SELECT ON sec_events TO regress_sf_alice, regress_sf_bob;
VACUUM ANALYZE sec_events;

SET ROLE regress_sf_alice;
-- Each form runs as a scan of the id index, the policy a filter on top.
EXPLAIN (COSTS OFF) SELECT * FROM sec_events WHERE id = '265038409130090496';
EXPLAIN (COSTS OFF) SELECT count(*) FROM sec_events
 WHERE id <@ tstzrange('2026-05-01 01:00:00+00', '2026-05-01 02:00:00+00');
EXPLAIN (COSTS OFF) SELECT count(*) FROM sec_events WHERE id >= '2026-05-02 03:00:00+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM sec_events
 WHERE id BETWEEN snowflake_floor('2026-05-01 01:00:00+00') AND snowflake_ceil('2026-05-01 01:59:59.999+00');
-- Exactly her rows: the hour from 01:00 holds events 3600..7199, half hers.
SELECT count(*) AS hour, count(*) FILTER (WHERE who = 'regress_sf_alice') AS hers
  FROM sec_events WHERE id <@ tstzrange('2026-05-01 01:00:00+00', '2026-05-01 02:00:00+00');
SELECT count(*) AS from_day_2_03h FROM sec_events WHERE id >= '2026-05-02 03:00:00+00'::timestamptz;
SELECT count(*) AS all_hers, count(DISTINCT who) AS owners FROM sec_events;
-- Bob's malformed strings are in rows she cannot see: unbranding every
-- row she can see raises nothing.
SELECT count(*) AS unbranded FROM sec_events WHERE snowflake_unbrand(branded) = id;
EXPLAIN (COSTS OFF) SELECT count(*) FROM sec_events
 WHERE snowflake_unbrand(branded) = id AND id <@ tstzrange('2026-05-01 01:00:00+00', '2026-05-01 02:00:00+00');
-- Bob sees his own malformed rows, so for him the same query fails: the
-- data really holds them.
SET ROLE regress_sf_bob;
SELECT count(*) AS unbranded FROM sec_events WHERE snowflake_unbrand(branded) = id;
RESET ROLE;

-- A security-barrier view over a table without a policy: bob reads alice's
-- events through it, and nothing else.
CREATE TABLE sec_plain AS SELECT * FROM sec_events;
ALTER TABLE sec_plain ADD PRIMARY KEY (id);
VACUUM ANALYZE sec_plain;
CREATE VIEW alice_events WITH (security_barrier) AS
    SELECT id, branded FROM sec_plain WHERE who = 'regress_sf_alice';
GRANT SELECT ON alice_events TO regress_sf_bob;
SET ROLE regress_sf_bob;
SELECT count(*) FROM sec_plain;
EXPLAIN (COSTS OFF) SELECT * FROM alice_events WHERE id = '265038409130090496';
EXPLAIN (COSTS OFF) SELECT count(*) FROM alice_events
 WHERE id <@ tstzrange('2026-05-01 01:00:00+00', '2026-05-01 02:00:00+00');
EXPLAIN (COSTS OFF) SELECT count(*) FROM alice_events WHERE id >= '2026-05-02 03:00:00+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT count(*) FROM alice_events
 WHERE id BETWEEN snowflake_floor('2026-05-01 01:00:00+00') AND snowflake_ceil('2026-05-01 01:59:59.999+00');
SELECT count(*) AS hour FROM alice_events
 WHERE id <@ tstzrange('2026-05-01 01:00:00+00', '2026-05-01 02:00:00+00');
SELECT count(*) AS unbranded FROM alice_events WHERE snowflake_unbrand(branded) = id;

-- The worker id is the server's: a role that is not a superuser cannot
-- set it, for its session, for itself, or for the server.
SET snowflake.worker_id = 3;
ALTER ROLE regress_sf_bob SET snowflake.worker_id = 3;
ALTER SYSTEM SET snowflake.worker_id = 3;
SHOW snowflake.worker_id;
-- Minting with the server's worker id is open to every role; minting for
-- an explicit worker is not (it would bypass that setting): granted to
-- the extension's owner, who may grant it on.
SELECT snowflake_worker(gen_snowflake()) AS worker;
SELECT gen_snowflake(5);
RESET ROLE;
SELECT snowflake_worker(gen_snowflake(5)) AS worker;
SELECT grantee::regrole, privilege_type
  FROM pg_proc p, aclexplode(p.proacl) a
 WHERE p.oid = 'gen_snowflake(integer)'::regprocedure AND grantee <> p.proowner;
GRANT EXECUTE ON FUNCTION gen_snowflake(integer) TO regress_sf_bob;
SET ROLE regress_sf_bob;
SELECT snowflake_worker(gen_snowflake(5)) AS worker;
RESET ROLE;

DROP VIEW alice_events;
DROP TABLE sec_events, sec_plain;
REVOKE EXECUTE ON FUNCTION gen_snowflake(integer) FROM regress_sf_bob;
DROP ROLE regress_sf_alice, regress_sf_bob;
