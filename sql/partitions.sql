--
-- partitions: rolling time partitions (1.4).  snowflake_create_partitions
-- creates the partitions of the coming intervals, aligned on the wall
-- clock of a time zone; snowflake_retire_partitions detaches or drops the
-- old ones.  Every call names its instant (as_of): nothing here reads the
-- clock.
--
-- (the suites before this one leave no extension behind)
CREATE EXTENSION IF NOT EXISTS snowflake;
SET timezone = 'UTC';
CREATE SCHEMA parts;
SET search_path = parts, public;

-- The partitions of a table: name, bounds as instants, hours, owner.
CREATE FUNCTION parts.list(t regclass)
RETURNS TABLE (partition name, from_t timestamptz, to_t timestamptz, hours numeric)
LANGUAGE sql AS $$
	SELECT c.relname, snowflake_timestamp(b[1]::snowflake), snowflake_timestamp(b[2]::snowflake),
	       round(extract(epoch FROM snowflake_timestamp(b[2]::snowflake) - snowflake_timestamp(b[1]::snowflake)) / 3600, 3)
	  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid,
	       regexp_match(pg_get_expr(c.relpartbound, c.oid), '^FOR VALUES FROM \(''(\d+)''\) TO \(''(\d+)''\)$') b
	 WHERE i.inhparent = t
	 ORDER BY 2 NULLS LAST, 1
$$;

-- The catalogue: volatile, not strict (a NULL argument is an error),
-- parallel unsafe, not SECURITY DEFINER: C functions that run the PL/pgSQL
-- work, with its search_path pinned, as the table's owner; the check of
-- the table both make, stable and strict; the locks both take, in tries;
-- and who holds a conflicting lock, parallel restricted (it reads
-- pg_backend_pid()).
SELECT p.oid::regprocedure, l.lanname, p.provolatile, p.proisstrict, p.proparallel, p.prosecdef, p.proconfig
  FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
 WHERE p.proname IN ('snowflake_create_partitions', 'snowflake_retire_partitions', 'snowflake_partitioned_by_id',
					 'snowflake_create_partitions_as_owner', 'snowflake_retire_partitions_as_owner',
					 'snowflake_lock_partitions', 'snowflake_lock_conflicts', 'snowflake_lock_relations')
 ORDER BY p.oid::regprocedure::text;

-- The table locks this session holds in parts: the ones a call leaves
-- held until its transaction ends.
CREATE FUNCTION parts.held()
RETURNS TABLE (rel regclass, mode text)
LANGUAGE sql AS $$
	SELECT l.relation::regclass, l.mode
	  FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
	 WHERE l.pid = pg_backend_pid() AND l.locktype = 'relation' AND l.granted
	   AND c.relnamespace = 'parts'::regnamespace AND c.relkind IN ('r', 'p')
	 ORDER BY l.relation::regclass::text, l.mode
$$;

--
-- Daily, in UTC: the interval of as_of and the next 2.
--
CREATE TABLE daily (id snowflake NOT NULL, v text) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('daily', '1 day', 2, as_of => '2026-06-01 17:30+00');
SELECT * FROM list('daily');
-- idempotent: the same call, and a later one, create only what is missing
SELECT snowflake_create_partitions('daily', '1 day', 2, as_of => '2026-06-01 17:30+00');
SELECT snowflake_create_partitions('daily', '1 day', 3, as_of => '2026-06-02 00:00+00');
-- Nothing to create: found with no lock, and none taken.  Something to
-- create: ACCESS EXCLUSIVE on the table first (then on the default
-- partition, which daily has not), held with those of what it created
-- until the transaction ends.
BEGIN;
SELECT snowflake_create_partitions('daily', '1 day', 2, as_of => '2026-06-01 17:30+00');
SELECT * FROM held();
SELECT snowflake_create_partitions('daily', '1 day', 5, as_of => '2026-06-01 17:30+00');
SELECT * FROM held();
ROLLBACK;
-- ahead 0: the interval of as_of alone
SELECT snowflake_create_partitions('daily', '1 day', 0, as_of => '2026-06-06 23:59:59.999+00');
-- the first and the last id of a day land in that day's partition
INSERT INTO daily VALUES
	(snowflake_floor('2026-06-02 00:00+00'), 'first of 06-02'),
	(snowflake_ceil('2026-06-02 23:59:59.999+00'), 'last of 06-02'),
	(snowflake_floor('2026-06-03 00:00+00'), 'first of 06-03'),
	(snowflake_ceil('2026-06-01 23:59:59.999+00'), 'last of 06-01');
