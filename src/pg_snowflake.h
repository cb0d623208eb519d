/*-------------------------------------------------------------------------
 *
 * pg_snowflake.h
 *	  Server-side glue for the snowflake type: Datum conversions and the
 *	  helpers shared between the extension's C files.
 *
 * The bit layout itself lives in snowflake.h.
 *
 *-------------------------------------------------------------------------
 */
#ifndef PG_SNOWFLAKE_H
#define PG_SNOWFLAKE_H

#include "postgres.h"

#include "fmgr.h"
#include "utils/multirangetypes.h"
#include "utils/rangetypes.h"
/*
 * PostgreSQL 16 moved the varlena macros (VARDATA_ANY, VARSIZE_ANY_EXHDR,
 * VARATT_IS_EXTERNAL, ...) out of postgres.h into varatt.h.
 */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "parse.h"
#include "snowflake.h"

/*
 * snowflake is declared PASSEDBYVALUE, which needs a 64-bit Datum.  Every
 * supported 64-bit platform has one (and PostgreSQL 18 requires it).
 */
#if SIZEOF_DATUM < 8
#error "snowflake needs a 64-bit Datum (a 64-bit build of PostgreSQL)"
#endif

typedef uint64 Snowflake;

#define DatumGetSnowflake(X)		((Snowflake) DatumGetUInt64(X))
#define SnowflakeGetDatum(X)		UInt64GetDatum(X)
#define PG_GETARG_SNOWFLAKE(n)		DatumGetSnowflake(PG_GETARG_DATUM(n))
#define PG_RETURN_SNOWFLAKE(x)		return SnowflakeGetDatum(x)

/* io.c: raise the 22P02 or 22003 of a failed parse, quoting the input */
extern void sf_parse_error(SfParseStatus status, const char *form,
						   const char *input);

/* time.c: raise 22003 unless 0 <= value <= max */
extern void sf_check_field(const char *field, int32 value, uint64 max);

/*
 * timerange.c: the ids whose millisecond lies in a tstzrange, [*lo, *hi];
 * false if there are none.
 */
extern bool sf_tstzrange_ids(TypeCacheEntry *typcache, const RangeType *range,
							 Snowflake *lo, Snowflake *hi);

/*
 * multirange.c: the ids of a tstzmultirange, as runs [lo, hi] in rising
 * order, neither overlapping nor adjacent (a palloc'd array, *runs, of the
 * count returned; NULL when 0).
 */
typedef struct SfIdRun
{
	Snowflake	lo;
	Snowflake	hi;
} SfIdRun;

extern int	sf_tstzmultirange_runs(const MultirangeType *mr, SfIdRun **runs);

/* cache.c: whether the extension is created in this database (cached) */
extern bool sf_extension_created(void);

/* cache.c: the owner of a function, InvalidOid if there is none */
extern Oid	sf_func_owner(Oid funcid);

/* cache.c: a hash table whose keys are compared as bytes, in cxt */
extern struct HTAB *sf_hash_create(const char *name, long nelem, Size keysize,
								   Size entrysize, MemoryContext cxt);

/* exprhash.c: a hash that every expression equal() to node shares */
extern uint32 sf_expr_hash(Node *node);
extern uint32 sf_expr_hash_size(Node *node, Size *size);

/* exprhash.c: equal(a, b), constants' data compared by address first */
extern bool sf_expr_equal(Node *a, Node *b, bool by_address, Size *work);

/* partition.c: what planning partitions remembers of a statement, a call */
extern void sf_partition_statement(void);
extern void sf_partition_forget(void);

/*
 * workerid.c: the worker id gen_snowflake() reads on its hot path (-1: ask
 * sf_worker_id_for_mint); the one it mints with in this session, or its
 * error; the same, -1 where it would refuse, without the error
 */
extern int	sf_worker_id_ready;
extern uint32 sf_worker_id_for_mint(void);
extern int	sf_worker_id_in_force(void);

/* mint.c: what snowflake_mint_stats shows (mintstats.c), sf_mint_stats */
typedef struct SfMintStats
{
	uint64		minted;			/* ids handed out since the server started */
	uint64		lead_waits;		/* mints that waited at snowflake.max_lead */
	uint64		lead_wait_us;	/* how long they waited, in microseconds */
	double		lead_ms;		/* the last id's millisecond ahead of time */
	uint64		reserved;		/* the reservation, ms since the epoch, or 0 */
	uint64		renewals;		/* marks recorded since the server started */
	bool		has_last;		/* whether an id was handed out */
	Snowflake	last_id;		/* the last one handed out */
} SfMintStats;

extern void sf_mint_stats(SfMintStats *stats);

#endif							/* PG_SNOWFLAKE_H */
