/*-------------------------------------------------------------------------
 *
 * mint.c
 *	  Minting ids inside the server: gen_snowflake() and the
 *	  snowflake.max_lead setting (the worker id is workerid.c's).
 *
 * Every backend of a server mints from one 64-bit state in shared memory,
 * the last (millisecond << 12 | sequence) handed out, advanced with a
 * compare-and-swap loop by the step in snowflake.h: max(now, last + 1).  No
 * lock, no sequence: ids are unique server-wide and strictly increasing for
 * each worker, a burst of more than 4096 ids in one millisecond runs ahead
 * of the clock, and a clock set back is ignored until it catches up.
 *
 * The lead: a burst runs at most snowflake.max_lead ahead of time.  A mint
 * whose id would be further ahead waits, on its latch, holding nothing,
 * until time catches up, and then takes the step's id of that moment; so
 * a server's sustained rate is 4096 ids a millisecond, and bursts within
 * the bound never wait.  Time is the wall clock, except after the wall
 * clock steps back: then it goes on from where the ids are, at the
 * monotonic clock's rate (sf_mint_time), so that minting goes on at the
 * full rate instead of waiting for the wall clock to come back.  After a
 * restart or a promotion time starts at the recorded mark, above which the
 * ids resume at once.  The hot path reads the monotonic clock only on a
 * backend's first mint in a millisecond, or when the id would run past the
 * bound of the wall clock.
 *
 * Crash safety: ids must not repeat after a restart, even when the clock
 * was set back across it.  So minting never passes a millisecond that is
 * not durably reserved: a mark one second ahead is written into a file of
 * the data directory (written, fsynced and renamed into place) under a
 * lock, and the new reservation published.  After a start, the state
 * begins at the recorded mark, so every new id is above every id minted
 * before.  The hot path costs one extra atomic read for it.
 *
 * Renewal ahead: the mint that first finds half of the reservation used
 * asks for the next one, and goes on.  When preloaded, a background
 * worker of the server's own (the reserver) does the file's and the WAL's
 * I/O; else (17 on, not preloaded) the mint that asked does it, if no one
 * else is.  Minters never wait on the lock: a mint that finds the
 * reservation truly used up takes the lock only if it is free, to reserve
 * itself, and otherwise sleeps on a condition variable, which a cancel, a
 * timeout or a termination ends, handing out no id.
 *
 * Replication: a standby must not mint, since its ids could equal ids its
 * primary mints, and a promoted standby must mint above every id its
 * primary handed out.  So minting is refused during recovery, and every
 * advance of the reservation also goes to the WAL (wal.c), flushed, and
 * confirmed by the synchronous standbys if there are any, before any id
 * under it is handed out.  Replaying it raises the standby's state and
 * its own mark file (sf_mint_redo_reservation), which therefore stays the
 * durable state on every server: a restart of the standby, or a crash of
 * the primary soon after a checkpoint (when the last record lies before
 * the redo point), still starts from it.  The hot path does not change.
 *
 * Watching it (snowflake_mint_stats, mintstats.c): each process counts
 * what it mints in a slot of its own, indexed by its process number and
 * on a cache line of its own, with a plain read and write (no locked
 * instruction, no line another process writes); the slots are never
 * reset, so what exited processes minted stays in the sums, which the
 * reader adds up.  The renewals are counted under the lock.
 *
 * The shared state needs shared memory: through shared_preload_libraries
 * on every major, or from PostgreSQL 17 on also through the DSM registry
 * without preloading.  The mark is read under the lock by the first id
 * minted: only a missing file means "no mark", and any other failure stops
 * minting with an error that names the file, rather than give up the
 * guarantee.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include <time.h>

#include "access/parallel.h"
#include "access/twophase.h"
#include "access/xlog.h"
#include "access/xloginsert.h"
#include "miscadmin.h"
#include "port/atomics.h"
#include "postmaster/bgworker.h"
#include "postmaster/interrupt.h"
#include "replication/syncrep.h"
#include "replication/walsender.h"
#include "replication/walsender_private.h"
#include "storage/condition_variable.h"
#include "storage/fd.h"
#include "storage/ipc.h"
#include "storage/latch.h"
#include "storage/lwlock.h"
#include "storage/proc.h"
#include "storage/shmem.h"
#include "tcop/tcopprot.h"
#include "utils/guc.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"
#include "utils/wait_event.h"
/* PostgreSQL 17 added the DSM registry: minting without preloading */
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#endif

#include "hooks.h"
#include "horizon.h"
#include "wal.h"

PG_FUNCTION_INFO_V1(gen_snowflake);
PG_FUNCTION_INFO_V1(gen_snowflake_worker);

/* The server-wide minting state. */
typedef struct SfMintShared
{
	uint32		layout;			/* MINT_LAYOUT of the build that made it */
	pg_atomic_uint64 last;		/* last (ms << 12 | sequence) handed out */
	pg_atomic_uint64 reserved;	/* minting stays below this millisecond */
	pg_atomic_uint64 time_offset;	/* the lead's time minus the monotonic
									 * clock, in microseconds (an int64) */
	pg_atomic_uint64 renewal_asked; /* the reservation whose renewal was last
									 * asked for */
	Latch	   *reserver_latch; /* the reserver's, NULL while it is not up */
	pg_atomic_uint32 standby_waiter;	/* the pid of the process waiting for
										 * the standbys to confirm mark_lsn, 0
										 * if none */
	ConditionVariable reserved_cv;	/* broadcast when reserved moves */
	/* under the lock: */
	bool		mark_read;		/* the recorded mark is in last and mark */
	uint64		mark;			/* the mark in the file */
	XLogRecPtr	mark_lsn;		/* its record, if this server wrote one */
	int			tranche;		/* lock's tranche, in the DSM registry case */
	LWLock		lock;			/* ... the lock itself in that case */
	LWLock		horizon_lock;	/* ... and the prepared transactions' */
	pg_atomic_uint64 renewals;	/* marks recorded, under the lock */
	int			nslots;			/* the slots that follow (MINT_SLOTS) */
	/* the prepared transactions' horizons (MINT_PREPARED), horizon.c's: */
	bool		prepared_loaded;	/* read from their files, under their lock */
	int			nprepared;		/* entries: max_prepared_xacts */
	pg_atomic_uint32 prepared_used; /* entries in use, changed under their
									 * lock */
	pg_atomic_uint64 horizon_high;	/* the greatest horizon returned */
} SfMintShared;

/*
 * What one process has minted since the server started: a slot for each
 * process number, alone on its cache line, written by that process alone,
 * read by snowflake_mint_stats.  Never reset: the next process of the same
 * number goes on from its counts.
 */
typedef union SfMintSlot
{
	struct
	{
		pg_atomic_uint64 minted;	/* ids handed out */
		pg_atomic_uint64 last_id;	/* the last of them, 0 before the first */
		pg_atomic_uint64 lead_waits;	/* mints that waited at the bound */
		pg_atomic_uint64 lead_wait_us;	/* how long, in microseconds */
		pg_atomic_uint64 horizon;	/* no id of this process's open
									 * transaction lies below this ms
									 * (MINT_HORIZON_NONE: it minted none) */
	}			c;
	char		pad[PG_CACHE_LINE_SIZE];
} SfMintSlot;

