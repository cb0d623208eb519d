/*-------------------------------------------------------------------------
 *
 * wal.h
 *	  The snowflake WAL resource manager (wal.c).  Its redo calls the
 *	  function it is registered with (mint.c's, by module.c), so that wal.c
 *	  knows nothing of the minting code.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SF_WAL_H
#define SF_WAL_H

#include "postgres.h"

#include "access/xlogdefs.h"

/*
 * The resource manager's id, in the custom range (128 to 255).  The ids
 * that extensions have reserved (wiki.postgresql.org, "Custom WAL Resource
 * Managers") are 128 to 140 and 241; no known extension uses this one.
 */
#define SF_RMGR_ID			213
#define SF_RMGR_NAME		"snowflake"

/* What the redo of a reservation does: minting stays below mark. */
typedef void (*SfWalRedoReservation) (uint64 mark);

/* What the redo of a prepared transaction's horizon does (horizon.c). */
typedef void (*SfWalRedoHorizon) (uint64 fxid, uint64 horizon);

/*
 * wal.c: register the resource manager, whose redo calls redo for each
 * reservation replayed, horizon for each prepared transaction's horizon;
 * only while preloading
 */
extern void sf_wal_register(SfWalRedoReservation redo, SfWalRedoHorizon horizon);

/* wal.c: whether this server writes reservation records */
extern bool sf_wal_enabled(void);

/* wal.c: log that minting stays below millisecond mark, and flush it */
extern XLogRecPtr sf_wal_log_reservation(uint64 mark);

/* wal.c: log that prepared transaction fxid holds the horizon at horizon */
extern XLogRecPtr sf_wal_log_horizon(uint64 fxid, uint64 horizon);

#endif							/* SF_WAL_H */
