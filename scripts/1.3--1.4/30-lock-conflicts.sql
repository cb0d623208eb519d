-- Who stands in the way of a lock (src/lock.c): the other transactions
-- that hold a granted lock on rel in a mode that conflicts with mode (as
-- LOCK TABLE spells it, 'ACCESS EXCLUSIVE', or as pg_locks does,
-- 'AccessExclusiveLock'), as the 55P03 of snowflake_lock_relations names
-- them: "process 123 holds AccessShareLock (idle in transaction)",
-- several joined by "; " in the order of their pids, a prepared
-- transaction named by its gid, last; NULL when there is none (and for a
-- NULL argument).  The processes queued for a lock hold none, and are not
-- named.  The conflicts are those of PostgreSQL's lock table.  The state
-- of a session the caller may not see (another role's, without
-- pg_read_all_stats) is left out.  Parallel restricted, as
-- pg_backend_pid() is: in a parallel worker, the leader's locks would
-- look like another process's.
CREATE FUNCTION @extschema@.snowflake_lock_conflicts(rel pg_catalog.regclass, mode pg_catalog.text)
RETURNS pg_catalog.text
AS 'MODULE_PATHNAME', 'snowflake_lock_conflicts'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION @extschema@.snowflake_lock_conflicts(pg_catalog.regclass, pg_catalog.text) IS
	'the other processes that hold a lock on a relation conflicting with a lock mode, with their modes and states, as text; NULL if none';
