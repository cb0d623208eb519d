/*-------------------------------------------------------------------------
 *
 * mintstats.c
 *	  Minting you can watch: snowflake_mint_stats(), one row, open to
 *	  pg_monitor and to superusers.
 *
 * The counts come from mint.c (sf_mint_stats), which keeps them in slots
 * of shared memory, one for each process number, each written by its own
 * process only: reading them costs the reader a pass over the slots, and
 * a mint nothing but a read and two writes of a cache line of its own.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "funcapi.h"
#include "utils/timestamp.h"

#define MINT_STATS_COLUMNS 8

/*
 * snowflake_mint_stats - one row: the worker id in force in this session
 * (NULL when none is), the ids handed out since the server started, the
 * mints that waited at snowflake.max_lead and how long in all (ms), the
 * current lead (ms), the reservation's end and how many times it was
 * renewed, and the last id handed out (NULL before the first).
 *
 * VOLATILE; PARALLEL RESTRICTED, as gen_snowflake() is, since the worker
 * id is a setting of the session, which a parallel worker may not have.
 */
PG_FUNCTION_INFO_V1(snowflake_mint_stats);
Datum
snowflake_mint_stats(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Datum		values[MINT_STATS_COLUMNS];
	bool		nulls[MINT_STATS_COLUMNS] = {0};
	SfMintStats stats;
	int			worker = sf_worker_id_in_force();

	InitMaterializedSRF(fcinfo, 0);
	sf_mint_stats(&stats);

	values[0] = Int32GetDatum(worker);
	nulls[0] = worker < 0;
	values[1] = Int64GetDatum((int64) stats.minted);
	values[2] = Int64GetDatum((int64) stats.lead_waits);
	values[3] = Float8GetDatum((double) stats.lead_wait_us / 1000.0);
	values[4] = Float8GetDatum(stats.lead_ms);
	values[5] = TimestampTzGetDatum((TimestampTz) sf_ms_to_pg_usec(stats.reserved));
	nulls[5] = stats.reserved == 0;
	values[6] = Int64GetDatum((int64) stats.renewals);
	values[7] = SnowflakeGetDatum(stats.last_id);
	nulls[7] = !stats.has_last;
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	return (Datum) 0;
}
