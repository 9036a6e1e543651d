/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host build: `snek FILE` runs a file, `snek` is the REPL and behaves
 * as a board on the other end of a serial line would. */
#include "snek.h"
#include "board.h"
#include "vclock.h"
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#endif

static FILE *source;

/* Console: bytes from stdin go through console_rx, as a board's receive
 * interrupt would hand them over, and input is read while output waits,
 * as that interrupt runs while a board sends: ^C acts within a few
 * milliseconds however much a program prints. */

static bool console_eof;
static double last_read; /* seconds: when posix_poll last read */
static double now_seconds(void);

/* Whether fd is a terminal (or the IDE's pseudo-terminal), asked once. */
static bool is_tty(int fd)
{
	static int8_t tty[2] = { -1, -1 };

	if (tty[fd] < 0)
		tty[fd] = (int8_t)isatty(fd);
	return tty[fd];
}

static void output_drop(void);
static void output_answer(uint8_t c);

/* Read what stdin has; wait up to timeout_ms (-1: until something comes). */
static void console_read(int timeout_ms)
{
	struct pollfd p = { .fd = 0, .events = POLLIN };
	uint8_t buf[4096];
	ssize_t n, i;
	size_t want = sizeof buf;

	/* Like a board sending XOFF: leave input in the pipe while the
	 * console buffer is full, rather than dropping it. A terminal is a
	 * serial line with a person or the IDE on it: read on there, so that
	 * ^C and DC4 still act (console_rx drops the data bytes, as a board
	 * whose buffer is full does). */
	if (console_room() < want)
		want = console_room();
	if (!want && is_tty(0))
		want = sizeof buf;
	if (console_eof || !want) {
		if (timeout_ms > 0)
			poll(NULL, 0, timeout_ms);
		return;
	}
	last_read = now_seconds();
	if (poll(&p, 1, timeout_ms) <= 0)
		return;
	n = read(0, buf, want);
	if (n <= 0) {
		if (n == 0 || errno != EINTR)
			console_eof = true;
		return;
	}
	for (i = 0; i < n; i++) {
		if (buf[i] == CTRL_C)
			output_drop();
		console_rx(buf[i]);
	}
	output_answer(0);
}

bool hal_console_wait(void)
{
	hal_flush();
	if (vclock_on)
		return vclock_idle();
	console_read(-1);
	return !console_eof;
}

/* From SNEK_POLL and the VM's SNEK_POLL_VM, for `polls` backward jumps
 * or calls: look for ^C every millisecond while a program runs (the clock
 * is read every 64 polls: it costs less than the system call). */
void posix_poll(uint16_t polls)
{
	static uint16_t count;

	if (vclock_on)
		vclock_tick(polls);
	count = (uint16_t)(count + polls);
	if (count < 64)
		return;
	count = 0;
	if (now_seconds() - last_read < 0.001)
		return;
	console_read(0);
}

bool posix_console_take(void)
{
	console_read(0);
	return !console_eof;
}

/* Answers from console_rx (DC4's echo) go out as soon as console_read
 * has handed the bytes it read over, after the output before them. */
void posix_rx_answer(uint8_t c)
{
	output_answer(c);
}

int hal_file_getc(void)
{
	return source ? getc(source) : -1;
}

/* Output waits here until hal_flush, a newline on a terminal (as stdio
 * would) or a full buffer. */
static char out_buf[4096];
static size_t out_len, out_sent; /* out_sent: written by hal_flush so far */
static bool flushing, answered;

/* An answer to add (0: none), or the answers added to send. */
static void output_answer(uint8_t c)
{
	if (c) {
		if (out_len < sizeof out_buf)
			out_buf[out_len++] = (char)c;
		answered = true;
	} else if (answered && !flushing) {
		answered = false;
		hal_flush();
	}
}

void hal_putc(char c)
{
	if (out_len == sizeof out_buf)
		hal_flush();
	out_buf[out_len++] = c;
	if (c == '\n' && is_tty(1))
		hal_flush();
}

