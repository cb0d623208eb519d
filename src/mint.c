/*-------------------------------------------------------------------------
 *
 * mint.c
 *	  Minting ids inside the server: gen_snowflake() and the
 *	  snowflake.worker_id setting.
 *
 * Every backend of a server mints from one 64-bit state in shared memory,
 * the last (millisecond << 12 | sequence) handed out, advanced with a
 * compare-and-swap loop by the step in snowflake.h: max(now, last + 1).  No
 * lock, no sequence, no waiting: ids are unique server-wide and strictly
 * increasing for each worker, a burst of more than 4096 ids in one
 * millisecond runs ahead of the clock, and a clock set back is ignored until
 * it catches up.
 *
 * Crash safety: ids must not repeat after a restart, even when the clock
 * was set back across it.  So minting never passes a millisecond that is
 * not durably reserved: when it would, the rare slow path writes a mark one
 * second ahead into a file of the data directory (written, fsynced and
 * renamed into place) under a lock, and publishes the new reservation.  At
 * startup the state begins at the recorded mark, so every new id is above
 * every id minted before.  The hot path costs one extra atomic read.
 *
 * The shared state needs shared memory: through shared_preload_libraries
 * before PostgreSQL 17, through the DSM registry (no preloading) from 17 on.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "miscadmin.h"
#include "port/atomics.h"
#include "storage/fd.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "utils/guc.h"
#include "utils/timestamp.h"
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#endif

PG_FUNCTION_INFO_V1(gen_snowflake);
PG_FUNCTION_INFO_V1(gen_snowflake_worker);

void		_PG_init(void);

/* The server-wide minting state. */
typedef struct SfMintShared
{
	pg_atomic_uint64 last;		/* last (ms << 12 | sequence) handed out */
	pg_atomic_uint64 reserved;	/* minting stays below this millisecond */
	LWLock		lock;			/* serialises the writes of the mark file */
} SfMintShared;

/* The mark file, in the data directory, and how far ahead it reserves. */
#define MINT_MARK_FILE		"snowflake_mint.mark"
#define MINT_MARK_TMP		"snowflake_mint.mark.tmp"
#define MINT_RESERVE_MS		1000

static SfMintShared *mint_shared = NULL;

/* snowflake.worker_id */
static int	sf_worker_id = 0;

/* The recorded mark, in milliseconds since the epoch; 0 if there is none. */
static uint64
mint_read_mark(void)
{
	FILE	   *f = AllocateFile(MINT_MARK_FILE, "r");
	unsigned long long mark = 0;

	if (f == NULL)
		return 0;
	/* the file is replaced by rename, so it is whole or absent */
	if (fscanf(f, "%llu", &mark) != 1 || mark > SF_TIMESTAMP_MAX + 1)
	{
		ereport(LOG,
				(errmsg("ignoring unreadable snowflake mint mark in \"%s\"", MINT_MARK_FILE),
				 errdetail("Minting starts from the clock; ids could repeat if it was set back.")));
		mark = 0;
	}
	FreeFile(f);
	return (uint64) mark;
}

/* Durably record a mark: write, fsync, rename into place, fsync the dir. */
static void
mint_write_mark(uint64 mark)
{
	char		buf[32];
	int			len = snprintf(buf, sizeof(buf), UINT64_FORMAT "\n", mark);
	int			fd;

	fd = OpenTransientFile(MINT_MARK_TMP, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY);
	if (fd < 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not create file \"%s\": %m", MINT_MARK_TMP)));
	if (write(fd, buf, len) != len || pg_fsync(fd) != 0)
	{
		int			save_errno = errno;

		CloseTransientFile(fd);
		errno = save_errno ? save_errno : ENOSPC;
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not write file \"%s\": %m", MINT_MARK_TMP)));
	}
	if (CloseTransientFile(fd) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not close file \"%s\": %m", MINT_MARK_TMP)));
	(void) durable_rename(MINT_MARK_TMP, MINT_MARK_FILE, ERROR);
}

static void
mint_shared_init(void *ptr)
{
	SfMintShared *shared = (SfMintShared *) ptr;
	uint64		mark = mint_read_mark();

	/* start at the recorded mark: above every id minted before it */
	pg_atomic_init_u64(&shared->last, mark << SF_SEQUENCE_BITS);
	pg_atomic_init_u64(&shared->reserved, mark);
	LWLockInitialize(&shared->lock, LWLockNewTrancheId());
}

