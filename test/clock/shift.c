/*
 * test/clock/shift.c: move a server's clocks, for the tests.
 *
 * Built twice by sf_clock_build (test/lib.sh):
 *
 *   shift.so   preloaded into a server (LD_PRELOAD), adds one offset to the
 *              wall clock (CLOCK_REALTIME, CLOCK_REALTIME_COARSE), as
 *              clock_gettime(), gettimeofday() and time() report it, and
 *              another to the monotonic clocks (CLOCK_MONOTONIC,
 *              CLOCK_MONOTONIC_COARSE, CLOCK_MONOTONIC_RAW,
 *              CLOCK_BOOTTIME) as clock_gettime() reports them.  Other
 *              clocks (the CPU-time ones) are left alone.
 *   shift      "shift FILE MS [MONO_MS]" sets the wall clock's offset, and
 *              the monotonic clocks' if MONO_MS is given (else it stays as
 *              it is; 0 in a new file), in milliseconds, that every process
 *              preloading shift.so with SF_CLOCK_FILE=FILE sees from its
 *              next clock call on.  Moving the monotonic clocks back
 *              lengthens the timeouts of the waits then in progress
 *              (WaitLatch measures them on CLOCK_MONOTONIC) by as much; a
 *              latch set, a cancel or a signal still ends them.
 *
 * The offsets are two aligned 64-bit integers, the wall clock's then the
 * monotonic clocks', in a file that the library maps when it loads; a
 * clock call reads the one of its clock with one atomic load.  Nothing on
 * that path takes a lock, allocates, or opens a file, so a clock call made
 * from a signal handler (PostgreSQL's SIGALRM handler reads the clock)
 * cannot deadlock against one it interrupted.  libfaketime, with its
 * offset in a file read on every call, can: fopen() inside the handler
 * waits for the stdio lock held by the fopen() it interrupted.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* The offsets in the file, in milliseconds, in this order. */
#define OFFSET_WALL		0
#define OFFSET_MONO		1
#define OFFSETS			2

#ifndef SHIFT_MAIN

typedef int (*clock_gettime_fn) (clockid_t, struct timespec *);

static volatile int64_t *offset_ms;	/* the mapped offsets, or NULL */
static clock_gettime_fn real_clock_gettime;

/* Map SF_CLOCK_FILE and find the real clock_gettime, once, at load. */
__attribute__((constructor))
static void
shift_init(void)
{
	const char *path = getenv("SF_CLOCK_FILE");
	void	   *p;
	int			fd;

	real_clock_gettime = (clock_gettime_fn) dlsym(RTLD_NEXT, "clock_gettime");
	if (path == NULL || (fd = open(path, O_RDONLY)) < 0)
		return;
	p = mmap(NULL, OFFSETS * sizeof(int64_t), PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (p != MAP_FAILED)
		offset_ms = (volatile int64_t *) p;
}

/* The real clock: through libc's vDSO path, or the system call before load. */
static int
real_clock(clockid_t id, struct timespec *ts)
{
	if (real_clock_gettime != NULL)
		return real_clock_gettime(id, ts);
	return (int) syscall(SYS_clock_gettime, id, ts);
}

/* Which offset moves clock id: OFFSET_WALL, OFFSET_MONO, or -1 (none). */
static int
offset_of(clockid_t id)
{
	switch (id)
	{
		case CLOCK_REALTIME:
		case CLOCK_REALTIME_COARSE:
			return OFFSET_WALL;
		case CLOCK_MONOTONIC:
		case CLOCK_MONOTONIC_COARSE:
		case CLOCK_MONOTONIC_RAW:
		case CLOCK_BOOTTIME:
			return OFFSET_MONO;
		default:
			return -1;
	}
}

int
clock_gettime(clockid_t id, struct timespec *ts)
{
	int64_t		ns;
	int			rc = real_clock(id, ts);
	int			which = offset_of(id);

	if (rc != 0 || offset_ms == NULL || which < 0)
		return rc;
	/*
	 * Nanoseconds since 1970 fit in 63 bits until 2262.  A monotonic clock
	 * moved back past its zero (the boot) reads negative: tv_nsec stays in
	 * [0, 1e9) and tv_sec goes below 0, as a timespec normalizes it.
	 */
	ns = (int64_t) ts->tv_sec * 1000000000 + ts->tv_nsec +
		__atomic_load_n(&offset_ms[which], __ATOMIC_RELAXED) * 1000000;
	ts->tv_sec = (time_t) (ns / 1000000000);
	ts->tv_nsec = (long) (ns % 1000000000);
	if (ts->tv_nsec < 0)
	{
		ts->tv_sec -= 1;
		ts->tv_nsec += 1000000000;
	}
	return 0;
}

int
gettimeofday(struct timeval *tv, void *tz)
{
	struct timespec ts;

	(void) tz;
	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		return -1;
	tv->tv_sec = ts.tv_sec;
	tv->tv_usec = ts.tv_nsec / 1000;
	return 0;
}

time_t
time(time_t *t)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		return (time_t) -1;
	if (t != NULL)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

#else							/* SHIFT_MAIN */

/* A number of milliseconds, or exit. */
static int64_t
parse_ms(const char *arg)
{
	char	   *end;
	long long	ms;

	errno = 0;
	ms = strtoll(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0')
	{
		fprintf(stderr, "shift: not a number of milliseconds: %s\n", arg);
		exit(2);
	}
	return (int64_t) ms;
}

/*
 * shift FILE MS [MONO_MS]: create FILE if need be (both offsets 0), and
 * store MS in it, and MONO_MS if given, each atomically: the wall clock's
 * first, so that a reader between the two stores sees the wall clock
 * moved before the monotonic one.
 */
int
main(int argc, char **argv)
{
	int64_t		wall;
	int64_t		mono = 0;
	int64_t    *p;
	int			fd;

	if (argc != 3 && argc != 4)
	{
		fprintf(stderr, "usage: %s FILE MILLISECONDS [MONOTONIC_MILLISECONDS]\n", argv[0]);
		return 2;
	}
	wall = parse_ms(argv[2]);
	if (argc == 4)
		mono = parse_ms(argv[3]);
	fd = open(argv[1], O_RDWR | O_CREAT, 0644);
	/* a file made short (before the monotonic offset) is filled with 0 */
	if (fd < 0 || ftruncate(fd, OFFSETS * sizeof(int64_t)) != 0)
	{
		perror(argv[1]);
		return 1;
	}
	p = mmap(NULL, OFFSETS * sizeof(int64_t), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
	{
		perror("mmap");
		return 1;
	}
	__atomic_store_n(&p[OFFSET_WALL], wall, __ATOMIC_SEQ_CST);
	if (argc == 4)
		__atomic_store_n(&p[OFFSET_MONO], mono, __ATOMIC_SEQ_CST);
	munmap(p, OFFSETS * sizeof(int64_t));
	close(fd);
	return 0;
}

#endif							/* SHIFT_MAIN */
