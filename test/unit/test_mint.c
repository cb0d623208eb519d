/*
 * test_mint.c: the minting step (src/snowflake.h) under a clock the test
 * controls: standing still, going back, at the end of the range, and with
 * the worker changing between calls.  Every id must be unique, and the ids
 * of one worker strictly increasing.  Then the lead (sf_mint_time,
 * sf_mint_wait_ms) on a simulated server whose wall clock steps while its
 * monotonic clock does not: bursts never run more than the bound ahead of
 * time, and a clock that steps back costs no waiting.
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

/*
 * A simulated server: its two clocks in microseconds, the shared state and
 * the lead's offset as mint.c keeps them, and what waiting cost.  A mint
 * that must wait moves both clocks on by the wait, as a sleep would.
 */
typedef struct Sim
{
	uint64_t	last;
	int64_t		wall_us;
	int64_t		mono_us;
	int64_t		offset;			/* the lead's time minus mono_us */
	int64_t		kept_ms;		/* the wall's ms when the offset was kept */
	int64_t		lead_ms;
	int64_t		waited_ms;		/* all the waits */
	int64_t		max_lead_ms;	/* the most an id ran ahead of the time */
	uint64_t	prev;			/* the last id, for the order */
	uint64_t	disorder;		/* ids not above the one before */
} Sim;

static void
sim_start(Sim *s, int64_t wall_ms, int64_t lead_ms)
{
	s->last = 0;
	s->wall_us = wall_ms * 1000;
	s->mono_us = INT64_C(5000000);	/* up for 5 s */
	s->offset = 0;
	s->kept_ms = -1;
	s->lead_ms = lead_ms;
	s->waited_ms = 0;
	s->max_lead_ms = 0;
	s->prev = 0;
	s->disorder = 0;
}

static void
sim_sleep(Sim *s, int64_t us)
{
	s->wall_us += us;
	s->mono_us += us;
}

/* One mint, as mint() in mint.c makes it; false if no id is left. */
static bool
sim_mint(Sim *s)
{
	for (;;)
	{
		uint64_t	next;
		int64_t		time = s->wall_us;
		int64_t		wait;

		if (!sf_mint_step(s->last, s->wall_us / 1000, &next))
			return false;
		/* the hot path: within the bound of the wall clock, kept this ms */
		if (s->wall_us / 1000 != s->kept_ms ||
			sf_mint_wait_ms(next, s->wall_us, s->lead_ms) > 0)
		{
			time = sf_mint_time(s->mono_us + s->offset, s->wall_us, s->last);
			if (time > s->mono_us + s->offset + 1000 ||
				time < s->mono_us + s->offset - 1000)
				s->offset = time - s->mono_us;
			s->kept_ms = s->wall_us / 1000;
			wait = sf_mint_wait_ms(next, time, s->lead_ms);
			if (wait > 0)
			{
				sim_sleep(s, wait * 1000);
				s->waited_ms += wait;
				continue;
			}
		}
		if ((int64_t) (next >> SF_SEQUENCE_BITS) - time / 1000 > s->max_lead_ms)
			s->max_lead_ms = (int64_t) (next >> SF_SEQUENCE_BITS) - time / 1000;
		if (next <= s->prev)
			s->disorder++;
		s->prev = s->last = next;
		return true;
	}
}

/* n mints, one every gap_us microseconds (0: a burst). */
static bool
sim_run(Sim *s, int64_t n, int64_t gap_us)
{
	bool		ok = true;

	for (int64_t i = 0; i < n; i++)
	{
		ok &= sim_mint(s);
		sim_sleep(s, gap_us);
	}
	return ok;
}

/* The last id's distance to the wall clock, in ms. */
static int64_t
sim_ids_ahead_ms(Sim *s)
{
	return (int64_t) (s->last >> SF_SEQUENCE_BITS) - s->wall_us / 1000;
}

