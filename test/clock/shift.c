/*
 * test/clock/shift.c: move a server's wall clock, for the tests.
 *
 * Built twice by sf_clock_build (test/lib.sh):
 *
 *   shift.so   preloaded into a server (LD_PRELOAD), adds an offset to
 *              CLOCK_REALTIME as clock_gettime(), gettimeofday() and time()
 *              report it.  The monotonic clocks are left alone.
 *   shift      "shift FILE MS" sets the offset, in milliseconds, that every
 *              process preloading shift.so with SF_CLOCK_FILE=FILE sees
 *              from its next clock call on.
 *
 * The offset is one aligned 64-bit integer in a file that the library maps
 * when it loads; a clock call reads it with one atomic load.  Nothing on
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

#ifndef SHIFT_MAIN

typedef int (*clock_gettime_fn) (clockid_t, struct timespec *);

static volatile int64_t *offset_ms;	/* the mapped offset, or NULL */
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
	p = mmap(NULL, sizeof(int64_t), PROT_READ, MAP_SHARED, fd, 0);
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

static int
is_realtime(clockid_t id)
{
	return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE;
}

int
clock_gettime(clockid_t id, struct timespec *ts)
{
	int64_t		ns;
	int			rc = real_clock(id, ts);

	if (rc != 0 || offset_ms == NULL || !is_realtime(id))
		return rc;
	/* nanoseconds since 1970 fit in 63 bits until 2262 */
	ns = (int64_t) ts->tv_sec * 1000000000 + ts->tv_nsec +
		__atomic_load_n(offset_ms, __ATOMIC_RELAXED) * 1000000;
	ts->tv_sec = (time_t) (ns / 1000000000);
	ts->tv_nsec = (long) (ns % 1000000000);
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

/* shift FILE MS: create FILE if need be, and store MS in it atomically. */
int
main(int argc, char **argv)
{
	char	   *end;
	long long	ms;
	void	   *p;
	int			fd;

	if (argc != 3)
	{
		fprintf(stderr, "usage: %s FILE MILLISECONDS\n", argv[0]);
		return 2;
	}
	errno = 0;
	ms = strtoll(argv[2], &end, 10);
	if (errno != 0 || end == argv[2] || *end != '\0')
	{
		fprintf(stderr, "shift: not a number of milliseconds: %s\n", argv[2]);
		return 2;
	}
	fd = open(argv[1], O_RDWR | O_CREAT, 0644);
	if (fd < 0 || ftruncate(fd, sizeof(int64_t)) != 0)
	{
		perror(argv[1]);
		return 1;
	}
	p = mmap(NULL, sizeof(int64_t), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
	{
		perror("mmap");
		return 1;
	}
	__atomic_store_n((int64_t *) p, (int64_t) ms, __ATOMIC_SEQ_CST);
	munmap(p, sizeof(int64_t));
	close(fd);
	return 0;
}

#endif							/* SHIFT_MAIN */
