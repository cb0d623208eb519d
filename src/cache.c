/*-------------------------------------------------------------------------
 *
 * cache.c
 *	  A per-backend cache of the catalogue lookups of the planner support
 *	  functions (window.c, indexcond.c, simplify.c, partition.c,
 *	  int8support.c), of the IN-list rewrite (inlist.c), and of whether
 *	  the extension is created in this database (the planner hooks).
 *
 * The support functions run for every clause on an id that the planner
 * simplifies or matches to an index, and each needs the same answers from
 * the catalogue: which of our functions a call is (by its name), the
 * extension and schema of that function, the default btree operators of
 * the id type, and the extension's own functions and operators that the
 * rewritten clauses call.  Uncached, those lookups (a scan of pg_opclass
 * for the default opclass, of pg_depend for each membership, name lookups
 * of functions and operators) cost more than the rest of planning the
 * clause.
 *
 * Each answer is kept under its arguments in one hash table in
 * CacheMemoryContext, with the catalogue rows it was read from, each named
 * as syscache invalidations name it: a syscache and the hash value of the
 * row's key (0 for any row of it).  A syscache callback drops the answers
 * that read a changed row, and only those, as core's own caches are kept:
 * a function's answers go with its pg_proc row (PROCOID); a lookup of a
 * member by name with the row of that name, arguments and schema, which
 * CREATE, DROP, RENAME and ALTER OWNER all change (PROCNAMEARGSNSP,
 * OPERNAMENSP), and with the owners' rows of an operator's functions; the
 * default btree operators with any change to pg_opclass, pg_opfamily or
 * pg_amop, which only a superuser makes, and to pg_cast only if the
 * default operator class is not the type's own (GetDefaultOpClass then
 * takes a binary-coercible one).  So a change to an unrelated function,
 * operator or cast, which any role can make in a loop, costs a backend no
 * lookup, and CREATE, ALTER and DROP EXTENSION, which create, change or
 * drop the rows, still drop what they change.  A reset of the caches
 * (hash value 0) drops every answer that read the syscache.
 * (Extension membership itself lives in pg_depend, which has no syscache:
 * ALTER EXTENSION ADD or DROP of a member that is otherwise left unchanged
 * goes unseen until that function's row changes or the backend's caches
 * are reset.  That is harmless: the planner calls only members owned by the
 * owner of the function it simplifies or by a superuser (trusted_owner),
 * so a membership seen too long can only keep a function of the
 * superuser's in use, or leave one uncalled for a while.)
 *
 * At most SF_CACHE_MAX_ENTRIES answers are kept (the table is emptied when
 * full), so that a callback, which looks at each, stays cheap whatever
 * functions a role makes the planner look up.
 *
 * An answer computed while a callback fired for one of its rows (catalogue
 * access can take a lock and so read invalidations) is used once but not
 * kept; the last SF_INVAL_LOG invalidations are remembered to tell.
 *
 * Whether the extension is created in this database is kept beside the
 * table: once created, with the row of its type (DROP EXTENSION drops it,
 * ALTER EXTENSION SET SCHEMA moves it, a CREATE rolled back removes it);
 * while not, until any function is created, changed or dropped, as CREATE
 * EXTENSION does.  In the backend that runs them at once, in the others
 * at their next transaction.  A library preloaded in a database that has
 * no extension thus costs its planner hooks one comparison a call, after
 * one catalogue lookup per backend and per change to pg_proc.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/pg_am.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_operator.h"
#include "catalog/namespace.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "commands/extension.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "parser/parse_func.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/hsearch.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/syscache.h"

#include "window.h"

/* What a cache entry answers */
typedef enum SfCacheKind
{
	SF_CACHE_FUNC,				/* a function: its extension, schema, args */
	SF_CACHE_NAME,				/* a function's row in a table of names */
	SF_CACHE_OPS,				/* the default btree operators in a family */
	SF_CACHE_CALL,				/* a member function, by name */
	SF_CACHE_OPER,				/* a member operator, by name */
} SfCacheKind;

#define SF_CACHE_NAMELEN 32

typedef struct SfCacheKey
{
	SfCacheKind kind;
	Oid			a;
	Oid			b;
	Oid			c;
	Oid			d;
	Oid			e;
	char		name[SF_CACHE_NAMELEN];
} SfCacheKey;

