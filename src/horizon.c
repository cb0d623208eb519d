/*-------------------------------------------------------------------------
 *
 * horizon.c
 *	  The commit-safe horizon: snowflake_horizon(), an id below which no
 *	  transaction can still commit an id minted on this server inside the
 *	  transaction that writes it.
 *
 * Id order is not commit order: a transaction that minted earlier may
 * commit later, so a reader of "id > last seen" could pass a row before it
 * is visible, and never come back to it.  A reader that stops below the
 * horizon cannot.
 *
 * Each process holds the horizon for its open transaction in its minting
 * slot (mint.c): the first mint of a transaction writes the millisecond of
 * the next id there, before its id is made, and the end of the transaction
 * empties it, after the end is visible to every new snapshot.  That is one
 * test for each id, and two writes for each transaction that mints.  The
 * horizon is the smallest slot, or the next id's millisecond when no slot
 * is smaller.  A parallel worker's mints hold its leader's slot.
 *
 * A prepared transaction holds the horizon until COMMIT PREPARED or
 * ROLLBACK PREPARED, across restarts and on a promoted standby: PREPARE
 * writes its horizon into a file of its own (data directory, directory
 * snowflake_horizon, named by the full transaction id), durably, and into
 * the WAL (wal.c), whose redo writes the same file.  The files are read
 * into shared memory once a server start (a damaged one stops the horizon
 * with an error, as a damaged mark stops minting), and a file whose
 * transaction is no longer open is removed by the next horizon that finds
 * it; on a standby, by the redo of the next such record, once the
 * transaction's end is replayed.
 *
 * A horizon once returned stays true, so the greatest returned is
 * returned again rather than a lower one (sf_mint_horizon_settle): a first
 * mint racing a horizon may hold its slot below it.
 *
 * A standby refuses: it cannot know which transactions of its primary are
 * open.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include <sys/stat.h>

#include "access/transam.h"
#include "access/twophase.h"
#include "access/xact.h"
#include "access/xlog.h"
#include "miscadmin.h"
#include "storage/fd.h"
#include "storage/procarray.h"

#include "horizon.h"
#include "wal.h"

PG_FUNCTION_INFO_V1(snowflake_horizon);

/* The prepared transactions' horizons, in the data directory. */
#define HORIZON_DIR			"snowflake_horizon"

/* A file's name: the full transaction id, 16 hex digits. */
#define HORIZON_NAME_LEN	16

/* The path of the file of fxid, and of its temporary file. */
static void
horizon_path(char *path, size_t size, uint64 fxid, bool tmp)
{
	snprintf(path, size, "%s/%016llX%s", HORIZON_DIR, (unsigned long long) fxid,
			 tmp ? ".tmp" : "");
}

/*
 * Durably record that prepared transaction fxid holds the horizon at
 * millisecond horizon: write, fsync, rename into place, fsync the
 * directory.
 */
static void
horizon_write_file(uint64 fxid, uint64 horizon)
{
	char		path[MAXPGPATH];
	char		tmp[MAXPGPATH];

	if (MakePGDirectory(HORIZON_DIR) < 0)
	{
		if (errno != EEXIST)
			ereport(ERROR,
					(errcode_for_file_access(),
					 errmsg("could not create directory \"%s\": %m", HORIZON_DIR)));
	}
	else
		fsync_fname(".", true);
	horizon_path(path, sizeof(path), fxid, false);
	horizon_path(tmp, sizeof(tmp), fxid, true);
	sf_write_number_file(path, tmp, horizon);
}

/*
 * Whether name is a prepared transaction's file (16 hex digits, its full
 * transaction id, into *fxid), its temporary file (*tmp), or neither.
 */