/* Pacing, on a pseudo-terminal (the IDE's, or a terminal window's). A
 * board's UART holds a byte or two, so ^C stops its output at once. The
 * kernel holds 14 KB for the other end of a pseudo-terminal, and ^C's
 * tcflush drops only the 10 KB not yet handed to the reader's side: the
 * 4 KB there are 0.36 s of reading at 115200 baud. So we keep no more
 * written than the other end reads in PACE_TIME seconds, and never less
 * than PACE_MIN bytes: `ahead` bytes, which it may not have read yet.
 *
 * Linux tells us when the other end reads: a read that leaves at most
 * PACE_LEFT bytes unread (the kernel's TTY_THRESHOLD_UNTHROTTLE) wakes
 * the writers of our side, and an edge-triggered epoll on stdout sees
 * that. Our own writes wake it too, so the wake-up a write leaves is
 * thrown away, once `unread` is high enough that the next write may have
 * to wait (until then nobody asks). A read that races with that is
 * missed, and a reader that has read everything reads no more: so after
 * `patience` ms without a read one byte goes anyway, which that reader
 * reads at once; each time it does not, we wait twice as long, up to
 * PACE_PATIENCE ms. A missed read costs a millisecond; a slow reader
 * gets a few bytes more.
 *
 * How fast the other end reads is measured over PACE_WINDOW seconds of
 * reads it woke us with (and a wait past PACE_TIME halves it). A reader
 * that takes whatever comes (the IDE) soon has PACE_MAX allowed, which
 * the kernel takes without blocking; one that takes 11,520 bytes a
 * second (115200 baud) has PACE_MIN, and after a ^C at most that and
 * "^C\n" to read: 35 ms of it. */
#define PACE_MIN 384
#define PACE_MAX 8192
#define PACE_TIME 0.025		/* s */
#define PACE_WINDOW 0.1		/* s */
#define PACE_PIECE 128		/* the largest write; PACE_LEFT + 2 fit in PACE_MIN */
#define PACE_LEFT 128
#define PACE_PATIENCE 128	/* ms */

static int pace_fd = -2;	/* epoll on stdout; -1: no pacing; -2: not known yet */
static size_t ahead = PACE_MIN;	/* the most written and not read */
static size_t unread;		/* bytes written that the other end may not have read */
static bool own_wake;		/* our last write's wake-up is not thrown away yet */
static int patience = 1;	/* ms to wait for a read before a byte goes anyway */
static bool nudge;		/* a byte goes anyway */
static uint64_t written, written_seen; /* all bytes written; and at the last throw */
static uint64_t window_read;	/* surely read at the window's start */
static double window_start;

/* Whether stdout is a pseudo-terminal we can pace: the first time, set up
 * the epoll. */
static bool pace_on(void)
{
#ifdef __linux__
	if (pace_fd == -2) {
		struct epoll_event e = { .events = EPOLLOUT | EPOLLET };
		struct stat st;
		int ptn;

		pace_fd = -1;
		/* A master answers TIOCGPTN; a slave is a /dev/pts device. */
		if (is_tty(1) && (ioctl(1, TIOCGPTN, &ptn) == 0
				  || (fstat(1, &st) == 0 && major(st.st_rdev) >= 136
				      && major(st.st_rdev) <= 143))) {
			pace_fd = epoll_create1(EPOLL_CLOEXEC);
			if (pace_fd >= 0 && epoll_ctl(pace_fd, EPOLL_CTL_ADD, 1, &e) < 0) {
				close(pace_fd);
				pace_fd = -1;
			}
			own_wake = true; /* the epoll starts woken */
			window_start = now_seconds();
		}
	}
	return pace_fd >= 0;
#else
	return false;
#endif
}

/* Whether stdout was woken since we last asked. */
static bool pace_woken(void)
{
#ifdef __linux__
	struct epoll_event e;

	return epoll_wait(pace_fd, &e, 1, 0) > 0;
#else
	return false;
#endif
}

/* Throw our own wake-up away: one seen after this is the other end's. */
static void pace_throw(void)
{
	pace_woken();
	own_wake = false;
	written_seen = written;
}

/* The other end read, down to PACE_LEFT bytes: at least written_seen -
 * PACE_LEFT bytes in all. Once a window is over, allow what it reads in
 * PACE_TIME. */
static void pace_read(void)
{
	uint64_t read = written_seen > PACE_LEFT ? written_seen - PACE_LEFT : 0;
	double now = now_seconds(), rate;

	if (unread > PACE_LEFT)
		unread = PACE_LEFT;
	patience = 1;
	if (now - window_start < PACE_WINDOW)
		return;
	rate = (double)(read - window_read) / (now - window_start);
	ahead = rate * PACE_TIME < PACE_MIN ? PACE_MIN
		: rate * PACE_TIME > PACE_MAX ? PACE_MAX : (size_t)(rate * PACE_TIME);
	window_read = read;
	window_start = now;
}