typedef struct SfCacheValue
{
	bool		ok;
	int			index;
	Oid			v[5];
} SfCacheValue;

/* A catalogue row an answer was read from: a syscache, its key's hash */
typedef struct SfCacheDep
{
	int			cacheid;
	uint32		hash;			/* 0: any row of the cache */
} SfCacheDep;

/*
 * The most answers kept: a full table is emptied before the next is added,
 * so that an invalidation, which looks at every entry, costs a bounded
 * time however many functions a role makes the planner look at.
 */
#define SF_CACHE_MAX_ENTRIES 1024

/* The most rows an answer reads (an operator: its name, three functions) */
#define SF_CACHE_MAXDEPS 4

typedef struct SfCacheEntry
{
	SfCacheKey	key;			/* hash key: must be first */
	SfCacheValue value;
	int			ndeps;
	SfCacheDep	deps[SF_CACHE_MAXDEPS];
} SfCacheEntry;

/* The caches whose rows the answers read */
static const int cache_ids[] = {PROCOID, PROCNAMEARGSNSP, OPERNAMENSP,
CLAOID, OPFAMILYOID, AMOPSTRATEGY, CASTSOURCETARGET, TYPEOID};

/* The last invalidations: an answer read under one of them is not kept */
#define SF_INVAL_LOG 32
static SfCacheDep inval_log[SF_INVAL_LOG];
static uint64 inval_count = 0;

static MemoryContext cache_context = NULL;
static HTAB *cache_table = NULL;
static bool callbacks_registered = false;

/* Whether the extension is created here, and the row that would change */
static bool extension_created = false;
static bool extension_known = false;
static SfCacheDep extension_dep;

/* Whether an invalidation of (cacheid, hash) reaches any of deps */
static bool
deps_hit(const SfCacheDep *deps, int ndeps, int cacheid, uint32 hash)
{
	int			i;

	/* bound: SF_CACHE_MAXDEPS */
	for (i = 0; i < ndeps; i++)
		if (deps[i].cacheid == cacheid &&
			(hash == 0 || deps[i].hash == 0 || deps[i].hash == hash))
			return true;
	return false;
}

/* A row of syscache cacheid changed: drop what was read from it */
static void
cache_invalidate(Datum arg, int cacheid, uint32 hashvalue)
{
	(void) arg;
	inval_log[inval_count % SF_INVAL_LOG].cacheid = cacheid;
	inval_log[inval_count % SF_INVAL_LOG].hash = hashvalue;
	inval_count++;
	if (extension_known && deps_hit(&extension_dep, 1, cacheid, hashvalue))
		extension_known = false;
	if (cache_table != NULL)
	{
		HASH_SEQ_STATUS status;
		SfCacheEntry *entry;

		/*
		 * bound: the table's entries, one look each (removing the entry just
		 * returned is allowed during the scan); no catalogue access here
		 */
		hash_seq_init(&status, cache_table);
		while ((entry = hash_seq_search(&status)) != NULL)
			if (deps_hit(entry->deps, entry->ndeps, cacheid, hashvalue))
				(void) hash_search(cache_table, &entry->key, HASH_REMOVE, NULL);
	}
}

/* The callbacks, registered once per backend */
static void
cache_register_callbacks(void)
{
	size_t		i;

	if (callbacks_registered)
		return;
	/* bound: the eight caches of cache_ids */
	for (i = 0; i < lengthof(cache_ids); i++)
		CacheRegisterSyscacheCallback(cache_ids[i], cache_invalidate, (Datum) 0);
	callbacks_registered = true;
}

/*
 * Whether an answer that read deps, begun when inval_count was since, may
 * be kept: no invalidation since reached its rows (and not too many came
 * to tell).
 */
static bool
deps_unchanged(const SfCacheDep *deps, int ndeps, uint64 since)
{
	uint64		i;

	if (inval_count - since > SF_INVAL_LOG)
		return false;
	/* bound: SF_INVAL_LOG */
	for (i = since; i < inval_count; i++)
		if (deps_hit(deps, ndeps, inval_log[i % SF_INVAL_LOG].cacheid,
					 inval_log[i % SF_INVAL_LOG].hash))
			return false;
	return true;
}

