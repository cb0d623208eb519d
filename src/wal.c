/*-------------------------------------------------------------------------
 *
 * wal.c
 *	  The snowflake WAL resource manager: minting reservations, and the
 *	  horizons of prepared transactions, in the WAL.
 *
 * A server mints only below a durable reservation (mint.c).  Each time it
 * advances that reservation it also writes one RESERVE record, "minting
 * stays below millisecond M", and flushes it before any id under M is
 * handed out.  A standby replays the record, handing its mark to the redo
 * function it was registered with (mint.c's, by _PG_init in module.c), so
 * once promoted it mints above every id its primary could have handed
 * out, with the same worker id.  Crash recovery replays it too.
 *
 * A prepared transaction that minted writes one HORIZON record, "prepared
 * transaction X holds the horizon at millisecond H" (horizon.c), so that a
 * promoted standby's snowflake_horizon() holds for it too.
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

/* The record types, and their contents. */
#define XLOG_SNOWFLAKE_RESERVE	0x00
#define XLOG_SNOWFLAKE_HORIZON	0x10

typedef struct xl_snowflake_reserve
{
	uint64		mark;			/* minting stays below this millisecond */
} xl_snowflake_reserve;

typedef struct xl_snowflake_horizon
{
	uint64		fxid;			/* a prepared transaction's full id */
	uint64		horizon;		/* no id it minted is below this ms */
} xl_snowflake_horizon;

static bool registered = false;

/* What replayed records are handed to (sf_wal_register). */
static SfWalRedoReservation redo_reservation = NULL;
static SfWalRedoHorizon redo_horizon = NULL;

/* The record's type, with the length it must have: 0 for another length. */
static size_t
record_length(uint8 info)
{
	switch (info & ~XLR_INFO_MASK)
	{
		case XLOG_SNOWFLAKE_RESERVE:
			return sizeof(xl_snowflake_reserve);
		case XLOG_SNOWFLAKE_HORIZON:
			return sizeof(xl_snowflake_horizon);
	}
	return 0;
}

/* Whether the record is one this library writes, whole. */
static bool
record_valid(XLogReaderState *record)
{
	size_t		len = record_length(XLogRecGetInfo(record));

	return len != 0 && XLogRecGetDataLen(record) == len;
}

/*
 * Replay refuses a record it cannot read: skipping a reservation could let a
 * promoted standby mint ids its primary handed out.
 */
static void
snowflake_redo(XLogReaderState *record)
{
	if (!record_valid(record))
		elog(PANIC, "snowflake_redo: invalid record at %X/%X: info %u, length %u",
			 LSN_FORMAT_ARGS(record->ReadRecPtr), XLogRecGetInfo(record),
			 (unsigned) XLogRecGetDataLen(record));
	if ((XLogRecGetInfo(record) & ~XLR_INFO_MASK) == XLOG_SNOWFLAKE_RESERVE)
	{
		xl_snowflake_reserve xlrec;

		memcpy(&xlrec, XLogRecGetData(record), sizeof(xlrec));
		redo_reservation(xlrec.mark);
	}
	else
	{
		xl_snowflake_horizon xlrec;

		memcpy(&xlrec, XLogRecGetData(record), sizeof(xlrec));
		redo_horizon(xlrec.fxid, xlrec.horizon);
	}
}

/*
 * "minting below 2026-12-03 09:00:01.234+00 (ms 92345678)", "prepared
 * transaction 745 holds the horizon at 2026-12-03 09:00:00.117+00 (ms
 * 92344561)".  A description never fails (pg_waldump and pg_walinspect
 * call it on any record): one it cannot read is described as invalid.
 */
static void
snowflake_desc(StringInfo buf, XLogReaderState *record)
{
	if (!record_valid(record))
	{
		appendStringInfo(buf, "invalid record: info %u, length %u",
						 XLogRecGetInfo(record), (unsigned) XLogRecGetDataLen(record));
		return;
	}
	if ((XLogRecGetInfo(record) & ~XLR_INFO_MASK) == XLOG_SNOWFLAKE_RESERVE)
	{
		xl_snowflake_reserve xlrec;

		memcpy(&xlrec, XLogRecGetData(record), sizeof(xlrec));
		appendStringInfo(buf, "minting below %s (ms " UINT64_FORMAT ")",
						 timestamptz_to_str(SF_EPOCH_PG_USEC +
											(TimestampTz) xlrec.mark * SF_USEC_PER_MS),
						 xlrec.mark);
	}
	else
	{
		xl_snowflake_horizon xlrec;

		memcpy(&xlrec, XLogRecGetData(record), sizeof(xlrec));
		appendStringInfo(buf, "prepared transaction " UINT64_FORMAT " holds the horizon at %s (ms " UINT64_FORMAT ")",
						 xlrec.fxid,
						 timestamptz_to_str(SF_EPOCH_PG_USEC +
											(TimestampTz) Min(xlrec.horizon, SF_TIMESTAMP_MAX) * SF_USEC_PER_MS),
						 xlrec.horizon);
	}
}

static const char *
snowflake_identify(uint8 info)
{
	switch (info & ~XLR_INFO_MASK)
	{
		case XLOG_SNOWFLAKE_RESERVE:
			return "RESERVE";
		case XLOG_SNOWFLAKE_HORIZON:
			return "HORIZON";
	}
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
 * reservation to redo, and each prepared transaction's horizon to horizon
 * (from _PG_init, module.c)
 */
void
sf_wal_register(SfWalRedoReservation redo, SfWalRedoHorizon horizon)
{
	Assert(redo != NULL && horizon != NULL);
	redo_reservation = redo;
	redo_horizon = horizon;
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

/*
 * sf_wal_log_horizon - write a HORIZON record: prepared transaction fxid
 * holds the horizon at millisecond horizon.  Not flushed: the PREPARE
 * record that follows it is.
 */
XLogRecPtr
sf_wal_log_horizon(uint64 fxid, uint64 horizon)
{
	xl_snowflake_horizon xlrec;

	Assert(registered);
	xlrec.fxid = fxid;
	xlrec.horizon = horizon;
	XLogBeginInsert();
	XLogRegisterData((char *) &xlrec, sizeof(xlrec));
	return XLogInsert(SF_RMGR_ID, XLOG_SNOWFLAKE_HORIZON);
}
