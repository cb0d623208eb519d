--
-- opclass: btree, hash and BRIN operator classes
--

-- Every operator class and family passes the access method's validator.
SELECT am.amname, opc.opcname, opc.opcdefault, amvalidate(opc.oid)
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opc.opcintype = 'snowflake'::regtype
ORDER BY 1, 2;

-- Their members.  The btree family also holds the comparisons with bigint,
-- either side first, so that a bigint parameter or column uses the index;
-- a family with (snowflake, bigint) must hold (bigint, bigint) as well to be
-- complete, and it gets operators of its own for that (#<# and so on, on
-- core's functions), not core's, which would put every bigint equality into
-- this family.
SELECT am.amname, amop.amoplefttype::regtype, amop.amoprighttype::regtype,
       amop.amopstrategy, amop.amopopr::regoperator
FROM pg_amop amop
JOIN pg_opfamily f ON f.oid = amop.amopfamily
JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.opfname LIKE 'snowflake%'
ORDER BY 1, 2, 3, 4;
SELECT am.amname, amproc.amproclefttype::regtype, amproc.amprocrighttype::regtype,
       amproc.amprocnum, amproc.amproc::regprocedure
FROM pg_amproc amproc
JOIN pg_opfamily f ON f.oid = amproc.amprocfamily
JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.opfname LIKE 'snowflake%'
ORDER BY 1, 2, 3, 4;
-- Core's bigint "=" belongs to core's families only.
SELECT am.amname, f.opfname
FROM pg_amop amop JOIN pg_opfamily f ON f.oid = amop.amopfamily JOIN pg_am am ON am.oid = f.opfmethod
WHERE amop.amopopr = '=(bigint,bigint)'::regoperator ORDER BY 1, 2;

-- A btree across the 2^63 boundary passes amcheck's heapallindexed check.
CREATE EXTENSION amcheck;
CREATE TABLE bt (id snowflake);
CREATE INDEX bt_id ON bt (id);
INSERT INTO bt
SELECT ('9223372036854775808'::numeric + g * 9973)::snowflake FROM generate_series(-30000, 30000) g;
INSERT INTO bt VALUES ('0'), ('18446744073709551615'), ('9223372036854775807'), ('9223372036854775808');
SELECT bt_index_check('bt_id', true);
SELECT bt_index_parent_check('bt_id', true);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT count(*) FROM bt WHERE id >= '9223372036854775800' AND id <= '9223372036854775820';
SELECT id FROM bt WHERE id > '18446744073709551000' ORDER BY id;
SELECT id FROM bt ORDER BY id LIMIT 2;
RESET enable_bitmapscan;
RESET enable_seqscan;
-- A bigint compares with the ids in the index, in a generic plan too, and
-- across 2^63: no bigint reaches the ids above it.
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET plan_cache_mode = force_generic_plan;
PREPARE bt_big(bigint) AS SELECT count(*) FROM bt WHERE id > $1;
EXPLAIN (COSTS OFF) EXECUTE bt_big(0);
EXECUTE bt_big(9223372036854775807);
EXECUTE bt_big(-1);
SELECT count(*) FROM bt;
DEALLOCATE bt_big;
RESET plan_cache_mode;
RESET enable_bitmapscan;
RESET enable_seqscan;
-- A merge join between an id and a bigint column, by the family's order.
CREATE TABLE big_ref (b bigint);
INSERT INTO big_ref VALUES (0), (-5), (9223372036854775807), (42);
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT b, id FROM big_ref JOIN bt ON bt.id = big_ref.b;
SELECT b, id FROM big_ref JOIN bt ON bt.id = big_ref.b ORDER BY b;
RESET enable_nestloop;
RESET enable_hashjoin;

-- equalimage (support 4) turns on deduplication: a low-cardinality index
-- is as small as bigint's, and under half the size it is without it.
CREATE TABLE dup (id snowflake, b bigint);
INSERT INTO dup SELECT g % 10, g % 10 FROM generate_series(1, 50000) g;
CREATE INDEX dup_on ON dup (id) WITH (deduplicate_items = on);
CREATE INDEX dup_off ON dup (id) WITH (deduplicate_items = off);
CREATE INDEX dup_bigint ON dup (b) WITH (deduplicate_items = on);
SELECT pg_relation_size('dup_on') = pg_relation_size('dup_bigint') AS same_as_bigint,
       pg_relation_size('dup_on') * 2 < pg_relation_size('dup_off') AS deduplicated;
SELECT bt_index_check('dup_on', true);

-- Hash index.  The btree is dropped in a transaction rolled back, so that
-- no cost decides between the two (after a VACUUM the btree's index-only
-- scan is the cheaper).
CREATE INDEX bt_hash ON bt USING hash (id);
BEGIN;
DROP INDEX bt_id;
SET LOCAL enable_seqscan = off;
SET LOCAL enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM bt WHERE id = '9223372036854775808';
SELECT * FROM bt WHERE id = '9223372036854775808';
-- an integer constant is an id to the hash index too
EXPLAIN (COSTS OFF) SELECT * FROM bt WHERE id = 9223372036854775807;
SELECT * FROM bt WHERE id = '18446744073709551615';
ROLLBACK;

-- PARTITION BY HASH: rows spread over every partition, and each lands
-- where satisfies_hash_partition says it belongs.
CREATE TABLE hp (id snowflake) PARTITION BY HASH (id);
CREATE TABLE hp0 PARTITION OF hp FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE hp1 PARTITION OF hp FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE hp2 PARTITION OF hp FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE hp3 PARTITION OF hp FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO hp
SELECT make_snowflake('2026-05-31 18:40:00+00'::timestamptz + (g / 10) * interval '1 ms', 7, g % 10)
FROM generate_series(0, 3999) g;
SELECT count(*) AS partitions, sum(n) AS total,
       min(n) > 800 AND max(n) < 1200 AS balanced
FROM (SELECT tableoid, count(*) AS n FROM hp GROUP BY tableoid) s;
SELECT count(*) AS misplaced FROM hp
WHERE NOT satisfies_hash_partition('hp'::regclass, 4,
                                   CASE tableoid WHEN 'hp0'::regclass THEN 0
                                                 WHEN 'hp1'::regclass THEN 1
                                                 WHEN 'hp2'::regclass THEN 2
                                                 ELSE 3 END, id);
-- Plan-time pruning on equality keeps only the partition that satisfies.
SELECT r AS remainder FROM generate_series(0, 3) r
WHERE satisfies_hash_partition('hp'::regclass, 4, r, '1339827204472520711'::snowflake);
EXPLAIN (COSTS OFF) SELECT * FROM hp WHERE id = '1339827204472520711';
EXPLAIN (COSTS OFF) SELECT * FROM hp WHERE id = 1339827204472520711;

-- Ids and integers that are equal hash alike (1.4): "id = n" with n a
-- bigint is in the hash family, whose bigint hash is the hash of the id of
-- the same value, unseeded and seeded, over seeded random values and the
-- edges of the bigint range.
SELECT setseed(0.19);
SELECT count(*) AS checked,
       count(*) FILTER (WHERE snowflake_hash(n::snowflake) <> snowflake_int8_hash(n)
                           OR snowflake_hash_extended(n::snowflake, seed) <> snowflake_int8_hash_extended(n, seed)) AS differ
FROM (SELECT (random() * 9223372036854775807)::bigint AS n FROM generate_series(1, 2000)
      UNION ALL VALUES (0::bigint), (1), (9223372036854775807), (319545566822428714)) v,
     (VALUES (0::bigint), (1), (-1), (42), (-9223372036854775808)) s(seed);
-- Hash joins between ids and bigints, against their numeric definition:
-- ids on both sides of 2^63 and bigints of either sign.
CREATE TABLE hj_ids (id snowflake);
INSERT INTO hj_ids SELECT (g * 7)::bigint FROM generate_series(0, 3000) g;
INSERT INTO hj_ids VALUES ('9223372036854775807'), ('9223372036854775808'), ('18446744073709551615'), (NULL);
CREATE TABLE hj_a (n bigint);
INSERT INTO hj_a SELECT g * 3 FROM generate_series(-50, 7000) g;
INSERT INTO hj_a VALUES (9223372036854775807), (-9223372036854775808), (NULL);
CREATE TABLE hj_b (m bigint);
INSERT INTO hj_b SELECT g * 5 FROM generate_series(-50, 4200) g;
INSERT INTO hj_b VALUES (9223372036854775807), (NULL);
ANALYZE hj_ids, hj_a, hj_b;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM hj_ids JOIN hj_a ON hj_ids.id = hj_a.n;
SELECT (SELECT count(*) FROM hj_ids JOIN hj_a ON hj_ids.id = hj_a.n) AS hash_join,
       (SELECT count(*) FROM hj_ids JOIN hj_a ON hj_ids.id::numeric = hj_a.n::numeric) AS definition;
-- Two integers equal to one id: the join the planner derives between them
-- ("#=#", the bigint equality of the btree family) hashes too.
SET join_collapse_limit = 1;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM hj_a CROSS JOIN hj_b CROSS JOIN hj_ids WHERE hj_ids.id = hj_a.n AND hj_ids.id = hj_b.m;
SELECT (SELECT count(*) FROM hj_a CROSS JOIN hj_b CROSS JOIN hj_ids
         WHERE hj_ids.id = hj_a.n AND hj_ids.id = hj_b.m) AS hash_joins,
       (SELECT count(*) FROM hj_a, hj_b, hj_ids
         WHERE hj_ids.id::numeric = hj_a.n::numeric AND hj_ids.id::numeric = hj_b.m::numeric) AS definition;
RESET join_collapse_limit;
RESET enable_nestloop;
RESET enable_mergejoin;
-- A bigint parameter of a generic plan: a hash index condition, and
-- run-time pruning of hash partitions, each against its definition.  The
-- btree is dropped in a transaction rolled back, as above.
BEGIN;
DROP INDEX bt_id;
SET plan_cache_mode = force_generic_plan;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
PREPARE hash_big(bigint) AS SELECT count(*) FROM bt WHERE id = $1;
EXPLAIN (COSTS OFF) EXECUTE hash_big(0);
RESET enable_bitmapscan;
RESET enable_seqscan;
PREPARE hp_big(bigint) AS SELECT count(*) FROM hp WHERE id = $1;
EXPLAIN (COSTS OFF) EXECUTE hp_big(1339827204472520711);
CREATE TEMP TABLE hash_args (n bigint);
INSERT INTO hash_args SELECT id::bigint FROM hp WHERE id::numeric < 9223372036854775807 ORDER BY id LIMIT 50;
INSERT INTO hash_args SELECT id::bigint FROM bt WHERE id::numeric < 9223372036854775807 ORDER BY id LIMIT 50;
INSERT INTO hash_args VALUES (-1), (0), (9223372036854775807), (-9223372036854775808), (NULL);
CREATE FUNCTION hash_count(stmt text, n bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE c bigint;
BEGIN
	EXECUTE format('EXECUTE %I(%L::bigint)', stmt, n) INTO c;
	RETURN c;
END $$;
SELECT count(*) AS checked,
       count(*) FILTER (WHERE hash_count('hp_big', n) <> (SELECT count(*) FROM hp WHERE id::numeric = n::numeric)) AS hp_wrong,
       count(*) FILTER (WHERE hash_count('hash_big', n) <> (SELECT count(*) FROM bt WHERE id::numeric = n::numeric)) AS bt_wrong
FROM hash_args;
DEALLOCATE hash_big;
DEALLOCATE hp_big;
DROP FUNCTION hash_count(text, bigint);
RESET plan_cache_mode;
ROLLBACK;

-- BRIN minmax on an append-only table whose ids arrive in time order.
CREATE TABLE events (id snowflake, payload text);
INSERT INTO events
SELECT make_snowflake('2026-01-01 00:00:00+00'::timestamptz + g * interval '1 s', 1, 0), 'e' || g
FROM generate_series(0, 99999) g;
CREATE INDEX events_brin ON events USING brin (id) WITH (pages_per_range = 16);
ANALYZE events;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events
WHERE id BETWEEN snowflake_floor('2026-01-01 10:00:00+00') AND snowflake_ceil('2026-01-01 10:59:59.999+00');
SELECT count(*) FROM events
WHERE id BETWEEN snowflake_floor('2026-01-01 10:00:00+00') AND snowflake_ceil('2026-01-01 10:59:59.999+00');
RESET enable_seqscan;

-- BRIN on a domain over snowflake (1.4: the class stores snowflake), and
-- its ranges against the definition.
CREATE DOMAIN brin_id AS snowflake;
CREATE TABLE brin_dom (id brin_id);
INSERT INTO brin_dom SELECT make_snowflake('2026-05-01+00'::timestamptz + g * interval '1 second', 1, 0)
FROM generate_series(0, 99999) g;
CREATE INDEX brin_dom_idx ON brin_dom USING brin (id) WITH (pages_per_range = 4);
SELECT opckeytype::regtype FROM pg_opclass WHERE opcname = 'snowflake_minmax_ops';
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM brin_dom WHERE id <@ '[2026-05-01 10:00+00, 2026-05-01 11:00+00)';
SELECT count(*) AS brin,
       (SELECT count(*) FROM brin_dom WHERE snowflake_timestamp(id) <@ '[2026-05-01 10:00+00, 2026-05-01 11:00+00)'::tstzrange) AS definition
FROM brin_dom WHERE id <@ '[2026-05-01 10:00+00, 2026-05-01 11:00+00)';
RESET enable_seqscan;
