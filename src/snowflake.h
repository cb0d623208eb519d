/*-------------------------------------------------------------------------
 *
 * snowflake.h
 *	  The bit layout of a snowflake id: the single source of truth.
 *
 * A snowflake is an unsigned 64-bit word:
 *
 *	  63                     22 21        12 11          0
 *	  +------------------------+------------+-------------+
 *	  |  timestamp (42 bits)   | worker(10) | sequence(12)|
 *	  +------------------------+------------+-------------+
 *
 * The timestamp counts milliseconds since SF_EPOCH_UNIX_MS
 * (2024-01-01 00:00:00 UTC).  Because it sits in the high bits, unsigned
 * integer order is time order.  The low 22 bits (worker and sequence) are
 * called the "tail".
 *
 * This header is plain C on purpose: it needs nothing from the server, so
 * that the parsers, the generator core and their tests can be built and
 * fuzzed outside PostgreSQL.  Every other file takes its constants from here.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SNOWFLAKE_H
#define SNOWFLAKE_H

#include <stdbool.h>
#include <stdint.h>

/* Field widths */
#define SF_SEQUENCE_BITS	12
#define SF_WORKER_BITS		10
#define SF_TIMESTAMP_BITS	42

/* Field positions */
#define SF_WORKER_SHIFT		SF_SEQUENCE_BITS
#define SF_TIMESTAMP_SHIFT	(SF_SEQUENCE_BITS + SF_WORKER_BITS)

/* Field limits (each is also the field's mask once shifted down) */
#define SF_SEQUENCE_MAX		((UINT64_C(1) << SF_SEQUENCE_BITS) - 1) /* 4095 */
#define SF_WORKER_MAX		((UINT64_C(1) << SF_WORKER_BITS) - 1)	/* 1023 */
#define SF_TIMESTAMP_MAX	((UINT64_C(1) << SF_TIMESTAMP_BITS) - 1)
#define SF_TAIL_MAX			((UINT64_C(1) << SF_TIMESTAMP_SHIFT) - 1)	/* 0x3FFFFF */

/* The whole value range */
#define SF_MIN				UINT64_C(0)
#define SF_MAX				UINT64_MAX

/* The epoch, as a Unix millisecond */
#define SF_EPOCH_UNIX_MS	INT64_C(1704067200000)

/*
 * The epoch as PostgreSQL counts time: microseconds since 2000-01-01 UTC.
 * 2000-01-01 to 2024-01-01 is 8766 days (24 years, 6 of them leap years).
 */
#define SF_USEC_PER_MS		INT64_C(1000)
#define SF_EPOCH_PG_USEC	(INT64_C(8766) * INT64_C(86400000000))

/* Field extraction: one shift and one mask each. */
static inline uint64_t
sf_get_timestamp(uint64_t id)
{
	return id >> SF_TIMESTAMP_SHIFT;
}

static inline uint32_t
sf_get_worker(uint64_t id)
{
	return (uint32_t) ((id >> SF_WORKER_SHIFT) & SF_WORKER_MAX);
}

static inline uint32_t
sf_get_sequence(uint64_t id)
{
	return (uint32_t) (id & SF_SEQUENCE_MAX);
}

static inline uint32_t
sf_get_tail(uint64_t id)
{
	return (uint32_t) (id & SF_TAIL_MAX);
}

/*
 * Compose an id from fields that the caller has already range-checked
 * (ms <= SF_TIMESTAMP_MAX, tail <= SF_TAIL_MAX).
 */
static inline uint64_t
sf_compose_tail(uint64_t ms, uint32_t tail)
{
	return (ms << SF_TIMESTAMP_SHIFT) | (uint64_t) tail;
}

static inline uint64_t
sf_compose(uint64_t ms, uint32_t worker, uint32_t sequence)
{
	return sf_compose_tail(ms, (worker << SF_WORKER_SHIFT) | sequence);
}