static bool
horizon_file_name(const char *name, uint64 *fxid, bool *tmp)
{
	size_t		len = strlen(name);

	if (len < HORIZON_NAME_LEN ||
		strspn(name, "0123456789ABCDEF") != HORIZON_NAME_LEN)
		return false;
	*tmp = strcmp(name + HORIZON_NAME_LEN, ".tmp") == 0;
	if (len != HORIZON_NAME_LEN && !*tmp)
		return false;
	*fxid = (uint64) strtoull(name, NULL, 16);
	return true;
}

/*
 * The horizon a transaction's file records.  A file that is not whole is an
 * error, as a damaged mark is: passing over it would let the horizon pass
 * the ids of a transaction that may still commit.
 */
static uint64
horizon_read_file(const char *name)
{
	char		path[MAXPGPATH];
	char		buf[32];
	FILE	   *f;
	size_t		len;
	size_t		i;
	uint64		horizon = 0;

	snprintf(path, sizeof(path), "%s/%s", HORIZON_DIR, name);
	f = AllocateFile(path, "r");
	if (f == NULL)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\": %m", path)));
	len = fread(buf, 1, sizeof(buf), f);
	if (ferror(f))
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not read file \"%s\": %m", path)));
	FreeFile(f);
	for (i = 0; i < len && buf[i] >= '0' && buf[i] <= '9' && i < 20; i++)
		horizon = horizon * 10 + (uint64) (buf[i] - '0');
	if (i == 0 || i != len - 1 || buf[i] != '\n' || horizon > SF_TIMESTAMP_MAX + 1)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("invalid contents in file \"%s\"", path),
				 errdetail("The file holds the horizon of a prepared transaction, which snowflake_horizon() must not pass while the transaction may commit."),
				 errhint("Finish the prepared transaction (COMMIT PREPARED or ROLLBACK PREPARED) and remove the file; "
						 "or write into it, as digits and a newline, a millisecond since 2024-01-01 UTC at or below its first id's.")));
	return horizon;
}

/* Remove a file of the directory, if it is there. */
static void
horizon_remove_name(const char *name)
{
	char		path[MAXPGPATH];

	snprintf(path, sizeof(path), "%s/%s", HORIZON_DIR, name);
	if (unlink(path) != 0 && errno != ENOENT)
		ereport(WARNING,
				(errcode_for_file_access(),
				 errmsg("could not remove file \"%s\": %m", path)));
}

/* Remove the file of fxid, if it is there. */
static void
horizon_remove_file(uint64 fxid)
{
	char		name[HORIZON_NAME_LEN + 1];

	snprintf(name, sizeof(name), "%016llX", (unsigned long long) fxid);
	horizon_remove_name(name);
}

/*
 * Whether transaction fxid is still open: prepared, or (while it prepares)
 * running.  One from before the last 2^31 transactions, or from after the
 * next, is not: its file outlived it (a point-in-time recovery, a
 * rewind).
 */
static bool
horizon_xact_open(uint64 fxid)
{
	uint64		next = U64FromFullTransactionId(ReadNextFullTransactionId());

	if (fxid >= next || next - fxid > (uint64) MaxTransactionId / 2)
		return false;
	return TransactionIdIsInProgress(XidFromFullTransactionId(FullTransactionIdFromU64(fxid)));
}

/* A free entry of the table, under its lock; -1 if there is none. */
static int
horizon_free_entry(SfHorizonTable *table)
{
	for (int i = 0; i < table->nentries; i++)
		if (table->entries[i].fxid == 0)
			return i;
	return -1;
}

/*
 * Read the files into the table, once a server start, under its lock: all
 * of them or, on an error, none.  The files of transactions no longer open
 * are removed, and temporary files left by a crash.
 */
