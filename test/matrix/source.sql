-- test/matrix/source.sql: the database moved from 15 to a newer major.
-- Ids minted by the server (whose clock the test sets ahead), btree, hash
-- and BRIN indexes, a table partitioned by range of the id, a column
-- default that mints, and a view.
CREATE EXTENSION snowflake;
CREATE TABLE events (
	id snowflake PRIMARY KEY DEFAULT gen_snowflake(),
	payload text
);
CREATE INDEX events_hash ON events USING hash (id);
CREATE INDEX events_brin ON events USING brin (id);
INSERT INTO events (id, payload)
SELECT make_snowflake('2026-05-01+00'::timestamptz + g * interval '1 minute', 1, 0), 'may ' || g
FROM generate_series(0, 9999) g;
INSERT INTO events (payload) SELECT 'minted ' || g FROM generate_series(1, 20000) g;

CREATE TABLE monthly (id snowflake NOT NULL, payload text) PARTITION BY RANGE (id);
CREATE TABLE monthly_2026_05 PARTITION OF monthly
	FOR VALUES FROM (snowflake_floor('2026-05-01+00')) TO (snowflake_floor('2026-06-01+00'));
CREATE TABLE monthly_rest PARTITION OF monthly DEFAULT;
CREATE INDEX ON monthly (id);
INSERT INTO monthly SELECT id, payload FROM events;

CREATE VIEW may_events AS
	SELECT id, payload FROM events WHERE id <@ tstzrange('2026-05-01+00', '2026-06-01+00');