/* The smallest and the largest id of one millisecond. */
static inline uint64_t
sf_ms_floor(uint64_t ms)
{
	return sf_compose_tail(ms, 0);
}

static inline uint64_t
sf_ms_ceil(uint64_t ms)
{
	return sf_compose_tail(ms, (uint32_t) SF_TAIL_MAX);
}

/*
 * Where an instant falls relative to the representable milliseconds.
 *
 * The instant is given the way PostgreSQL stores a timestamptz, in
 * microseconds since 2000-01-01 UTC; the infinities (INT64_MIN and
 * INT64_MAX) fall naturally into SF_INSTANT_BEFORE and SF_INSTANT_AFTER.
 * For SF_INSTANT_IN, *ms is the instant's millisecond since the snowflake
 * epoch, truncated toward the past.
 */
typedef enum SfInstant
{
	SF_INSTANT_BEFORE = -1,		/* before the epoch */
	SF_INSTANT_IN = 0,			/* within [epoch, epoch + 2^42 ms) */
	SF_INSTANT_AFTER = 1		/* at or past epoch + 2^42 ms */
} SfInstant;

static inline SfInstant
sf_classify_pg_usec(int64_t usec, uint64_t *ms)
{
	uint64_t	m;

	if (usec < SF_EPOCH_PG_USEC)
		return SF_INSTANT_BEFORE;
	/* usec >= epoch > 0, so the difference cannot overflow */
	m = (uint64_t) (usec - SF_EPOCH_PG_USEC) / (uint64_t) SF_USEC_PER_MS;
	if (m > SF_TIMESTAMP_MAX)
		return SF_INSTANT_AFTER;
	*ms = m;
	return SF_INSTANT_IN;
}

/* The first microsecond (PostgreSQL clock) of a snowflake millisecond. */
static inline int64_t
sf_ms_to_pg_usec(uint64_t ms)
{
	/* ms <= 2^42 - 1, so this stays far below INT64_MAX */
	return (int64_t) ms * SF_USEC_PER_MS + SF_EPOCH_PG_USEC;
}

/* The instant of an id (PostgreSQL clock): its millisecond's first microsecond. */
static inline int64_t
sf_id_to_pg_usec(uint64_t id)
{
	return sf_ms_to_pg_usec(sf_get_timestamp(id));
}

/*
 * The ids whose millisecond lies in a range of instants, the meaning of
 * "snowflake_timestamp(id) <@ range".
 *
 * Bounds are PostgreSQL microseconds (infinities included); a missing bound
 * is unbounded.  An id's instant is the first microsecond of its
 * millisecond, so an inclusive lower bound rounds up to a whole millisecond
 * ([18:00:00.0005, ...) starts at 18:00:00.001) and an inclusive upper bound
 * rounds down.  Returns false when no id qualifies; otherwise the ids are
 * exactly those in [*id_lo, *id_hi].
 */
static inline bool
sf_instant_range_ids(bool has_lower, int64_t lower, bool lower_inc,
					 bool has_upper, int64_t upper, bool upper_inc,
					 uint64_t *id_lo, uint64_t *id_hi)
{
	uint64_t	ms_lo = 0;
	uint64_t	ms_hi = SF_TIMESTAMP_MAX;

	/* A lower bound before the epoch admits every millisecond. */
	if (has_lower && lower >= SF_EPOCH_PG_USEC)
	{
		uint64_t	d = (uint64_t) (lower - SF_EPOCH_PG_USEC);

		/* inclusive: ms * 1000 >= d; exclusive: ms * 1000 > d */
		ms_lo = lower_inc ? (d + 999) / 1000 : d / 1000 + 1;
		if (ms_lo > SF_TIMESTAMP_MAX)
			return false;
	}

	if (has_upper)
	{
		uint64_t	d;
		uint64_t	m;

		/* Every id is at or after the epoch. */
		if (upper < SF_EPOCH_PG_USEC)
			return false;
		d = (uint64_t) (upper - SF_EPOCH_PG_USEC);
		if (upper_inc)
			m = d / 1000;		/* ms * 1000 <= d */
		else if (d == 0)
			return false;
		else
			m = (d - 1) / 1000; /* ms * 1000 < d */
		if (m < ms_hi)
			ms_hi = m;
	}

	if (ms_lo > ms_hi)
		return false;
	*id_lo = sf_ms_floor(ms_lo);
	*id_hi = sf_ms_ceil(ms_hi);
	return true;
}