/* The slots, on the first cache line after the state. */
#define MINT_SLOTS(shared) \
	((SfMintSlot *) CACHELINEALIGN((char *) (shared) + sizeof(SfMintShared)))

/* After the slots: the horizons of the prepared transactions (horizon.c). */
#define MINT_PREPARED(shared) \
	((SfHorizonPrepared *) (MINT_SLOTS(shared) + (shared)->nslots))

/*
 * The layout of SfMintShared and its slots, changed with them.  Without the
 * preload (17 on), a build installed into a running server finds the state
 * an older build made, and must not read it as its own; it must not make a
 * second one beside it either, whose ids could equal the first's.
 */
#ifndef MINT_LAYOUT				/* test/mint/other_build builds another */
#define MINT_LAYOUT			3
#endif

/* The mark file, in the data directory, and how far ahead it reserves. */
#define MINT_MARK_FILE		"snowflake_mint.mark"
#define MINT_MARK_TMP		"snowflake_mint.mark.tmp"
#define MINT_RESERVE_MS		1000
/* How much of a reservation is left when its renewal is asked for. */
#define MINT_RENEW_MS		(MINT_RESERVE_MS / 2)

/* The name waits on the lock show under, in pg_stat_activity. */
#define MINT_TRANCHE		"snowflake_mint"

/* The names mints waiting for time and for a reservation show under. */
#define MINT_WAIT_EVENT		"SnowflakeMintLead"
#define MINT_RESERVE_EVENT	"SnowflakeMintReserve"
#define MINT_RESERVER_EVENT "SnowflakeReserverMain"

/*
 * How long a mint waiting for the reservation sleeps between looks, in ms:
 * while a process may have failed to make it, and while one waits for the
 * standbys (which wakes the mints when done, or when it fails).
 */
#define MINT_AWAIT_MS		10
#define MINT_AWAIT_STANDBY_MS 100
/* The longest pause between two looks at the standbys' position, in ms. */
#define MINT_STANDBY_POLL_MAX_MS 100

/* How far the lead's time may stray before it is stored anew, in µs. */
#define MINT_TIME_SLACK_US	1000

static SfMintShared *mint_shared = NULL;
static LWLock *mint_lock = NULL;

/*
 * The lock of the prepared transactions' horizons (horizon.c), apart from
 * the minting lock, which a mint may need for its reservation.
 */
static LWLock *mint_horizon_lock = NULL;

/* This process's slot, once it has minted (or a local one, mint_state). */
static SfMintSlot *mint_slot = NULL;

/* snowflake.max_lead, in milliseconds */
static int	sf_max_lead = 1000;

/* The wall clock's millisecond when this backend last kept the lead's time. */
static int64 mint_kept_ms = -1;

/* Whether this process is the reserver. */
static bool mint_is_reserver = false;

/* Whether the state is in the main shared memory (the library preloaded). */
static bool mint_preloaded = false;

/* Whether this process's current transaction holds the horizon back. */
static bool mint_horizon_held = false;

/*
 * The recorded mark, in milliseconds since the epoch, into *mark: 0 if
 * there is no file.  Any other failure to read it is reported at elevel,
 * ERROR where minting stops rather than start from a clock that may have
 * been set back; below ERROR, false is returned.
 */
static bool
mint_read_mark(int elevel, uint64 *mark)
{
	FILE	   *f = AllocateFile(MINT_MARK_FILE, "r");
	char		buf[32];
	size_t		len;
	size_t		i;

	*mark = 0;
	if (f == NULL)
	{
		if (errno == ENOENT)
			return true;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\": %m", MINT_MARK_FILE),
				 errdetail("Minting needs the mark of the ids reserved before the last restart, "
						   "or ids could repeat if the clock was set back.")));
		return false;
	}

	/*
	 * The file is replaced by rename, so it is whole or absent: exactly the
	 * decimal digits mint_write_mark wrote and a newline.  Anything else (a
	 * sign, spaces, more text, too many digits) is damage, and reading around
	 * it could shrink the mark.
	 */
	errno = 0;
	len = fread(buf, 1, sizeof(buf), f);
	if (ferror(f))
	{
		int			save_errno = errno;

		FreeFile(f);
		errno = save_errno;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not read file \"%s\": %m", MINT_MARK_FILE),
				 errdetail("Minting needs the mark of the ids reserved before the last restart, "
						   "or ids could repeat if the clock was set back.")));
		return false;
	}
	FreeFile(f);
	for (i = 0; i < len && buf[i] >= '0' && buf[i] <= '9' && *mark <= SF_TIMESTAMP_MAX + 1; i++)
		*mark = *mark * 10 + (uint64) (buf[i] - '0');
	if (i == 0 || i > 20 || i != len - 1 || buf[i] != '\n' || *mark > SF_TIMESTAMP_MAX + 1)
	{
		ereport(elevel,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("invalid contents in file \"%s\"", MINT_MARK_FILE),
				 errdetail("Minting needs the mark of the ids reserved before the last restart, "
						   "or ids could repeat if the clock was set back."),
				 errhint("If the clock has not been set back since ids were last minted, "
						 "removing the file lets minting start from the clock.")));
		return false;
	}
	return true;
}

/*
 * sf_write_number_file - durably write a number and a newline into path:
 * into tmp, fsynced, renamed into place, the directory fsynced; so the
 * file is whole or absent.  The mark's, and a prepared transaction's
 * horizon (horizon.c).
 */
void
sf_write_number_file(const char *path, const char *tmp, uint64 value)
{
	char		buf[32];
	int			len = snprintf(buf, sizeof(buf), UINT64_FORMAT "\n", value);
	int			fd;

	fd = OpenTransientFile(tmp, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY);
	if (fd < 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not create file \"%s\": %m", tmp)));
	errno = 0;
	if (write(fd, buf, len) != len || pg_fsync(fd) != 0)
	{
		int			save_errno = errno;

		CloseTransientFile(fd);
		errno = save_errno ? save_errno : ENOSPC;
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not write file \"%s\": %m", tmp)));
	}
	if (CloseTransientFile(fd) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not close file \"%s\": %m", tmp)));
	(void) durable_rename(tmp, path, ERROR);
}

/* Durably record a mark. */
static void
mint_write_mark(uint64 mark)
{
	sf_write_number_file(MINT_MARK_FILE, MINT_MARK_TMP, mark);
}

/*
 * The slots: one for each process number a process can have, as core
 * counts its processes (ProcGlobalShmemSize: the backends, the auxiliary
 * processes and the prepared transactions' dummy processes).
 */
static int
mint_slot_count(void)
{
	return MaxBackends + NUM_AUXILIARY_PROCS + max_prepared_xacts;
}

/*
 * The state and its slots, with room to align them to a cache line, and
 * the prepared transactions' horizons.
 */
