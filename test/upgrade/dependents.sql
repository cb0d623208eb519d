-- test/upgrade/dependents.sql: user objects that depend on the extension,
-- made before ALTER EXTENSION snowflake UPDATE, which must carry them over.
CREATE TABLE events (
	id snowflake PRIMARY KEY DEFAULT gen_snowflake(),
	payload text
);
INSERT INTO events (id, payload)
SELECT make_snowflake('2026-05-01 00:00:00+00'::timestamptz + g * interval '1 minute', g % 1024, g % 4096), 'e' || g
FROM generate_series(0, 99999) g;
INSERT INTO events (payload) SELECT 'minted' FROM generate_series(1, 1000);
CREATE INDEX events_hash ON events USING hash (id);
CREATE INDEX events_brin ON events USING brin (id);
CREATE TABLE monthly (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE monthly_05 PARTITION OF monthly
	FOR VALUES FROM (snowflake_floor('2026-05-01+00')) TO (snowflake_floor('2026-06-01+00'));
CREATE TABLE monthly_rest PARTITION OF monthly DEFAULT;
INSERT INTO monthly SELECT id FROM events;
CREATE VIEW may_events AS
	SELECT id, payload FROM events WHERE id <@ tstzrange('2026-05-01+00', '2026-06-01+00');
CREATE FUNCTION events_of(w tstzrange) RETURNS SETOF snowflake
LANGUAGE sql STABLE AS $$ SELECT id FROM events WHERE id <@ w $$;
-- A partial index whose predicate is a time window: after the update to
-- 1.4, whose operator takes the range as snowflake_tstzrange, the same
-- predicate written today still matches it.
CREATE INDEX events_may2 ON events (id) WHERE id <@ '[2026-05-02+00, 2026-05-03+00)'::tstzrange;
-- Unique indexes on a window, as the operator and as a call of its
-- function, which ON CONFLICT must still infer after the update.
CREATE TABLE notes (id snowflake, note text);
CREATE UNIQUE INDEX notes_may_fn ON notes (note) WHERE snowflake_within(id, '[2026-05-01+00, 2026-06-01+00)');
CREATE UNIQUE INDEX notes_may_op ON notes (note) WHERE id <@ '[2026-05-01+00, 2026-06-01+00)'::tstzrange;
