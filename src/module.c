/*-------------------------------------------------------------------------
 *
 * module.c
 *	  The loadable module: its identity, and _PG_init, which defines the
 *	  settings and installs every hook of the library.  The hook functions
 *	  live in the files of their concerns (hooks.h).
 *
 * Loaded by the first call of one of its functions in a session, or by
 * every backend of a server that preloads it (shared_preload_libraries),
 * in every database.  The planner hooks therefore run in databases where
 * the extension is not created too, and there they do nothing but call
 * the planner (sf_extension_created).  The shared minting state and the
 * WAL resource manager need the preload.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"

#include "hooks.h"
#include "horizon.h"
#include "wal.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

/*
 * _PG_init - define the settings and install the hooks; when preloaded,
 * also register the WAL resource manager and reserve the minting state
 */
void
_PG_init(void)
{
	/* workerid.c: snowflake.worker_id; mint.c: snowflake.max_lead */
	sf_worker_define_setting();
	sf_mint_define_settings();

	/* flatten.c: nested ANDs and ORs flattened before planning */
	sf_prev_planner_hook = planner_hook;
	planner_hook = sf_planner;

	/* horizon.c: the end of each transaction releases its horizon */
	RegisterXactCallback(sf_horizon_xact_callback, NULL);

	/* inlist.c: IN lists of integers on ids made one array */
	sf_prev_get_relation_info_hook = get_relation_info_hook;
	get_relation_info_hook = sf_get_relation_info;

	if (!process_shared_preload_libraries_in_progress)
		return;

	/* wal.c: the reservation records, whose redo raises the mint's state */
	sf_wal_register(sf_mint_redo_reservation, sf_horizon_redo_prepared);

	/* mint.c: the minting state and its lock in the main shared memory */
	sf_prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = sf_mint_shmem_request;
	sf_prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = sf_mint_shmem_startup;

	/* mint.c: the reserver, which renews the reservation ahead of need */
	sf_mint_register_reserver();
}
