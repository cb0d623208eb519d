/*-------------------------------------------------------------------------
 *
 * lock.c
 *	  snowflake_lock_relations: the one way the extension's jobs take
 *	  their locks, (relation, mode) pairs in a given order, in tries.
 *
 * A try takes the pairs in order.  Each lock is first asked for without
 * waiting (ConditionalLockRelationOid); if it is not free, the try waits
 * in the queue for what is left of it, with lock_timeout set at a GUC
 * nest level of its own, so that it is always restored.  A try lasts at
 * most half of the smallest deadlock_timeout a session of this database
 * may have: a session queued behind it never reaches its deadlock check,
 * and gets its lock when the try gives up.  Each try runs in an internal
 * subtransaction; a try that gives up is rolled back, which gives back
 * its locks, then, after a pause growing with each try and with jitter,
 * the next try starts.  This is the model of the truncate lock of
 * vacuumlazy.c, with a queue wait of bounded length instead of a poll.
 *
 * A try runs its own deadlock check early in each wait (deadlock_timeout
 * of a fifth of the try): a writer that holds the lock waited for and
 * waits for one the try holds (INSERT into a referencing table, then the
 * foreign key's check on the referenced one) ends the try, not its own
 * transaction, and the next tries take that relation first.  Such a
 * writer is never named as in the way.  An autovacuum worker in the way
 * is cancelled, as the server cancels one at its deadlock check.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/xact.h"
#include "catalog/catalog.h"
#include "catalog/pg_class.h"
#include "catalog/pg_namespace.h"
#include "common/pg_prng.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "storage/latch.h"
#include "storage/lmgr.h"
#include "storage/lock.h"
#include "storage/proc.h"
#include "storage/procarray.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/resowner.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/wait_event.h"

/* tries before 55P03 */
#define SF_LOCK_TRIES 20
/* at most this many pairs in one call (a bound on the work of a try) */
#define SF_LOCK_MAX_PAIRS 10000

#if PG_VERSION_NUM >= 160000
#define SF_VXID_BACKEND(li) ((li)->vxid.backendId)
#define SF_VXID_LXID(li) ((li)->vxid.localTransactionId)
#else
#define SF_VXID_BACKEND(li) ((li)->backend)
#define SF_VXID_LXID(li) ((li)->lxid)
#endif
#if PG_VERSION_NUM >= 160000
#define sf_class_ownercheck(relid, role) \
	object_ownercheck(RelationRelationId, (relid), (role))
#define sf_namespace_aclcheck(nsp, role, mode) \
	object_aclcheck(NamespaceRelationId, (nsp), (role), (mode))
#else
#define sf_class_ownercheck(relid, role) pg_class_ownercheck((relid), (role))
#define sf_namespace_aclcheck(nsp, role, mode) \
	pg_namespace_aclcheck((nsp), (role), (mode))
#endif
#if PG_VERSION_NUM >= 170000
#undef SF_VXID_BACKEND
#define SF_VXID_BACKEND(li) ((li)->vxid.procNumber)
#endif

/* a transaction that holds conflicting locks on a relation */
typedef struct SfHolder
{
	int			pid;			/* 0 for a prepared transaction */
	int			backend;		/* its virtual transaction */
	LocalTransactionId lxid;
	TransactionId xid;			/* a prepared transaction's own */
	LOCKMASK	held;			/* its conflicting modes */
	bool		waits_on_us;	/* it waits for a lock this one holds */
} SfHolder;

/* The lock modes as LOCK TABLE spells them, by LOCKMODE. */
static const char *const sf_mode_names[] = {
	NULL,
	"ACCESS SHARE",
	"ROW SHARE",
	"ROW EXCLUSIVE",
	"SHARE UPDATE EXCLUSIVE",
	"SHARE",
	"SHARE ROW EXCLUSIVE",
	"EXCLUSIVE",
	"ACCESS EXCLUSIVE"
};

/*
 * A lock mode as LOCK TABLE spells it ("ACCESS EXCLUSIVE", any run of
 * white space between the words) or as pg_locks does
 * ("AccessExclusiveLock"), case aside, with white space around it; an
 * error otherwise.
 */
