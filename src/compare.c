/*-------------------------------------------------------------------------
 *
 * compare.c
 *	  Comparison, hashing and operator class support for snowflake.
 *
 * Ordering is unsigned: an id with the top bit set (minted after 2093)
 * sorts after every earlier id.  Nothing in this file can raise an error,
 * which is what lets the SQL declarations mark these functions LEAKPROOF.
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "utils/sortsupport.h"

/* Three-way unsigned comparison */
static inline int
snowflake_cmp_internal(Snowflake a, Snowflake b)
{
	return (a > b) - (a < b);
}

/*
 * The six comparison operators.  They differ only in the C operator, so one
 * macro writes them.
 */
#define SNOWFLAKE_COMPARISON(name, op) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(PG_GETARG_SNOWFLAKE(0) op PG_GETARG_SNOWFLAKE(1)); \
}

SNOWFLAKE_COMPARISON(snowflake_eq, ==)
SNOWFLAKE_COMPARISON(snowflake_ne, !=)
SNOWFLAKE_COMPARISON(snowflake_lt, <)
SNOWFLAKE_COMPARISON(snowflake_le, <=)
SNOWFLAKE_COMPARISON(snowflake_gt, >)
SNOWFLAKE_COMPARISON(snowflake_ge, >=)

/*
 * Comparisons with bigint.  An id compares with a signed integer as the two
 * integers compare, so a negative one is below every id.  With smallint and
 * integer reaching them through core's implicit casts to bigint, these let
 * "id = 5" and "id IN (1, 2, 3)" run without an implicit cast into
 * snowflake, which would let integers pick the operators that compare ids
 * with instants and ranges.
 */
static inline int
snowflake_int8_cmp_internal(Snowflake a, int64 b)
{
	return b < 0 ? 1 : snowflake_cmp_internal(a, (Snowflake) b);
}

/* SNOWFLAKE_INT8_COMPARISON defines "id OP i" as idfirst, "i OP id" as intfirst. */
#define SNOWFLAKE_INT8_COMPARISON(idfirst, intfirst, op) \
PG_FUNCTION_INFO_V1(idfirst); \
Datum \
idfirst(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(snowflake_int8_cmp_internal(PG_GETARG_SNOWFLAKE(0), \
											   PG_GETARG_INT64(1)) op 0); \
} \
PG_FUNCTION_INFO_V1(intfirst); \
Datum \
intfirst(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(0 op snowflake_int8_cmp_internal(PG_GETARG_SNOWFLAKE(1), \
													PG_GETARG_INT64(0))); \
}

SNOWFLAKE_INT8_COMPARISON(snowflake_eq_int8, int8_eq_snowflake, ==)
SNOWFLAKE_INT8_COMPARISON(snowflake_ne_int8, int8_ne_snowflake, !=)
SNOWFLAKE_INT8_COMPARISON(snowflake_lt_int8, int8_lt_snowflake, <)
SNOWFLAKE_INT8_COMPARISON(snowflake_le_int8, int8_le_snowflake, <=)
SNOWFLAKE_INT8_COMPARISON(snowflake_gt_int8, int8_gt_snowflake, >)
SNOWFLAKE_INT8_COMPARISON(snowflake_ge_int8, int8_ge_snowflake, >=)

/*
 * snowflake_int8_cmp, int8_snowflake_cmp - btree support 1 for the
 * cross-type pairs
 */
PG_FUNCTION_INFO_V1(snowflake_int8_cmp);
Datum
snowflake_int8_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(snowflake_int8_cmp_internal(PG_GETARG_SNOWFLAKE(0),
												PG_GETARG_INT64(1)));
}

PG_FUNCTION_INFO_V1(int8_snowflake_cmp);
Datum
int8_snowflake_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(-snowflake_int8_cmp_internal(PG_GETARG_SNOWFLAKE(1),
												 PG_GETARG_INT64(0)));
}

/*
 * snowflake_cmp - btree support 1
 */
