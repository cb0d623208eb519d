/*-------------------------------------------------------------------------
 *
 * owner.c
 *	  The functions that alter a user's tables run as the tables' owner, in
 *	  the manner of core's maintenance commands: snowflake_convert_key,
 *	  snowflake_create_partitions and snowflake_retire_partitions.
 *
 * Their DDL evaluates code the table's owner wrote: ALTER COLUMN TYPE runs
 * CHECK constraints, index expressions and predicates over every row;
 * CREATE TABLE ... PARTITION OF coerces its bounds to the key's type (a
 * domain's CHECK) and plans a default partition's scan, folding immutable
 * index expressions; a count of the default partition's rows plans the
 * same.  Run by a superuser or by a member of the owner's role, that code
 * would run with the caller's greater rights.  So the caller must have the
 * owner's privileges, and the work itself, a PL/pgSQL function of the
 * install script named like the entry point with "_as_owner" added, runs
 * with the owner's user id inside a security-restricted operation (no SET
 * ROLE, no RESET ROLE, no temporary objects), with GUC changes local to it,
 * as VACUUM, ANALYZE, CLUSTER and REINDEX run index expressions.  Each of
 * those functions refuses unless its current user owns the tables, so one
 * called directly by another role runs nothing.
 *
 * The work names the extension's objects by the schema's name, and
 * ALTER COLUMN TYPE parses constraints again with that schema on the
 * search_path.  A role that can create objects in the schema (its owner
 * can also rename it and create another of the old name) could have its
 * objects found there, mid-call, and run as the owner.  So the entry point
 * refuses while any role but superusers and those who can become the
 * owner could put objects there (check_schema_writers).
 *
 * No SQL text is run: the function is called through fmgr, found by its
 * schema-qualified name beside the entry point, and used only if it is a
 * member of the same extension with the same owner.  fmgr checks no
 * EXECUTE privilege, so the work is not granted to PUBLIC.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/pg_authid.h"
#include "catalog/pg_class.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "nodes/value.h"
#include "parser/parse_func.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

PG_FUNCTION_INFO_V1(snowflake_convert_key);
PG_FUNCTION_INFO_V1(snowflake_create_partitions);
PG_FUNCTION_INFO_V1(snowflake_retire_partitions);

#define MAX_ARGS 5

#if PG_VERSION_NUM >= 160000
#define namespace_aclcheck(nsp, role, mode) \
	object_aclcheck(NamespaceRelationId, (nsp), (role), (mode))
#else
#define namespace_aclcheck(nsp, role, mode) \
	pg_namespace_aclcheck((nsp), (role), (mode))
#endif

/*
 * The function name(argtypes) beside caller (the entry point's OID, in
 * schema nsp): in the same schema, a member of the same extension, with the
 * same owner.
 */
static Oid
worker_function(Oid caller, Oid nsp, const char *name, int nargs,
				const Oid *argtypes)
{
	Oid			worker;

	worker = LookupFuncName(list_make2(makeString(get_namespace_name(nsp)),
									   makeString(pstrdup(name))),
							nargs, argtypes, true);
	if (!OidIsValid(worker) ||
		getExtensionOfObject(ProcedureRelationId, worker) !=
		getExtensionOfObject(ProcedureRelationId, caller) ||
		sf_func_owner(worker) != sf_func_owner(caller))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_FUNCTION),
				 errmsg("function %s.%s of the snowflake extension does not exist",
						get_namespace_name(nsp), name),
				 errhint("Run ALTER EXTENSION snowflake UPDATE.")));
	return worker;
}

/*
 * Whether the ACL of namespace tuple tuple grants CREATE to PUBLIC (one
 * that is NULL is the default, which grants nothing to PUBLIC).
 */
static bool
public_can_create(HeapTuple tuple)
{
	bool		isnull;
	Datum		datum;
	Acl		   *acl;
	AclItem    *items;
	bool		result = false;

	datum = SysCacheGetAttr(NAMESPACEOID, tuple, Anum_pg_namespace_nspacl, &isnull);
	if (isnull)
		return false;
	acl = DatumGetAclP(datum);
	items = ACL_DAT(acl);
	for (int i = 0; i < ACL_NUM(acl); i++)
	{
		if (items[i].ai_grantee == ACL_ID_PUBLIC &&
			(ACLITEM_GET_PRIVS(items[i]) & ACL_CREATE) != 0)
			result = true;
	}
	return result;
}

