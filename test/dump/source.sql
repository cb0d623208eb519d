-- test/dump/source.sql: a database using everything snowflake offers that
-- pg_dump must carry: columns, defaults of gen_snowflake(), btree, hash and
-- BRIN indexes, range partitions bounded by snowflake_floor(), hash
-- partitions, a view using <@, and data on both sides of 2^63.
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
CREATE EXTENSION snowflake;
CREATE EXTENSION amcheck;

CREATE TABLE events (
	id snowflake PRIMARY KEY DEFAULT gen_snowflake(),
	payload text
);
CREATE INDEX events_hash ON events USING hash (id);
CREATE INDEX events_brin ON events USING brin (id);
INSERT INTO events (payload) SELECT 'e' || g FROM generate_series(1, 20000) g;
INSERT INTO events VALUES (0, 'zero'), ('9223372036854775808', '2^63'), ('18446744073709551615', 'max');

CREATE TABLE monthly (id snowflake NOT NULL, payload text) PARTITION BY RANGE (id);
CREATE TABLE monthly_2026_04 PARTITION OF monthly
	FOR VALUES FROM (snowflake_floor('2026-04-01+00')) TO (snowflake_floor('2026-05-01+00'));
CREATE TABLE monthly_2026_05 PARTITION OF monthly
	FOR VALUES FROM (snowflake_floor('2026-05-01+00')) TO (snowflake_floor('2026-06-01+00'));
CREATE INDEX ON monthly (id);
INSERT INTO monthly
SELECT make_snowflake('2026-04-01+00'::timestamptz + g * interval '1 minute', 3, 0), 'm'
FROM generate_series(0, 61 * 1440 - 1) g;

CREATE TABLE hashed (id snowflake NOT NULL) PARTITION BY HASH (id);
CREATE TABLE hashed_0 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hashed_1 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hashed SELECT id FROM monthly;

CREATE VIEW may_events AS
SELECT * FROM monthly WHERE id <@ tstzrange('2026-05-01+00', '2026-06-01+00');
VACUUM ANALYZE;
