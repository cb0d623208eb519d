/*-------------------------------------------------------------------------
 *
 * workerid.c
 *	  The setting snowflake.worker_id: the worker id gen_snowflake() puts
 *	  into the ids it mints, and snowflake_worker_id(), which tells it.
 *
 * Two servers that mint into the same data with the same worker id can
 * mint the same ids, so the setting has no usable default: it is "unset"
 * until given, and gen_snowflake() refuses to mint while it is, with a
 * hint that gives the line to add.  A server that preloads the library
 * without it says so once, in a WARNING at start.  Its values:
 *
 *	  an integer from 0 to 1023	that worker id;
 *	  citus						the node's Citus group id, read from
 *								pg_catalog.pg_dist_local_group of the
 *								database, refused when it is above 1023 or
 *								the node is in no group (see below);
 *	  unset						the default: gen_snowflake() refuses.
 *
 * The check hook gives each value its canonical spelling, so SHOW prints
 * 7, citus or unset.  A value given before the library was loaded (in
 * postgresql.conf, by ALTER SYSTEM, ALTER ROLE or SET) that the server
 * could not apply when the library defined the setting (not a value above,
 * or set by a role that may not set it) also stops gen_snowflake(), with
 * an error that names it, until the setting is given a value again.
 *
 * Citus gives every node of a cluster a group, 0 for the coordinator, a
 * distinct positive number for each worker and shared by its secondaries,
 * which do not mint.  A node that no coordinator has added yet has group 0
 * too, as the coordinator does; so group 0 counts only where pg_dist_node
 * lists a primary in group 0 (the coordinator, added by
 * citus_set_coordinator_host or by the coordinator's own citus_add_node),
 * and elsewhere is refused as no group.  The group is read once per
 * backend and database, and read again after Citus invalidates its caches
 * of pg_dist_local_group or pg_dist_node (its triggers on them send a
 * relcache invalidation).
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "access/xact.h"
#include "catalog/namespace.h"
#include "catalog/pg_namespace.h"
#include "commands/dbcommands.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/resowner.h"
#include "utils/snapmgr.h"

#include "hooks.h"

PG_FUNCTION_INFO_V1(snowflake_worker_id);

/* The values of the setting other than a worker id. */
#define WORKER_UNSET	(-1)
#define WORKER_CITUS	(-2)

/* snowflake.worker_id as given, and as the assign hook made it */
static char *worker_id_string = NULL;
static int	worker_id = WORKER_UNSET;

/*
 * The worker id gen_snowflake() mints with at no more cost than reading it
 * (a number, applied), else -1: its hot path reads this alone, and calls
 * sf_worker_id_for_mint() for the rest.
 */
int			sf_worker_id_ready = -1;

/*
 * A value given before the library was loaded that was not applied, and
 * so stops gen_snowflake(); NULL when there is nothing to refuse.
 */
static char *worker_id_unapplied = NULL;

/*
 * The Citus group of this backend's database, once read; -1 if not yet.
 * The callback that forgets it counts the invalidations it saw, so that a
 * group read while one arrived is not kept.
 */
static int	citus_group = -1;
static Oid	citus_local_group_rel = InvalidOid;
static Oid	citus_node_rel = InvalidOid;
static uint64 citus_invalidations = 0;
static bool citus_callback_registered = false;

/*
 * The value a string stands for: a worker id, WORKER_CITUS or WORKER_UNSET;
 * false if it stands for none.  A worker id is decimal digits, leading
 * zeros read as decimal (an ordinal "010" is 10), spaces around allowed;
 * no sign, fraction, exponent, octal or hexadecimal, which an integer
 * setting would take and round.  Words in any case.
 */
static bool
worker_id_parse(const char *value, int *result)
{
	const char *p = value;
	int			n = 0;
	int			digits = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	for (; *p >= '0' && *p <= '9'; p++, digits++)
	{
		n = n * 10 + (*p - '0');
		if (n > (int) SF_WORKER_MAX)
			return false;
	}
	if (digits > 0)
	{
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '\0')
			return false;
		*result = n;
		return true;
	}
	if (pg_strcasecmp(value, "citus") == 0)
		*result = WORKER_CITUS;
	else if (pg_strcasecmp(value, "unset") == 0)
		*result = WORKER_UNSET;
	else
		return false;
	return true;
}

static bool
worker_id_check(char **newval, void **extra, GucSource source)
{
	int			value;
	char		buf[16];
	char	   *canonical;

	(void) extra;
	(void) source;
	if (*newval == NULL || !worker_id_parse(*newval, &value))
	{
		GUC_check_errdetail("snowflake.worker_id is an integer from 0 to 1023, citus or unset.");
		return false;
	}
	if (value >= 0)
		snprintf(buf, sizeof(buf), "%d", value);
	else
		strlcpy(buf, value == WORKER_CITUS ? "citus" : "unset", sizeof(buf));
	if (strcmp(buf, *newval) != 0)
	{
		/* a check hook's replacement is allocated as GUC strings are */
#if PG_VERSION_NUM >= 160000
		canonical = guc_strdup(LOG, buf);
		if (canonical == NULL)
			return false;
		guc_free(*newval);
#else
		canonical = strdup(buf);
		if (canonical == NULL)
			return false;
		free(*newval);
#endif
		*newval = canonical;
	}
	return true;
}