/*
 * Refuse (42501) while a role that is not a superuser and cannot become
 * owner owns schema nsp (and so may rename it, whatever its privileges),
 * can create objects in it, or can become or grant itself a role that can.
 * Every role counts, not only those that log in: a role that cannot log
 * in still acts through its SECURITY DEFINER functions.  Only a superuser,
 * the schema's owner or a role's admins change any of that, and each of
 * them counts too, so the answer holds for the whole call; but on 15 a
 * CREATEROLE role may grant itself any role that is not a superuser, and
 * is taken for what core's documentation calls it there, almost a
 * superuser.  pg_database_owner acts only through the database's owner,
 * who is checked as herself.  entry names the function.
 */
static void
check_schema_writers(const char *entry, Oid nsp, Oid owner)
{
	Relation	rel;
	SysScanDesc scan;
	HeapTuple	tuple;
	List	   *writers = NIL;
	List	   *roles = NIL;
	StringInfoData found;
	ListCell   *l;
	bool		public_creates;

	tuple = SearchSysCache1(NAMESPACEOID, ObjectIdGetDatum(nsp));
	if (!HeapTupleIsValid(tuple))
		elog(ERROR, "cache lookup failed for namespace %u", nsp);
	if (!superuser_arg(((Form_pg_namespace) GETSTRUCT(tuple))->nspowner))
		writers = lappend_oid(writers, ((Form_pg_namespace) GETSTRUCT(tuple))->nspowner);
	public_creates = public_can_create(tuple);
	ReleaseSysCache(tuple);

	/*
	 * Every role can then, the predefined ones included: name the grant, not
	 * the roles.
	 */
	if (public_creates)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("%s refuses to run while PUBLIC can create objects in the extension's schema", entry),
				 errdetail("PUBLIC has CREATE on schema %s: by an explicit grant (GRANT ALL or GRANT CREATE ON SCHEMA ... TO PUBLIC, which some dumps run, Pagila's among them), or by default on the public schema of every database created before PostgreSQL 15 and of one restored from such a dump. The work names the extension's objects by that schema's name, and what any role put there could run as %s.",
						   quote_identifier(get_namespace_name(nsp)),
						   GetUserNameFromId(owner, false)),
				 errhint("REVOKE CREATE ON SCHEMA %s FROM PUBLIC, or keep the extension in a schema of its own that a superuser owns.",
						 quote_identifier(get_namespace_name(nsp)))));

	rel = table_open(AuthIdRelationId, AccessShareLock);
	scan = systable_beginscan(rel, InvalidOid, false, NULL, 0, NULL);
	initStringInfo(&found);
	while (HeapTupleIsValid(tuple = systable_getnext(scan)))
	{
		Form_pg_authid role = (Form_pg_authid) GETSTRUCT(tuple);

		if (role->rolsuper)
			continue;
		if (namespace_aclcheck(nsp, role->oid, ACL_CREATE) == ACLCHECK_OK)
			writers = lappend_oid(writers, role->oid);
		if (role->oid == ROLE_PG_DATABASE_OWNER || is_member_of_role(role->oid, owner))
			continue;
		roles = lappend_oid(roles, role->oid);
	}
	systable_endscan(scan);
	table_close(rel, AccessShareLock);

	foreach(l, roles)
	{
		Oid			role = lfirst_oid(l);
		ListCell   *w;

		foreach(w, writers)
		{
			if (is_member_of_role(role, lfirst_oid(w)) ||
				is_admin_of_role(role, lfirst_oid(w)))
			{
				appendStringInfo(&found, "%s%s", found.len > 0 ? ", " : "",
								 quote_identifier(GetUserNameFromId(role, false)));
				break;
			}
		}
	}
	if (found.len > 0)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("%s refuses to run while other roles can create objects in the extension's schema", entry),
				 errdetail("Roles that own schema %s, can create objects in it, or can become or grant themselves a role that can: %s. The work names the extension's objects by that schema's name, and what those roles put there could run as %s.",
						   quote_identifier(get_namespace_name(nsp)), found.data,
						   GetUserNameFromId(owner, false)),
				 errhint("Keep the extension in a schema that only superusers and the table's owner own and can create objects in.")));
}

/*
 * Call worker name(argtypes) with this call's arguments and result set, as
 * the owner of the table of argument 0, for a caller with the owner's
 * privileges (42501 otherwise).  A NULL table is passed on as the caller:
 * each worker refuses it before it reads anything.
 */
