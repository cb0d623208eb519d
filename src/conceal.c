/*-------------------------------------------------------------------------
 *
 * conceal.c
 *	  Concealed ids: a keyed permutation of the 64-bit id space, so that an
 *	  id can be published without showing its time, worker, sequence or
 *	  order, and read back with the key.
 *
 * The permutation is a balanced Feistel network on the two 32-bit halves
 * of the id, with SipHash-2-4 (siphash.c) under the caller's 16-byte key as
 * its round function.  A Feistel network is a permutation whatever its
 * round function, so concealing never collides; revealing runs the rounds
 * backwards.  Round i computes
 *
 *		(L, R) -> (R, L xor F_i(R)),	F_i(R) = low 32 bits of
 *										SipHash-2-4(key, R as 4 little-endian
 *										bytes, then the byte i)
 *
 * The round number in the message separates the rounds' functions: each
 * round sees a different pseudorandom function of the same key.
 *
 * Rounds: 10.  Luby and Rackoff proved 4 rounds of pseudorandom functions
 * on n-bit halves a pseudorandom permutation only up to about 2^(n/2)
 * queries: here n = 32, so 2^16, about 65,000 published ids, which is
 * too few.  More rounds raise the bound towards 2^n, the most 32-bit
 * halves allow (Patarin, CRYPTO 2003: 7 rounds resist chosen plaintext
 * and ciphertext attacks with up to 2^(n(1-e)) queries; Maurer and
 * Pietrzak: the bound tends to 2^n as rounds are added).  10 rounds keep a
 * margin beyond 7, the count of NIST's Feistel-based FF1.  A round costs one SipHash of a 5-byte message (one
 * compression and the finalization, 6 SipRounds).
 *
 * The permutation must never change: every concealed id ever published
 * depends on it.  The conceal suite pins its outputs for a fixed key.
 *
 * Errors: a key that is not 16 bytes is 22023, and never shows the key;
 * a branded string that is malformed, out of range or of another
 * namespace is 22P02, and quotes the string (so these functions are not
 * leakproof).
 *
 *-------------------------------------------------------------------------
 */
#include "pg_snowflake.h"

#include "siphash.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(snowflake_conceal);
PG_FUNCTION_INFO_V1(snowflake_reveal);
PG_FUNCTION_INFO_V1(snowflake_conceal_branded);
PG_FUNCTION_INFO_V1(snowflake_reveal_branded);

/* Rounds of the Feistel network; see the file's header for the choice. */
#define CONCEAL_ROUNDS	10

/* The round function: 32 pseudorandom bits of a half and the round. */
static inline uint32
conceal_round(const uint8 *key, int round, uint32 half)
{
	uint8		msg[5];

	msg[0] = (uint8) half;
	msg[1] = (uint8) (half >> 8);
	msg[2] = (uint8) (half >> 16);
	msg[3] = (uint8) (half >> 24);
	msg[4] = (uint8) round;
	return (uint32) sf_siphash24(key, msg, sizeof(msg));
}

/* The permutation, forward. */
static uint64
conceal_forward(const uint8 *key, uint64 id)
{
	uint32		left = (uint32) (id >> 32);
	uint32		right = (uint32) id;

	for (int i = 0; i < CONCEAL_ROUNDS; i++)
	{
		uint32		next = left ^ conceal_round(key, i, right);

		left = right;
		right = next;
	}
	return ((uint64) left << 32) | right;
}

/* The inverse: the rounds backwards, each undone by the same XOR. */
static uint64
conceal_backward(const uint8 *key, uint64 opaque)
{
	uint32		left = (uint32) (opaque >> 32);
	uint32		right = (uint32) opaque;

	for (int i = CONCEAL_ROUNDS - 1; i >= 0; i--)
	{
		uint32		prev = right ^ conceal_round(key, i, left);

		right = left;
		left = prev;
	}
	return ((uint64) left << 32) | right;
}

