--
-- opclass: btree, hash and BRIN operator classes
--

-- Every operator class and family passes the access method's validator.
SELECT am.amname, opc.opcname, opc.opcdefault, amvalidate(opc.oid)
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opc.opcintype = 'snowflake'::regtype
ORDER BY 1, 2;

-- Their members.
SELECT am.amname, amop.amopstrategy, amop.amopopr::regoperator
FROM pg_amop amop
JOIN pg_opfamily f ON f.oid = amop.amopfamily
JOIN pg_am am ON am.oid = f.opfmethod
WHERE amop.amoplefttype = 'snowflake'::regtype
ORDER BY 1, 2;
SELECT am.amname, amproc.amprocnum, amproc.amproc::regprocedure
FROM pg_amproc amproc
JOIN pg_opfamily f ON f.oid = amproc.amprocfamily
JOIN pg_am am ON am.oid = f.opfmethod
WHERE amproc.amproclefttype = 'snowflake'::regtype
ORDER BY 1, 2;

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

-- Hash index.
CREATE INDEX bt_hash ON bt USING hash (id);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM bt WHERE id = '9223372036854775808';
SELECT * FROM bt WHERE id = '9223372036854775808';
SELECT * FROM bt WHERE id = '18446744073709551615';
RESET enable_bitmapscan;
RESET enable_seqscan;

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
