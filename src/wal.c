/*-------------------------------------------------------------------------
 *
 * wal.c
 *	  The snowflake WAL resource manager: minting reservations in the WAL.
 *
 * A server mints only below a durable reservation (mint.c).  Each time it
 * advances that reservation it also writes one RESERVE record, "minting
 * stays below millisecond M", and flushes it before any id under M is
 * handed out.  A standby replays the record, handing its mark to the redo
 * function it was registered with (mint.c's, by _PG_init in module.c), so
 * once promoted it mints above every id its primary could have handed
 * out, with the same worker id.  Crash recovery replays it too.
 *
 * A custom resource manager can only be registered while the server
 * preloads its libraries, so only a preloaded library writes these
 * records, and every server that replays them must preload it as well.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "access/xlog.h"
#include "access/xlog_internal.h"
#include "access/xloginsert.h"
#include "access/xlogreader.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/timestamp.h"

#include "wal.h"

/* The one record type, and its contents. */
#define XLOG_SNOWFLAKE_RESERVE	0x00

typedef struct xl_snowflake_reserve
{
	uint64		mark;			/* minting stays below this millisecond */
} xl_snowflake_reserve;

static bool registered = false;

/* What a replayed reservation is handed to (sf_wal_register). */
static SfWalRedoReservation redo_reservation = NULL;

/*
 * The record's reservation into *mark; false for a record of another type or
 * length, which this library never writes.
 */
static bool
reservation_of(XLogReaderState *record, uint64 *mark)
{
	xl_snowflake_reserve xlrec;

	if ((XLogRecGetInfo(record) & ~XLR_INFO_MASK) != XLOG_SNOWFLAKE_RESERVE ||
		XLogRecGetDataLen(record) != sizeof(xlrec))
		return false;
	memcpy(&xlrec, XLogRecGetData(record), sizeof(xlrec));
	*mark = xlrec.mark;
	return true;
}

/*
 * Replay refuses a record it cannot read: skipping a reservation could let a
 * promoted standby mint ids its primary handed out.
 */
static void
snowflake_redo(XLogReaderState *record)
{
	uint64		mark;

	if (!reservation_of(record, &mark))
		elog(PANIC, "snowflake_redo: invalid record at %X/%X: info %u, length %u",
			 LSN_FORMAT_ARGS(record->ReadRecPtr), XLogRecGetInfo(record),
			 (unsigned) XLogRecGetDataLen(record));
	redo_reservation(mark);
}

/*
 * "minting below 2026-12-03 09:00:01.234+00 (ms 92345678)".  A description
 * never fails (pg_waldump and pg_walinspect call it on any record): one it
 * cannot read is described as invalid.
 */
static void
snowflake_desc(StringInfo buf, XLogReaderState *record)
{
	uint64		mark;
	TimestampTz at;

	if (!reservation_of(record, &mark))
	{
		appendStringInfo(buf, "invalid record: info %u, length %u",
						 XLogRecGetInfo(record), (unsigned) XLogRecGetDataLen(record));
		return;
	}
	at = SF_EPOCH_PG_USEC + (TimestampTz) mark * SF_USEC_PER_MS;
	appendStringInfo(buf, "minting below %s (ms " UINT64_FORMAT ")",
					 timestamptz_to_str(at), mark);
}

static const char *
snowflake_identify(uint8 info)
{
	if ((info & ~XLR_INFO_MASK) == XLOG_SNOWFLAKE_RESERVE)
		return "RESERVE";
	return NULL;
}

static RmgrData snowflake_rmgr = {
	.rm_name = SF_RMGR_NAME,
	.rm_redo = snowflake_redo,
	.rm_desc = snowflake_desc,
	.rm_identify = snowflake_identify,
};

/*
 * sf_wal_register - register the resource manager, whose redo hands each
 * reservation to redo (from _PG_init, module.c)
 */
void
sf_wal_register(SfWalRedoReservation redo)
{
	Assert(redo != NULL);
	redo_reservation = redo;
	RegisterCustomRmgr(SF_RMGR_ID, &snowflake_rmgr);
	registered = true;
}

/* sf_wal_enabled - whether reservations go to the WAL */
bool
sf_wal_enabled(void)
{
	return registered;
}

/*
 * sf_wal_log_reservation - write a RESERVE record and flush the WAL to it.
 * Returns the record's end, for a wait on synchronous standbys.
 */
XLogRecPtr
sf_wal_log_reservation(uint64 mark)
{
	xl_snowflake_reserve xlrec;
	XLogRecPtr	lsn;

	Assert(registered);
	xlrec.mark = mark;
	XLogBeginInsert();
	XLogRegisterData((char *) &xlrec, sizeof(xlrec));
	lsn = XLogInsert(SF_RMGR_ID, XLOG_SNOWFLAKE_RESERVE);
	XLogFlush(lsn);
	return lsn;
}