static Size
mint_shmem_size(void)
{
	return add_size(add_size(sizeof(SfMintShared) + PG_CACHE_LINE_SIZE,
							 mul_size(mint_slot_count(), sizeof(SfMintSlot))),
					mul_size(max_prepared_xacts, sizeof(SfHorizonPrepared)));
}

/*
 * Add n to a counter of this process's slot: a plain read and write, since
 * no other process writes it.
 */
static inline void
mint_count(pg_atomic_uint64 *counter, uint64 n)
{
	pg_atomic_write_u64(counter, pg_atomic_read_u64(counter) + n);
}

/* A slot of counts, all 0 */
static void
mint_slot_init(SfMintSlot *slot)
{
	pg_atomic_init_u64(&slot->c.minted, 0);
	pg_atomic_init_u64(&slot->c.last_id, 0);
	pg_atomic_init_u64(&slot->c.lead_waits, 0);
	pg_atomic_init_u64(&slot->c.lead_wait_us, 0);
	pg_atomic_init_u64(&slot->c.horizon, MINT_HORIZON_NONE);
}

/*
 * A new state: nothing reserved, and the mark not read yet, so that the
 * first id minted takes the slow path, which reads it.  (Reading it here
 * would happen in the postmaster, where an error stops the server.)
 */
static void
mint_shared_init(void *ptr)
{
	SfMintShared *shared = (SfMintShared *) ptr;
	SfMintSlot *slots = MINT_SLOTS(shared);

	shared->layout = MINT_LAYOUT;
	pg_atomic_init_u64(&shared->last, 0);
	pg_atomic_init_u64(&shared->reserved, 0);
	pg_atomic_init_u64(&shared->time_offset, 0);
	pg_atomic_init_u64(&shared->renewal_asked, 0);
	shared->reserver_latch = NULL;
	pg_atomic_init_u32(&shared->standby_waiter, 0);
	ConditionVariableInit(&shared->reserved_cv);
	shared->mark_read = false;
	shared->mark = 0;
	shared->mark_lsn = InvalidXLogRecPtr;
	shared->tranche = 0;
	pg_atomic_init_u64(&shared->renewals, 0);
	shared->nslots = mint_slot_count();
	for (int i = 0; i < shared->nslots; i++)
		mint_slot_init(&slots[i]);
	shared->prepared_loaded = false;
	shared->nprepared = max_prepared_xacts;
	pg_atomic_init_u32(&shared->prepared_used, 0);
	pg_atomic_init_u64(&shared->horizon_high, 0);
	memset(MINT_PREPARED(shared), 0, sizeof(SfHorizonPrepared) * shared->nprepared);
}

/*
 * Raise an atomic to at least value; never lower it.  A full barrier: what
 * was written before is seen by whoever sees the new value.
 */
static void
mint_raise(pg_atomic_uint64 *v, uint64 value)
{
	uint64		cur = pg_atomic_read_u64(v);

	while (cur < value && !pg_atomic_compare_exchange_u64(v, &cur, value))
		;
}

/* The monotonic clock, in microseconds. */
static int64
mint_monotonic_us(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		elog(ERROR, "could not read the monotonic clock: %m");
	return (int64) ts.tv_sec * INT64CONST(1000000) + ts.tv_nsec / 1000;
}

/*
 * The time the lead is measured from, in microseconds since the epoch
 * (sf_mint_time), for the wall clock wall_us and the last state last: the
 * monotonic clock plus the shared offset, kept between the wall clock and
 * the ids.  The offset is stored anew when the time strays from it by
 * more than MINT_TIME_SLACK_US, rarely: it moves only as the two clocks
 * drift apart, as the wall clock steps, and as the ids drag it back.  A
 * store that another backend's beats is dropped: both are right.
 */
static int64
mint_time_us(SfMintShared *shared, int64 wall_us, uint64 last)
{
	int64		mono = mint_monotonic_us();
	uint64		offset = pg_atomic_read_u64(&shared->time_offset);
	int64		held = mono + (int64) offset;
	int64		time = sf_mint_time(held, wall_us, last);

	if (time > held + MINT_TIME_SLACK_US || time < held - MINT_TIME_SLACK_US)
		(void) pg_atomic_compare_exchange_u64(&shared->time_offset, &offset,
											  (uint64) (time - mono));
	return time;
}

/*
 * Start the lead's time at the ids' millisecond, if it is behind: after
 * the mark is read or replayed, minting resumes above it at once, and the
 * bound applies from there.
 */
static void
mint_time_resume(SfMintShared *shared)
{
	int64		ids_us = (int64) (pg_atomic_read_u64(&shared->last) >> SF_SEQUENCE_BITS) *
		SF_USEC_PER_MS;
	int64		mono = mint_monotonic_us();
	uint64		offset = pg_atomic_read_u64(&shared->time_offset);

	while (mono + (int64) offset < ids_us &&
		   !pg_atomic_compare_exchange_u64(&shared->time_offset, &offset,
										   (uint64) (ids_us - mono)))
		;
}

/*
 * The mark recorded before the server started, once, under the lock:
 * minting resumes above it.  It was written by this server, or by the
 * redo of a record of its primary, whose record is older; so a reservation
 * this server makes is logged anew.
 */
static bool
mint_load_mark(SfMintShared *shared, int elevel)
{
	uint64		mark;

	if (shared->mark_read)
		return true;
	if (!mint_read_mark(elevel, &mark))
		return false;
	shared->mark = mark;
	shared->mark_lsn = InvalidXLogRecPtr;
	mint_raise(&shared->last, shared->mark << SF_SEQUENCE_BITS);
	mint_time_resume(shared);
	shared->mark_read = true;
	return true;
}

/*
 * Whether synchronous standbys are defined, as the checkpointer keeps it
 * for the commits that wait on them (under SyncRepLock); *sure is false
 * where only this backend's setting could answer.  Not this backend's
 * synchronous_standby_names, which it reads only between statements (a
 * parallel worker, never): a statement that began before the standby was
 * named must wait too.
 *
 * The field is read by name from the server's own walsender_private.h: a
 * bool, sync_standbys_defined, before the minor releases of May 2025
 * (15.13, 16.9, 17.5), and since then flags, sync_standbys_status, with
 * SYNC_STANDBY_INIT set once the checkpointer has filled it in.  Build
 * against the headers of the minor the server runs (a build for a later
 * minor on an earlier one would read the bool as flags).
 */
static bool
mint_sync_defined(bool *sure)
{
#ifdef SYNC_STANDBY_DEFINED
	bits8		status = ((volatile WalSndCtlData *) WalSndCtl)->sync_standbys_status;

	*sure = (status & SYNC_STANDBY_INIT) != 0;
	if (*sure)
		return (status & SYNC_STANDBY_DEFINED) != 0;
	return SyncRepStandbyNames != NULL && SyncRepStandbyNames[0] != '\0';
#else
	*sure = true;
	return ((volatile WalSndCtlData *) WalSndCtl)->sync_standbys_defined;
#endif
}

