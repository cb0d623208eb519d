/*-------------------------------------------------------------------------
 *
 * siphash.c
 *	  SipHash-2-4, written from the description in the paper (Aumasson and
 *	  Bernstein, "SipHash: a fast short-input PRF", INDOCRYPT 2012).
 *
 * The state is four 64-bit words.  The key's two little-endian words are
 * XORed into four constants (the ASCII of "somepseudorandomlygeneratedbytes").
 * Each 8-byte word of the message, read little-endian, is XORed into v3,
 * mixed by c = 2 SipRounds and XORed into v0; the last word holds the
 * bytes left over and, in its top byte, the message's length modulo 256.
 * Finalization XORs 0xff into v2, runs d = 4 SipRounds and returns the XOR
 * of the four words.
 *
 *-------------------------------------------------------------------------
 */
#include "siphash.h"

/* Rotate x left by b bits (0 < b < 64). */
static inline uint64_t
rotl64(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

/* Read 8 bytes as a little-endian word, whatever the machine's order. */
static inline uint64_t
load_le64(const uint8_t *p)
{
	return (uint64_t) p[0] |
		((uint64_t) p[1] << 8) |
		((uint64_t) p[2] << 16) |
		((uint64_t) p[3] << 24) |
		((uint64_t) p[4] << 32) |
		((uint64_t) p[5] << 40) |
		((uint64_t) p[6] << 48) |
		((uint64_t) p[7] << 56);
}

/*
 * One SipRound: two add-rotate-xor half rounds on (v0, v1) and (v2, v3),
 * then the pairs cross (v0 with v3, v2 with v1).
 */
static inline void
sip_round(uint64_t v[4])
{
	v[0] += v[1];
	v[1] = rotl64(v[1], 13);
	v[1] ^= v[0];
	v[0] = rotl64(v[0], 32);
	v[2] += v[3];
	v[3] = rotl64(v[3], 16);
	v[3] ^= v[2];
	v[0] += v[3];
	v[3] = rotl64(v[3], 21);
	v[3] ^= v[0];
	v[2] += v[1];
	v[1] = rotl64(v[1], 17);
	v[1] ^= v[2];
	v[2] = rotl64(v[2], 32);
}

/* Absorb one message word: two SipRounds between the XORs. */
static inline void
sip_compress(uint64_t v[4], uint64_t m)
{
	v[3] ^= m;
	sip_round(v);
	sip_round(v);
	v[0] ^= m;
}

/*
 * sf_siphash24 - SipHash-2-4 of len bytes under a 16-byte key
 */
uint64_t
sf_siphash24(const uint8_t key[SF_SIPHASH_KEY_LEN], const uint8_t *data,
			 size_t len)
{
	uint64_t	k0 = load_le64(key);
	uint64_t	k1 = load_le64(key + 8);
	uint64_t	v[4];
	uint64_t	last;
	size_t		whole = len - len % 8;
	size_t		i;

	v[0] = k0 ^ UINT64_C(0x736f6d6570736575);
	v[1] = k1 ^ UINT64_C(0x646f72616e646f6d);
	v[2] = k0 ^ UINT64_C(0x6c7967656e657261);
	v[3] = k1 ^ UINT64_C(0x7465646279746573);

	for (i = 0; i < whole; i += 8)
		sip_compress(v, load_le64(data + i));

	/* the 0 to 7 bytes left, and the length modulo 256 in the top byte */
	last = (uint64_t) (len & 0xff) << 56;
	for (i = whole; i < len; i++)
		last |= (uint64_t) data[i] << (8 * (i - whole));
	sip_compress(v, last);

	v[2] ^= 0xff;
	sip_round(v);
	sip_round(v);
	sip_round(v);
	sip_round(v);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}