static void
worker_id_assign(const char *newval, void *extra)
{
	int			value = WORKER_UNSET;

	(void) extra;
	(void) worker_id_parse(newval, &value);
	worker_id = value;
	worker_id_unapplied = NULL;
	sf_worker_id_ready = value;
}

/* Forget the Citus group when Citus's tables of nodes change. */
static void
worker_id_relcache_callback(Datum arg, Oid relid)
{
	(void) arg;
	if (relid == InvalidOid || relid == citus_local_group_rel ||
		relid == citus_node_rel)
	{
		citus_group = -1;
		citus_invalidations++;
	}
}

/*
 * sf_worker_define_setting - define snowflake.worker_id (from _PG_init);
 * when preloaded into the postmaster, warn once if it is unset
 */
void
sf_worker_define_setting(void)
{
	const char *before = GetConfigOption("snowflake.worker_id", true, false);
	char	   *given = before != NULL ? MemoryContextStrdup(TopMemoryContext, before) : NULL;
	int			value;

	DefineCustomStringVariable("snowflake.worker_id",
							   "Worker id that gen_snowflake() puts into the ids it mints.",
							   "Every server minting ids into shared data needs a worker id "
							   "of its own: an integer from 0 to 1023, or citus for the node's "
							   "Citus group. Unset, gen_snowflake() refuses to mint.",
							   &worker_id_string,
							   "unset",
							   PGC_SUSET,
							   0,
							   worker_id_check, worker_id_assign, NULL);

	/* a value given before the library was loaded, and not taken */
	if (given != NULL &&
		!(worker_id_parse(given, &value) && value == worker_id))
	{
		worker_id_unapplied = given;
		sf_worker_id_ready = -1;
	}

	if (process_shared_preload_libraries_in_progress && !IsUnderPostmaster &&
		worker_id == WORKER_UNSET && worker_id_unapplied == NULL)
		ereport(WARNING,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("snowflake.worker_id is not set: gen_snowflake() will refuse to mint"),
				 errhint("Add snowflake.worker_id = 0 to postgresql.conf, with a number from 0 to 1023 "
						 "that no other server minting the same data uses, and reload.")));
}

/*
 * The first value of column in the rows of rel that meet keep (every row if
 * keep is NULL), as of snapshot; false if there is none.
 */
static bool
citus_scan_int(Relation rel, const char *column, Snapshot snapshot,
			   bool (*keep) (Relation rel, HeapTuple tuple), int *result)
{
	AttrNumber	attno = get_attnum(RelationGetRelid(rel), column);
	SysScanDesc scan;
	HeapTuple	tuple;
	bool		found = false;

	if (attno == InvalidAttrNumber)
		return false;
	scan = systable_beginscan(rel, InvalidOid, false, snapshot, 0, NULL);
	while (!found && HeapTupleIsValid(tuple = systable_getnext(scan)))
	{
		bool		isnull;
		Datum		d = heap_getattr(tuple, attno, RelationGetDescr(rel), &isnull);

		if (isnull || (keep != NULL && !keep(rel, tuple)))
			continue;
		*result = DatumGetInt32(d);
		found = true;
	}
	systable_endscan(scan);
	return found;
}

/* pg_dist_node: a primary of group 0 */
static bool
citus_coordinator_row(Relation rel, HeapTuple tuple)
{
	AttrNumber	group = get_attnum(RelationGetRelid(rel), "groupid");
	AttrNumber	role = get_attnum(RelationGetRelid(rel), "noderole");
	bool		isnull;
	Datum		d;

	if (group == InvalidAttrNumber || role == InvalidAttrNumber)
		return false;
	d = heap_getattr(tuple, group, RelationGetDescr(rel), &isnull);
	if (isnull || DatumGetInt32(d) != 0)
		return false;
	d = heap_getattr(tuple, role, RelationGetDescr(rel), &isnull);
	/* noderole is an enum: compare its label */
	return !isnull && strcmp(DatumGetCString(DirectFunctionCall1(enum_out, d)),
							 "primary") == 0;
}

/*
 * This node's group from pg_dist_local_group into *group, and whether
 * pg_dist_node lists a coordinator, both as of one snapshot taken once both
 * tables are locked (so after the invalidations their changes sent); false
 * without Citus.  *stable is false if an invalidation of either arrived
 * meanwhile, and what was read must not be kept.
 */