static void
horizon_load(SfHorizonTable *table)
{
	DIR		   *dir;
	struct dirent *de;
	SfHorizonPrepared *found;
	int			nfound = 0;

	if (*table->loaded)
		return;
	dir = AllocateDir(HORIZON_DIR);
	if (dir == NULL && errno == ENOENT)
	{
		*table->loaded = true;
		return;
	}
	found = palloc(sizeof(SfHorizonPrepared) * (table->nentries + 1));
	while ((de = ReadDir(dir, HORIZON_DIR)) != NULL)
	{
		uint64		fxid;
		bool		tmp;

		CHECK_FOR_INTERRUPTS();
		if (!horizon_file_name(de->d_name, &fxid, &tmp))
			continue;
		if (!tmp && horizon_xact_open(fxid))
		{
			/* more open than max_prepared_xacts allows: cannot happen */
			if (nfound == table->nentries)
				elog(ERROR, "more prepared transactions hold the snowflake horizon than max_prepared_transactions");
			found[nfound].fxid = fxid;
			found[nfound].horizon = horizon_read_file(de->d_name);
			nfound++;
			continue;
		}
		horizon_remove_name(de->d_name);
	}
	FreeDir(dir);
	Assert(pg_atomic_read_u32(table->used) == 0);
	for (int i = 0; i < nfound; i++)
		table->entries[i] = found[i];
	pg_atomic_write_u32(table->used, (uint32) nfound);
	pfree(found);
	*table->loaded = true;
}

/*
 * The smallest horizon of the prepared transactions still open, under the
 * table's lock; the entries of the others are freed, and their files
 * removed.  MINT_HORIZON_NONE if none holds it.
 */
static uint64
horizon_prune(SfHorizonTable *table)
{
	uint64		horizon = MINT_HORIZON_NONE;

	horizon_load(table);
	for (int i = 0; i < table->nentries; i++)
	{
		SfHorizonPrepared *e = &table->entries[i];

		if (e->fxid == 0)
			continue;
		if (horizon_xact_open(e->fxid))
		{
			if (e->horizon < horizon)
				horizon = e->horizon;
			continue;
		}
		horizon_remove_file(e->fxid);
		e->fxid = 0;
		pg_atomic_sub_fetch_u32(table->used, 1);
	}
	return horizon;
}

/*
 * The prepared transactions' horizon (horizon_prune), taking the lock only
 * while there are entries, or before they are read.
 */
static uint64
horizon_prepared(void)
{
	SfHorizonTable table;
	uint64		horizon;

	sf_mint_horizon_table(&table);
	if (table.nentries == 0)
		return MINT_HORIZON_NONE;
	pg_memory_barrier();
	if (*table.loaded && pg_atomic_read_u32(table.used) == 0)
		return MINT_HORIZON_NONE;
	LWLockAcquire(table.lock, LW_EXCLUSIVE);
	horizon = horizon_prune(&table);
	LWLockRelease(table.lock);
	return horizon;
}

/*
 * PREPARE TRANSACTION of a transaction that holds the horizon: its file, its
 * record, and its entry, before the slot is emptied (at XACT_EVENT_PREPARE).
 */
static void
horizon_prepare(void)
{
	uint64		horizon = sf_mint_horizon_own();
	uint64		fxid;
	SfHorizonTable table;
	int			i;

	if (horizon == MINT_HORIZON_NONE)
		return;
	fxid = U64FromFullTransactionId(GetTopFullTransactionId());
	sf_mint_horizon_table(&table);
	/* prepared transactions disabled: PREPARE fails with core's error */
	if (table.nentries == 0)
		return;
	LWLockAcquire(table.lock, LW_EXCLUSIVE);
	horizon_load(&table);
	i = horizon_free_entry(&table);
	if (i < 0)
	{
		/* the entries of transactions no longer prepared, freed */
		(void) horizon_prune(&table);
		i = horizon_free_entry(&table);
	}
	if (i < 0)
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("maximum number of prepared transactions reached"),
				 errhint("Increase max_prepared_transactions (currently %d).",
						 max_prepared_xacts)));
	horizon_write_file(fxid, horizon);
	if (sf_wal_enabled())
		(void) sf_wal_log_horizon(fxid, horizon);
	table.entries[i].fxid = fxid;
	table.entries[i].horizon = horizon;
	pg_atomic_add_fetch_u32(table.used, 1);
	LWLockRelease(table.lock);
}