PG_FUNCTION_INFO_V1(snowflake_cmp);
Datum
snowflake_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(snowflake_cmp_internal(PG_GETARG_SNOWFLAKE(0),
										   PG_GETARG_SNOWFLAKE(1)));
}

/*
 * snowflake_sortsupport - btree support 2: the server's comparator of
 * unsigned by-value datums, which lets tuplesort use its specialised
 * quicksort on the datum directly
 */
PG_FUNCTION_INFO_V1(snowflake_sortsupport);
Datum
snowflake_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = ssup_datum_unsigned_cmp;
	PG_RETURN_VOID();
}

/*
 * snowflake_larger, snowflake_smaller - transition functions of max() and
 * min()
 */
PG_FUNCTION_INFO_V1(snowflake_larger);
Datum
snowflake_larger(PG_FUNCTION_ARGS)
{
	Snowflake	a = PG_GETARG_SNOWFLAKE(0);
	Snowflake	b = PG_GETARG_SNOWFLAKE(1);

	PG_RETURN_SNOWFLAKE(a > b ? a : b);
}

PG_FUNCTION_INFO_V1(snowflake_smaller);
Datum
snowflake_smaller(PG_FUNCTION_ARGS)
{
	Snowflake	a = PG_GETARG_SNOWFLAKE(0);
	Snowflake	b = PG_GETARG_SNOWFLAKE(1);

	PG_RETURN_SNOWFLAKE(a < b ? a : b);
}

/*
 * A 64-bit mixer (the MurmurHash3 finalizer): every input bit affects every
 * output bit, so ids that differ only in the sequence, or only in the
 * timestamp, spread evenly over hash buckets and hash partitions.
 */
static inline uint64
snowflake_mix64(uint64 h)
{
	h ^= h >> 33;
	h *= UINT64CONST(0xff51afd7ed558ccd);
	h ^= h >> 33;
	h *= UINT64CONST(0xc4ceb9fe1a85ec53);
	h ^= h >> 33;
	return h;
}

/* The seeded hash: a zero seed leaves the value unchanged, any other is mixed in first. */
static inline uint64
snowflake_hash_seeded(uint64 value, uint64 seed)
{
	if (seed != 0)
		value ^= snowflake_mix64(seed);
	return snowflake_mix64(value);
}

/*
 * snowflake_hash - hash support 1
 */
PG_FUNCTION_INFO_V1(snowflake_hash);
Datum
snowflake_hash(PG_FUNCTION_ARGS)
{
	PG_RETURN_UINT32((uint32) snowflake_mix64(PG_GETARG_SNOWFLAKE(0)));
}

/*
 * snowflake_hash_extended - hash support 2, seeded.  With seed 0 its low 32
 * bits equal snowflake_hash, as the hash access method requires.
 */
PG_FUNCTION_INFO_V1(snowflake_hash_extended);
Datum
snowflake_hash_extended(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) snowflake_hash_seeded(PG_GETARG_SNOWFLAKE(0),
												  (uint64) PG_GETARG_INT64(1)));
}

/*
 * snowflake_int8_hash - hash support 1 of bigint in the hash family of ids,
 * for "id = n" with n a bigint: an integer hashes as the id of its value,
 * so an id and an integer that are equal hash alike.  (A negative integer
 * equals no id; its hash only has to be some value.)
 */
PG_FUNCTION_INFO_V1(snowflake_int8_hash);
Datum
snowflake_int8_hash(PG_FUNCTION_ARGS)
{
	PG_RETURN_UINT32((uint32) snowflake_mix64((uint64) PG_GETARG_INT64(0)));
}

/*
 * snowflake_int8_hash_extended - hash support 2 of bigint, seeded, as
 * snowflake_hash_extended is for the id of the same value
 */
PG_FUNCTION_INFO_V1(snowflake_int8_hash_extended);
Datum
snowflake_int8_hash_extended(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) snowflake_hash_seeded((uint64) PG_GETARG_INT64(0),
												  (uint64) PG_GETARG_INT64(1)));
}