/*
 * The slow path: make the reservation cover millisecond ms, by recording a
 * mark MINT_RESERVE_MS beyond it.  Taken once a second at most, per server.
 */
static void
mint_reserve(SfMintShared *shared, uint64 ms)
{
	LWLockAcquire(&shared->lock, LW_EXCLUSIVE);
	if (pg_atomic_read_u64(&shared->reserved) <= ms)
	{
		uint64		mark = Min(ms + MINT_RESERVE_MS, SF_TIMESTAMP_MAX + 1);

		mint_write_mark(mark);
		pg_atomic_write_u64(&shared->reserved, mark);
	}
	LWLockRelease(&shared->lock);
}

#if PG_VERSION_NUM < 170000
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;
#if PG_VERSION_NUM >= 150000
static shmem_request_hook_type prev_shmem_request_hook = NULL;

static void
mint_shmem_request(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(MAXALIGN(sizeof(SfMintShared)));
}
#endif

static void
mint_shmem_startup(void)
{
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	mint_shared = ShmemInitStruct("snowflake mint", sizeof(SfMintShared), &found);
	if (!found)
		mint_shared_init(mint_shared);
	LWLockRelease(AddinShmemInitLock);
}
#endif

/*
 * _PG_init - define snowflake.worker_id; reserve the minting state when
 * preloaded (before PostgreSQL 17)
 */
void
_PG_init(void)
{
	DefineCustomIntVariable("snowflake.worker_id",
							"Worker id that gen_snowflake() puts into the ids it mints.",
							"Every server minting ids into shared data needs a worker id "
							"of its own, from 0 to 1023.",
							&sf_worker_id,
							0, 0, (int) SF_WORKER_MAX,
							PGC_SUSET,
							0,
							NULL, NULL, NULL);
#if PG_VERSION_NUM >= 150000
	MarkGUCPrefixReserved("snowflake");
#else
	EmitWarningsOnPlaceholders("snowflake");
#endif

#if PG_VERSION_NUM < 170000
	if (!process_shared_preload_libraries_in_progress)
		return;
#if PG_VERSION_NUM >= 150000
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = mint_shmem_request;
#else
	RequestAddinShmemSpace(MAXALIGN(sizeof(SfMintShared)));
#endif
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = mint_shmem_startup;
#endif
}

/* The shared state, or an error that says how to get it. */
static SfMintShared *
mint_state(void)
{
#if PG_VERSION_NUM >= 170000
	if (mint_shared == NULL)
	{
		bool		found;

		mint_shared = GetNamedDSMSegment("snowflake mint", sizeof(SfMintShared),
										 mint_shared_init, &found);
	}
#else
	if (mint_shared == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("gen_snowflake() needs the snowflake library preloaded"),
				 errhint("Add shared_preload_libraries = 'snowflake' to postgresql.conf "
						 "and restart the server.")));
#endif
	return mint_shared;
}

/*
 * The wall clock in milliseconds since the snowflake epoch (a clock before
 * the epoch is negative, which sf_mint_step treats as the epoch).
 */
static int64
mint_clock_ms(void)
{
	return (GetCurrentTimestamp() - SF_EPOCH_PG_USEC) / SF_USEC_PER_MS;
}

/* Mint one id for worker. */
static Snowflake
mint(uint32 worker)
{
	SfMintShared *shared = mint_state();
	uint64		last = pg_atomic_read_u64(&shared->last);
	uint64		next;

	for (;;)
	{
		if (!sf_mint_step(last, mint_clock_ms(), &next))
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("no snowflake id is left to mint"),
					 errdetail("Ids run out at 2163-05-15 07:35:11.103 UTC.")));
		/* never past the durable reservation */
		if ((next >> SF_SEQUENCE_BITS) >= pg_atomic_read_u64(&shared->reserved))
		{
			mint_reserve(shared, next >> SF_SEQUENCE_BITS);
			continue;
		}
		/* on failure, last is updated to the current value: try again */
		if (pg_atomic_compare_exchange_u64(&shared->last, &last, next))
			return sf_mint_id(next, worker);
	}
}

/*
 * gen_snowflake - a new id for the worker in snowflake.worker_id.
 *
 * VOLATILE, and PARALLEL SAFE: the state is in shared memory, which parallel
 * workers share with their leader, so ids stay unique and increasing across
 * them as across any backends.
 */
Datum
gen_snowflake(PG_FUNCTION_ARGS)
{
	PG_RETURN_SNOWFLAKE(mint((uint32) sf_worker_id));
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
