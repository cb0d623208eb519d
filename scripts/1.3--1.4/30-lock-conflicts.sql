-- Who stands in the way of a lock: the other processes that hold a
-- granted lock on rel in a mode that conflicts with mode (as LOCK TABLE
-- spells it, 'ACCESS EXCLUSIVE', or as pg_locks does,
-- 'AccessExclusiveLock'), for an error's DETAIL: "process 123 holds
-- AccessShareLock (idle in transaction)", several joined by "; " in the
-- order of their pids, a prepared transaction named by its gid; NULL when
-- there is none (and for a NULL argument).  The processes queued for a
-- lock hold none, and are not named.  A caller that takes locks in tries
-- reads it just before each LOCK: once a try that timed out is undone,
-- the writers that queued behind it are granted their locks, and would
-- look like the holders.
-- The conflicts are those of PostgreSQL's lock table (LockConflicts in
-- src/backend/storage/lmgr/lock.c).  The state of a session the caller
-- may not see (another role's, without pg_read_all_stats) is left out.
-- Parallel restricted, as pg_backend_pid() is: in a parallel worker, the
-- leader's locks would look like another process's.
CREATE FUNCTION @extschema@.snowflake_lock_conflicts(rel pg_catalog.regclass, mode pg_catalog.text)
RETURNS pg_catalog.text
LANGUAGE plpgsql VOLATILE STRICT PARALLEL RESTRICTED
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	wanted pg_catalog.text := pg_catalog.upper(pg_catalog.regexp_replace(pg_catalog.btrim(mode), '\s+', ' ', 'g'));
	conflicting pg_catalog.text[];
	holders pg_catalog.text;
BEGIN
	SELECT c.conflicts INTO conflicting
	  FROM (VALUES
			('ACCESS SHARE', 'AccessShareLock',
			 '{AccessExclusiveLock}'::pg_catalog.text[]),
			('ROW SHARE', 'RowShareLock',
			 '{ExclusiveLock,AccessExclusiveLock}'),
			('ROW EXCLUSIVE', 'RowExclusiveLock',
			 '{ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('SHARE UPDATE EXCLUSIVE', 'ShareUpdateExclusiveLock',
			 '{ShareUpdateExclusiveLock,ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('SHARE', 'ShareLock',
			 '{RowExclusiveLock,ShareUpdateExclusiveLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('SHARE ROW EXCLUSIVE', 'ShareRowExclusiveLock',
			 '{RowExclusiveLock,ShareUpdateExclusiveLock,ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('EXCLUSIVE', 'ExclusiveLock',
			 '{RowShareLock,RowExclusiveLock,ShareUpdateExclusiveLock,ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}'),
			('ACCESS EXCLUSIVE', 'AccessExclusiveLock',
			 '{AccessShareLock,RowShareLock,RowExclusiveLock,ShareUpdateExclusiveLock,ShareLock,ShareRowExclusiveLock,ExclusiveLock,AccessExclusiveLock}')
		   ) AS c(sql_name, locks_name, conflicts)
	 WHERE wanted OPERATOR(pg_catalog.=) c.sql_name
		OR wanted OPERATOR(pg_catalog.=) pg_catalog.upper(c.locks_name);
	IF conflicting IS NULL THEN
		RAISE EXCEPTION 'unknown lock mode: "%"', mode
			USING ERRCODE = 'invalid_parameter_value',
				  HINT = 'A lock mode as LOCK TABLE takes it (ACCESS SHARE to ACCESS EXCLUSIVE) or as pg_locks shows it (AccessShareLock to AccessExclusiveLock).';
	END IF;

	-- (a relation of every database, such as pg_database, is locked in
	-- database 0; a prepared transaction's locks have no pid, and its
	-- transaction id is that of the transactionid lock it holds itself;
	-- the states are read afresh, not as this transaction first read
	-- them, which discards its snapshot of the statistics)
	PERFORM pg_catalog.pg_stat_clear_snapshot();
	SELECT pg_catalog.string_agg(pg_catalog.format('%s holds %s%s', h.who, h.modes, h.state), '; '
								 ORDER BY h.pid NULLS LAST, h.who)
	  INTO holders
	  FROM (SELECT l.pid,
				   CASE WHEN l.pid IS NOT NULL THEN pg_catalog.format('process %s', l.pid)
						ELSE pg_catalog.format('prepared transaction %L',
							   (SELECT p.gid FROM pg_catalog.pg_locks x
								  JOIN pg_catalog.pg_prepared_xacts p ON p.transaction OPERATOR(pg_catalog.=) x.transactionid
								 WHERE x.locktype OPERATOR(pg_catalog.=) 'transactionid'
								   AND x.virtualtransaction OPERATOR(pg_catalog.=) l.virtualtransaction
								   AND x.pid IS NULL
								 LIMIT 1)) END AS who,
				   pg_catalog.string_agg(l.mode, ', ' ORDER BY pg_catalog.array_position(conflicting, l.mode)) AS modes,
				   COALESCE((SELECT ' (' OPERATOR(pg_catalog.||) a.state OPERATOR(pg_catalog.||) ')'
							   FROM pg_catalog.pg_stat_activity a WHERE a.pid OPERATOR(pg_catalog.=) l.pid), '') AS state
			  FROM pg_catalog.pg_locks l
			 WHERE l.locktype OPERATOR(pg_catalog.=) 'relation'
			   AND l.relation OPERATOR(pg_catalog.=) rel::pg_catalog.oid
			   AND l.database OPERATOR(pg_catalog.=) ANY (ARRAY[0::pg_catalog.oid,
					(SELECT d.oid FROM pg_catalog.pg_database d
					  WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())])
			   AND l.granted
			   AND l.pid IS DISTINCT FROM pg_catalog.pg_backend_pid()
			   AND l.mode OPERATOR(pg_catalog.=) ANY (conflicting)
			 GROUP BY l.pid, l.virtualtransaction) h;
	RETURN holders;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_lock_conflicts(pg_catalog.regclass, pg_catalog.text) IS
	'the other processes that hold a lock on a relation conflicting with a lock mode, with their modes and states, as text; NULL if none';