static LOCKMODE
sf_parse_mode(const char *text)
{
	StringInfoData want;
	bool		space = false;

	initStringInfo(&want);
	for (const char *p = text; *p; p++)
	{
		if (isspace((unsigned char) *p))
			space = true;
		else
		{
			if (space && want.len > 0)
				appendStringInfoChar(&want, ' ');
			space = false;
			appendStringInfoChar(&want, pg_toupper((unsigned char) *p));
		}
	}

	for (LOCKMODE m = AccessShareLock; m <= AccessExclusiveLock; m++)
		if (strcmp(want.data, sf_mode_names[m]) == 0 ||
			pg_strcasecmp(want.data, GetLockmodeName(DEFAULT_LOCKMETHOD, m)) == 0)
			return m;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("unknown lock mode: \"%s\"", text),
			 errhint("A lock mode as LOCK TABLE takes it (ACCESS SHARE to ACCESS EXCLUSIVE) or as pg_locks shows it (AccessShareLock to AccessExclusiveLock).")));
	return NoLock;				/* keep the compiler quiet */
}

/*
 * May the current user take mode on relid?  What LOCK TABLE lets her
 * (LockTableAclCheck in lockcmds.c, and USAGE on the schema, which its
 * lookup by name needs), and SHARE ROW EXCLUSIVE on a table she may
 * reference, which is what adding a foreign key takes; a sequence, a
 * materialized view or a foreign table, which LOCK TABLE refuses, only
 * its owner (the jobs lock them as the owner).  An error if not; false
 * if relid no longer exists.
 */
static bool
sf_check_lock_acl(Oid relid, LOCKMODE mode)
{
	AclMode		mask;
	char		kind = get_rel_relkind(relid);

	if (kind == '\0')
		return false;
	if (kind != RELKIND_RELATION && kind != RELKIND_PARTITIONED_TABLE &&
		kind != RELKIND_VIEW && kind != RELKIND_SEQUENCE &&
		kind != RELKIND_FOREIGN_TABLE && kind != RELKIND_MATVIEW)
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("cannot lock relation \"%s\"", get_rel_name(relid))));

	if (mode == AccessShareLock)
		mask = ACL_SELECT;
	else if (mode == RowExclusiveLock)
		mask = ACL_INSERT | ACL_UPDATE | ACL_DELETE | ACL_TRUNCATE;
	else
		mask = ACL_UPDATE | ACL_DELETE | ACL_TRUNCATE;
#if PG_VERSION_NUM >= 170000
	mask |= ACL_MAINTAIN;
#endif
	if (mode == ShareRowExclusiveLock)
		mask |= ACL_REFERENCES;

	/* LOCK TABLE refuses these; the jobs lock them as their owner */
	if ((kind == RELKIND_SEQUENCE || kind == RELKIND_MATVIEW ||
		 kind == RELKIND_FOREIGN_TABLE) &&
		!sf_class_ownercheck(relid, GetUserId()))
		aclcheck_error(ACLCHECK_NOT_OWNER, get_relkind_objtype(kind),
					   get_rel_name(relid));
	/* LOCK TABLE looks the name up: USAGE on its schema */
	if (sf_namespace_aclcheck(get_rel_namespace(relid), GetUserId(),
							  ACL_USAGE) != ACLCHECK_OK)
		aclcheck_error(ACLCHECK_NO_PRIV, OBJECT_SCHEMA,
					   get_namespace_name(get_rel_namespace(relid)));
	if (pg_class_aclcheck(relid, GetUserId(), mask) != ACLCHECK_OK)
		aclcheck_error(ACLCHECK_NO_PRIV,
					   get_relkind_objtype(kind), get_rel_name(relid));
	return true;
}

/*
 * The smallest deadlock_timeout a session of this database may have, in
 * ms: this session's, the server's reset value, and those of ALTER ROLE
 * and ALTER DATABASE for this database (pg_db_role_setting), each read by
 * the server's own parser; one it cannot read counts as 1 ms.
 */
