/*-------------------------------------------------------------------------
 *
 * parse.h
 *	  Parsers and formatters for the text forms of a snowflake id.
 *
 * Plain C with no server dependencies, so that the same code runs in the
 * server, in the C unit tests and under a fuzzer.  The callers in the
 * server turn the status codes into ereport()s.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SNOWFLAKE_PARSE_H
#define SNOWFLAKE_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum SfParseStatus
{
	SF_PARSE_OK = 0,
	SF_PARSE_SYNTAX,			/* not of the form: 22P02 */
	SF_PARSE_RANGE				/* well formed, but the value does not fit:
								 * 22003 */
} SfParseStatus;

/* Longest decimal form of an id, without the terminating NUL */
#define SF_DECIMAL_MAXLEN	20

/*
 * Parse an unsigned decimal id from a NUL-terminated string: optional
 * whitespace, an optional '+', one or more digits, optional whitespace.
 * A '-' sign in front of digits is well formed but out of range.
 */
extern SfParseStatus sf_parse_decimal(const char *str, uint64_t *result);

/*
 * Write the decimal form of an id into buf, which must hold at least
 * SF_DECIMAL_MAXLEN + 1 bytes.  Returns the length written.
 */
extern size_t sf_format_decimal(uint64_t id, char *buf);

/*
 * Branded strings: a namespace of 3 letters A-Z, then the id in base62
 * (0-9A-Za-z), 11 digits, most significant first, zero-padded.  Fixed
 * width, so text order is id order within a namespace.
 */
#define SF_BRAND_NS_LEN			3
#define SF_BRAND_PAYLOAD_LEN	11
#define SF_BRAND_LEN			(SF_BRAND_NS_LEN + SF_BRAND_PAYLOAD_LEN)

/* Is ns (len bytes) a namespace: exactly 3 letters A-Z? */
extern bool sf_namespace_valid(const char *ns, size_t len);

/*
 * Parse a branded string of len bytes.  On success *result is the id and
 * ns (if not NULL) receives the namespace, NUL-terminated.  A payload above
 * the largest id (LygHa16AHYF) is SF_PARSE_RANGE.
 */
extern SfParseStatus sf_parse_branded(const char *str, size_t len,
									  uint64_t *result, char *ns);

/*
 * Write namespace ns (3 valid letters) and the id's payload into buf, which
 * must hold SF_BRAND_LEN + 1 bytes.
 */
extern void sf_format_branded(uint64_t id, const char *ns, char *buf);

/*
 * Stream ids, as Valkey/Redis XADD and XRANGE write them: "<unix_ms>-<tail>",
 * the real Unix millisecond and the low 22 bits (worker << 12 | sequence),
 * both decimal.  Longest: 13 + 1 + 7 characters.
 */
#define SF_STREAM_ID_MAXLEN		21

/*
 * Parse a stream id of len bytes: digits, '-', digits.  A millisecond
 * outside the ids' range or a tail above 4194303 is SF_PARSE_RANGE.
 */
extern SfParseStatus sf_parse_stream_id(const char *str, size_t len,
										uint64_t *result);

/* Write the stream id of an id into buf (SF_STREAM_ID_MAXLEN + 1 bytes). */
extern size_t sf_format_stream_id(uint64_t id, char *buf);

#endif							/* SNOWFLAKE_PARSE_H */