/*
 * Minting.
 *
 * A generator's state is the last (millisecond << 12 | sequence) it handed
 * out, whatever the worker.  The next one is max(now, last + 1) in that
 * space, so ids come out strictly increasing and never repeat: more than
 * 4096 in one millisecond carry into the next millisecond (running ahead of
 * the clock), and a clock that goes back is ignored until it catches up.
 * The server keeps one such state in shared memory and advances it with
 * compare-and-swap; this step decides every id.
 *
 * How far ahead a burst may run is bounded apart (sf_mint_time,
 * sf_mint_wait_ms): past the bound a mint waits, and then takes the step's
 * id of that moment.  The bound decides when, never which.
 */
#define SF_MINT_STATE_MAX	((SF_TIMESTAMP_MAX << SF_SEQUENCE_BITS) | SF_SEQUENCE_MAX)

/*
 * The state after last, at clock now_ms (milliseconds since the epoch; a
 * clock before the epoch counts as 0).  Returns false when no id is left:
 * the state is at the last millisecond's last sequence, or the clock has
 * passed the last representable millisecond.
 */
static inline bool
sf_mint_step(uint64_t last, int64_t now_ms, uint64_t *next)
{
	uint64_t	candidate;

	if (now_ms < 0)
		now_ms = 0;
	if ((uint64_t) now_ms > SF_TIMESTAMP_MAX || last >= SF_MINT_STATE_MAX)
		return false;
	candidate = (uint64_t) now_ms << SF_SEQUENCE_BITS;
	*next = candidate > last ? candidate : last + 1;
	return true;
}

/* The id a worker gets for a minting state. */
static inline uint64_t
sf_mint_id(uint64_t state, uint32_t worker)
{
	return sf_compose(state >> SF_SEQUENCE_BITS, worker,
					  (uint32_t) (state & SF_SEQUENCE_MAX));
}

/*
 * The time the bound is measured from, in microseconds since the epoch:
 * "mono", the monotonic clock's reading moved to the wall clock's scale,
 * kept between the wall clock and the later of the wall clock and the
 * millisecond after the last id's.  So it follows the wall clock while the
 * ids do; after the wall clock steps back it goes on from where the ids
 * are, at the monotonic clock's rate, and never runs more than a
 * millisecond past them: with a bound of 0 a full millisecond still moves
 * on to the next.
 */
static inline int64_t
sf_mint_time(int64_t mono_us, int64_t wall_us, uint64_t last)
{
	int64_t		ids_us = ((int64_t) (last >> SF_SEQUENCE_BITS) + 1) * SF_USEC_PER_MS;
	int64_t		high = ids_us > wall_us ? ids_us : wall_us;

	if (mono_us < wall_us)
		return wall_us;
	if (mono_us > high)
		return high;
	return mono_us;
}

/*
 * How many milliseconds a mint of state next waits at time time_us
 * (sf_mint_time) when ids may run lead_ms ahead of it: 0 when next's
 * millisecond is at most lead_ms past time's.
 */
static inline int64_t
sf_mint_wait_ms(uint64_t next, int64_t time_us, int64_t lead_ms)
{
	int64_t		next_ms = (int64_t) (next >> SF_SEQUENCE_BITS);
	int64_t		time_ms = time_us < 0 ? 0 : time_us / SF_USEC_PER_MS;

	return next_ms > time_ms + lead_ms ? next_ms - time_ms - lead_ms : 0;
}

#endif							/* SNOWFLAKE_H */
