/*-------------------------------------------------------------------------
 *
 * convert.c
 *	  snowflake_convert_key: the conversion of an integer key, run as the
 *	  owner of its table, in the manner of core's maintenance commands.
 *
 * ALTER COLUMN TYPE evaluates code the table's owner wrote over every row:
 * CHECK constraints, index expressions and predicates.  Run by a superuser
 * or by a member of the owner's role, that code would run with the
 * caller's greater rights.  So the caller must have the owner's privileges,
 * and the conversion itself, snowflake_convert_key_as_owner (PL/pgSQL, in
 * the install script), runs with the owner's user id inside a
 * security-restricted operation (no SET ROLE, no RESET ROLE, no temporary
 * objects), with GUC changes local to it, as VACUUM, ANALYZE, CLUSTER and
 * REINDEX run index expressions.  That function refuses unless its
 * current user owns every table it would alter.
 *
 * No SQL text is run: the function is called through fmgr, found by its
 * schema-qualified name and checked to be a member of the extension owned
 * by the owner of this one.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "access/htup_details.h"
#include "catalog/dependency.h"
#include "catalog/pg_class.h"
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

#define WORKER_NAME "snowflake_convert_key_as_owner"

/* The owner of function fn. */
static Oid
function_owner(Oid fn)
{
	HeapTuple	tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(fn));
	Oid			owner;

	if (!HeapTupleIsValid(tuple))
		elog(ERROR, "cache lookup failed for function %u", fn);
	owner = ((Form_pg_proc) GETSTRUCT(tuple))->proowner;
	ReleaseSysCache(tuple);
	return owner;
}

/*
 * The conversion function beside caller (this function's OID): in the same
 * schema, a member of the same extension, with the same owner.
 */
static Oid
worker_function(Oid caller)
{
	Oid			argtypes[3] = {REGCLASSOID, NAMEOID, BOOLOID};
	Oid			nsp = get_func_namespace(caller);
	Oid			worker;

	worker = LookupFuncName(list_make2(makeString(get_namespace_name(nsp)),
									   makeString(pstrdup(WORKER_NAME))),
							3, argtypes, true);
	if (!OidIsValid(worker) ||
		getExtensionOfObject(ProcedureRelationId, worker) !=
		getExtensionOfObject(ProcedureRelationId, caller) ||
		function_owner(worker) != function_owner(caller))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_FUNCTION),
				 errmsg("function %s.%s(regclass, name, boolean) of the snowflake extension does not exist",
						get_namespace_name(nsp), WORKER_NAME),
				 errhint("Run ALTER EXTENSION snowflake UPDATE.")));
	return worker;
}

/*
 * snowflake_convert_key(tbl regclass, col name, dry_run boolean) - the
 * rows of snowflake_convert_key_as_owner, run as the owner of tbl by a
 * caller who has the owner's privileges (42501 otherwise)
 */
Datum
snowflake_convert_key(PG_FUNCTION_ARGS)
{
	Oid			relid = PG_GETARG_OID(0);
	HeapTuple	tuple;
	Oid			owner;
	Oid			worker;
	FmgrInfo	flinfo;
	LOCAL_FCINFO(wcinfo, 3);
	Oid			save_userid;
	int			save_sec_context;
	int			save_nestlevel;
	Datum		result;

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
				 errdetail("The conversion runs as the table's owner, %s, for a caller with that role's privileges.",
						   GetUserNameFromId(owner, false))));

	worker = worker_function(fcinfo->flinfo->fn_oid);
	fmgr_info(worker, &flinfo);
	InitFunctionCallInfoData(*wcinfo, &flinfo, 3, PG_GET_COLLATION(), NULL,
							 fcinfo->resultinfo);
	for (int i = 0; i < 3; i++)
	{
		wcinfo->args[i].value = PG_GETARG_DATUM(i);
		wcinfo->args[i].isnull = false;
	}

	/*
	 * As the owner, in a security-restricted operation, with GUC changes
	 * kept to it.  An error unwinds all three with the (sub)transaction.
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
