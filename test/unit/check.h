/*
 * check.h: the few lines every C unit test shares.  Each test counts its
 * checks and ends with "NAME: N passed, N failed".
 */
#ifndef SNOWFLAKE_TEST_CHECK_H
#define SNOWFLAKE_TEST_CHECK_H

#include <stdio.h>

static int	passed;
static int	failed;

#define CHECK(cond) \
	do { \
		if (cond) \
			passed++; \
		else \
		{ \
			failed++; \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
		} \
	} while (0)

/* Print the closing line; the exit status of main. */
static int
check_report(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, passed, failed);
	return failed != 0;
}

#endif							/* SNOWFLAKE_TEST_CHECK_H */