/* The table */
static HTAB *
cache_open(void)
{
	cache_register_callbacks();
	if (cache_table == NULL)
	{
		cache_context = AllocSetContextCreate(CacheMemoryContext,
											  "snowflake planner cache",
											  ALLOCSET_SMALL_SIZES);
		cache_table = sf_hash_create("snowflake planner cache", 64,
									 sizeof(SfCacheKey), sizeof(SfCacheEntry),
									 cache_context);
	}
	return cache_table;
}

/* A row of a syscache, by the hash of its key, as invalidations name it */
static SfCacheDep
dep_row(int cacheid, Datum k1, Datum k2, Datum k3, Datum k4)
{
	SfCacheDep	dep;

	dep.cacheid = cacheid;
	dep.hash = GetSysCacheHashValue(cacheid, k1, k2, k3, k4);
	return dep;
}

/* A function's pg_proc row */
static SfCacheDep
dep_proc(Oid funcid)
{
	return dep_row(PROCOID, ObjectIdGetDatum(funcid), 0, 0, 0);
}

/* Any row of a syscache */
static SfCacheDep
dep_any(int cacheid)
{
	SfCacheDep	dep;

	dep.cacheid = cacheid;
	dep.hash = 0;
	return dep;
}

/*
 * sf_hash_create - a hash table of nelem entries to start with, whose keys
 * are the first keysize bytes of its entries, compared as bytes, in cxt
 */
HTAB *
sf_hash_create(const char *name, long nelem, Size keysize, Size entrysize,
			   MemoryContext cxt)
{
	HASHCTL		ctl;

	memset(&ctl, 0, sizeof(ctl));
	ctl.keysize = keysize;
	ctl.entrysize = entrysize;
	ctl.hcxt = cxt;
	return hash_create(name, nelem, &ctl, HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
}

static void
cache_key(SfCacheKey *key, SfCacheKind kind, Oid a, Oid b, Oid c, Oid d,
		  Oid e, const char *name)
{
	memset(key, 0, sizeof(*key));
	key->kind = kind;
	key->a = a;
	key->b = b;
	key->c = c;
	key->d = d;
	key->e = e;
	if (name != NULL)
	{
		Assert(strlen(name) < SF_CACHE_NAMELEN);
		strlcpy(key->name, name, SF_CACHE_NAMELEN);
	}
}

/* The answer kept under key, if there is one */
static bool
cache_get(const SfCacheKey *key, SfCacheValue *value)
{
	SfCacheEntry *entry = hash_search(cache_open(), key, HASH_FIND, NULL);

	if (entry == NULL)
		return false;
	*value = entry->value;
	return true;
}

/*
 * Keep an answer read from the rows deps, begun when inval_count was since,
 * unless one of them changed meanwhile (the answer may then be older than
 * the change).
 */
static void
cache_put(const SfCacheKey *key, const SfCacheValue *value,
		  const SfCacheDep *deps, int ndeps, uint64 since)
{
	SfCacheEntry *entry;

	Assert(ndeps >= 1 && ndeps <= SF_CACHE_MAXDEPS);
	if (!deps_unchanged(deps, ndeps, since))
		return;
	if (hash_get_num_entries(cache_open()) >= SF_CACHE_MAX_ENTRIES)
	{
		/* full: start afresh (cache_open makes the table again) */
		MemoryContextDelete(cache_context);
		cache_table = NULL;
	}
	entry = hash_search(cache_open(), key, HASH_ENTER, NULL);
	entry->value = *value;
	entry->ndeps = ndeps;
	memcpy(entry->deps, deps, ndeps * sizeof(SfCacheDep));
}

/* The schema of the extension snowflake, InvalidOid if it is not created */
static Oid
extension_schema(void)
{
	Relation	rel = table_open(ExtensionRelationId, AccessShareLock);
	ScanKeyData key;
	SysScanDesc scan;
	HeapTuple	tuple;
	Oid			nsp = InvalidOid;

	ScanKeyInit(&key, Anum_pg_extension_extname, BTEqualStrategyNumber,
				F_NAMEEQ, CStringGetDatum("snowflake"));
	scan = systable_beginscan(rel, ExtensionNameIndexId, true, NULL, 1, &key);
	tuple = systable_getnext(scan);
	if (HeapTupleIsValid(tuple))
		nsp = ((Form_pg_extension) GETSTRUCT(tuple))->extnamespace;
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return nsp;
}

/*
 * sf_extension_created - whether the extension is created in this
 * database; looked up once, then again only after a change that could
 * create or drop it
 */
bool
sf_extension_created(void)
{
	uint64		since;
	Oid			nsp;
	SfCacheDep	dep = dep_any(PROCOID);

	cache_register_callbacks();
	if (extension_known)
		return extension_created;
	since = inval_count;
	nsp = extension_schema();
	if (OidIsValid(nsp))
	{
		Oid			type = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
										   CStringGetDatum("snowflake"),
										   ObjectIdGetDatum(nsp));

		if (OidIsValid(type))
			dep = dep_row(TYPEOID, ObjectIdGetDatum(type), 0, 0, 0);
	}
	/* kept unless a callback for its row fired meanwhile */
	if (deps_unchanged(&dep, 1, since))
	{
		extension_created = OidIsValid(nsp);
		extension_dep = dep;
		extension_known = true;
	}
	return OidIsValid(nsp);
}