static int
sf_min_deadlock_timeout(void)
{
	int			least = DeadlockTimeout;
	int			ms;
	const char *reset = GetConfigOptionResetString("deadlock_timeout");
	Oid			argtypes[1] = {OIDOID};
	Datum		args[1] = {ObjectIdGetDatum(MyDatabaseId)};

	if (reset && parse_int(reset, &ms, GUC_UNIT_MS, NULL) && ms < least)
		least = ms;

	SPI_connect();
	if (SPI_execute_with_args("SELECT c.item FROM pg_catalog.pg_db_role_setting d,"
							  " pg_catalog.unnest(d.setconfig) AS c(item)"
							  " WHERE d.setdatabase OPERATOR(pg_catalog.=)"
							  " ANY (ARRAY[0::pg_catalog.oid, $1])",
							  1, argtypes, args, NULL, true, 0) != SPI_OK_SELECT)
		elog(ERROR, "could not read pg_db_role_setting");
	for (uint64 i = 0; i < SPI_processed; i++)
	{
		char	   *item = SPI_getvalue(SPI_tuptable->vals[i],
										SPI_tuptable->tupdesc, 1);
		char	   *name;
		char	   *value;

		CHECK_FOR_INTERRUPTS();
		if (item == NULL)
			continue;
		ParseLongOption(item, &name, &value);
		if (pg_strcasecmp(name, "deadlock_timeout") == 0)
		{
			if (value == NULL || !parse_int(value, &ms, GUC_UNIT_MS, NULL))
				ms = 1;
			if (ms < least)
				least = ms;
		}
	}
	SPI_finish();
	return least;
}

/*
 * The other transactions that hold a lock on relid conflicting with mode,
 * merged by virtual transaction; their count in *count.
 */
static SfHolder *
sf_read_holders(Oid relid, LOCKMODE mode, int *count)
{
	LOCKTAG		tag;
	LOCKMASK	conflicts;
	LockData   *data;
	SfHolder   *out;
	int			n = 0;

	SET_LOCKTAG_RELATION(tag, IsSharedRelation(relid) ? InvalidOid : MyDatabaseId,
						 relid);
	conflicts = GetLockTagsMethodTable(&tag)->conflictTab[mode];
	data = GetLockStatusData();
	out = palloc0(sizeof(SfHolder) * (data->nelements + 1));
	for (int i = 0; i < data->nelements; i++)
	{
		LockInstanceData *li = &data->locks[i];
		int			j;

		if (li->locktag.locktag_type != LOCKTAG_RELATION ||
			li->locktag.locktag_field1 != tag.locktag_field1 ||
			li->locktag.locktag_field2 != relid ||
			(li->holdMask & conflicts) == 0 ||
			li->pid == MyProcPid)
			continue;
		for (j = 0; j < n; j++)
			if (out[j].backend == (int) SF_VXID_BACKEND(li) &&
				out[j].lxid == SF_VXID_LXID(li))
				break;
		if (j == n)
		{
			out[n].pid = li->pid;
			out[n].backend = (int) SF_VXID_BACKEND(li);
			out[n].lxid = SF_VXID_LXID(li);
			n++;
		}
		out[j].held |= li->holdMask & conflicts;
	}

	/*
	 * A prepared transaction is known by its transaction id: that of the
	 * transactionid lock it holds itself, under the same virtual transaction.
	 */
	for (int i = 0; i < data->nelements; i++)
	{
		LockInstanceData *li = &data->locks[i];

		if (li->locktag.locktag_type != LOCKTAG_TRANSACTION || li->pid != 0)
			continue;
		for (int j = 0; j < n; j++)
			if (out[j].pid == 0 &&
				out[j].backend == (int) SF_VXID_BACKEND(li) &&
				out[j].lxid == SF_VXID_LXID(li))
				out[j].xid = li->locktag.locktag_field1;
	}

	/*
	 * A holder that waits for a lock this transaction holds is not in its
	 * way: it gets that lock as soon as the try gives up.
	 */
	for (int i = 0; i < data->nelements; i++)
	{
		LockInstanceData *li = &data->locks[i];
		LOCKMASK	want;

		if (li->waitLockMode == NoLock || li->pid == MyProcPid || li->pid == 0)
			continue;
		want = GetLockTagsMethodTable(&li->locktag)->conflictTab[li->waitLockMode];
		for (int j = 0; j < n; j++)
		{
			if (out[j].pid != li->pid || out[j].waits_on_us)
				continue;
			for (int k = 0; k < data->nelements; k++)
			{
				LockInstanceData *mine = &data->locks[k];

				if (mine->pid == MyProcPid && (mine->holdMask & want) != 0 &&
					memcmp(&mine->locktag, &li->locktag, sizeof(LOCKTAG)) == 0)
				{
					out[j].waits_on_us = true;
					break;
				}
			}
		}
	}
	*count = n;
	return out;
}