/*
 * Wait until the synchronous standbys, if any are defined, have flushed
 * the WAL up to lsn: until the position core keeps for the commits
 * waiting on them (WalSndCtl->lsn) reaches it.  The reservation serves
 * every session, so the wait does not depend on this one's
 * synchronous_commit: a session that turned it off must not hand the
 * others an id a standby may not know of.  With no synchronous standby
 * connected, minting waits as commits do, until the standby confirms or
 * the checkpointer reports synchronous_standby_names cleared; the wait is
 * an ordinary one, ended by a cancel, statement_timeout or termination,
 * which hand out no id.  Where only this backend's setting answers and a
 * reload is pending, the wait ends with an error to retry rather than
 * guess.  A single-user server has no standby.
 */
static void
mint_wait_for_standbys(XLogRecPtr lsn)
{
	long		pause_ms = 1;

	if (max_wal_senders == 0 || !IsUnderPostmaster)
		return;
	for (;;)
	{
		bool		sure;
		bool		done;

		LWLockAcquire(SyncRepLock, LW_SHARED);
		done = !mint_sync_defined(&sure) ||
			WalSndCtl->lsn[SYNC_REP_WAIT_FLUSH] >= lsn;
		LWLockRelease(SyncRepLock);
		if (done)
			return;
		/* a standby that answers at once is seen at once; one down, rarely */
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
						 pause_ms, WAIT_EVENT_SYNC_REP);
		pause_ms = Min(pause_ms * 2, MINT_STANDBY_POLL_MAX_MS);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
		if (ConfigReloadPending && mint_is_reserver)
		{
			/* the reserver reads its own configuration */
			ConfigReloadPending = false;
			ProcessConfigFile(PGC_SIGHUP);
		}
		else if (ConfigReloadPending && !sure)
			ereport(ERROR,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
					 errmsg("the configuration was reloaded while minting waited for the synchronous standbys"),
					 errdetail("No id was handed out."),
					 errhint("Run the statement again.")));
	}
}

/* Refuse to mint during recovery (25006), whatever else is missing. */
static void
mint_refuse_in_recovery(void)
{
	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_READ_ONLY_SQL_TRANSACTION),
				 errmsg("cannot execute gen_snowflake() during recovery"),
				 errdetail("A standby must not mint: its ids could equal ids that its primary mints."),
				 errhint("Mint on the primary. A standby mints once promoted, above every id its primary reserved.")));
}

/*
 * A wait event of the extension's own, from 17 on (Extension before).
 */
static uint32
mint_wait_event(const char *name, uint32 *cached)
{
#if PG_VERSION_NUM >= 170000
	if (*cached == 0)
		*cached = WaitEventExtensionNew(name);
	return *cached;
#else
	(void) name;
	(void) cached;
	return PG_WAIT_EXTENSION;
#endif
}

/*
 * This process no longer waits for the standbys (done, failed or leaving):
 * give the task up, and wake the mints, one of which takes it over if the
 * reservation is still to be published.
 */
static void
mint_standby_wait_end(SfMintShared *shared)
{
	uint32		me = (uint32) MyProcPid;

	if (pg_atomic_read_u32(&shared->standby_waiter) == me &&
		pg_atomic_compare_exchange_u32(&shared->standby_waiter, &me, 0))
		ConditionVariableBroadcast(&shared->reserved_cv);
}

/* Leaving, by FATAL too, which no PG_FINALLY sees. */
static void
mint_standby_wait_exit(int code, Datum arg)
{
	(void) code;
	(void) arg;
	if (mint_shared != NULL)
		mint_standby_wait_end(mint_shared);
}

/*
 * Wait for the standbys to confirm lsn, the record of mark, as the one
 * process that does (shared->standby_waiter, set under the lock by the
 * caller), then publish mark; the mints sleep meanwhile.  An error or an
 * exit hands the task on.
 */
static void
mint_standby_wait(SfMintShared *shared, XLogRecPtr lsn, uint64 mark)
{
	static bool exit_registered = false;

	if (!exit_registered)
	{
		before_shmem_exit(mint_standby_wait_exit, (Datum) 0);
		exit_registered = true;
	}
	PG_TRY();
	{
		mint_wait_for_standbys(lsn);
		mint_raise(&shared->reserved, mark);
	}
	PG_FINALLY();
	{
		mint_standby_wait_end(shared);
	}
	PG_END_TRY();
}

/*
 * Make the reservation cover millisecond ms, holding the lock, which this
 * releases: record a mark MINT_RESERVE_MS beyond base (at least ms + 1),
 * in the WAL and in the file, wait for the synchronous standbys, publish
 * it and wake the mints waiting for it.  Reached by one process at a
 * time: the reserver, or a mint that found the lock free.  While another
 * process waits for the standbys to confirm the last mark, nothing is done
 * here, even for an ms above that mark: one process waits, the others
 * sleep, and the next mark is made once that one is published (or given
 * up, when the wait's process ended without it).  An error releases the
 * lock as every error does (the transaction's abort, the reserver's
 * handler).  Never during recovery: a standby's reservation stays 0, so
 * every id it is asked for comes to mint_await_reservation, which
 * refuses.
 */
static void
mint_reserve_locked(SfMintShared *shared, uint64 ms, uint64 base)
{
	XLogRecPtr	lsn;
	uint64		mark;

	Assert(LWLockHeldByMeInMode(mint_lock, LW_EXCLUSIVE));
	mint_load_mark(shared, ERROR);

	/*
	 * Done, or another process waits for the standbys to confirm the last
	 * mark: one at a time, whether or not that mark covers ms (a later one is
	 * made once it is published).
	 */
	if (pg_atomic_read_u64(&shared->reserved) > ms ||
		pg_atomic_read_u32(&shared->standby_waiter) != 0)
	{
		LWLockRelease(mint_lock);
		return;
	}
	if (shared->mark > ms && (shared->mark_lsn != InvalidXLogRecPtr || !sf_wal_enabled()))
	{
		/* made by another process, which gave up waiting for the standbys */
		mark = shared->mark;
		lsn = shared->mark_lsn;
	}
	else
	{
		/*
		 * The file first: a mark that cannot be written stops minting here,
		 * before a record exists whose replay would need to write it.
		 */
		mark = Min(Max(Max(base + MINT_RESERVE_MS, ms + 1), shared->mark),
				   SF_TIMESTAMP_MAX + 1);
		if (mark > shared->mark)
			mint_write_mark(mark);
		lsn = sf_wal_enabled() ? sf_wal_log_reservation(mark) : InvalidXLogRecPtr;
		shared->mark = mark;
		shared->mark_lsn = lsn;
		pg_atomic_fetch_add_u64(&shared->renewals, 1);
	}
	if (lsn != InvalidXLogRecPtr)
		pg_atomic_write_u32(&shared->standby_waiter, (uint32) MyProcPid);
	LWLockRelease(mint_lock);

	if (lsn != InvalidXLogRecPtr)
		mint_standby_wait(shared, lsn, mark);	/* which wakes the mints */
	else
	{
		mint_raise(&shared->reserved, mark);
		ConditionVariableBroadcast(&shared->reserved_cv);
	}
}