/*
 * The key argument's 16 bytes, or 22023.  Only its length is reported:
 * the key's bytes never go into a message, detail or hint.
 */
static const uint8 *
conceal_key(bytea *key)
{
	if (VARSIZE_ANY_EXHDR(key) != SF_SIPHASH_KEY_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a snowflake concealment key must be %d bytes, not %d",
						SF_SIPHASH_KEY_LEN, (int) VARSIZE_ANY_EXHDR(key)),
				 errhint("Use 16 random bytes kept secret, such as pgcrypto's gen_random_bytes(16).")));
	return (const uint8 *) VARDATA_ANY(key);
}

/* A namespace argument: 3 letters A-Z, or 22023, as snowflake_brand's. */
static void
conceal_check_namespace(text *ns)
{
	if (!sf_namespace_valid(VARDATA_ANY(ns), VARSIZE_ANY_EXHDR(ns)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid snowflake namespace: \"%s\"", text_to_cstring(ns)),
				 errhint("A namespace is exactly 3 uppercase letters A-Z, such as \"EVT\".")));
}

/*
 * snowflake_conceal - the concealed form of an id under a key
 */
Datum
snowflake_conceal(PG_FUNCTION_ARGS)
{
	Snowflake	id = PG_GETARG_SNOWFLAKE(0);
	const uint8 *key = conceal_key(PG_GETARG_BYTEA_PP(1));

	PG_RETURN_SNOWFLAKE(conceal_forward(key, id));
}

/*
 * snowflake_reveal - the id a concealed value was made from, under a key
 */
Datum
snowflake_reveal(PG_FUNCTION_ARGS)
{
	Snowflake	opaque = PG_GETARG_SNOWFLAKE(0);
	const uint8 *key = conceal_key(PG_GETARG_BYTEA_PP(1));

	PG_RETURN_SNOWFLAKE(conceal_backward(key, opaque));
}

/*
 * snowflake_conceal_branded - the branded string, in a namespace, of an
 * id's concealed form: snowflake_brand(snowflake_conceal(id, key), ns)
 */
Datum
snowflake_conceal_branded(PG_FUNCTION_ARGS)
{
	Snowflake	id = PG_GETARG_SNOWFLAKE(0);
	const uint8 *key = conceal_key(PG_GETARG_BYTEA_PP(1));
	text	   *ns = PG_GETARG_TEXT_PP(2);
	char		buf[SF_BRAND_LEN + 1];

	conceal_check_namespace(ns);
	sf_format_branded(conceal_forward(key, id), VARDATA_ANY(ns), buf);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(buf, SF_BRAND_LEN));
}

/*
 * snowflake_reveal_branded - the id of a branded concealed string, which
 * must be of the given namespace.  Anything snowflake_conceal_branded
 * cannot have made in that namespace is 22P02: a malformed string, a
 * payload above 2^64-1, another namespace.
 */
Datum
snowflake_reveal_branded(PG_FUNCTION_ARGS)
{
	text	   *branded = PG_GETARG_TEXT_PP(0);
	const uint8 *key = conceal_key(PG_GETARG_BYTEA_PP(1));
	text	   *expected = PG_GETARG_TEXT_PP(2);
	char		ns[SF_BRAND_NS_LEN + 1];
	uint64_t	opaque = 0;

	conceal_check_namespace(expected);
	if (sf_parse_branded(VARDATA_ANY(branded), VARSIZE_ANY_EXHDR(branded),
						 &opaque, ns) != SF_PARSE_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for a concealed snowflake: \"%s\"",
						text_to_cstring(branded))));
	if (memcmp(ns, VARDATA_ANY(expected), SF_BRAND_NS_LEN) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("concealed snowflake \"%s\" is in namespace \"%s\", not \"%s\"",
						text_to_cstring(branded), ns, text_to_cstring(expected))));
	PG_RETURN_SNOWFLAKE(conceal_backward(key, opaque));
}
