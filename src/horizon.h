/*-------------------------------------------------------------------------
 *
 * horizon.h
 *	  The commit-safe horizon (horizon.c): what mint.c keeps of it, for
 *	  each process and each prepared transaction, and the calls between
 *	  the two files.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SF_HORIZON_H
#define SF_HORIZON_H

#include "postgres.h"

#include "access/xact.h"
#include "port/atomics.h"
#include "storage/lwlock.h"

/* A slot or an entry that holds nothing back. */
#define MINT_HORIZON_NONE	PG_UINT64_MAX

/*
 * A prepared transaction that minted: no id it wrote lies below millisecond
 * horizon.  fxid 0 (never a transaction's): a free entry.
 */
typedef struct SfHorizonPrepared
{
	uint64		fxid;			/* its FullTransactionId */
	uint64		horizon;		/* ms since the epoch */
} SfHorizonPrepared;

/* The entries of the prepared transactions, in the minting state. */
typedef struct SfHorizonTable
{
	SfHorizonPrepared *entries; /* nentries of them */
	int			nentries;		/* max_prepared_xacts */
	bool	   *loaded;			/* read from their files (under lock) */
	pg_atomic_uint32 *used;		/* entries in use (changed under lock) */
	LWLock	   *lock;
} SfHorizonTable;

/*
 * mint.c: the millisecond of the next id this server mints, with every
 * process's held horizon below it; the greatest returned; each process's
 * own; its release at
 * the end of a transaction; the prepared transactions' table; a number
 * written into a file durably, as the mark is
 */
extern uint64 sf_mint_horizon(void);
extern uint64 sf_mint_horizon_settle(uint64 horizon);
extern uint64 sf_mint_horizon_own(void);
extern void sf_mint_horizon_release(bool clear);
extern void sf_mint_horizon_table(SfHorizonTable *table);
extern void sf_write_number_file(const char *path, const char *tmp, uint64 value);

/* horizon.c: the end of each transaction; the redo of a prepared one's */
extern void sf_horizon_xact_callback(XactEvent event, void *arg);
extern void sf_horizon_redo_prepared(uint64 fxid, uint64 horizon);

#endif							/* SF_HORIZON_H */