/* qsort: processes by pid, prepared transactions (pid 0) last */
static int
sf_holder_cmp(const void *a, const void *b)
{
	const SfHolder *x = a;
	const SfHolder *y = b;

	if ((x->pid == 0) != (y->pid == 0))
		return x->pid == 0 ? 1 : -1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return x->lxid < y->lxid ? -1 : (x->lxid > y->lxid ? 1 : 0);
}

/*
 * The holders of both lists (matched by virtual transaction) but those
 * that wait for a lock this transaction holds, as text:
 * "process 123 holds AccessShareLock (idle in transaction)", a prepared
 * transaction by its gid, joined by "; "; NULL if none.  *prepared says
 * whether a prepared transaction is named.  Runs SPI: call it outside a
 * failed subtransaction.
 */
static char *
sf_format_holders(SfHolder *before, int nbefore, SfHolder *after, int nafter,
				  bool *prepared)
{
	StringInfoData buf;
	SfHolder   *both = palloc0(sizeof(SfHolder) * (nafter + 1));
	int			n = 0;

	*prepared = false;
	for (int i = 0; i < nafter; i++)
		for (int j = 0; j < nbefore && !after[i].waits_on_us; j++)
			if (after[i].backend == before[j].backend &&
				after[i].lxid == before[j].lxid)
			{
				both[n++] = after[i];
				break;
			}
	if (n == 0)
		return NULL;
	qsort(both, n, sizeof(SfHolder), sf_holder_cmp);

	/* the states are read afresh, not as this transaction first read them */
	pgstat_clear_snapshot();
	initStringInfo(&buf);
	SPI_connect();
	for (int i = 0; i < n; i++)
	{
		Oid			argtypes[1] = {INT4OID};
		Datum		args[1];
		char	   *val = NULL;
		bool		first = true;

		CHECK_FOR_INTERRUPTS();
		if (i > 0)
			appendStringInfoString(&buf, "; ");
		if (both[i].pid != 0)
		{
			appendStringInfo(&buf, "process %d holds ", both[i].pid);
			args[0] = Int32GetDatum(both[i].pid);
			if (SPI_execute_with_args("SELECT a.state FROM pg_catalog.pg_stat_activity a"
									  " WHERE a.pid OPERATOR(pg_catalog.=) $1",
									  1, argtypes, args, NULL, true, 1) == SPI_OK_SELECT &&
				SPI_processed > 0)
				val = SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1);
		}
		else
		{
			char		xid[16];

			*prepared = true;
			argtypes[0] = TEXTOID;
			snprintf(xid, sizeof(xid), "%u", both[i].xid);
			args[0] = CStringGetTextDatum(xid);
			if (SPI_execute_with_args("SELECT p.gid FROM pg_catalog.pg_prepared_xacts p"
									  " WHERE p.transaction OPERATOR(pg_catalog.=) $1::pg_catalog.xid",
									  1, argtypes, args, NULL, true, 1) == SPI_OK_SELECT &&
				SPI_processed > 0)
				val = SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1);
			appendStringInfo(&buf, "prepared transaction %s holds ",
							 val ? quote_literal_cstr(val) : "NULL");
			val = NULL;
		}
		for (LOCKMODE m = AccessShareLock; m <= AccessExclusiveLock; m++)
			if (both[i].held & LOCKBIT_ON(m))
			{
				appendStringInfo(&buf, "%s%s", first ? "" : ", ",
								 GetLockmodeName(DEFAULT_LOCKMETHOD, m));
				first = false;
			}
		if (val)
			appendStringInfo(&buf, " (%s)", val);
	}
	SPI_finish();
	return buf.data;
}

