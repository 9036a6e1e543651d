/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host build: `snek FILE` runs a file, `snek` is the REPL. */
#include "snek.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static FILE *source;

int hal_getc(void)
{
	return getc(source);
}

int hal_input_getc(void)
{
	return getc(stdin);
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
	putc(c, lex_interactive ? stdout : stderr);
}

static struct timespec start;

float hal_monotonic(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (float)((double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) * 1e-9);
}

void hal_sleep(float seconds)
{
	struct timespec t;

	t.tv_sec = (time_t)seconds;
	t.tv_nsec = (long)((seconds - (float)t.tv_sec) * 1e9f);
	nanosleep(&t, NULL);
}

void hal_exit(int status)
{
	fflush(stdout);
	exit(status);
}

/* SNEK_GC_STATS=1 in the environment: what the collector did, at exit. */
static void print_gc_stats(void)
{
	fprintf(stderr, "gc: %lu allocations, %lu incremental cycles, %lu full collections, %lu holes\n",
		(unsigned long)gc_stats.allocs, (unsigned long)gc_stats.cycles,
		(unsigned long)gc_stats.full, (unsigned long)gc_stats.holes);
}

int main(int argc, char **argv)
{
	bool ok;

	clock_gettime(CLOCK_MONOTONIC, &start);
	if (getenv("SNEK_GC_STATS"))
		atexit(print_gc_stats);
	random_init((uint32_t)time(NULL));
	source = stdin;
	lex_interactive = true;
	if (argc > 2) {
		fprintf(stderr, "usage: %s [FILE]\n", argv[0]);
		return 2;
	}
	if (argc == 2) {
		source = fopen(argv[1], "rb");
		if (!source) {
			fprintf(stderr, "%s: cannot open %s\n", argv[0], argv[1]);
			return 1;
		}
		err_file = argv[1];
		lex_interactive = false;
	}
	snek_init();
	if (lex_interactive) {
		fputs("Welcome to Snek " SNEK_VERSION "\n", stdout);
	}
	ok = snek_run();
	fflush(stdout);
	return ok ? 0 : 1;
}
