/*-------------------------------------------------------------------------
 *
 * int8support.c
 *	  The planner support function of the comparisons of ids with bigint:
 *	  "id = 5" becomes "id = '5'::snowflake".
 *
 * The cross-type operators are in the btree family, so a bigint parameter
 * or column already uses a btree on the id.  A constant is turned into an
 * id, so that the clause is the same one that an id would give: plans
 * read the same, and an index predicate written with an integer matches a
 * query written with an id.
 *
 * A negative constant lies below every id, so the comparison has the same
 * value for every id: it becomes "id >= '0'" when that value is true and
 * "id < '0'" when it is false, which keep a NULL id NULL.  No negative
 * integer is left beside an id, for code (such as Citus's shard pruning)
 * that would turn it into an id and fail.
 *
 * Except in the test of a "CASE id WHEN -1": there the id is the CASE's
 * CaseTestExpr, and ruleutils (EXPLAIN, views, Citus's shard queries) and
 * postgres_fdw print such a test as its right side alone, taking the
 * operator for "=".  "id < '0'" would be printed "WHEN '0'::snowflake", a
 * test that matches id 0.  No equality with an id constant is false for
 * every id (every 64-bit value is one), so the comparison is left as
 * written, "WHEN '-1'::bigint", which means what runs.  It is no restriction
 * on a column, so shard pruning does not read it.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "utils/lsyscache.h"

#include "window.h"

PG_FUNCTION_INFO_V1(snowflake_int8_support);

static const struct
{
	const char *name;
	const char *opname;
	bool		id_first;
	bool		below_all;		/* its value when the integer is negative */
}			int8_comparisons[] =

{
	{"snowflake_eq_int8", "=", true, false},
	{"snowflake_ne_int8", "<>", true, true},
	{"snowflake_lt_int8", "<", true, false},
	{"snowflake_le_int8", "<=", true, false},
	{"snowflake_gt_int8", ">", true, true},
	{"snowflake_ge_int8", ">=", true, true},
	{"int8_eq_snowflake", "=", false, false},
	{"int8_ne_snowflake", "<>", false, true},
	{"int8_lt_snowflake", "<", false, true},
	{"int8_le_snowflake", "<=", false, true},
	{"int8_gt_snowflake", ">", false, false},
	{"int8_ge_snowflake", ">=", false, false},
};

static Node *
int8_simplify(SupportRequestSimplify *req)
{
	FuncExpr   *f = req->fcall;
	Node	   *id;
	Const	   *c;
	Oid			sftype;
	Oid			op;
	Node	   *idconst;
	int64		value;
	Oid			nsp;
	Oid			ext;
	Oid			owner;
	int			i;

	if (list_length(f->args) != 2 || sf_keep_as_written(req))
		return NULL;
	i = sf_func_name_index(f->funcid, SF_NAMES_INT8, &int8_comparisons[0].name,
						   sizeof(int8_comparisons[0]),
						   lengthof(int8_comparisons));
	if (i < 0)
		return NULL;

	id = int8_comparisons[i].id_first ? linitial(f->args) : lsecond(f->args);
	c = (Const *) (int8_comparisons[i].id_first ? lsecond(f->args) : linitial(f->args));
	if (!IsA(c, Const) || c->constisnull || c->consttype != INT8OID)
		return NULL;
	value = DatumGetInt64(c->constvalue);
	ext = sf_func_extension(f->funcid, &nsp, &owner);
	sftype = exprType(id);

	if (value < 0)
	{
		if (IsA(strip_implicit_coercions(id), CaseTestExpr))
			return NULL;
		op = sf_member_operator(nsp, ext, owner,
								int8_comparisons[i].below_all ? ">=" : "<",
								sftype, sftype);
		if (!OidIsValid(op))
			return NULL;
		return (Node *) make_opclause(op, BOOLOID, false, (Expr *) id,
									  (Expr *) sf_make_id_const(sftype, 0),
									  InvalidOid, InvalidOid);
	}

	op = sf_member_operator(nsp, ext, owner, int8_comparisons[i].opname, sftype, sftype);
	if (!OidIsValid(op))
		return NULL;
	idconst = sf_make_id_const(sftype, (Snowflake) value);
	return (Node *) make_opclause(op, BOOLOID, false,
								  (Expr *) (int8_comparisons[i].id_first ? id : idconst),
								  (Expr *) (int8_comparisons[i].id_first ? idconst : id),
								  InvalidOid, InvalidOid);
}

/*
 * snowflake_int8_support - the planner support function of the comparisons
 * of ids with bigint
 */
Datum
snowflake_int8_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	Node	   *result = NULL;

	if (IsA(rawreq, SupportRequestSimplify))
	{
		result = int8_simplify((SupportRequestSimplify *) rawreq);
		if (result != NULL)
			set_opfuncid((OpExpr *) result);
	}
	PG_RETURN_POINTER(result);
}