/*
 * A mint found millisecond ms past the reservation: reserve it if the lock
 * is free, else sleep until the process that holds it has.  The sleep is
 * on a condition variable, timed so that a reserver that failed is
 * replaced, and ended by a cancel, a timeout or a termination.
 */
static void
mint_await_reservation(SfMintShared *shared, uint64 ms)
{
	static uint32 wait_event = 0;

	mint_refuse_in_recovery();
	ConditionVariablePrepareToSleep(&shared->reserved_cv);
	while (pg_atomic_read_u64(&shared->reserved) <= ms)
	{
		if (LWLockConditionalAcquire(mint_lock, LW_EXCLUSIVE))
		{
			mint_reserve_locked(shared, ms, ms);
			if (pg_atomic_read_u64(&shared->reserved) > ms)
				break;
		}
		(void) ConditionVariableTimedSleep(&shared->reserved_cv,
										   pg_atomic_read_u32(&shared->standby_waiter) != 0 ?
										   MINT_AWAIT_STANDBY_MS : MINT_AWAIT_MS,
										   mint_wait_event(MINT_RESERVE_EVENT,
														   &wait_event));
	}
	ConditionVariableCancelSleep();
}

/*
 * A mint found millisecond ms within MINT_RENEW_MS of the end of the
 * reservation reserved: ask once for the next one, and go on minting.  The
 * reserver does it; with none up, this mint, if the lock is free.
 */
static void
mint_renew_ahead(SfMintShared *shared, uint64 ms, uint64 reserved)
{
	uint64		asked = pg_atomic_read_u64(&shared->renewal_asked);
	Latch	   *latch;

	if (asked >= reserved || reserved > SF_TIMESTAMP_MAX ||
		!pg_atomic_compare_exchange_u64(&shared->renewal_asked, &asked, reserved))
		return;
	latch = shared->reserver_latch;
	if (latch != NULL)
		SetLatch(latch);
	else if (LWLockConditionalAcquire(mint_lock, LW_EXCLUSIVE))
		mint_reserve_locked(shared, reserved, ms);
}

/* Leaving: mints ask no more. */
static void
mint_reserver_exit(int code, Datum arg)
{
	(void) code;
	(void) arg;
	mint_shared->reserver_latch = NULL;
}

/*
 * sf_mint_reserver_main - the reserver, a background worker of the server
 * when the library is preloaded (registered by sf_mint_register_reserver):
 * renews the reservation when a mint asks, so that no mint waits on the
 * file's and the WAL's I/O while any of the reservation is left.  Started
 * once recovery is over, so on a standby at its promotion.
 *
 * A renewal that fails (a mark that cannot be written) is reported once,
 * in the server's log, and not tried again for the same reservation: the
 * mints use up what is left, then reserve themselves, each failing with
 * the file's error in its own session, until the obstacle is gone; the
 * next reservation made asks the reserver again.  It exits only when the
 * server stops it (restarted a second after an exit).
 */
void
sf_mint_reserver_main(Datum arg)
{
	SfMintShared *shared = mint_shared;
	static uint32 wait_event = 0;
	sigjmp_buf	local_sigjmp_buf;
	volatile uint64 failed = 0;
	volatile uint64 reserved = 0;
	long		timeout;

	(void) arg;
	pqsignal(SIGHUP, SignalHandlerForConfigReload);
	pqsignal(SIGTERM, die);
	BackgroundWorkerUnblockSignals();
	/* to no database: it is seen in pg_stat_activity, with its waits */
	BackgroundWorkerInitializeConnection(NULL, NULL, 0);
	mint_is_reserver = true;

	before_shmem_exit(mint_reserver_exit, (Datum) 0);

	/* an error: report it, give up this reservation's renewal, go on */
	if (sigsetjmp(local_sigjmp_buf, 1) != 0)
	{
		error_context_stack = NULL;
		HOLD_INTERRUPTS();
		EmitErrorReport();
		LWLockReleaseAll();
		ConditionVariableCancelSleep();
		XLogResetInsertion();
		AtEOXact_Files(false);
		MemoryContextSwitchTo(TopMemoryContext);
		FlushErrorState();
		failed = reserved;
		/* the mints that wait reserve themselves */
		ConditionVariableBroadcast(&shared->reserved_cv);
		RESUME_INTERRUPTS();
	}
	PG_exception_stack = &local_sigjmp_buf;

	shared->reserver_latch = MyLatch;
	pg_memory_barrier();

	for (;;)
	{

		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
		if (ConfigReloadPending)
		{
			ConfigReloadPending = false;
			ProcessConfigFile(PGC_SIGHUP);
		}
		reserved = pg_atomic_read_u64(&shared->reserved);
		timeout = -1L;
		if (reserved != 0 && reserved <= SF_TIMESTAMP_MAX && reserved != failed &&
			pg_atomic_read_u64(&shared->renewal_asked) >= reserved)
		{
			if (pg_atomic_read_u32(&shared->standby_waiter) == 0)
			{
				LWLockAcquire(mint_lock, LW_EXCLUSIVE);
				mint_reserve_locked(shared, reserved,
									pg_atomic_read_u64(&shared->last) >> SF_SEQUENCE_BITS);
				if (pg_atomic_read_u64(&shared->reserved) > reserved)
					continue;
			}
			/* a mint waits for the standbys, and wakes the mints, not this */
			timeout = MINT_AWAIT_STANDBY_MS;
		}
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_EXIT_ON_PM_DEATH |
						 (timeout >= 0 ? WL_TIMEOUT : 0), timeout,
						 mint_wait_event(MINT_RESERVER_EVENT, &wait_event));
	}
}

/*
 * sf_mint_register_reserver - register the reserver (from _PG_init when
 * preloaded, module.c): one process of the server, connected to no
 * database (as the logical replication launcher), started once recovery
 * is over.
 */
void
sf_mint_register_reserver(void)
{
	BackgroundWorker worker;

	memset(&worker, 0, sizeof(worker));
	worker.bgw_flags = BGWORKER_SHMEM_ACCESS | BGWORKER_BACKEND_DATABASE_CONNECTION;
	worker.bgw_start_time = BgWorkerStart_RecoveryFinished;
	worker.bgw_restart_time = 1;
	strlcpy(worker.bgw_library_name, "snowflake", BGW_MAXLEN);
	strlcpy(worker.bgw_function_name, "sf_mint_reserver_main", BGW_MAXLEN);
	strlcpy(worker.bgw_name, "snowflake reserver", BGW_MAXLEN);
	strlcpy(worker.bgw_type, "snowflake reserver", BGW_MAXLEN);
	RegisterBackgroundWorker(&worker);
}

/*
 * sf_mint_redo_reservation - replay a RESERVE record (wal.c): the primary
 * mints below mark.  Raise the state above it, so that once promoted this
 * server mints above every id the primary handed out, and record it in
 * the mark file before going on, so that a restart of this server, which
 * replays from its last restartpoint only, still knows it.  The
 * reservation itself stays as it is: this server makes its own, and logs
 * it, when it first mints.
 *
 * A mark file that cannot be read (unreadable, corrupt) is replaced: the
 * marks of the records only grow along the WAL, and the first one
 * replayed after a checkpoint or restartpoint is at least every mark
 * recorded before it, so the records replayed from here on are all the
 * mark needs.  A mark that cannot be written stops the replay with the
 * file's error: going on would lose the reservation at the next restart.
 */
