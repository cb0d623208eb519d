/*-------------------------------------------------------------------------
 *
 * window.h
 *	  What the planner support files share: a time window read from a
 *	  clause (SfWindow), the btree operators it is rewritten with (SfOps),
 *	  and the helpers that build the rewritten comparisons.
 *
 * Internal to the planner support (window.c, indexcond.c, simplify.c,
 * partition.c, int8support.c, inlist.c); no SQL-callable function is
 * declared here.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SF_WINDOW_H
#define SF_WINDOW_H

#include "nodes/pg_list.h"
#include "nodes/primnodes.h"
#include "nodes/supportnodes.h"

/*
 * A clause that selects the ids of one time window: "id <@ range",
 * "range @> id", or a comparison of the id with an instant, which is the
 * one-sided window it describes ("id > t" is "id <@ (t,)"); or of several,
 * "id <@ multirange" and "multirange @> id", whose one window here is the
 * span from the first id to the last it holds (sf_window_exact).
 */
typedef struct SfWindow
{
	Node	   *id;				/* the id argument */
	Node	   *range;			/* the tstzrange argument, or NULL */
	bool		multi;			/* ... a tstzmultirange, several windows */
	Node	   *instant;		/* else the timestamptz argument */
	bool		from_instant;	/* the instant is the window's lower end */
	bool		inclusive;		/* ... and belongs to it */
	const char *opname;			/* the operator whose function this is */
} SfWindow;

/*
 * The btree operators a window is written with: those of the opfamily of
 * the index or the partition key, for the id's type.
 */
typedef struct SfOps
{
	Oid			sftype;
	Oid			lt;
	Oid			ge;
	Oid			le;
	Oid			eq;
	Oid			nsp;			/* the extension's schema */
	Oid			ext;			/* the extension */
	Oid			owner;			/* the owner of the function simplified */
} SfOps;

/*
 * The constants of the comparisons a constant multirange is written as
 * (sf_runs_clause) carry this mark, in the parse location that equal() and
 * every output ignore, so that a leaf partition can judge them against
 * its own bounds (partition.c's leaf_window_arm).  Parse locations are
 * never below -1.
 */
#define SF_ARM_MARK			(-998)

/* window.c */
extern bool sf_window_of_call(Oid funcid, List *args, SfWindow *w);
extern Node *sf_window_bound(const SfWindow *w);
extern bool sf_window_const_ids(const SfWindow *w, Snowflake *lo, Snowflake *hi);
extern bool sf_window_exact(const SfWindow *w);
extern Expr *sf_runs_clause(const SfOps *ops, Node *id, const SfIdRun *runs,
							int nruns);
extern bool sf_lookup_ops(Oid opfamily, Oid sftype, Oid sibling, SfOps *ops);
extern Node *sf_make_id_const(Oid sftype, Snowflake value);
extern Expr *sf_make_comparison(Oid op, Node *id, Node *bound);
extern List *sf_window_to_comparisons(const SfOps *ops, const SfWindow *w);
extern List *sf_window_probe(const SfOps *ops, const SfWindow *w);
extern bool sf_keep_as_written(const SupportRequestSimplify *req);

/*
 * cache.c: the catalogue lookups of the planner support, cached per
 * backend.  The planner builds calls only of functions and operators that
 * are members of the extension: one found by name in the extension's
 * schema may be a stranger's, one that an older catalogue lacks (1.1 has
 * no snowflake_first_after) created there by a role that may create
 * objects in that schema, and calling it would run that role's code as
 * whoever runs the query.
 */
#define SF_NAMES_INSTANT	1	/* window.c's instant_comparisons */
#define SF_NAMES_INT8		2	/* int8support.c's int8_comparisons */
#define SF_NAMES_BOUND		3	/* partition.c's inherited_bounds, compare */
#define SF_NAMES_BOUND_FN	4	/* ... and bound */
#define SF_NAMES_INLIST		5	/* inlist.c's arm_functions */
#define SF_NAMES_SPAN_FN	6	/* partition.c's inherited_bounds, span */
extern Oid	sf_func_extension(Oid funcid, Oid *nsp, Oid *owner);
extern int	sf_func_args(Oid funcid, Oid *arg0, Oid *arg1);
extern int	sf_func_name_index(Oid funcid, int tableid, const char *const *names,
							   size_t stride, int n);
extern bool sf_family_ops(Oid opfamily, Oid sftype, SfOps *ops);
extern Oid	sf_member_function(Oid nsp, Oid ext, Oid owner, const char *name,
							   int nargs, const Oid *argtypes);
extern Oid	sf_member_operator(Oid nsp, Oid ext, Oid owner, const char *opname,
							   Oid left, Oid right);

/* simplify.c: the SupportRequestSimplify of a window */
extern Node *sf_window_simplify(SupportRequestSimplify *req);

/* partition.c: its parts for partitioned tables */
extern Node *sf_simplify_partitioned(SupportRequestSimplify *req,
									 const SfWindow *w);

#endif							/* SF_WINDOW_H */
