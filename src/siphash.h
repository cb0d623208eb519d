/*-------------------------------------------------------------------------
 *
 * siphash.h
 *	  SipHash-2-4, the keyed pseudorandom function of Aumasson and
 *	  Bernstein ("SipHash: a fast short-input PRF", 2012).
 *
 * Plain C with no server dependencies, so that the C unit test checks it
 * against the paper's test vectors.  Concealed ids (conceal.c) use it as
 * the round function of their Feistel network.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SNOWFLAKE_SIPHASH_H
#define SNOWFLAKE_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

/* A SipHash key: 16 bytes */
#define SF_SIPHASH_KEY_LEN	16

/*
 * SipHash-2-4 of the len bytes at data under a 16-byte key: the 64-bit
 * value whose little-endian bytes are the paper's output.
 */
extern uint64_t sf_siphash24(const uint8_t key[SF_SIPHASH_KEY_LEN],
							 const uint8_t *data, size_t len);

#endif							/* SNOWFLAKE_SIPHASH_H */