/* sf_func_owner - the owner of function funcid, or InvalidOid if none */
Oid
sf_func_owner(Oid funcid)
{
	HeapTuple	tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(funcid));
	Oid			owner;

	if (!HeapTupleIsValid(tuple))
		return InvalidOid;
	owner = ((Form_pg_proc) GETSTRUCT(tuple))->proowner;
	ReleaseSysCache(tuple);
	return owner;
}

/*
 * Whether the planner may build calls of what role owner owns, for a
 * function owned by sibling_owner: the same owner, or a superuser.  A
 * member of the extension is not enough.  The extension is trusted, so a
 * database owner who installed it owns it, and may ALTER EXTENSION ADD a
 * function of her own that an older catalogue lacks (1.1 has no
 * snowflake_first_after): the planner would then run her code as whoever
 * runs the query, a superuser included.  The scripts' functions belong to
 * the superuser who ran them.
 */
static bool
trusted_owner(Oid owner, Oid sibling_owner)
{
	return OidIsValid(owner) &&
		(owner == sibling_owner || superuser_arg(owner));
}

/* A function's extension (or InvalidOid), schema, argument types and owner */
static SfCacheValue
func_info(Oid funcid)
{
	SfCacheKey	key;
	SfCacheValue value;
	uint64		since = inval_count;
	SfCacheDep	dep;
	Oid		   *argtypes;
	int			nargs;

	cache_key(&key, SF_CACHE_FUNC, funcid, 0, 0, 0, 0, NULL);
	if (cache_get(&key, &value))
		return value;
	dep = dep_proc(funcid);
	memset(&value, 0, sizeof(value));
	value.v[0] = getExtensionOfObject(ProcedureRelationId, funcid);
	value.v[1] = get_func_namespace(funcid);
	value.v[4] = sf_func_owner(funcid);
	if (OidIsValid(get_func_signature(funcid, &argtypes, &nargs)))
	{
		value.ok = true;
		value.index = nargs;
		if (nargs >= 1)
			value.v[2] = argtypes[0];
		if (nargs >= 2)
			value.v[3] = argtypes[1];
		pfree(argtypes);
	}
	cache_put(&key, &value, &dep, 1, since);
	return value;
}

/*
 * sf_func_extension - the extension that function funcid is a member of
 * (InvalidOid if none), and in *nsp its schema and in *owner its owner
 */
Oid
sf_func_extension(Oid funcid, Oid *nsp, Oid *owner)
{
	SfCacheValue value = func_info(funcid);

	if (nsp != NULL)
		*nsp = value.v[1];
	if (owner != NULL)
		*owner = value.v[4];
	return value.v[0];
}

/*
 * sf_func_args - the number of arguments of function funcid (-1 if there is
 * no such function), and the types of the first two
 */
int
sf_func_args(Oid funcid, Oid *arg0, Oid *arg1)
{
	SfCacheValue value = func_info(funcid);

	*arg0 = value.v[2];
	*arg1 = value.v[3];
	return value.ok ? value.index : -1;
}

