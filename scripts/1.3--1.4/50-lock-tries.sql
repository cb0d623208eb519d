-- How long a try for locks may wait, in ms: half of the smallest
-- deadlock_timeout a session of this database may have (this session's,
-- the server's from postgresql.conf, ALTER SYSTEM or its default, and
-- those of ALTER ROLE and ALTER DATABASE for this database), at least 1.
-- A writer that queues behind such a try runs its deadlock check after
-- its deadlock_timeout, by which time the try has given up and released
-- what it took.  A setting is read as the server reads it: a number
-- (decimal, with an exponent, or hexadecimal) and a unit, milliseconds if
-- none; one it cannot read counts as 1 ms.  Used by snowflake_convert_key
-- and the partition jobs.
CREATE FUNCTION @extschema@.snowflake_lock_try_ms()
RETURNS pg_catalog.int4
LANGUAGE sql STABLE PARALLEL RESTRICTED
SET search_path = pg_catalog, pg_temp
AS $fn$
	SELECT GREATEST(1, LEAST(g.setting::pg_catalog.int4, g.reset_val::pg_catalog.int4, g.boot_val::pg_catalog.int4,
							  COALESCE((SELECT pg_catalog.min(
												CASE WHEN m.p IS NULL THEN 1
													 WHEN m.p[1] OPERATOR(pg_catalog.~*) '^0x'
													 THEN ('x' OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.substr(m.p[1], 3), 16, '0'))::pg_catalog.bit(64)::pg_catalog.int8
														  OPERATOR(pg_catalog.*) 1.0
													 ELSE m.p[1]::pg_catalog.numeric END
												OPERATOR(pg_catalog.*)
												CASE pg_catalog.lower(m.p[2]) WHEN 'us' THEN 0.001 WHEN 's' THEN 1000 WHEN 'min' THEN 60000
													 WHEN 'h' THEN 3600000 WHEN 'd' THEN 86400000 ELSE 1 END)
										  FROM pg_catalog.pg_db_role_setting d,
											   pg_catalog.unnest(d.setconfig) AS cfg(item),
											   LATERAL (SELECT pg_catalog.regexp_match(pg_catalog.substr(cfg.item, 18),
														'^\s*(0x[0-9a-f]{1,15}|[0-9]*\.?[0-9]+(?:e[-+]?[0-9]{1,3})?)\s*(us|ms|s|min|h|d)?\s*$', 'i') AS p) m
										 WHERE d.setdatabase OPERATOR(pg_catalog.=) ANY (ARRAY[0, (SELECT b.oid FROM pg_catalog.pg_database b
																							 WHERE b.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())])
										   AND cfg.item LIKE 'deadlock\_timeout=%'), 2147483647)
							  -- (LEAST of integers and a numeric: rounded as the server rounds)
							  ::pg_catalog.numeric)::pg_catalog.int4
					OPERATOR(pg_catalog./) 2)
	  FROM pg_catalog.pg_settings g WHERE g.name = 'deadlock_timeout';
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_lock_try_ms() IS
	'how long a try for locks may wait (ms): half of the smallest deadlock_timeout a session of this database may have';

-- The locks of a partition job, taken in tries: ACCESS EXCLUSIVE on the
-- parent; then, with the parent held, so that no partition comes or goes,
-- on its default partition and on each of parts that is still a partition
-- of it, in that order, each before its own partitions (all with ONLY).
-- A try waits at most half of the smallest deadlock_timeout a session may
-- have (the server's, this database's and its roles', this session's)
-- for all its locks together: a session that queues behind it, or holds a
-- lock it waits for, waits less than that, never reaches its deadlock
-- check, and gets its lock when the try gives up and is undone.  After a
-- pause, longer each time and with jitter, the next try starts.  After 20
-- tries: 55P03, naming the processes that held a conflicting lock on the
-- relation it waited for, read just before it asked
-- (snowflake_lock_conflicts).  The table is checked again once its parent
-- is held: its owner may have changed.  entry names the caller in the
-- error.  The locks stay held until the transaction ends.  The two
-- partition jobs call it as the table's owner; anyone else may lock only
-- what LOCK TABLE lets her.
CREATE FUNCTION @extschema@.snowflake_lock_partitions(
	parent pg_catalog.regclass,
	parts pg_catalog.regclass[],
	entry pg_catalog.text)
RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	lock_tries integer := 20;
	lock_wait integer;
	attempt integer := 0;
	tried timestamptz;
	waiting_on regclass;
	holders text;
	def oid;
	r record;
BEGIN
	lock_wait := @extschema@.snowflake_lock_try_ms();

	LOOP
		attempt := attempt + 1;
		BEGIN
			-- The try's clock starts at its first lock.  Who holds a
			-- conflicting lock is read just before each LOCK (a variable
			-- keeps its value when the try is undone).
			tried := clock_timestamp();
			waiting_on := parent;
			PERFORM set_config('lock_timeout', lock_wait::text, true);
			holders := @extschema@.snowflake_lock_conflicts(parent, 'ACCESS EXCLUSIVE');
			EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', parent);

			SELECT t.defid INTO def FROM @extschema@.snowflake_partitioned_by_id(parent) t;
			FOR r IN
				WITH RECURSIVE roots(ord, relid) AS (
					SELECT 0::bigint, def WHERE def <> 0
					UNION ALL
					SELECT u.n, u.relid::oid FROM unnest(parts) WITH ORDINALITY AS u(relid, n)
					 WHERE u.relid::oid <> def
					   AND EXISTS (SELECT FROM pg_inherits i WHERE i.inhrelid = u.relid AND i.inhparent = parent)),
				tree(ord, relid, level) AS (
					SELECT o.ord, o.relid, 0 FROM roots o
					UNION ALL
					SELECT t.ord, i.inhrelid, t.level + 1 FROM tree t JOIN pg_inherits i ON i.inhparent = t.relid)
				SELECT t.relid::regclass AS rel FROM tree t ORDER BY t.ord, t.level, t.relid
			LOOP
				waiting_on := r.rel;
				-- what is left of this try's wait, 1 ms at least
				PERFORM set_config('lock_timeout',
					GREATEST(1, lock_wait - (extract(epoch FROM clock_timestamp() - tried) * 1000)::integer)::text, true);
				holders := @extschema@.snowflake_lock_conflicts(r.rel, 'ACCESS EXCLUSIVE');
				EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', r.rel);
			END LOOP;
			EXIT;
		EXCEPTION WHEN lock_not_available OR deadlock_detected THEN
			-- The try is undone, its locks given back; its lock_timeout too.
			IF attempt >= lock_tries THEN
				IF holders IS NULL THEN
					RAISE EXCEPTION '% could not lock table %', entry, waiting_on
						USING ERRCODE = 'lock_not_available',
							  DETAIL = format('No other process held a conflicting lock on it when it last asked: it waited behind sessions queued for one. It tried %s times, each time waiting at most %s ms for all its locks and then giving them back, so that the sessions queued behind it never waited long.',
											  lock_tries, lock_wait),
							  HINT = 'Call it again.';
				END IF;
				RAISE EXCEPTION '% could not lock table %', entry, waiting_on
					USING ERRCODE = 'lock_not_available',
						  DETAIL = format('Conflicting locks when it last asked: %s. It tried %s times, each time waiting at most %s ms for all its locks and then giving them back, so that the sessions queued behind it never waited long.',
										  holders, lock_tries, lock_wait),
						  HINT = CASE WHEN holders LIKE '%prepared transaction%'
									  THEN 'Wait for those transactions to end, or end them (pg_terminate_backend(pid) ends a process, COMMIT PREPARED or ROLLBACK PREPARED a prepared transaction), then call it again.'
									  ELSE 'Wait for those processes to end their transactions, or end them (pg_terminate_backend(pid)), then call it again.' END;
			END IF;
			-- a pause, longer each time, with jitter, before the next try
			PERFORM pg_sleep(LEAST(1.0, 0.05 * attempt) + random() * 0.1);
		END;
	END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_lock_partitions(pg_catalog.regclass, pg_catalog.regclass[], pg_catalog.text) IS
	'takes, in tries of at most half of deadlock_timeout, ACCESS EXCLUSIVE on a partitioned table, then on its default partition and on the given partitions (used by the rolling partition functions)';

