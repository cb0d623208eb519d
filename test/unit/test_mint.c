/*
 * test_mint.c: the minting step (src/snowflake.h) under a clock the test
 * controls: standing still, going back, at the end of the range, and with
 * the worker changing between calls.  Every id must be unique, and the ids
 * of one worker strictly increasing.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "snowflake.h"
#include "check.h"


/* A generator with an injectable clock, as the server runs it. */
typedef struct Gen
{
	uint64_t	state;
	int64_t		clock_ms;
} Gen;

/* Every id minted in a scenario, to check uniqueness and order. */
typedef struct Minted
{
	uint64_t   *ids;
	uint32_t   *workers;
	size_t		n;
	size_t		cap;
} Minted;

static bool
mint(Gen *g, uint32_t worker, Minted *m)
{
	uint64_t	next;

	if (!sf_mint_step(g->state, g->clock_ms, &next))
		return false;
	g->state = next;
	if (m->n == m->cap)
	{
		m->cap = m->cap ? m->cap * 2 : 1024;
		m->ids = realloc(m->ids, m->cap * sizeof(uint64_t));
		m->workers = realloc(m->workers, m->cap * sizeof(uint32_t));
	}
	m->ids[m->n] = sf_mint_id(next, worker);
	m->workers[m->n] = worker;
	m->n++;
	return true;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return (x > y) - (x < y);
}

/* Unique overall, strictly increasing per worker, the worker field right. */
static void
check_minted(const char *scenario, Minted *m)
{
	uint64_t	last[SF_WORKER_MAX + 1];
	bool		seen[SF_WORKER_MAX + 1] = {false};
	uint64_t   *sorted;
	size_t		i;
	size_t		order_errors = 0;
	size_t		dups = 0;
	size_t		bad_worker = 0;

	for (i = 0; i < m->n; i++)
	{
		uint32_t	w = m->workers[i];

		if (sf_get_worker(m->ids[i]) != w)
			bad_worker++;
		if (seen[w] && m->ids[i] <= last[w])
			order_errors++;
		seen[w] = true;
		last[w] = m->ids[i];
	}
	sorted = malloc(m->n * sizeof(uint64_t));
	for (i = 0; i < m->n; i++)
		sorted[i] = m->ids[i];
	qsort(sorted, m->n, sizeof(uint64_t), cmp_u64);
	for (i = 1; i < m->n; i++)
		if (sorted[i] == sorted[i - 1])
			dups++;
	free(sorted);

	if (order_errors || dups || bad_worker)
		printf("FAIL %s: %zu ids, %zu out of order, %zu duplicates, %zu wrong worker\n",
			   scenario, m->n, order_errors, dups, bad_worker);
	CHECK(order_errors == 0 && dups == 0 && bad_worker == 0);
	free(m->ids);
	free(m->workers);
	m->ids = NULL;
	m->workers = NULL;
	m->n = m->cap = 0;
}

int
main(void)
{
	Minted		m = {0};
	Gen			g;
	int			i;
	bool		all_ok = true;	/* every mint in the loops succeeded */
	const int64_t t0 = INT64_C(76185600000);	/* 2026-05-31 18:40:00 */

	/* The first id of a millisecond has sequence 0. */
	g.state = 0;
	g.clock_ms = t0;
	CHECK(mint(&g, 7, &m));
	CHECK(m.ids[0] == sf_compose((uint64_t) t0, 7, 0));
	CHECK(mint(&g, 7, &m) && m.ids[1] == sf_compose((uint64_t) t0, 7, 1));
	check_minted("first ids", &m);

	/* A clock that stands still for 10,000 calls borrows the next ms. */
	g.state = 0;
	g.clock_ms = t0;
	for (i = 0; i < 10000; i++)
		all_ok &= mint(&g, 7, &m);
	CHECK(sf_get_timestamp(m.ids[4095]) == (uint64_t) t0 &&
		  sf_get_sequence(m.ids[4095]) == 4095);
	CHECK(sf_get_timestamp(m.ids[4096]) == (uint64_t) t0 + 1 &&
		  sf_get_sequence(m.ids[4096]) == 0);
	CHECK(sf_get_timestamp(m.ids[9999]) == (uint64_t) t0 + 2);
	/* when the clock moves on, minting follows it again */
	g.clock_ms = t0 + 10;
	CHECK(mint(&g, 7, &m) && m.ids[10000] == sf_compose((uint64_t) t0 + 10, 7, 0));
	check_minted("clock standing still", &m);

	/* A clock that goes back by seconds: minting continues from the last. */
	g.state = 0;
	g.clock_ms = t0;
	for (i = 0; i < 100; i++)
		all_ok &= mint(&g, 3, &m);
	g.clock_ms = t0 - 5000;
	for (i = 0; i < 100; i++)
		all_ok &= mint(&g, 3, &m);
	CHECK(sf_get_timestamp(m.ids[199]) == (uint64_t) t0);
	/* back and forth, repeatedly */
	for (i = 0; i < 5000; i++)
	{
		g.clock_ms = t0 + (i % 7 == 0 ? -3000 : i / 10);
		all_ok &= mint(&g, 3, &m);
	}
	check_minted("clock going back", &m);

	/* The worker changes between calls: unique, increasing per worker. */
	g.state = 0;
	g.clock_ms = t0;
	for (i = 0; i < 20000; i++)
	{
		if (i % 1000 == 0)
			g.clock_ms++;
		all_ok &= mint(&g, (uint32_t) (i * 37 % 5), &m);
	}
	check_minted("worker changes", &m);

	/* The ms field at its last value: the last 4096 ids, then no more. */
	g.state = 0;
	g.clock_ms = (int64_t) SF_TIMESTAMP_MAX;
	for (i = 0; i < 4096; i++)
		all_ok &= mint(&g, SF_WORKER_MAX, &m);
	CHECK(m.ids[4095] == UINT64_MAX);
	CHECK(!mint(&g, SF_WORKER_MAX, &m));
	CHECK(!mint(&g, 0, &m));
	check_minted("last millisecond", &m);
	/* ... also when the state got there by borrowing */
	g.state = SF_MINT_STATE_MAX - 1;
	g.clock_ms = t0;
	CHECK(mint(&g, 1, &m));
	CHECK(!mint(&g, 1, &m));
	check_minted("borrowed to the end", &m);

	/*
	 * A clock past the last millisecond mints nothing; a clock before the
	 * epoch counts as the epoch.  (State 0 is where a generator starts, so
	 * the epoch's very first state is never handed out.)
	 */
	g.state = 0;
	g.clock_ms = (int64_t) SF_TIMESTAMP_MAX + 1;
	CHECK(!mint(&g, 1, &m));
	g.clock_ms = -86400000;
	CHECK(mint(&g, 1, &m) && m.ids[0] == sf_compose(0, 1, 1));
	check_minted("clock outside the range", &m);

	CHECK(all_ok);
	return check_report("mint");
}