/*
 * sf_horizon_xact_callback - the end of a transaction: a prepared one's
 * horizon recorded, then the slot emptied (registered by _PG_init, in
 * every process)
 */
void
sf_horizon_xact_callback(XactEvent event, void *arg)
{
	(void) arg;
	switch (event)
	{
		case XACT_EVENT_PRE_PREPARE:
			horizon_prepare();
			break;
		case XACT_EVENT_COMMIT:
		case XACT_EVENT_ABORT:
		case XACT_EVENT_PREPARE:
			sf_mint_horizon_release(true);
			break;
		case XACT_EVENT_PARALLEL_COMMIT:
		case XACT_EVENT_PARALLEL_ABORT:
			sf_mint_horizon_release(false);
			break;
		default:
			break;
	}
}

/*
 * Whether transaction fxid has ended, as replay knows it: its commit or
 * abort (COMMIT PREPARED, ROLLBACK PREPARED) replayed into the commit log,
 * or older than the log.  Without a hot standby's list of running
 * transactions: a prepared one is neither.
 */
static bool
horizon_xact_ended_in_redo(uint64 fxid)
{
	uint64		next = U64FromFullTransactionId(ReadNextFullTransactionId());
	TransactionId xid = XidFromFullTransactionId(FullTransactionIdFromU64(fxid));
	TransactionId oldest;

	if (fxid >= next)
		return false;
	if (next - fxid > (uint64) MaxTransactionId / 2)
		return true;
#if PG_VERSION_NUM >= 170000
	oldest = TransamVariables->oldestClogXid;
#else
	oldest = ShmemVariableCache->oldestClogXid;
#endif
	if (TransactionIdPrecedes(xid, oldest))
		return true;
	return TransactionIdDidCommit(xid) || TransactionIdDidAbort(xid);
}

/*
 * sf_horizon_redo_prepared - the redo of a prepared transaction's horizon
 * (wal.c): its file, which the first horizon after recovery reads.  The
 * files of transactions whose end was replayed since are removed, so that
 * a standby keeps no more of them than its primary has prepared.
 */
void
sf_horizon_redo_prepared(uint64 fxid, uint64 horizon)
{
	DIR		   *dir;
	struct dirent *de;

	horizon_write_file(fxid, horizon);
	dir = AllocateDir(HORIZON_DIR);
	while ((de = ReadDir(dir, HORIZON_DIR)) != NULL)
	{
		uint64		other;
		bool		tmp;

		if (horizon_file_name(de->d_name, &other, &tmp) && other != fxid &&
			(tmp || horizon_xact_ended_in_redo(other)))
			horizon_remove_name(de->d_name);
	}
	FreeDir(dir);
}

/*
 * snowflake_horizon - the commit-safe horizon: the floor of the millisecond
 * below which no open transaction can commit an id minted on this server
 * inside it.  VOLATILE: it moves with time and commits.
 */
Datum
snowflake_horizon(PG_FUNCTION_ARGS)
{
	uint64		horizon;
	uint64		prepared;

	(void) fcinfo;
	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_READ_ONLY_SQL_TRANSACTION),
				 errmsg("cannot execute snowflake_horizon() during recovery"),
				 errdetail("A standby cannot know which transactions of its primary are still open."),
				 errhint("Read the horizon on the primary, and the rows below it there too, "
						 "or on a standby once it has replayed the primary's WAL position read after the horizon.")));
	horizon = sf_mint_horizon();
	prepared = horizon_prepared();
	if (prepared < horizon)
		horizon = prepared;
	horizon = sf_mint_horizon_settle(horizon);
	if (horizon > SF_TIMESTAMP_MAX)
		PG_RETURN_SNOWFLAKE(SF_MAX);
	PG_RETURN_SNOWFLAKE(horizon << SF_TIMESTAMP_SHIFT);
}
