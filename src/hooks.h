/*-------------------------------------------------------------------------
 *
 * hooks.h
 *	  The server hooks of the library, which _PG_init (module.c) installs:
 *	  each hook function lives in the file of its concern, beside the
 *	  variable that holds the hook it follows, which module.c sets.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SF_HOOKS_H
#define SF_HOOKS_H

#include "optimizer/plancat.h"
#include "optimizer/planner.h"
#include "storage/ipc.h"

/* flatten.c: the planner_hook, nested ANDs and ORs flattened first */
extern planner_hook_type sf_prev_planner_hook;
extern PlannedStmt *sf_planner(Query *parse, const char *query_string,
							   int cursorOptions, ParamListInfo boundParams);

/* inlist.c: the get_relation_info_hook, IN lists of integers as arrays */
extern get_relation_info_hook_type sf_prev_get_relation_info_hook;
extern void sf_get_relation_info(PlannerInfo *root, Oid relationObjectId,
								 bool inhparent, RelOptInfo *rel);

/* inlist.c: forget what the hook remembers of one planner call */
extern void sf_inlist_forget(void);

/* mint.c: the shmem hooks of the minting state, when preloaded */
extern shmem_request_hook_type sf_prev_shmem_request_hook;
extern shmem_startup_hook_type sf_prev_shmem_startup_hook;
extern void sf_mint_shmem_request(void);
extern void sf_mint_shmem_startup(void);

/* mint.c: define the setting snowflake.max_lead */
extern void sf_mint_define_settings(void);

/* workerid.c: define snowflake.worker_id */
extern void sf_worker_define_setting(void);

/* mint.c: the reserver, a background worker, when preloaded */
extern void sf_mint_register_reserver(void);
extern PGDLLEXPORT void sf_mint_reserver_main(Datum arg);

/* mint.c: the redo of a reservation, which wal.c's redo is handed */
extern void sf_mint_redo_reservation(uint64 mark);

#endif							/* SF_HOOKS_H */