static void
check_lead(const int64_t t0)
{
	Sim			s;

	/* A burst within the bound waits for nothing. */
	sim_start(&s, t0, 1000);
	CHECK(sim_run(&s, 4000000, 0));
	CHECK(s.waited_ms == 0 && s.max_lead_ms <= 1000 && s.disorder == 0);
	CHECK(sim_ids_ahead_ms(&s) == 4000000 / 4096);

	/*
	 * A burst past it: ids never more than the bound ahead; waits take it on
	 * at 4096 ids a millisecond.
	 */
	sim_start(&s, t0, 1000);
	CHECK(sim_run(&s, 10000000, 0));
	CHECK(s.max_lead_ms == 1000 && s.disorder == 0);
	CHECK(s.waited_ms >= 10000000 / 4096 - 1001 && s.waited_ms <= 10000000 / 4096 - 999);
	/* ... and with the bound 0: never ahead of the clock's millisecond */
	sim_start(&s, t0, 0);
	CHECK(sim_run(&s, 1000000, 0));
	CHECK(s.max_lead_ms == 0 && s.disorder == 0 && sim_ids_ahead_ms(&s) == 0);

	/*
	 * The wall clock steps back 10 minutes under a steady 1,000 ids a second:
	 * no wait, the ids go on from where they were, and the clock catches up
	 * with them.
	 */
	sim_start(&s, t0, 1000);
	CHECK(sim_run(&s, 1000, 1000));
	s.wall_us -= INT64_C(600000000);
	CHECK(sim_run(&s, 100000, 1000));
	CHECK(s.waited_ms == 0 && s.disorder == 0);
	CHECK(sim_ids_ahead_ms(&s) >= 500000 - 100);
	/* ... a burst then runs at most the bound past where the ids are */
	{
		int64_t		before = (int64_t) (s.last >> SF_SEQUENCE_BITS);

		CHECK(sim_run(&s, 10000000, 0));
		CHECK(s.disorder == 0 && s.max_lead_ms <= 1000);
		CHECK((int64_t) (s.last >> SF_SEQUENCE_BITS) - before <= 1000 + s.waited_ms + 1);
	}

	/*
	 * It steps back 30 s while a burst waits at the bound: the burst goes on
	 * at 4096 ids a millisecond, not 30 s later.
	 */
	sim_start(&s, t0, 1000);
	CHECK(sim_run(&s, 5000000, 0));
	s.wall_us -= INT64_C(30000000);
	{
		int64_t		waited = s.waited_ms;

		CHECK(sim_run(&s, 4096 * 5000, 0));
		CHECK(s.waited_ms - waited <= 5000 + 2 && s.disorder == 0);
	}

	/*
	 * With the bound 0, after a step back: a full millisecond moves on to
	 * the next at once, and minting goes on at 4096 ids a millisecond.
	 */
	sim_start(&s, t0, 0);
	CHECK(sim_run(&s, 1000, 1000));
	s.wall_us -= INT64_C(60000000);
	CHECK(sim_run(&s, 4096 * 100, 0));
	CHECK(s.waited_ms <= 101 && s.disorder == 0 && s.max_lead_ms <= 1);

	/*
	 * The wall clock steps forward an hour, a burst follows it, and it steps
	 * back: the lead's time follows both steps although the hot path keeps
	 * it only once a millisecond, and the next burst does not wait an hour.
	 */
	sim_start(&s, t0, 1000);
	CHECK(sim_run(&s, 1000, 1000));
	s.wall_us += INT64_C(3600000000);
	CHECK(sim_run(&s, 100000, 0));
	s.wall_us -= INT64_C(3600000000);
	CHECK(sim_run(&s, 100000, 0));
	CHECK(s.waited_ms == 0 && s.disorder == 0);

	/*
	 * A clock that ran 10 s ahead, and is corrected: at a steady 1,000 ids a
	 * second the clock catches up with the ids, which carry its time again.
	 */
	sim_start(&s, t0, 1000);
	s.wall_us += INT64_C(10000000);
	CHECK(sim_run(&s, 1000, 1000));
	s.wall_us -= INT64_C(10000000);
	CHECK(sim_run(&s, 15000, 1000));
	CHECK(s.waited_ms == 0 && s.disorder == 0 && sim_ids_ahead_ms(&s) <= 0);

	/*
	 * A restart: the state starts at the recorded mark, 2 s ahead of the
	 * clock, and the time with it (mint_time_resume): the first ids come at
	 * once, and a burst runs the bound past the mark.
	 */
	sim_start(&s, t0, 1000);
	s.last = (uint64_t) (t0 + 2000) << SF_SEQUENCE_BITS;
	s.prev = s.last;
	s.offset = (t0 + 2000) * 1000 - s.mono_us;
	CHECK(sim_mint(&s) && s.waited_ms == 0 && sim_ids_ahead_ms(&s) == 2000);
	CHECK(sim_run(&s, 10000000, 0));
	CHECK(s.disorder == 0 && s.max_lead_ms <= 1000);
	/* without the resume, the first id would wait a second */
	sim_start(&s, t0, 1000);
	s.last = (uint64_t) (t0 + 2000) << SF_SEQUENCE_BITS;
	CHECK(sim_mint(&s) && s.waited_ms >= 999);

	/* The time itself: between the wall clock and the ids. */
	CHECK(sf_mint_time(5, 10, 0) == 10);
	CHECK(sf_mint_time(15, 10, 0) == 15);
	CHECK(sf_mint_time(1500, 10, 0) == 1000);
	CHECK(sf_mint_time(150000, 100000, 0) == 100000);
	CHECK(sf_mint_time(15000, 10000, (uint64_t) 20 << SF_SEQUENCE_BITS) == 15000);
	CHECK(sf_mint_time(25000, 10000, (uint64_t) 20 << SF_SEQUENCE_BITS) == 21000);
	CHECK(sf_mint_wait_ms((uint64_t) 1010 << SF_SEQUENCE_BITS, 9999, 1000) == 1);
	CHECK(sf_mint_wait_ms((uint64_t) 1009 << SF_SEQUENCE_BITS, 9999, 1000) == 0);
	CHECK(sf_mint_wait_ms(0, -5, 0) == 0);
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

	check_lead(t0);

	CHECK(all_ok);
	return check_report("mint");
}