/*
 * sf_func_name_index - the row of a table of names that function funcid's
 * name is, or -1: names points at the first row's name, and each next row's
 * is stride bytes on.  tableid tells the tables apart.
 */
int
sf_func_name_index(Oid funcid, int tableid, const char *const *names,
				   size_t stride, int n)
{
	SfCacheKey	key;
	SfCacheValue value;
	uint64		since = inval_count;
	SfCacheDep	dep;
	char	   *name;
	int			i;

	cache_key(&key, SF_CACHE_NAME, funcid, (Oid) tableid, 0, 0, 0, NULL);
	if (cache_get(&key, &value))
		return value.index;
	dep = dep_proc(funcid);
	memset(&value, 0, sizeof(value));
	value.index = -1;
	name = get_func_name(funcid);
	/* bound: the rows of one table of names, at most 12 */
	for (i = 0; name != NULL && i < n; i++)
	{
		const char *row = *(const char *const *) ((const char *) names + i * stride);

		if (strcmp(name, row) == 0)
		{
			value.index = i;
			break;
		}
	}
	cache_put(&key, &value, &dep, 1, since);
	return value.index;
}

/*
 * sf_family_ops - the operators lt, ge, le and eq of btree family opfamily
 * for type sftype, false if the family lacks one or they are not the
 * type's default btree family's (see sf_lookup_ops)
 */
bool
sf_family_ops(Oid opfamily, Oid sftype, SfOps *ops)
{
	SfCacheKey	key;
	SfCacheValue value;
	uint64		since = inval_count;

	cache_key(&key, SF_CACHE_OPS, opfamily, sftype, 0, 0, 0, NULL);
	if (!cache_get(&key, &value))
	{
		Oid			opclass = GetDefaultOpClass(sftype, BTREE_AM_OID);
		SfCacheDep	deps[4] = {dep_any(CLAOID), dep_any(OPFAMILYOID),
		dep_any(AMOPSTRATEGY), dep_any(CASTSOURCETARGET)};

		memset(&value, 0, sizeof(value));
		if (OidIsValid(opclass))
		{
			Oid			natural = get_opclass_family(opclass);

			value.v[0] = get_opfamily_member(opfamily, sftype, sftype, BTLessStrategyNumber);
			value.v[1] = get_opfamily_member(opfamily, sftype, sftype, BTGreaterEqualStrategyNumber);
			value.v[2] = get_opfamily_member(opfamily, sftype, sftype, BTLessEqualStrategyNumber);
			value.v[3] = get_opfamily_member(opfamily, sftype, sftype, BTEqualStrategyNumber);
			value.ok = OidIsValid(value.v[0]) && OidIsValid(value.v[1]) &&
				OidIsValid(value.v[2]) && OidIsValid(value.v[3]) &&
				value.v[0] == get_opfamily_member(natural, sftype, sftype, BTLessStrategyNumber) &&
				value.v[1] == get_opfamily_member(natural, sftype, sftype, BTGreaterEqualStrategyNumber) &&
				value.v[2] == get_opfamily_member(natural, sftype, sftype, BTLessEqualStrategyNumber) &&
				value.v[3] == get_opfamily_member(natural, sftype, sftype, BTEqualStrategyNumber);
		}
		/* the type's own default class is chosen whatever the casts */
		cache_put(&key, &value, deps,
				  OidIsValid(opclass) && get_opclass_input_type(opclass) == sftype ? 3 : 4,
				  since);
	}
	ops->sftype = sftype;
	ops->lt = value.v[0];
	ops->ge = value.v[1];
	ops->le = value.v[2];
	ops->eq = value.v[3];
	return value.ok;
}

/*
 * sf_member_function - the function nsp.name(argtypes) if it is a member of
 * extension ext owned by owner or by a superuser (trusted_owner), else
 * InvalidOid (nargs is 1 or 2)
 */