void
sf_mint_redo_reservation(uint64 mark)
{
	SfMintShared *shared = mint_shared;

	/* the library is preloaded wherever a record can be replayed */
	Assert(shared != NULL && mint_lock != NULL);
	LWLockAcquire(mint_lock, LW_EXCLUSIVE);
	if (!mint_load_mark(shared, WARNING))
	{
		ereport(WARNING,
				(errmsg("replacing \"%s\" with the reservation being replayed", MINT_MARK_FILE),
				 errdetail("Every id handed out under a reservation in the WAL from here on stays below the ids minted after recovery.")));
		mint_write_mark(mark);
		shared->mark = mark;
		shared->mark_read = true;
	}
	else if (mark > shared->mark)
	{
		mint_write_mark(mark);
		shared->mark = mark;
	}
	shared->mark_lsn = InvalidXLogRecPtr;
	mint_raise(&shared->last, shared->mark << SF_SEQUENCE_BITS);
	mint_time_resume(shared);
	LWLockRelease(mint_lock);
}

/*
 * Preloaded, on every major: the state in the main shared memory, and the
 * lock in a named tranche, whose name every backend knows.  module.c
 * installs the two hooks, and sets the hooks they follow.
 */
shmem_request_hook_type sf_prev_shmem_request_hook = NULL;
shmem_startup_hook_type sf_prev_shmem_startup_hook = NULL;

/* sf_mint_shmem_request - the shmem_request_hook: the state, the lock */
void
sf_mint_shmem_request(void)
{
	if (sf_prev_shmem_request_hook)
		sf_prev_shmem_request_hook();
	RequestAddinShmemSpace(mint_shmem_size());
	RequestNamedLWLockTranche(MINT_TRANCHE, 2);
}

/* sf_mint_shmem_startup - the shmem_startup_hook: attach, or make, them */
void
sf_mint_shmem_startup(void)
{
	bool		found;

	if (sf_prev_shmem_startup_hook)
		sf_prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	mint_shared = ShmemInitStruct("snowflake mint", mint_shmem_size(), &found);
	if (!found)
		mint_shared_init(mint_shared);
	mint_lock = &GetNamedLWLockTranche(MINT_TRANCHE)[0].lock;
	mint_horizon_lock = &GetNamedLWLockTranche(MINT_TRANCHE)[1].lock;
	mint_preloaded = true;
	LWLockRelease(AddinShmemInitLock);
}

#if PG_VERSION_NUM >= 170000
/*
 * Not preloaded, from PostgreSQL 17 on: the state in a segment of the DSM
 * registry, made by the first backend that mints, with the lock inside it.
 * A tranche made at run time is named only in the backends that register
 * it, which are those that mint.
 */
static void
mint_dsm_init(void *ptr)
{
	SfMintShared *shared = (SfMintShared *) ptr;

	mint_shared_init(shared);
	shared->tranche = LWLockNewTrancheId();
	LWLockInitialize(&shared->lock, shared->tranche);
	LWLockInitialize(&shared->horizon_lock, shared->tranche);
}
#endif

#if PG_VERSION_NUM >= 170000
/*
 * The state in the DSM registry was made by another build of the library
 * (detail: the registry's own error, if any): refuse until a restart.
 */
static void
mint_refuse_other_build(const char *detail)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("the minting state of this server was made by another build of the snowflake library"),
			 detail != NULL ? errdetail_internal("%s", detail) : 0,
			 errhint("Restart the server: a build installed into a running server that does not preload "
					 "the library mints only after a restart.")));
}
#endif

/*
 * sf_mint_define_settings - define snowflake.max_lead, and reserve the
 * prefix (from _PG_init, module.c, after workerid.c's setting)
 */
void
sf_mint_define_settings(void)
{
	DefineCustomIntVariable("snowflake.max_lead",
							"How far ahead of time a burst of gen_snowflake() may run.",
							"Past it, a mint waits until time catches up. One value "
							"for the whole server, whose minting state every session shares.",
							&sf_max_lead,
							1000, 0, 3600000,
							PGC_SIGHUP,
							GUC_UNIT_MS,
							NULL, NULL, NULL);
	MarkGUCPrefixReserved("snowflake");
}

/*
 * The shared state; where there is none (not preloaded, before 17), an
 * error that says how to get it for a mint, else NULL.
 */
static SfMintShared *
mint_attach(bool minting)
{
	if (mint_shared != NULL)
		return mint_shared;
#if PG_VERSION_NUM >= 170000
	{
		bool		found;
		SfMintShared *shared = NULL;
		MemoryContext cxt = CurrentMemoryContext;

		(void) minting;

		/*
		 * A state of another size, made by another build, is refused by the
		 * registry with an internal error: say what it means.
		 */
		PG_TRY();
		{
			shared = GetNamedDSMSegment("snowflake mint", mint_shmem_size(),
										mint_dsm_init, &found);
		}
		PG_CATCH();
		{
			ErrorData  *edata;

			MemoryContextSwitchTo(cxt);
			edata = CopyErrorData();
			if (edata->sqlerrcode != ERRCODE_INTERNAL_ERROR)
				PG_RE_THROW();
			FlushErrorState();
			mint_refuse_other_build(edata->message);
		}
		PG_END_TRY();
		if (shared->layout != MINT_LAYOUT)
			mint_refuse_other_build(NULL);
		mint_shared = shared;
		LWLockRegisterTranche(mint_shared->tranche, MINT_TRANCHE);
		mint_lock = &mint_shared->lock;
		mint_horizon_lock = &mint_shared->horizon_lock;
	}
#else
	if (!minting)
		return NULL;
	/* a standby refuses for that reason first: 25006, as with the library */
	mint_refuse_in_recovery();
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("gen_snowflake() needs the snowflake library preloaded"),
			 errhint("Add shared_preload_libraries = 'snowflake' to postgresql.conf "
					 "and restart the server.")));
#endif
	return mint_shared;
}

/*
 * The shared state, for a mint, and this process's slot (mint_slot), once
 * per process.  A process with no process number could not mint; if one
 * did, its counts would go to a slot of its own, which no one reads.
 */
static SfMintShared *
mint_state(void)
{
	static SfMintSlot local;
	int			procno;

	if (likely(mint_slot != NULL))
		return mint_shared;
	(void) mint_attach(true);
#if PG_VERSION_NUM >= 170000
	procno = MyProcNumber;
#else
	procno = MyProc != NULL ? MyProc->pgprocno : -1;
#endif
	if (procno >= 0 && procno < mint_shared->nslots)
		mint_slot = &MINT_SLOTS(mint_shared)[procno];
	else
	{
		mint_slot_init(&local);
		mint_slot = &local;
	}
	return mint_shared;
}

/*
 * The wall clock in microseconds since the snowflake epoch; a clock before
 * the epoch counts as the epoch, as in sf_mint_step.
 */
