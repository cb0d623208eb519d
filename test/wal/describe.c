/*
 * test/wal/describe.c: a test-only module.  sf_test_describe(info, data)
 * hands a record of the snowflake resource manager (id 213), with that
 * info byte and main data, to the registered rm_identify and rm_desc, as
 * pg_waldump and pg_walinspect do, and returns what they print.  Built and
 * loaded by test/wal/run only; never installed.
 */
#include "postgres.h"

#include "access/xlog_internal.h"
#include "access/xlogreader.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

PG_MODULE_MAGIC;

PG_FUNCTION_INFO_V1(sf_test_describe);

Datum
sf_test_describe(PG_FUNCTION_ARGS)
{
	int32		info = PG_GETARG_INT32(0);
	bytea	   *data = PG_GETARG_BYTEA_PP(1);
	XLogReaderState *reader = palloc0(sizeof(XLogReaderState));
	DecodedXLogRecord *record = palloc0(sizeof(DecodedXLogRecord));
	RmgrData	rmgr = GetRmgr(213);
	const char *id;
	StringInfoData buf;

	record->header.xl_rmid = 213;
	record->header.xl_info = (uint8) info;
	record->main_data = VARDATA_ANY(data);
	record->main_data_len = VARSIZE_ANY_EXHDR(data);
	record->max_block_id = -1;
	reader->record = record;

	initStringInfo(&buf);
	id = rmgr.rm_identify((uint8) info);
	appendStringInfo(&buf, "%s: ", id ? id : "UNKNOWN");
	rmgr.rm_desc(&buf, reader);
	PG_RETURN_TEXT_P(cstring_to_text(buf.data));
}
