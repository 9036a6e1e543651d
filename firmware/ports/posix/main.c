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
#include <time.h>
#include <unistd.h>

static FILE *source;

/* Console: bytes from stdin go through console_rx, as a board's receive
 * interrupt would hand them over. */

static bool console_eof;

/* Read what stdin has; wait up to timeout_ms (-1: until something comes). */
static void console_read(int timeout_ms)
{
	struct pollfd p = { .fd = 0, .events = POLLIN };
	uint8_t buf[256];
	ssize_t n, i;
	size_t want = sizeof buf;

	/* Like a board sending XOFF: leave input in the pipe while the
	 * console buffer is full, rather than dropping it. */
	if (console_room() < want)
		want = console_room();
	if (console_eof || !want)
		return;
	if (poll(&p, 1, timeout_ms) <= 0)
		return;
	n = read(0, buf, want);
	if (n <= 0) {
		if (n == 0 || errno != EINTR)
			console_eof = true;
		return;
	}
	for (i = 0; i < n; i++)
		console_rx(buf[i]);
}

bool hal_console_wait(void)
{
	if (vclock_on)
		return vclock_idle();
	console_read(-1);
	return !console_eof;
}

/* From SNEK_POLL: look for ^C now and then while a program runs. */
void posix_poll(void)
{
	static uint16_t count;

	if (vclock_on)
		vclock_tick();
	if (++count & 1023)
		return;
	console_read(0);
}

bool posix_console_take(void)
{
	console_read(0);
	return !console_eof;
}

int hal_file_getc(void)
{
	return source ? getc(source) : -1;
}

void hal_putc(char c)
{
	putc(c, stdout);
}

void hal_flush(void)
{
	fflush(stdout);
}

/* Running a file, errors go to stderr; at the console, to the console. */
void hal_err_putc(char c)
{
	putc(c, lex_source == SOURCE_FILE ? stderr : stdout);
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
	fflush(stdout);
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

static void storage_save(void)
{
	FILE *f;

	if (!storage_file)
		return;
	f = fopen(storage_file, "wb");
	if (!f || fwrite(storage, 1, storage_size, f) != storage_size || fclose(f) != 0)
		err_format("cannot save the program to %s", ERR_PTR(storage_file));
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

	storage = malloc(storage_size);
	if (!storage) {
		fputs("snek: no memory for the storage image\n", stderr);
		exit(2);
	}
	memset(storage, 0xFF, storage_size);
	if (storage_file && (f = fopen(storage_file, "rb"))) {
		if (fread(storage, 1, storage_size, f) == 0 && ferror(f)) {
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
	fprintf(stderr, "usage: %s [--eeprom FILE] [--eeprom-size BYTES] [--board uno|snekboard] [--io-fd N [--virtual-time]] [--check] [FILE]\n", prog);
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
		fflush(stdout);
		return end == SNEK_FAILED ? 1 : 0;
	}
	do {
		snek_boot();
		board_start();
		end = snek_run();
	} while (end == SNEK_RESET);
	fflush(stdout);
	return 0;
}