static Datum
call_as_owner(FunctionCallInfo fcinfo, const char *name, int nargs,
			  const Oid *argtypes)
{
	LOCAL_FCINFO(wcinfo, MAX_ARGS);
	FmgrInfo	flinfo;
	Oid			entry = fcinfo->flinfo->fn_oid;
	Oid			nsp = get_func_namespace(entry);
	Oid			worker;
	Oid			relid;
	Oid			owner;
	HeapTuple	tuple;
	Oid			save_userid;
	int			save_sec_context;
	int			save_nestlevel;
	Datum		result;

	Assert(nargs == PG_NARGS() && nargs <= MAX_ARGS);
	worker = worker_function(entry, nsp, name, nargs, argtypes);
	fmgr_info(worker, &flinfo);
	InitFunctionCallInfoData(*wcinfo, &flinfo, nargs, PG_GET_COLLATION(), NULL,
							 fcinfo->resultinfo);
	for (int i = 0; i < nargs; i++)
		wcinfo->args[i] = fcinfo->args[i];

	if (PG_ARGISNULL(0))
	{
		result = FunctionCallInvoke(wcinfo);
		fcinfo->isnull = wcinfo->isnull;
		return result;
	}

	relid = PG_GETARG_OID(0);
	tuple = SearchSysCache1(RELOID, ObjectIdGetDatum(relid));
	if (!HeapTupleIsValid(tuple))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_TABLE),
				 errmsg("relation with OID %u does not exist", relid)));
	owner = ((Form_pg_class) GETSTRUCT(tuple))->relowner;
	ReleaseSysCache(tuple);

	if (!has_privs_of_role(GetUserId(), owner))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("must be owner of table %s",
						DatumGetCString(DirectFunctionCall1(regclassout, ObjectIdGetDatum(relid)))),
				 errdetail("%s runs as the table's owner, %s, for a caller with that role's privileges.",
						   get_func_name(entry), GetUserNameFromId(owner, false))));
	check_schema_writers(get_func_name(entry), nsp, owner);

	/*
	 * The work runs as the owner, who must reach the extension's schema: a
	 * schema of its own that a superuser owns grants nothing by default.
	 */
	if (namespace_aclcheck(nsp, owner, ACL_USAGE) != ACLCHECK_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("%s runs as %s, who has no USAGE on schema %s, the extension's",
						get_func_name(entry), GetUserNameFromId(owner, false),
						quote_identifier(get_namespace_name(nsp))),
				 errhint("GRANT USAGE ON SCHEMA %s TO %s.",
						 quote_identifier(get_namespace_name(nsp)),
						 quote_identifier(GetUserNameFromId(owner, false)))));

	/*
	 * As the owner, in a security-restricted operation, with GUC changes kept
	 * to it.  An error unwinds all three with the (sub)transaction.
	 */
	GetUserIdAndSecContext(&save_userid, &save_sec_context);
	SetUserIdAndSecContext(owner, save_sec_context | SECURITY_RESTRICTED_OPERATION);
	save_nestlevel = NewGUCNestLevel();
#if PG_VERSION_NUM >= 170000
	RestrictSearchPath();
#endif

	result = FunctionCallInvoke(wcinfo);

	AtEOXact_GUC(false, save_nestlevel);
	SetUserIdAndSecContext(save_userid, save_sec_context);

	fcinfo->isnull = wcinfo->isnull;
	return result;
}

/*
 * snowflake_convert_key(tbl regclass, col name, dry_run boolean) - the rows
 * of snowflake_convert_key_as_owner, run as the owner of tbl
 */
Datum
snowflake_convert_key(PG_FUNCTION_ARGS)
{
	static const Oid argtypes[] = {REGCLASSOID, NAMEOID, BOOLOID};

	return call_as_owner(fcinfo, "snowflake_convert_key_as_owner",
						 lengthof(argtypes), argtypes);
}

/*
 * snowflake_create_partitions(parent regclass, step interval, ahead integer,
 * time_zone text, as_of timestamptz) - the partitions
 * snowflake_create_partitions_as_owner created, run as the owner of parent
 */
Datum
snowflake_create_partitions(PG_FUNCTION_ARGS)
{
	static const Oid argtypes[] = {REGCLASSOID, INTERVALOID, INT4OID, TEXTOID,
	TIMESTAMPTZOID};

	return call_as_owner(fcinfo, "snowflake_create_partitions_as_owner",
						 lengthof(argtypes), argtypes);
}

/*
 * snowflake_retire_partitions(parent regclass, retention interval, mode
 * text, time_zone text, as_of timestamptz) - the rows of
 * snowflake_retire_partitions_as_owner, run as the owner of parent
 */
Datum
snowflake_retire_partitions(PG_FUNCTION_ARGS)
{
	static const Oid argtypes[] = {REGCLASSOID, INTERVALOID, TEXTOID, TEXTOID,
	TIMESTAMPTZOID};

	return call_as_owner(fcinfo, "snowflake_retire_partitions_as_owner",
						 lengthof(argtypes), argtypes);
}
