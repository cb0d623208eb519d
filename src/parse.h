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

#endif							/* SNOWFLAKE_PARSE_H */