/* ^C on a terminal: what the other end has not read yet is dropped, ours
 * and the kernel's, as a board holds only a byte or two to send. A pipe
 * loses nothing. */
static void output_drop(void)
{
	if (!is_tty(1))
		return;
	out_len = out_sent = 0;
	tcflush(1, TCOFLUSH);
}

/* Write out what waits, in pieces. While the other end takes nothing,
 * or has `ahead` bytes to read, input is read: a ^C then drops the
 * rest. Output nobody takes any more (the other end closed) is dropped. */
void hal_flush(void)
{
	struct pollfd p[2];
	bool pace = pace_on();
	size_t len;
	ssize_t n;
	int timeout, ready;

	flushing = true;
	while (out_sent < out_len) {
		/* Input only while console_read would take some: else a pipe
		 * with bytes waiting wakes poll for nothing. */
		bool input = !console_eof && (console_room() || is_tty(0));

		len = out_len - out_sent;
		if (len > (pace ? PACE_PIECE : 512))
			len = pace ? PACE_PIECE : 512;
		p[0] = (struct pollfd){ .fd = 1, .events = POLLOUT };
		p[1] = (struct pollfd){ .fd = 0, .events = POLLIN };
		timeout = -1;
		if (nudge)
			len = 1;
		else if (pace && unread + len > ahead) {
			if (own_wake) {
				pace_throw();
			} else if (pace_woken()) {
				pace_read();
				continue;
			}
			p[0].fd = pace_fd; /* wait for a read */
			p[0].events = POLLIN;
			timeout = patience;
		}
		ready = poll(p, input ? 2 : 1, timeout);
		if (ready < 0 && errno != EINTR)
			break;
		if (ready == 0 && p[0].fd != 1) {
			/* Past PACE_TIME the reader has fallen behind:
			 * allow half as much. */
			if (patience >= PACE_TIME * 1000 && ahead / 2 >= PACE_MIN)
				ahead /= 2;
			nudge = true;
			if (patience < PACE_PATIENCE)
				patience *= 2;
			continue;
		}
		if (ready <= 0)
			continue;
		if (p[0].fd != 1 || !p[0].revents) {
			if (input && p[1].revents)
				console_read(0); /* a ^C empties out_buf */
			continue;
		}
		n = write(1, out_buf + out_sent, len);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0)
			break;
		out_sent += (size_t)n;
		nudge = false;
		if (pace) {
			unread += (size_t)n;
			written += (size_t)n;
			own_wake = true;
			/* The next write may have to wait for the other
			 * end's wake-up: throw ours away now. */
			if (unread + PACE_PIECE > ahead)
				pace_throw();
		}
	}
	out_len = out_sent = 0;
	flushing = answered = false;
}

/* Running a file, errors go to stderr; at the console, to the console. */
void hal_err_putc(char c)
{
	if (lex_source != SOURCE_FILE)
		return hal_putc(c);
	putc(c, stderr);
}

static struct timespec start;

float hal_monotonic(void)
{
	struct timespec now;

	if (vclock_on)
		return vclock_monotonic();
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (float)((double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) * 1e-9);
}