Oid
sf_member_function(Oid nsp, Oid ext, Oid owner, const char *name, int nargs,
				   const Oid *argtypes)
{
	SfCacheKey	key;
	SfCacheValue value;
	uint64		since = inval_count;
	SfCacheDep	dep;
	Oid			fn;

	Assert(nargs >= 1 && nargs <= 2);
	cache_key(&key, SF_CACHE_CALL, nsp, ext, (Oid) nargs, argtypes[0],
			  nargs > 1 ? argtypes[1] : InvalidOid, name);
	if (cache_get(&key, &value))
		return trusted_owner(value.v[1], owner) ? value.v[0] : InvalidOid;
	memset(&value, 0, sizeof(value));
	/* the row of this name, arguments and schema: made, dropped or changed */
	dep = dep_row(PROCNAMEARGSNSP, CStringGetDatum(name),
				  PointerGetDatum(buildoidvector(argtypes, nargs)),
				  ObjectIdGetDatum(nsp), 0);
	fn = LookupFuncName(list_make2(makeString(get_namespace_name(nsp)),
								   makeString(pstrdup(name))),
						nargs, argtypes, true);
	if (OidIsValid(fn) && OidIsValid(ext) &&
		getExtensionOfObject(ProcedureRelationId, fn) == ext)
	{
		value.v[0] = fn;
		value.v[1] = sf_func_owner(fn);
	}
	cache_put(&key, &value, &dep, 1, since);
	return trusted_owner(value.v[1], owner) ? value.v[0] : InvalidOid;
}

/*
 * Whether the planner may build clauses of operator op for a function owned
 * by owner: the operator, its function and its estimators must each be
 * owned by owner or by a superuser.  value holds their owners, as
 * sf_member_operator found them (InvalidOid for an estimator it has not).
 */
static bool
trusted_operator(const SfCacheValue *value, Oid owner)
{
	return OidIsValid(value->v[0]) &&
		trusted_owner(value->v[1], owner) && trusted_owner(value->v[2], owner) &&
		(!OidIsValid(value->v[3]) || trusted_owner(value->v[3], owner)) &&
		(!OidIsValid(value->v[4]) || trusted_owner(value->v[4], owner));
}

/*
 * sf_member_operator - the operator nsp.opname(left, right) if it is a
 * member of extension ext and trusted for a function owned by owner
 * (trusted_operator), else InvalidOid
 */
Oid
sf_member_operator(Oid nsp, Oid ext, Oid owner, const char *opname, Oid left, Oid right)
{
	SfCacheKey	key;
	SfCacheValue value;
	uint64		since = inval_count;
	SfCacheDep	deps[SF_CACHE_MAXDEPS];
	int			ndeps = 1;
	Oid			op;

	cache_key(&key, SF_CACHE_OPER, nsp, ext, left, right, 0, opname);
	if (cache_get(&key, &value))
		return trusted_operator(&value, owner) ? value.v[0] : InvalidOid;
	memset(&value, 0, sizeof(value));
	/* the row of this name, types and schema, and its functions' rows */
	deps[0] = dep_row(OPERNAMENSP, CStringGetDatum(opname), ObjectIdGetDatum(left),
					  ObjectIdGetDatum(right), ObjectIdGetDatum(nsp));
	op = OpernameGetOprid(list_make2(makeString(get_namespace_name(nsp)),
									 makeString(pstrdup(opname))),
						  left, right);
	if (OidIsValid(op) && OidIsValid(ext) &&
		getExtensionOfObject(OperatorRelationId, op) == ext)
	{
		HeapTuple	tuple = SearchSysCache1(OPEROID, ObjectIdGetDatum(op));

		if (HeapTupleIsValid(tuple))
		{
			Form_pg_operator form = (Form_pg_operator) GETSTRUCT(tuple);

			value.v[0] = op;
			value.v[1] = form->oprowner;
			value.v[2] = sf_func_owner(form->oprcode);
			deps[ndeps++] = dep_proc(form->oprcode);
			value.v[3] = OidIsValid(form->oprrest) ? sf_func_owner(form->oprrest) : InvalidOid;
			if (OidIsValid(form->oprrest))
				deps[ndeps++] = dep_proc(form->oprrest);
			value.v[4] = OidIsValid(form->oprjoin) ? sf_func_owner(form->oprjoin) : InvalidOid;
			if (OidIsValid(form->oprjoin))
				deps[ndeps++] = dep_proc(form->oprjoin);
			ReleaseSysCache(tuple);
		}
	}
	cache_put(&key, &value, deps, ndeps, since);
	return trusted_operator(&value, owner) ? value.v[0] : InvalidOid;
}