static bool
citus_read_group(int *group, bool *coordinator, bool *stable)
{
	Relation	local_group;
	Relation	node = NULL;
	Snapshot	snapshot;
	uint64		seen;
	int			ignored;

	citus_local_group_rel = get_relname_relid("pg_dist_local_group", PG_CATALOG_NAMESPACE);
	citus_node_rel = get_relname_relid("pg_dist_node", PG_CATALOG_NAMESPACE);
	if (!OidIsValid(citus_local_group_rel))
		return false;
	local_group = table_open(citus_local_group_rel, AccessShareLock);
	if (OidIsValid(citus_node_rel))
		node = table_open(citus_node_rel, AccessShareLock);
	seen = citus_invalidations;
	snapshot = RegisterSnapshot(GetLatestSnapshot());
	if (!citus_scan_int(local_group, "groupid", snapshot, NULL, group))
		*group = -1;
	*coordinator = node != NULL &&
		citus_scan_int(node, "groupid", snapshot, citus_coordinator_row, &ignored);
	UnregisterSnapshot(snapshot);
	if (node != NULL)
		table_close(node, AccessShareLock);
	table_close(local_group, AccessShareLock);
	*stable = citus_invalidations == seen;
	return true;
}

/*
 * The worker id of snowflake.worker_id = citus: this node's Citus group,
 * or an error that says why there is none.
 */
static int
citus_worker_id(void)
{
	int			group;
	bool		coordinator;
	bool		stable;

	if (citus_group >= 0)
		return citus_group;
	if (!citus_callback_registered)
	{
		CacheRegisterRelcacheCallback(worker_id_relcache_callback, (Datum) 0);
		citus_callback_registered = true;
	}
	if (!citus_read_group(&group, &coordinator, &stable))
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("snowflake.worker_id is citus, but Citus is not installed in database \"%s\"",
						get_database_name(MyDatabaseId)),
				 errhint("Create the extension citus in this database, or set snowflake.worker_id to a number from 0 to 1023.")));
	if (group < 0)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("snowflake.worker_id is citus, but this node has no Citus group"),
				 errdetail("pg_dist_local_group holds %d.", group)));
	if (group > (int) SF_WORKER_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("snowflake.worker_id is citus, but this node's Citus group %d is above 1023",
						group),
				 errdetail("A worker id has 10 bits: a Citus cluster whose groups pass 1023 cannot take its worker ids from them."),
				 errhint("Set snowflake.worker_id on each node to a number from 0 to 1023 that no other node uses.")));
	if (group == 0 && !coordinator)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("snowflake.worker_id is citus, but this node has no Citus group"),
				 errdetail("Its group is 0, as on a node that no coordinator has added, and pg_dist_node lists no coordinator."),
				 errhint("On the coordinator, register it with citus_set_coordinator_host(); add a worker with citus_add_node() first.")));
	if (stable)
		citus_group = group;
	return group;
}

/*
 * sf_worker_id_for_mint - the worker id gen_snowflake() mints with, or an
 * error: unset, not applied, or no Citus group to take
 */
uint32
sf_worker_id_for_mint(void)
{
	if (likely(worker_id >= 0 && worker_id_unapplied == NULL))
		return (uint32) worker_id;
	if (worker_id_unapplied != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("snowflake.worker_id was set to \"%s\" before the snowflake library was loaded, and that value was not applied",
						worker_id_unapplied),
				 errdetail("It is not a worker id from 0 to 1023, citus or unset, or the role that set it may not."),
				 errhint("Set snowflake.worker_id again, or give it in postgresql.conf and preload the library.")));
	if (worker_id == WORKER_CITUS)
		return (uint32) citus_worker_id();
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("snowflake.worker_id is not set"),
			 errdetail("Every server that mints ids needs a worker id of its own, or two servers can mint the same ids."),
			 errhint("Add snowflake.worker_id = 0 to postgresql.conf, with a number from 0 to 1023 "
					 "that no other server minting the same data uses, and reload; or call gen_snowflake(worker).")));
	pg_unreachable();
}

/*
 * sf_worker_id_in_force - the worker id gen_snowflake() would mint
 * with now, -1 if it would refuse (without the error)
 */
int
sf_worker_id_in_force(void)
{
	MemoryContext cxt = CurrentMemoryContext;
	ResourceOwner owner = CurrentResourceOwner;
	volatile int result = -1;

	if (worker_id_unapplied != NULL)
		return -1;
	if (worker_id != WORKER_CITUS)
		return worker_id;
	BeginInternalSubTransaction(NULL);
	PG_TRY();
	{
		result = citus_worker_id();
		ReleaseCurrentSubTransaction();
	}
	PG_CATCH();
	{
		MemoryContextSwitchTo(cxt);
		FlushErrorState();
		RollbackAndReleaseCurrentSubTransaction();
	}
	PG_END_TRY();
	MemoryContextSwitchTo(cxt);
	CurrentResourceOwner = owner;
	return result;
}

/*
 * snowflake_worker_id - the worker id gen_snowflake() mints with in this
 * session: NULL while snowflake.worker_id is unset, and the error
 * gen_snowflake() would raise when it cannot take one
 */
Datum
snowflake_worker_id(PG_FUNCTION_ARGS)
{
	if (worker_id == WORKER_UNSET && worker_id_unapplied == NULL)
		PG_RETURN_NULL();
	PG_RETURN_INT32((int32) sf_worker_id_for_mint());
}