/* Sleep ms, interruptibly. */
static void
sf_pause(long ms)
{
	TimestampTz end = TimestampTzPlusMilliseconds(GetCurrentTimestamp(), ms);

	for (;;)
	{
		long		left;

		CHECK_FOR_INTERRUPTS();
		left = TimestampDifferenceMilliseconds(GetCurrentTimestamp(), end);
		if (left <= 0)
			break;
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
						 left, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
	}
}

/*
 * Cancel the autovacuum workers among the holders, as the server cancels
 * one that blocks a lock waiter once the waiter's deadlock_timeout has
 * passed (ProcSleep): a try never waits that long, so without this an
 * autovacuum of the table would outlast every try.  One that prevents
 * wraparound is left to finish, as the server leaves it.
 */
static void
sf_cancel_autovacuum(const SfHolder *holders, int n)
{
	for (int i = 0; i < n; i++)
	{
		PGPROC	   *proc;
		bool		cancel = false;

		if (holders[i].pid == 0)
			continue;
		LWLockAcquire(ProcArrayLock, LW_SHARED);
		proc = BackendPidGetProcWithLock(holders[i].pid);
		if (proc != NULL &&
			(proc->statusFlags & PROC_IS_AUTOVACUUM) &&
			!(proc->statusFlags & PROC_VACUUM_FOR_WRAPAROUND))
			cancel = true;
		LWLockRelease(ProcArrayLock);
		if (cancel)
		{
			ereport(LOG,
					(errmsg("snowflake_lock_relations: sending cancel to blocking autovacuum PID %d",
							holders[i].pid)));
			if (kill(holders[i].pid, SIGINT) < 0)
				ereport(DEBUG1,
						(errmsg("could not send signal to process %d: %m",
								holders[i].pid)));
		}
	}
}

/*
 * Move the pairs of relid to the front, each group in its order: a
 * relation found in a deadlock with a try, held by writers that wait for
 * a lock taken before it, is taken first by the next tries, as those
 * writers take it.
 */
static void
sf_take_first(Oid *relids, LOCKMODE *modes, int n, Oid relid)
{
	Oid		   *r = palloc(sizeof(Oid) * n);
	LOCKMODE   *m = palloc(sizeof(LOCKMODE) * n);
	int			k = 0;

	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n; i++)
			if ((relids[i] == relid) == (pass == 0))
			{
				r[k] = relids[i];
				m[k++] = modes[i];
			}
	memcpy(relids, r, sizeof(Oid) * n);
	memcpy(modes, m, sizeof(LOCKMODE) * n);
	pfree(r);
	pfree(m);
}

PG_FUNCTION_INFO_V1(snowflake_lock_relations);

/*
 * snowflake_lock_relations(rels regclass[], modes text[], entry text):
 * takes each (rels[i], modes[i]) in order, in tries (see the top of this
 * file); after SF_LOCK_TRIES tries, 55P03 "<entry> could not lock table
 * <rel>" naming the transactions that held a conflicting lock through
 * the last try.  The locks stay held until the transaction ends.
 */