static double now_seconds(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Sleep, but wake for ^C. */
void hal_sleep(float seconds)
{
	double end = now_seconds() + seconds, left;

	if (vclock_on) {
		vclock_sleep(seconds);
		return;
	}
	while (!vm_interrupt && (left = end - now_seconds()) > 0) {
		/* Wake at least every 10 s: no float-to-integer overflow for
		 * sleep(1e30), and a closed console still sleeps. */
		if (left > 10)
			left = 10;
		if (console_eof) {
			struct timespec t = { (time_t)left, (long)((left - (double)(time_t)left) * 1e9) };
			nanosleep(&t, NULL);
			continue;
		}
		console_read((int)(left * 1000) + 1);
	}
}

void hal_exit(int status)
{
	hal_flush();
	exit(status);
}

/* reset() unwinds to main's boot loop: a fresh heap, the stored program. */
void hal_reset(void)
{
}

/* Program storage: a raw image kept in a file, like a board's EEPROM. */

static uint8_t *storage;
static uint16_t storage_size = 1024;
static const char *storage_file;

uint16_t hal_storage_size(void)
{
	return storage_size;
}

uint8_t hal_storage_read(uint16_t addr)
{
	return addr < storage_size ? storage[addr] : 0xFF;
}

static void storage_load(void);
static bool storage_saving;

/* After a failed save the image is read again: the storage holds what the
 * file really holds (the old program, usually), and says so. */
static void storage_save(void)
{
	FILE *f;
	bool saved;

	if (!storage_file)
		return;
	f = fopen(storage_file, "wb");
	saved = f && fwrite(storage, 1, storage_size, f) == storage_size;
	if (f && fclose(f) != 0)
		saved = false;
	if (saved)
		return;
	storage_saving = true;
	storage_load();
	storage_saving = false;
	err_format("cannot save the program to %s; it keeps what it had", ERR_PTR(storage_file));
}

void hal_storage_write(const uint8_t *data, uint16_t len)
{
	if (len)
		memcpy(storage, data, len);
	memset(storage + len, 0xFF, storage_size - len);
	storage_save();
}

void hal_storage_put(uint16_t addr, uint8_t byte)
{
	if (addr >= storage_size)
		return;
	storage[addr] = byte;
	storage_save();
}

static void storage_load(void)
{
	FILE *f;

	if (!storage)
		storage = malloc(storage_size);
	if (!storage) {
		fputs("snek: no memory for the storage image\n", stderr);
		exit(2);
	}
	memset(storage, 0xFF, storage_size);
	if (storage_file && (f = fopen(storage_file, "rb"))) {
		/* At start a file that cannot be read stops us; after a
		 * failed save it reads as empty. */
		if (fread(storage, 1, storage_size, f) == 0 && ferror(f) && !storage_saving) {
			fprintf(stderr, "snek: cannot read %s\n", storage_file);
			exit(2);
		}
		fclose(f);
	}
}

/* SNEK_GC_STATS=1 in the environment: what the collector did, at exit. */
static void print_gc_stats(void)
{
	fprintf(stderr, "gc: %lu allocations, %lu incremental cycles, %lu full collections, %lu holes\n",
		(unsigned long)gc_stats.allocs, (unsigned long)gc_stats.cycles,
		(unsigned long)gc_stats.full, (unsigned long)gc_stats.holes);
}

static void usage(const char *prog)
{
	fprintf(stderr, "usage: %s [--eeprom FILE] [--eeprom-size BYTES] [--board uno|snekboard] [--io-fd N [--virtual-time]] [--safe] [--check] [FILE]\n", prog);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *file = NULL;
	bool io = false;
	uint8_t end;
	int i;
	long n;
	char *rest;

	clock_gettime(CLOCK_MONOTONIC, &start);
	if (getenv("SNEK_GC_STATS"))
		atexit(print_gc_stats);
	random_init((uint32_t)time(NULL));
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--eeprom") && i + 1 < argc) {
			storage_file = argv[++i];
		} else if (!strcmp(argv[i], "--eeprom-size") && i + 1 < argc) {
			n = strtol(argv[++i], &rest, 10);
			if (*rest || n < 2 || n > 65535)
				usage(argv[0]);
			storage_size = (uint16_t)n;
		} else if (!strcmp(argv[i], "--board") && i + 1 < argc) {
			if (!board_select(argv[++i]))
				usage(argv[0]);
		} else if (!strcmp(argv[i], "--safe")) {
			snek_skip_stored = true; /* this start only, not reset() */
		} else if (!strcmp(argv[i], "--io-fd") && i + 1 < argc) {
			n = strtol(argv[++i], &rest, 10);
			if (*rest || n < 0)
				usage(argv[0]);
			board_set_io_fd((int)n);
			io = true;
		} else if (!strcmp(argv[i], "--check")) {
			parse_check_only = true;	/* compile FILE, run nothing */
		} else if (!strcmp(argv[i], "--virtual-time")) {
			vclock_enable();
		} else if (argv[i][0] == '-' || file) {
			usage(argv[0]);
		} else {
			file = argv[i];
		}
	}
	if (parse_check_only && !file)
		usage(argv[0]);
	if (vclock_on && !io)
		usage(argv[0]); /* the simulator's time comes on the side channel */
	storage_load();
	console_init();
	if (file) {
		source = fopen(file, "rb");
		if (!source) {
			fprintf(stderr, "%s: cannot open %s\n", argv[0], file);
			return 1;
		}
		err_file = file;
		snek_init();
		board_start();
		lex_set_source(SOURCE_FILE);
		end = snek_run();
		hal_flush();
		return end == SNEK_FAILED ? 1 : 0;
	}
	do {
		snek_boot();
		board_start();
		end = snek_run();
	} while (end == SNEK_RESET);
	hal_flush();
	return 0;
}