static int64
mint_clock_us(void)
{
	int64		us = GetCurrentTimestamp() - SF_EPOCH_PG_USEC;

	return us < 0 ? 0 : us;
}

/*
 * Wait up to ms milliseconds, at most a second, for time to catch up with
 * the ids: on the latch, so that a cancel, a timeout or a termination ends
 * the wait, under a wait event of its own from 17 on (Extension before).
 */
static void
mint_wait(int64 ms)
{
	static uint32 wait_event = 0;
	int64		start = mint_monotonic_us();

	(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
					 (long) Min(ms, 1000), mint_wait_event(MINT_WAIT_EVENT, &wait_event));
	ResetLatch(MyLatch);
	/* counted before a cancel ends the mint: every wait is in the total */
	mint_count(&mint_slot->c.lead_wait_us, (uint64) (mint_monotonic_us() - start));
	CHECK_FOR_INTERRUPTS();
}

/*
 * After a start, the ids resume above the mark, and so does the horizon:
 * the mark read, if it is not yet, before the horizon is taken from the
 * state.
 */
static void
mint_horizon_resume(SfMintShared *shared)
{
	if (likely(shared->mark_read))
	{
		pg_read_barrier();
		return;
	}
	LWLockAcquire(mint_lock, LW_EXCLUSIVE);
	(void) mint_load_mark(shared, ERROR);
	LWLockRelease(mint_lock);
}

/* The slot of a process, NULL if it has none. */
static SfMintSlot *
mint_slot_of(SfMintShared *shared, PGPROC *proc)
{
	int			procno;

	if (proc == NULL)
		return NULL;
#if PG_VERSION_NUM >= 170000
	procno = GetNumberFromPGProc(proc);
#else
	procno = proc->pgprocno;
#endif
	if (procno < 0 || procno >= shared->nslots)
		return NULL;
	return &MINT_SLOTS(shared)[procno];
}

/*
 * The first mint of a transaction: hold the horizon (horizon.c) at the
 * millisecond of the next id, which this mint's ids cannot be below, in
 * the slot of the process whose transaction it is: this one's, or a
 * parallel worker's leader's, whose end releases it.  Seen by every
 * process before this mint's compare-and-swap, so that a horizon read
 * after that swap sees the slot, and one read before it is below the id.
 */
static void
mint_hold_horizon(SfMintShared *shared)
{
	SfMintSlot *slot = mint_slot;
	uint64		horizon;
	uint64		cur;

	if (IsParallelWorker())
	{
		/*
		 * The leader releases its slot at its transaction's end, if it has
		 * the state; without the preload it may not have attached it.
		 */
		if (!mint_preloaded)
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("cannot mint snowflake ids in a parallel worker when the snowflake library is not preloaded"),
					 errhint("Mark the function that mints PARALLEL RESTRICTED, or preload the library.")));
		slot = mint_slot_of(shared, MyProc->lockGroupLeader);
		if (slot == NULL)
			elog(ERROR, "parallel worker has no leader to mint for");
	}
	mint_horizon_resume(shared);
	horizon = (pg_atomic_read_u64(&shared->last) + 1) >> SF_SEQUENCE_BITS;
	cur = pg_atomic_read_u64(&slot->c.horizon);
	while (horizon < cur &&
		   !pg_atomic_compare_exchange_u64(&slot->c.horizon, &cur, horizon))
		;
	pg_memory_barrier();
	mint_horizon_held = true;
}

/* Mint one id for worker. */
static Snowflake
mint(uint32 worker)
{
	SfMintShared *shared = mint_state();
	uint64		last;
	uint64		next;
	bool		waited = false;

	/* once a transaction: nothing for each id but this test */
	if (unlikely(!mint_horizon_held))
		mint_hold_horizon(shared);
	last = pg_atomic_read_u64(&shared->last);

	for (;;)
	{
		int64		now_us = mint_clock_us();
		int64		wait_ms;
		uint64		reserved;

		if (!sf_mint_step(last, now_us / SF_USEC_PER_MS, &next))
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("no snowflake id is left to mint"),
					 errdetail("Ids run out at 2163-05-15 07:35:11.103 UTC.")));

		/*
		 * Never more than snowflake.max_lead ahead of time.  Time is never
		 * behind the wall clock, so an id within the bound of the wall clock
		 * needs no other clock: the hot path reads the monotonic clock and
		 * keeps the lead's time once a millisecond, on its first mint in it.
		 */
		if (now_us / SF_USEC_PER_MS != mint_kept_ms ||
			sf_mint_wait_ms(next, now_us, sf_max_lead) > 0)
		{
			wait_ms = sf_mint_wait_ms(next, mint_time_us(shared, now_us, last),
									  sf_max_lead);
			mint_kept_ms = now_us / SF_USEC_PER_MS;
			if (wait_ms > 0)
			{
				/* a mint that waits is counted once, however long */
				if (!waited)
					mint_count(&mint_slot->c.lead_waits, 1);
				waited = true;
				mint_wait(wait_ms);
				last = pg_atomic_read_u64(&shared->last);
				continue;
			}
		}
		/* never past the durable reservation; the next asked for at half */
		reserved = pg_atomic_read_u64(&shared->reserved);
		if ((next >> SF_SEQUENCE_BITS) >= reserved)
		{
			mint_await_reservation(shared, next >> SF_SEQUENCE_BITS);
			last = pg_atomic_read_u64(&shared->last);
			continue;
		}
		if ((next >> SF_SEQUENCE_BITS) + MINT_RENEW_MS >= reserved)
			mint_renew_ahead(shared, next >> SF_SEQUENCE_BITS, reserved);
		/* on failure, last is updated to the current value: try again */
		if (pg_atomic_compare_exchange_u64(&shared->last, &last, next))
		{
			Snowflake	id = sf_mint_id(next, worker);

			/* this process's slot: its own cache line, no locked instruction */
			mint_count(&mint_slot->c.minted, 1);
			pg_atomic_write_u64(&mint_slot->c.last_id, id);
			return id;
		}
	}
}

/*
 * gen_snowflake - a new id for the worker in snowflake.worker_id.
 *
 * VOLATILE, and PARALLEL RESTRICTED (1.4): a parallel worker loads the
 * library before it takes its leader's settings, so it could not see a
 * worker id given before the library loaded; a parallel query mints in its
 * leader.  gen_snowflake(worker) reads no setting and is PARALLEL SAFE: the
 * state is in shared memory, which parallel workers share with their leader.
 */
Datum
gen_snowflake(PG_FUNCTION_ARGS)
{
	int			worker = sf_worker_id_ready;

	PG_RETURN_SNOWFLAKE(mint(likely(worker >= 0) ? (uint32) worker : sf_worker_id_for_mint()));
}

/*
 * gen_snowflake_worker - a new id for an explicit worker, 0..1023
 */
Datum
gen_snowflake_worker(PG_FUNCTION_ARGS)
{
	int32		worker = PG_GETARG_INT32(0);

	sf_check_field("worker", worker, SF_WORKER_MAX);
	PG_RETURN_SNOWFLAKE(mint((uint32) worker));
}