Datum
snowflake_lock_relations(PG_FUNCTION_ARGS)
{
	ArrayType  *rels_a;
	ArrayType  *modes_a;
	const char *entry;
	Datum	   *rels_d;
	Datum	   *modes_d;
	bool	   *rels_n;
	bool	   *modes_n;
	int			nrels;
	int			nmodes;
	Oid		   *relids;
	LOCKMODE   *lockmodes;
	int			try_ms;
	int			k = 0;
	volatile int waiting_on = 0;
	SfHolder   *volatile before = NULL;
	SfHolder   *volatile after = NULL;
	volatile int nbefore = 0;
	int			nafter = 0;
	volatile bool deadlocked = false;
	Oid			waited = InvalidOid;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1) || PG_ARGISNULL(2))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("snowflake_lock_relations: an argument is NULL")));
	rels_a = PG_GETARG_ARRAYTYPE_P(0);
	modes_a = PG_GETARG_ARRAYTYPE_P(1);
	entry = text_to_cstring(PG_GETARG_TEXT_PP(2));
	deconstruct_array(rels_a, REGCLASSOID, sizeof(Oid), true, TYPALIGN_INT,
					  &rels_d, &rels_n, &nrels);
	deconstruct_array(modes_a, TEXTOID, -1, false, TYPALIGN_INT,
					  &modes_d, &modes_n, &nmodes);
	if (nrels != nmodes)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("snowflake_lock_relations: %d relations but %d modes",
						nrels, nmodes)));
	if (nrels > SF_LOCK_MAX_PAIRS)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("snowflake_lock_relations: at most %d relations",
						SF_LOCK_MAX_PAIRS)));

	relids = palloc(sizeof(Oid) * (nrels + 1));
	lockmodes = palloc(sizeof(LOCKMODE) * (nrels + 1));
	for (int i = 0; i < nrels; i++)
	{
		CHECK_FOR_INTERRUPTS();
		if (rels_n[i] || modes_n[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("snowflake_lock_relations: a relation or mode is NULL")));
		relids[k] = DatumGetObjectId(rels_d[i]);
		lockmodes[k] = sf_parse_mode(TextDatumGetCString(modes_d[i]));

		/*
		 * A relation dropped since the caller read its list (a partition that
		 * a concurrent job retired) is left out: the callers read what they
		 * hold again once they hold it.
		 */
		if (sf_check_lock_acl(relids[k], lockmodes[k]))
			k++;
	}
	nrels = k;
	if (nrels == 0)
		PG_RETURN_VOID();

	try_ms = Max(1, sf_min_deadlock_timeout() / 2);

	for (int attempt = 1;; attempt++)
	{
		MemoryContext cxt = CurrentMemoryContext;
		ResourceOwner owner = CurrentResourceOwner;
		bool		done = false;

		BeginInternalSubTransaction(NULL);
		MemoryContextSwitchTo(cxt);
		PG_TRY();
		{
			TimestampTz start = GetCurrentTimestamp();

			for (int i = 0; i < nrels; i++)
			{
				long		left;
				int			level;
				int			count;
				char		value[32];

				CHECK_FOR_INTERRUPTS();
				waiting_on = i;
				if (ConditionalLockRelationOid(relids[i], lockmodes[i]))
					continue;
				/* who holds it now; and wait what is left of the try */
				if (before)
					pfree(before);
				before = sf_read_holders(relids[i], lockmodes[i], &count);
				nbefore = count;
				sf_cancel_autovacuum(before, count);
				left = try_ms - TimestampDifferenceMilliseconds(start, GetCurrentTimestamp());
				snprintf(value, sizeof(value), "%ld", Max(left, 1));
				level = NewGUCNestLevel();
				(void) set_config_option("lock_timeout", value, PGC_USERSET,
										 PGC_S_SESSION, GUC_ACTION_SAVE,
										 true, 0, false);

				/*
				 * Its own deadlock check comes early in the wait, so that a
				 * writer that holds this lock and waits for one the try holds
				 * ends the try (40P01), not its own transaction.
				 */
				snprintf(value, sizeof(value), "%d", Max(1, try_ms / 5));
				(void) set_config_option("deadlock_timeout", value, PGC_SUSET,
										 PGC_S_SESSION, GUC_ACTION_SAVE,
										 true, 0, false);
				LockRelationOid(relids[i], lockmodes[i]);
				AtEOXact_GUC(true, level);
			}
			ReleaseCurrentSubTransaction();
			MemoryContextSwitchTo(cxt);
			CurrentResourceOwner = owner;
			done = true;
		}
		PG_CATCH();
		{
			ErrorData  *edata;

			MemoryContextSwitchTo(cxt);
			edata = CopyErrorData();
			FlushErrorState();
			/* who held it through the wait, before the try gives it up */
			if (after)
				pfree(after);
			after = sf_read_holders(relids[waiting_on], lockmodes[waiting_on],
									&nafter);
			/* gives back the try's locks and its lock_timeout */
			RollbackAndReleaseCurrentSubTransaction();
			MemoryContextSwitchTo(cxt);
			CurrentResourceOwner = owner;
			if (edata->sqlerrcode != ERRCODE_LOCK_NOT_AVAILABLE &&
				edata->sqlerrcode != ERRCODE_T_R_DEADLOCK_DETECTED)
				ReThrowError(edata);
			deadlocked = (edata->sqlerrcode == ERRCODE_T_R_DEADLOCK_DETECTED);
			FreeErrorData(edata);
		}
		PG_END_TRY();

		if (done)
			break;
		waited = relids[waiting_on];
		if (deadlocked)
			sf_take_first(relids, lockmodes, nrels, waited);
		if (attempt >= SF_LOCK_TRIES)
		{
			bool		prepared;
			char	   *holders = sf_format_holders(before, nbefore, after, nafter,
													&prepared);
			char	   *relname = DatumGetCString(DirectFunctionCall1(regclassout,
																	  ObjectIdGetDatum(waited)));

			if (holders == NULL && deadlocked)
				ereport(ERROR,
						(errcode(ERRCODE_LOCK_NOT_AVAILABLE),
						 errmsg("%s could not lock table %s", entry, relname),
						 errdetail("Its last try was in a deadlock with transactions that held a lock on it and waited for one the try held. It tried %d times, each time waiting at most %d ms for all its locks and then giving them back, so that the sessions queued behind it never waited long.",
								   SF_LOCK_TRIES, try_ms),
						 errhint("Call it again.")));
			if (holders == NULL)
				ereport(ERROR,
						(errcode(ERRCODE_LOCK_NOT_AVAILABLE),
						 errmsg("%s could not lock table %s", entry, relname),
						 errdetail("No other process held a conflicting lock on it when it last asked: it waited behind sessions queued for one. It tried %d times, each time waiting at most %d ms for all its locks and then giving them back, so that the sessions queued behind it never waited long.",
								   SF_LOCK_TRIES, try_ms),
						 errhint("Call it again.")));
			ereport(ERROR,
					(errcode(ERRCODE_LOCK_NOT_AVAILABLE),
					 errmsg("%s could not lock table %s", entry, relname),
					 errdetail("Conflicting locks when it last asked: %s. It tried %d times, each time waiting at most %d ms for all its locks and then giving them back, so that the sessions queued behind it never waited long.",
							   holders, SF_LOCK_TRIES, try_ms),
					 prepared ?
					 errhint("Wait for those transactions to end, or end them (pg_terminate_backend(pid) ends a process, COMMIT PREPARED or ROLLBACK PREPARED a prepared transaction), then call it again.") :
					 errhint("Wait for those processes to end their transactions, or end them (pg_terminate_backend(pid)), then call it again.")));
		}
		/* a pause, longer each time, with jitter, before the next try */
		sf_pause(Min(1000, 50 * attempt) + (long) pg_prng_uint64_range(&pg_global_prng_state, 0, 100));
	}
	PG_RETURN_VOID();
}

PG_FUNCTION_INFO_V1(snowflake_lock_conflicts);

/*
 * snowflake_lock_conflicts(rel regclass, mode text): the other
 * transactions that hold a lock on rel conflicting with mode, as the
 * 55P03 of snowflake_lock_relations names them; NULL if none.
 */
Datum
snowflake_lock_conflicts(PG_FUNCTION_ARGS)
{
	Oid			relid = PG_GETARG_OID(0);
	LOCKMODE	mode = sf_parse_mode(text_to_cstring(PG_GETARG_TEXT_PP(1)));
	SfHolder   *holders;
	int			n;
	bool		prepared;
	char	   *out;

	holders = sf_read_holders(relid, mode, &n);
	for (int i = 0; i < n; i++)
		holders[i].waits_on_us = false;
	out = sf_format_holders(holders, n, holders, n, &prepared);
	if (out == NULL)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text(out));
}