SELECT tableoid::regclass, v FROM daily ORDER BY id;
-- pruning to the new partitions: a constant range, a constant instant
EXPLAIN (COSTS OFF) SELECT * FROM daily WHERE id <@ tstzrange('2026-06-02 00:00+00', '2026-06-03 00:00+00');
EXPLAIN (COSTS OFF) SELECT * FROM daily WHERE id >= timestamptz '2026-06-04 00:00+00';
-- A statement's first 64 windows on partitioned tables get the comparisons
-- that pruning reads; later ones stay as written, each one's expansion
-- costing preprocessing the length of the list (bounded work).  A range of
-- one day after 63 ranges of two days prunes to its day; after 64 it
-- prunes nothing more, and selects the same rows.
CREATE FUNCTION parts.scanned(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	line text;
	found text[] := '{}';
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		found := found || (regexp_match(line, 'Scan on (daily_[a-z0-9_]+)'))[1];
	END LOOP;
	RETURN array_to_string(found, ' ');
END $$;
SELECT n AS two_day_windows,
       parts.scanned(format('SELECT v FROM daily WHERE %s id <@ tstzrange(%L, %L)',
                            repeat('id <@ tstzrange(''2026-06-02 00:00+00'', ''2026-06-04 00:00+00'') AND ', n),
                            '2026-06-02 00:00+00', '2026-06-03 00:00+00')) AS scanned
FROM (VALUES (63), (64)) v(n);
SELECT format('SELECT string_agg(v, '', '' ORDER BY id) FROM daily WHERE %s id <@ tstzrange(%L, %L)',
              repeat('id <@ tstzrange(''2026-06-02 00:00+00'', ''2026-06-04 00:00+00'') AND ', 64),
              '2026-06-02 00:00+00', '2026-06-03 00:00+00') AS q65 \gset
:q65;

--
-- Monthly and quarterly, in UTC; weekly from Monday.
--
CREATE TABLE monthly (id snowflake NOT NULL) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('monthly', '1 month', 2, as_of => '2026-11-15 08:00+00');
SELECT * FROM list('monthly');
INSERT INTO monthly VALUES (snowflake_floor('2027-01-01 00:00+00')), (snowflake_ceil('2026-12-31 23:59:59.999+00'));
SELECT tableoid::regclass, snowflake_timestamp(id) FROM monthly ORDER BY id;
CREATE TABLE quarterly (id snowflake NOT NULL) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('quarterly', '3 months', 1, as_of => '2026-05-20 00:00+00');
SELECT * FROM list('quarterly');
CREATE TABLE weekly (id snowflake NOT NULL) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('weekly', '1 week', 1, as_of => '2026-06-03 12:00+00');
SELECT * FROM list('weekly');

--
-- A time zone with summer time: Europe/Paris moves to +02 on 2026-03-29
-- and back to +01 on 2026-10-25.  The bounds are local midnights: those
-- days are 23 and 25 hours long.
--
CREATE TABLE paris (id snowflake NOT NULL, v text) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('paris', '1 day', 2, 'Europe/Paris', '2026-03-28 12:00+00');
SELECT snowflake_create_partitions('paris', '1 day', 2, 'Europe/Paris', '2026-10-24 12:00+00');
SELECT * FROM list('paris');
-- local midnight's first id and the last id before the next local midnight
INSERT INTO paris VALUES
	(snowflake_floor('2026-03-29 00:00 Europe/Paris'), 'first of 03-29'),
	(snowflake_ceil('2026-03-30 00:00 Europe/Paris'::timestamptz - interval '1 millisecond'), 'last of 03-29'),
	(snowflake_floor('2026-10-25 00:00 Europe/Paris'), 'first of 10-25'),
	(snowflake_ceil('2026-10-26 00:00 Europe/Paris'::timestamptz - interval '1 millisecond'), 'last of 10-25'),
	(snowflake_floor('2026-10-26 00:00 Europe/Paris'), 'first of 10-26');
SELECT tableoid::regclass, v, snowflake_timestamp(id) FROM paris ORDER BY id;
-- as_of is read on Paris's wall clock: 23:30 UTC on 03-28 is 03-29 there
SELECT snowflake_create_partitions('paris', '1 day', 0, 'Europe/Paris', '2026-03-28 23:30+00');
-- Hours on the days of the change: the hour from 02:00 does not exist on
-- 03-29 (no partition), and the hour from 01:00 on 10-25 lasts until
-- the second 02:00.  Names are unique.
CREATE TABLE paris_hourly (id snowflake NOT NULL) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('paris_hourly', '1 hour', 3, 'Europe/Paris', '2026-03-28 23:00+00');
SELECT snowflake_create_partitions('paris_hourly', '1 hour', 3, 'Europe/Paris', '2026-10-24 22:00+00');
SELECT * FROM list('paris_hourly');
-- 15 minutes across the skipped hour: no partition is named for a time
-- that does not exist, each starts where the one before ends, and a later
-- run (as_of in the new hour) finds them made, under the same names.
CREATE TABLE paris_quarters (id snowflake NOT NULL) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('paris_quarters', '15 minutes', 12, 'Europe/Paris', '2026-03-29 00:30+00');
SELECT snowflake_create_partitions('paris_quarters', '15 minutes', 2, 'Europe/Paris', '2026-03-29 01:10+00');
SELECT * FROM list('paris_quarters');
-- America/New_York, 6 hours: on 2026-11-01 the 00:00 partition is 7 hours
CREATE TABLE ny (id snowflake NOT NULL) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('ny', '6 hours', 4, 'America/New_York', '2026-11-01 04:00+00');
SELECT * FROM list('ny');

--
-- Partitions made by hand are respected: an interval inside one is left
-- alone silently; one that overlaps part of one is left out, with a notice.
--
CREATE TABLE mixed (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE mixed_june PARTITION OF mixed
	FOR VALUES FROM (snowflake_floor('2026-06-01+00')) TO (snowflake_floor('2026-07-01+00'));
CREATE TABLE mixed_noon PARTITION OF mixed
	FOR VALUES FROM (snowflake_floor('2026-07-02 12:00+00')) TO (snowflake_floor('2026-07-03 12:00+00'));
CREATE TABLE mixed_max PARTITION OF mixed
	FOR VALUES FROM (snowflake_floor('2026-07-06+00')) TO (MAXVALUE);
SELECT snowflake_create_partitions('mixed', '1 day', 6, as_of => '2026-06-29 00:00+00');
SELECT * FROM list('mixed');
-- two partitions that together cover an interval cover it
CREATE TABLE halves (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE halves_am PARTITION OF halves
	FOR VALUES FROM (snowflake_floor('2026-06-01 00:00+00')) TO (snowflake_floor('2026-06-01 12:00+00'));
CREATE TABLE halves_pm PARTITION OF halves
	FOR VALUES FROM (snowflake_floor('2026-06-01 12:00+00')) TO (snowflake_floor('2026-06-02 00:00+00'));
SELECT snowflake_create_partitions('halves', '1 day', 1, as_of => '2026-06-01 00:00+00');
-- a relation that has the name and is no partition of the interval: refused
CREATE TABLE halves_p20260603 (id snowflake);
SELECT sf_try($$SELECT snowflake_create_partitions('halves', '1 day', 1, as_of => '2026-06-02 00:00+00')$$);
SELECT * FROM list('halves');
DROP TABLE halves_p20260603;

--
-- A default partition: rows in the range of a new partition refuse it
-- (23514), naming both and the count, and nothing is created; rows
-- elsewhere do not.
--
CREATE TABLE withdef (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE withdef_default PARTITION OF withdef DEFAULT;
INSERT INTO withdef VALUES (snowflake_floor('2026-06-05 10:00+00')), (snowflake_floor('2026-06-05 11:00+00')),
	(snowflake_floor('2026-06-20 00:00+00'));
\set SHOW_CONTEXT never
SELECT snowflake_create_partitions('withdef', '1 day', 2, as_of => '2026-06-04 00:00+00');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM list('withdef');
SELECT snowflake_create_partitions('withdef', '1 day', 2, as_of => '2026-06-06 00:00+00');
-- moved out, the rows go to the new partition through the parent
BEGIN;
CREATE TEMP TABLE held ON COMMIT DROP AS
	WITH moved AS (DELETE FROM withdef_default WHERE id <@ tstzrange('2026-06-05+00', '2026-06-06+00') RETURNING id)
	SELECT id FROM moved;
SELECT snowflake_create_partitions('withdef', '1 day', 0, as_of => '2026-06-05 00:00+00');
INSERT INTO withdef SELECT id FROM held;
COMMIT;
SELECT tableoid::regclass, snowflake_timestamp(id) FROM withdef ORDER BY id;

--
-- Retiring: partitions whose whole range ends at or before the first id
-- of as_of less the retention.  Never the default partition, nor one with
-- MINVALUE or MAXVALUE.
--
CREATE TABLE old (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE old_min PARTITION OF old FOR VALUES FROM (MINVALUE) TO (snowflake_floor('2026-05-01+00'));
SELECT count(*) FROM snowflake_create_partitions('old', '1 day', 5, as_of => '2026-05-01 00:00+00');
CREATE TABLE old_max PARTITION OF old FOR VALUES FROM (snowflake_floor('2026-05-10+00')) TO (MAXVALUE);
CREATE TABLE old_default PARTITION OF old DEFAULT;
INSERT INTO old VALUES (snowflake_floor('2026-05-01 06:00+00')), (snowflake_floor('2026-05-02 06:00+00'));
-- Nothing to retire: found with no lock, and none taken.  Something to
-- retire: ACCESS EXCLUSIVE on the table, its default partition and what
-- it detaches, held until the transaction ends.
BEGIN;
SELECT * FROM snowflake_retire_partitions('old', '2 days', as_of => '2026-05-02 00:00+00');
SELECT * FROM held();
SELECT * FROM snowflake_retire_partitions('old', '2 days', as_of => '2026-05-04 00:00+00');
SELECT * FROM held();
ROLLBACK;
-- 2 days before 2026-05-04 00:00: the partitions ending by 05-02 00:00
SELECT * FROM snowflake_retire_partitions('old', '2 days', as_of => '2026-05-04 00:00+00');
-- the detached one keeps its rows, and is no partition any more
SELECT count(*), (SELECT relispartition FROM pg_class WHERE oid = 'old_p20260501'::regclass) FROM old_p20260501;
-- a cutoff inside a partition leaves it: 05-03 10:00 keeps 05-03
SELECT * FROM snowflake_retire_partitions('old', '1 day', 'drop', as_of => '2026-05-04 10:00+00');
SELECT to_regclass('old_p20260502') AS dropped;
SELECT * FROM snowflake_retire_partitions('old', '0', 'drop', as_of => '2026-05-04 10:00+00');
-- a retention with parts of both signs is judged whole: 23 hours
SELECT * FROM snowflake_retire_partitions('old', '1 day -1 hour', 'drop', as_of => '2026-05-04 10:00+00');
-- far on: everything with two finite bounds
SELECT * FROM snowflake_retire_partitions('old', '1 month', 'drop', 'Europe/Paris', '2027-01-01 00:00+00');
SELECT * FROM list('old');
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) ~ 'MINVALUE|MAXVALUE|DEFAULT' AS open
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'old'::regclass ORDER BY 1;
-- retention in a time zone: 1 day before Paris's 10-26 00:00 is 10-25
-- 00:00 there, 25 hours earlier
SELECT * FROM snowflake_retire_partitions('paris', '1 day', 'detach', 'Europe/Paris', '2026-10-25 23:00+00');

--
-- Names: quoted, in the parent's schema, cut to fit 63 bytes; a domain
-- over snowflake as the key.
--
CREATE SCHEMA "Odd Schema";
CREATE DOMAIN parts.event_id AS snowflake;
CREATE TABLE "Odd Schema"."Events ""2026""" (id parts.event_id NOT NULL) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('"Odd Schema"."Events ""2026"""', '1 month', 0, as_of => '2026-06-01+00');
CREATE TABLE "Odd Schema".a_very_long_table_name_that_takes_most_of_the_sixty_three_bytes (id snowflake NOT NULL)
	PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('"Odd Schema".a_very_long_table_name_that_takes_most_of_the_sixty_three_bytes',
	'15 minutes', 1, as_of => '2026-06-01 10:20+00');
SET client_min_messages = warning;
DROP SCHEMA "Odd Schema" CASCADE;
RESET client_min_messages;

-- The default partition's rows are counted with the key cast to
-- snowflake: an operator on a domain key that someone put in the
-- extension's schema is not called.
CREATE DOMAIN parts.dkey AS snowflake;
CREATE FUNCTION public.dkey_ge(parts.dkey, snowflake) RETURNS boolean LANGUAGE plpgsql AS
$$BEGIN RAISE NOTICE 'a planted >= ran'; RETURN true; END$$;
CREATE OPERATOR public.>= (LEFTARG = parts.dkey, RIGHTARG = snowflake, FUNCTION = public.dkey_ge);
CREATE TABLE dk (id parts.dkey NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE dk_default PARTITION OF dk DEFAULT;
INSERT INTO dk VALUES (snowflake_floor('2025-01-01+00'));
SELECT snowflake_create_partitions('dk', '1 day', 0, 'UTC', '2026-06-07+00');
DROP TABLE dk;
DROP OPERATOR public.>= (parts.dkey, snowflake);
DROP FUNCTION public.dkey_ge(parts.dkey, snowflake);
DROP DOMAIN parts.dkey;

--
-- Errors change nothing.
--
CREATE TABLE plain (id snowflake);
CREATE TABLE bylist (id snowflake NOT NULL) PARTITION BY LIST (id);
CREATE TABLE byhash (id snowflake NOT NULL) PARTITION BY HASH (id);
CREATE TABLE bybigint (id bigint NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE bytwo (id snowflake NOT NULL, n int NOT NULL) PARTITION BY RANGE (id, n);
CREATE TABLE byexpr (id snowflake NOT NULL) PARTITION BY RANGE ((snowflake_timestamp(id)));
SELECT q, sf_try(q) FROM (VALUES
	($$SELECT snowflake_create_partitions('plain', '1 day')$$),
	($$SELECT snowflake_create_partitions('bylist', '1 day')$$),
	($$SELECT snowflake_create_partitions('byhash', '1 day')$$),
	($$SELECT snowflake_create_partitions('bybigint', '1 day')$$),
	($$SELECT snowflake_create_partitions('bytwo', '1 day')$$),
	($$SELECT snowflake_create_partitions('byexpr', '1 day')$$),
	($$SELECT snowflake_retire_partitions('plain', '1 day')$$),
	($$SELECT snowflake_retire_partitions('bylist', '1 day')$$),
	($$SELECT snowflake_create_partitions('daily', '0')$$),
	($$SELECT snowflake_create_partitions('daily', '-1 day')$$),
	($$SELECT snowflake_create_partitions('daily', '1 month 1 day')$$),
	($$SELECT snowflake_create_partitions('daily', '1 day 1 hour')$$),
	($$SELECT snowflake_create_partitions('daily', '2 days')$$),
	($$SELECT snowflake_create_partitions('daily', '5 months')$$),
	($$SELECT snowflake_create_partitions('daily', '2 years')$$),
	($$SELECT snowflake_create_partitions('daily', '24 hours')$$),
	($$SELECT snowflake_create_partitions('daily', '7 minutes')$$),
	($$SELECT snowflake_create_partitions('daily', '90 seconds')$$),
	($$SELECT snowflake_create_partitions('daily', '1 day', -1)$$),
	($$SELECT snowflake_create_partitions('daily', '1 day', NULL)$$),
	($$SELECT snowflake_create_partitions('daily', NULL)$$),
	($$SELECT snowflake_create_partitions(NULL, '1 day')$$),
	($$SELECT snowflake_create_partitions('daily', '1 day', 1, 'Mars/Olympus')$$),
	($$SELECT snowflake_create_partitions('daily', '1 month', 1, 'UTC', '2163-04-01+00')$$),
	($$SELECT snowflake_retire_partitions('daily', '-1 day')$$),
	($$SELECT snowflake_retire_partitions('daily', '-1 month 1 day')$$),
	($$SELECT snowflake_create_partitions('daily', '1 day', 1, 'UTC', 'infinity')$$),
	($$SELECT snowflake_retire_partitions('daily', '1 day', 'detach', 'UTC', '-infinity')$$),
	($$SELECT snowflake_retire_partitions('daily', '1 day', 'delete')$$),
	($$SELECT snowflake_retire_partitions('daily', '1 day', NULL)$$)
) t(q);
SELECT count(*) AS daily_partitions FROM list('daily');
-- snowflake_lock_conflicts takes the eight modes as LOCK TABLE spells
-- them and as pg_locks does, in any case; it names other processes only
-- (none here: this session's own locks are not named), NULL for a NULL
-- argument, and refuses (22023) a mode it does not know.  Against other
-- sessions' locks: test/isolation/specs/partition-jobs-locks.spec.
BEGIN;
LOCK TABLE daily IN ACCESS EXCLUSIVE MODE;
SELECT count(*) AS modes, count(snowflake_lock_conflicts('daily', m)) AS named
  FROM unnest(ARRAY['ACCESS SHARE', 'ROW SHARE', 'ROW EXCLUSIVE', 'SHARE UPDATE EXCLUSIVE', 'SHARE',
					'SHARE ROW EXCLUSIVE', 'EXCLUSIVE', 'ACCESS EXCLUSIVE',
					'AccessShareLock', 'RowShareLock', 'RowExclusiveLock', 'ShareUpdateExclusiveLock', 'ShareLock',
					'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock',
					'access  exclusive', ' share ', 'accessexclusivelock']) m;
ROLLBACK;
SELECT snowflake_lock_conflicts('daily', NULL) IS NULL AS null_mode, snowflake_lock_conflicts(NULL, 'SHARE') IS NULL AS null_rel;
SELECT q, sf_try(q) FROM (VALUES
	($$SELECT snowflake_lock_conflicts('daily', 'SHARE EXCLUSIVE')$$),
	($$SELECT snowflake_lock_conflicts('daily', 'AccessShare')$$),
	($$SELECT snowflake_lock_conflicts('daily', '')$$)
) t(q);

-- The last interval must end by the last instant of an id, 2163-05-15
-- 07:35:11.103 UTC.  The limit: from as_of 2160-06-01, yearly intervals
-- fit up to ahead 2, [2162, 2163); ahead 3 is refused, naming [2163, ...)
-- and the limit, before anything is created.  The largest ahead is
-- refused at once (within a statement_timeout of 1 s), never walked to,
-- for every kind of step.
CREATE TABLE far (id snowflake NOT NULL) PARTITION BY RANGE (id);
SELECT snowflake_create_partitions('far', '12 months', 3, 'UTC', '2160-06-01+00');
SET statement_timeout = '1s';
SELECT snowflake_create_partitions('far', '12 months', 2147483647, 'UTC', '2160-06-01+00');
SELECT snowflake_create_partitions('far', '1 minute', 2147483647, 'UTC', '2026-06-01+00');
SELECT snowflake_create_partitions('far', '1 day', 2147483647, 'Europe/Paris', '2026-06-01+00');
SELECT snowflake_create_partitions('far', '1 month', 0, 'UTC', '2163-05-16+00');
RESET statement_timeout;
SELECT count(*) AS none_created FROM list('far');
SELECT snowflake_create_partitions('far', '12 months', 2, 'UTC', '2160-06-01+00');
SELECT * FROM list('far');
DROP TABLE far;
-- A session with standard_conforming_strings off still reads the bounds
-- of the partitions made before (a session of its own: a function is
-- compiled once per session).
\c -
SET timezone = 'UTC';
SET search_path = parts, public;
SET standard_conforming_strings = off;
SELECT snowflake_create_partitions('daily', '1 day', 2, as_of => '2026-06-01 17:30+00');
RESET standard_conforming_strings;

--
-- Privileges: the caller acts as herself.  A role that does not own the
-- table is refused (42501); the owner may; a superuser may, and the
-- partitions it creates belong to the table's owner.
--
CREATE ROLE regress_sf_parts_owner;
CREATE ROLE regress_sf_parts_other;
GRANT USAGE, CREATE ON SCHEMA parts TO regress_sf_parts_owner, regress_sf_parts_other;
CREATE TABLE owned (id snowflake NOT NULL) PARTITION BY RANGE (id);
ALTER TABLE owned OWNER TO regress_sf_parts_owner;
GRANT ALL ON owned TO regress_sf_parts_other;
SET ROLE regress_sf_parts_other;
SELECT sf_try($$SELECT snowflake_create_partitions('parts.owned', '1 day', 0, as_of => '2026-06-01+00')$$);
SELECT sf_try($$SELECT snowflake_retire_partitions('parts.owned', '1 day')$$);
SET ROLE regress_sf_parts_owner;
SELECT snowflake_create_partitions('parts.owned', '1 day', 0, as_of => '2026-06-01+00');
RESET ROLE;
SELECT snowflake_create_partitions('owned', '1 day', 0, as_of => '2026-06-02+00');
SELECT c.relname, pg_get_userbyid(c.relowner) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
 WHERE i.inhparent = 'owned'::regclass ORDER BY 1;
SET ROLE regress_sf_parts_other;
SELECT sf_try($$SELECT snowflake_retire_partitions('parts.owned', '0', 'drop')$$);
RESET ROLE;
SET ROLE regress_sf_parts_owner;
SELECT * FROM snowflake_retire_partitions('parts.owned', '0', 'drop', as_of => '2026-06-03+00');
RESET ROLE;
-- The only rows the functions read are those of the default partition,
-- as the table's owner.  A policy forced on the owner would hide rows
-- from that count: it raises an error instead (row_security is off), and
-- never runs, for a member of the owner's role and for a superuser alike.
CREATE ROLE regress_sf_parts_member IN ROLE regress_sf_parts_owner;
SET ROLE regress_sf_parts_owner;
CREATE TABLE parts.policy_ran (who name);
GRANT INSERT ON parts.policy_ran TO PUBLIC;
CREATE FUNCTION parts.owner_policy() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN INSERT INTO parts.policy_ran VALUES (current_user); RETURN true; END $$;
CREATE TABLE parts.owned_default PARTITION OF parts.owned DEFAULT;
ALTER TABLE parts.owned_default ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY p ON parts.owned_default USING (parts.owner_policy());
RESET ROLE;
SET ROLE regress_sf_parts_member;
SELECT sf_try($$SELECT snowflake_create_partitions('parts.owned', '1 day', 0, as_of => '2026-06-05+00')$$);
RESET ROLE;
SELECT sf_try($$SELECT snowflake_create_partitions('parts.owned', '1 day', 0, as_of => '2026-06-05+00')$$);
SELECT count(*) AS policy_ran FROM parts.policy_ran;
ALTER TABLE parts.owned_default NO FORCE ROW LEVEL SECURITY;
SELECT snowflake_create_partitions('parts.owned', '1 day', 0, as_of => '2026-06-06+00');
DROP ROLE regress_sf_parts_member;

-- The owner's code runs as the owner, whoever calls.  CREATE TABLE ...
-- PARTITION OF coerces the bounds to the key's type, here a domain whose
-- CHECK calls the owner's function, and folds the owner's immutable
-- function in an index expression.  That function records who ran it and
-- makes its owner a superuser when it runs as one.  A superuser creates
-- and retires the partitions, as a pg_cron job of hers would: the code
-- runs as the owner, and the owner stays a plain role.  The PL/pgSQL work
-- called directly by the superuser refuses, and runs nothing.
SET ROLE regress_sf_parts_owner;
CREATE TABLE parts.ran (who name, super boolean);
GRANT INSERT ON parts.ran TO PUBLIC;
CREATE FUNCTION parts.trap(anyelement) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO parts.ran SELECT current_user, rolsuper FROM pg_roles WHERE rolname = current_user;
	IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
		EXECUTE 'ALTER ROLE regress_sf_parts_owner SUPERUSER';
	END IF;
	RETURN true;
END $$;
CREATE FUNCTION parts.folded() RETURNS text IMMUTABLE LANGUAGE plpgsql AS $$
BEGIN PERFORM parts.trap(1); RETURN ''; END $$;
CREATE DOMAIN parts.trapped_id AS snowflake CHECK (parts.trap(VALUE));
CREATE TABLE parts.trapped (id parts.trapped_id NOT NULL, payload text) PARTITION BY RANGE (id);
CREATE INDEX ON parts.trapped ((payload || parts.folded()));
RESET ROLE;
TRUNCATE parts.ran;
SELECT sf_try($$SELECT snowflake_create_partitions_as_owner('parts.trapped', '1 day', 1, as_of => '2026-06-01+00')$$);
SELECT sf_try($$SELECT snowflake_retire_partitions_as_owner('parts.trapped', '0', as_of => '2026-06-03+00')$$);
SELECT count(*) AS ran FROM parts.ran;
SELECT snowflake_create_partitions('parts.trapped', '1 day', 1, as_of => '2026-06-01+00');
SELECT * FROM snowflake_retire_partitions('parts.trapped', '0', 'drop', as_of => '2026-06-03+00');
SELECT who, super, count(*) > 0 AS ran FROM parts.ran GROUP BY 1, 2;
SELECT rolsuper FROM pg_roles WHERE rolname = 'regress_sf_parts_owner';
SELECT current_user, current_setting('search_path');
-- Every partition must be the table's owner's: the constraints of the
-- default partition, and of its partitions, are evaluated as the owner
-- when a partition is created, so another role's would run with the
-- owner's rights.  Refused, for the owner herself too.
SET ROLE regress_sf_parts_owner;
CREATE TABLE parts.trapped_default PARTITION OF parts.trapped DEFAULT;
RESET ROLE;
ALTER TABLE parts.trapped_default OWNER TO regress_sf_parts_other;
SELECT sf_try($$SELECT snowflake_create_partitions('parts.trapped', '1 day', 0, as_of => '2026-06-05+00')$$);
SET ROLE regress_sf_parts_owner;
SELECT sf_try($$SELECT snowflake_retire_partitions('parts.trapped', '0', as_of => '2026-06-05+00')$$);
RESET ROLE;

-- lock_timeout is the caller's after every function that takes locks:
-- create, retire, snowflake_lock_relations itself and
-- snowflake_lock_partitions (which left it at the try's length), in a transaction
-- block, after an error too.  Creating a partition of a table with a
-- foreign key holds SHARE ROW EXCLUSIVE on the table it references,
-- taken by the job's tries, not left to CREATE TABLE (which copies the
-- key).
CREATE TABLE parts.fk_ref (id integer PRIMARY KEY);
CREATE TABLE parts.fk_t (id snowflake NOT NULL, r integer REFERENCES parts.fk_ref) PARTITION BY RANGE (id);
BEGIN;
SET LOCAL lock_timeout = '10s';
SELECT count(*) AS created FROM snowflake_create_partitions('parts.fk_t', '1 day', 1, as_of => '2026-06-01+00');
SHOW lock_timeout;
SELECT * FROM parts.held() WHERE rel::text LIKE 'fk%';
SELECT count(*) AS retired FROM snowflake_retire_partitions('parts.fk_t', '0', 'drop', as_of => '2026-06-03+00');
SHOW lock_timeout;
SELECT snowflake_lock_relations('{parts.fk_t,parts.fk_ref}', '{ACCESS EXCLUSIVE,ShareRowExclusiveLock}', 'test');
SHOW lock_timeout;
SELECT snowflake_lock_partitions('parts.fk_t', '{}', 'test');
SHOW lock_timeout;
SELECT sf_try($$SELECT snowflake_lock_relations('{parts.fk_t}', '{bogus}', 'test')$$);
SELECT sf_try($$SELECT snowflake_lock_relations('{parts.fk_t}', '{}', 'test')$$);
SHOW lock_timeout;
COMMIT;
-- A relation dropped since its list was read (a partition a concurrent
-- job retired) is left out, and the others are locked.
BEGIN;
CREATE TABLE parts.gone (i int);
SELECT 'parts.gone'::regclass::oid AS gone \gset
DROP TABLE parts.gone;
SELECT snowflake_lock_relations(ARRAY[:gone, 'parts.fk_ref'::regclass::oid]::regclass[], '{ACCESS EXCLUSIVE,ACCESS EXCLUSIVE}', 'test');
SELECT * FROM parts.held() WHERE rel::text LIKE 'fk_ref%';
COMMIT;
-- The locks of a partition job on a table with foreign keys on both
-- sides, all in its tries: to create (no parts), SHARE ROW EXCLUSIVE on
-- the table that references it and on the one it references, as CREATE
-- TABLE ... PARTITION OF takes them; to retire, ACCESS EXCLUSIVE on the
-- first, as DETACH takes it.
CREATE TABLE parts.fkb_ref (id integer PRIMARY KEY);
CREATE TABLE parts.fkb (id snowflake NOT NULL PRIMARY KEY, r integer REFERENCES parts.fkb_ref) PARTITION BY RANGE (id);
CREATE TABLE parts.fkb_1 PARTITION OF parts.fkb FOR VALUES FROM ('0') TO ('1000');
CREATE TABLE parts.fkb_note (fkb_id snowflake REFERENCES parts.fkb);
BEGIN;
SELECT snowflake_lock_partitions('parts.fkb', '{}', 'test');
SELECT * FROM parts.held() WHERE rel::text LIKE 'fkb%';
ROLLBACK;
BEGIN;
SELECT snowflake_lock_partitions('parts.fkb', '{parts.fkb_1}', 'test');
SELECT * FROM parts.held() WHERE rel::text LIKE 'fkb%';
ROLLBACK;
-- Retiring with 'drop' a partition that another table's foreign key
-- references fails as DROP TABLE does (2BP01), and retires nothing.
SELECT sf_try($$SELECT count(*) FROM snowflake_retire_partitions('parts.fkb', '0', 'drop', as_of => '2100-01-01+00')$$);
SELECT count(*) AS partitions FROM snowflake_partition_tree('parts.fkb');
-- What LOCK TABLE allows, and SHARE ROW EXCLUSIVE on a table one may
-- reference (what adding a foreign key takes); nothing on another's.
GRANT REFERENCES ON parts.fk_ref TO regress_sf_parts_other;
SET ROLE regress_sf_parts_other;
SELECT sf_try($$SELECT snowflake_lock_relations('{parts.fk_ref}', '{SHARE ROW EXCLUSIVE}', 'test')$$);
SELECT sf_try($$SELECT snowflake_lock_relations('{parts.fk_ref}', '{ACCESS EXCLUSIVE}', 'test')$$);
SELECT sf_try($$SELECT snowflake_lock_relations('{parts.fk_t}', '{ACCESS SHARE}', 'test')$$);
RESET ROLE;
-- A sequence (which LOCK TABLE refuses) only by its owner, whatever her
-- privileges on it; nothing in a schema she has no USAGE on.
CREATE SEQUENCE parts.lk_seq;
GRANT UPDATE ON parts.lk_seq TO regress_sf_parts_other;
CREATE SCHEMA parts_hidden;
CREATE TABLE parts_hidden.t (i int);
GRANT UPDATE ON parts_hidden.t TO regress_sf_parts_other;
SELECT 'parts_hidden.t'::regclass::oid AS hidden \gset
SET ROLE regress_sf_parts_other;
SELECT sf_try($$SELECT snowflake_lock_relations('{parts.lk_seq}', '{ACCESS EXCLUSIVE}', 'test')$$);
SELECT sf_try($$SELECT snowflake_lock_relations(ARRAY[$$ || :hidden || $$]::regclass[], '{ACCESS EXCLUSIVE}', 'test')$$);
RESET ROLE;
DROP SCHEMA parts_hidden CASCADE;

RESET search_path;
SET client_min_messages = warning;
DROP SCHEMA parts CASCADE;
RESET client_min_messages;
DROP ROLE regress_sf_parts_owner, regress_sf_parts_other;