/*
 * sf_mint_stats - what snowflake_mint_stats shows (mintstats.c): the sums
 * of the slots, the last id handed out, the current lead, the reservation
 * and its renewals.  Read without a lock, each value as it is at its read:
 * the sums may miss the mints in flight.  All zero where there is no
 * shared state (not preloaded, before 17); from 17 on, not preloaded,
 * this makes it, as the first mint would.
 */
void
sf_mint_stats(SfMintStats *stats)
{
	SfMintShared *shared = mint_attach(false);
	SfMintSlot *slots;
	uint64		last_state = 0;
	uint64		last;
	int64		time_us;
	int64		ahead_us;

	memset(stats, 0, sizeof(*stats));
	if (shared == NULL)
		return;
	slots = MINT_SLOTS(shared);
	for (int i = 0; i < shared->nslots; i++)
	{
		uint64		id = pg_atomic_read_u64(&slots[i].c.last_id);

		stats->minted += pg_atomic_read_u64(&slots[i].c.minted);
		stats->lead_waits += pg_atomic_read_u64(&slots[i].c.lead_waits);
		stats->lead_wait_us += pg_atomic_read_u64(&slots[i].c.lead_wait_us);

		/*
		 * The ids' milliseconds and sequences increase server-wide, whatever
		 * their workers: the last id handed out is the one with the largest.
		 */
		if (id != 0)
		{
			uint64		state = (sf_get_timestamp(id) << SF_SEQUENCE_BITS) |
				sf_get_sequence(id);

			if (!stats->has_last || state > last_state)
			{
				stats->has_last = true;
				stats->last_id = id;
				last_state = state;
			}
		}
	}
	stats->reserved = pg_atomic_read_u64(&shared->reserved);
	stats->renewals = pg_atomic_read_u64(&shared->renewals);

	/*
	 * The lead: the last id's millisecond over the wall clock.  Not over the
	 * time the bound is measured from, which after the wall clock steps back,
	 * or a restart, goes on from the ids: the lead that shows such a step is
	 * the one an operator must see.
	 */
	last = pg_atomic_read_u64(&shared->last);
	time_us = mint_clock_us();
	ahead_us = (int64) (last >> SF_SEQUENCE_BITS) * SF_USEC_PER_MS - time_us;
	stats->lead_ms = ahead_us > 0 ? (double) ahead_us / 1000.0 : 0.0;
}

/*
 * sf_mint_horizon - the millisecond below which this server can commit no
 * more ids minted in the transaction that writes them (horizon.c): the
 * millisecond of the next id, and the slots the open transactions hold,
 * no later than the durable reservation.
 *
 * The next id is made no earlier than the time the lead is measured from
 * (the wall clock, or after it stepped back the ids' time going on at the
 * monotonic clock's rate), by raising the state to the millisecond before
 * it, which hands out no id: so a horizon moves with time on an idle
 * server, and a mint that read the clock before this one and swaps after
 * it is above the horizon or holds a slot that this pass reads.  Never
 * past the reservation: ids minted after a restart or a promotion, with
 * the clock behind, resume there, not at the time raised to.  (Every id
 * minted so far is below it, so the cap hides no committed row.)
 */
uint64
sf_mint_horizon(void)
{
	SfMintShared *shared = mint_attach(false);
	SfMintSlot *slots;
	uint64		last;
	int64		time_ms;
	uint64		reserved;
	uint64		horizon;

	if (shared == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("snowflake_horizon() needs the snowflake library preloaded"),
				 errhint("Add shared_preload_libraries = 'snowflake' to postgresql.conf "
						 "and restart the server.")));
	mint_horizon_resume(shared);
	last = pg_atomic_read_u64(&shared->last);
	time_ms = mint_time_us(shared, mint_clock_us(), last) / SF_USEC_PER_MS;
	if (time_ms > 0 && (uint64) time_ms <= SF_TIMESTAMP_MAX)
		mint_raise(&shared->last, ((uint64) time_ms << SF_SEQUENCE_BITS) - 1);
	pg_memory_barrier();
	horizon = (pg_atomic_read_u64(&shared->last) + 1) >> SF_SEQUENCE_BITS;
	/* the slots read after the state, on every processor */
	pg_read_barrier();
	slots = MINT_SLOTS(shared);
	for (int i = 0; i < shared->nslots; i++)
	{
		uint64		held = pg_atomic_read_u64(&slots[i].c.horizon);

		if (held < horizon)
			horizon = held;
	}
	/* the reservation: in the state, or (after a start) in the mark */
	reserved = Max(pg_atomic_read_u64(&shared->reserved), shared->mark);
	return Min(horizon, reserved);
}

/*
 * sf_mint_horizon_settle - the horizon to return, for one just computed:
 * the greatest returned since the server started.  A horizon once true
 * stays true (a slot written after the pass that computed it holds ids
 * above it), so an older, greater one still is, while a slot written by a
 * first mint that read the state before that pass raised it may be lower.
 */
uint64
sf_mint_horizon_settle(uint64 horizon)
{
	SfMintShared *shared = mint_attach(false);

	Assert(shared != NULL);
	mint_raise(&shared->horizon_high, horizon);
	return Max(horizon, pg_atomic_read_u64(&shared->horizon_high));
}

/*
 * sf_mint_horizon_own - what this process's slot holds: the horizon of its
 * transaction, MINT_HORIZON_NONE where it minted nothing
 */
uint64
sf_mint_horizon_own(void)
{
	SfMintSlot *slot;

	if (mint_shared == NULL)
		return MINT_HORIZON_NONE;
	slot = mint_slot_of(mint_shared, MyProc);
	return slot != NULL ? pg_atomic_read_u64(&slot->c.horizon) : MINT_HORIZON_NONE;
}

/*
 * sf_mint_horizon_release - the end of this process's transaction: its next
 * mint holds the horizon anew, and, unless it is a parallel worker's (whose
 * leader's transaction goes on), its slot is emptied.  Only after the
 * transaction's end is visible to every new snapshot.
 */
void
sf_mint_horizon_release(bool clear)
{
	SfMintSlot *slot;

	mint_horizon_held = false;
	if (!clear || mint_shared == NULL)
		return;
	slot = mint_slot_of(mint_shared, MyProc);
	if (slot != NULL && pg_atomic_read_u64(&slot->c.horizon) != MINT_HORIZON_NONE)
		pg_atomic_write_u64(&slot->c.horizon, MINT_HORIZON_NONE);
}

/*
 * sf_mint_horizon_table - the prepared transactions' horizons, kept after
 * the slots, under a lock of their own (the state attached or made)
 */
void
sf_mint_horizon_table(SfHorizonTable *table)
{
	SfMintShared *shared = mint_attach(false);

	Assert(shared != NULL);
	table->entries = MINT_PREPARED(shared);
	table->nentries = shared->nprepared;
	table->loaded = &shared->prepared_loaded;
	table->used = &shared->prepared_used;
	table->lock = mint_horizon_lock;
}
