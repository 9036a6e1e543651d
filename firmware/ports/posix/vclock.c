/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Virtual time. With --virtual-time the program's clock is not the host's:
 * it moves by what the program does, and the world on the other end of the
 * side channel (the simulator) catches up with it, so the same program in
 * the same world takes the same path every time, and a minute of it can be
 * simulated in a second.
 *
 *   out  {"wait_us": 1500000}   run the world until 1.5 s; say when it is there
 *   in   {"time_us": 1500000}   the world is at 1.5 s: the clock may go that far
 *
 * The clock moves by costs (vclock.h): a boot, each backward jump or call the VM
 * polls at, each read(), and sleep()'s argument. Whenever the clock is a
 * slice ahead of the world, and at every sleep, the program waits for the
 * world to catch up: a program that busy-waits on a sensor without
 * sleeping still lets the world move. Input values sent before a time
 * message are what the world looked like then. Idle at the prompt, the
 * board asks for a slice at a time, so the world goes on while the student
 * types; a line typed runs from the end of the slice the world is running,
 * so it starts where the world is. ^C cuts a wait short, as it does a sleep; the next wait message
 * then asks for less than the last, and the world takes the latest one.
 *
 * The board's reports of its outputs wait for the next wait message: the
 * world takes them all at one moment anyway, and a program that switches a
 * motor a million times a second must not flood the channel. Only the last
 * report about each thing is kept; what a report is about is its text
 * before its second value (`{"pin": 8, "power"`, `{"motor": 1, "power"`,
 * `{"tone"`). So a change that lasts less than a slice may not be seen.
 */
#include "snek.h"
#include "board.h"
#include "vclock.h"
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>

bool vclock_on;
static uint64_t vnow;		/* the program's clock, in microseconds */
static uint64_t world;		/* the world's time, as last told */
static uint64_t asked;		/* the furthest time asked for */
static bool console_open = true;

#define HELD_MAX 64
static char *held[HELD_MAX];	/* reports waiting for the next wait message */
static uint8_t nheld;

/* The length of what a report is about: up to its second value. */
static size_t subject_length(const char *line)
{
	const char *first = strchr(line, ':'), *second = first ? strchr(first + 1, ':') : NULL;

	return (size_t)((second ? second : first ? first : line + strlen(line)) - line);
}

/* What goes out at a wait, in one write. */
static char batch[4096];
static size_t batched;

static void send_batch(void)
{
	if (batched)
		board_send(batch);
	batched = 0;
}

static void put(const char *line)
{
	size_t n = strlen(line);

	if (batched + n >= sizeof batch)
		send_batch();
	if (n >= sizeof batch) {
		board_send(line);
		return;
	}
	memcpy(batch + batched, line, n + 1);
	batched += n;
}

/* Send what is held (or drop it), and forget it. */
static void let_go(bool send)
{
	uint8_t i;

	for (i = 0; i < nheld; i++) {
		if (send)
			put(held[i]);
		free(held[i]);
	}
	nheld = 0;
}

static void release(void)
{
	let_go(true);
	send_batch();
}

bool vclock_hold(const char *line)
{
	size_t n = subject_length(line);
	uint8_t i;
	char *copy;

	if (!vclock_on)
		return false;
	if (!strncmp(line, "{\"board\"", 8)) {
		let_go(false); /* a new boot: what the old one held is stale */
		return false;
	}
	for (i = 0; i < nheld; i++)
		if (!strncmp(held[i], line, n) && subject_length(held[i]) == n)
			break;
	if (i == HELD_MAX) {
		release();
		i = 0;
	}
	copy = strdup(line);
	if (!copy)
		return false; /* no memory: send it now */
	if (i < nheld)
		free(held[i]);
	else
		nheld++;
	held[i] = copy;
	return true;
}

void vclock_enable(void)
{
	vclock_on = true;
	random_init(VCLOCK_SEED);
	atexit(release); /* a program's last changes, when it ends */
}

float vclock_monotonic(void)
{
	return (float)((double)vnow * 1e-6);
}

static void world_gone(void)
{
	fputs("snek: the simulator stopped answering\n", stderr);
	hal_exit(2);
}

/* Wait until the world reaches target, or ^C; with for_input, until the
 * console has something. True if the console had something. */
static bool wait_world(uint64_t target, bool for_input)
{
	char line[48];
	struct pollfd p[2];

	let_go(true);
	if (target > asked) {
		hal_flush(); /* what was printed before now is seen before now */
		snprintf(line, sizeof line, "{\"wait_us\": %" PRIu64 "}\n", target);
		put(line);
		asked = target;
	}
	send_batch();
	while (world < target && (for_input || !vm_interrupt)) {
		if (board_io_fd() < 0)
			world_gone();
		p[0] = (struct pollfd){ .fd = board_io_fd(), .events = POLLIN };
		p[1] = (struct pollfd){ .fd = console_open ? 0 : -1, .events = POLLIN };
		if (poll(p, 2, -1) <= 0)
			continue;
		if (p[0].revents)
			board_poll(); /* first: inputs set before a line was typed are in for it */
		if (p[1].revents) {
			console_open = posix_console_take();
			if (for_input)
				return true;
		}
	}
	if (world < target)
		asked = world; /* cut short: the next wait asks again */
	return false;
}

/* The program has run a slice ahead: let the world catch up. */
static void keep_pace(void)
{
	if (vnow - world >= VCLOCK_SLICE_US)
		wait_world(vnow, false);
}

void vclock_boot(void)
{
	vnow += VCLOCK_BOOT_US;
	wait_world(vnow, false);
}

void vclock_tick(uint16_t polls)
{
	vnow += (uint64_t)VCLOCK_TICK_US * polls;
	keep_pace();
}

void vclock_read(void)
{
	vnow += VCLOCK_READ_US;
	keep_pace();
}

void vclock_sleep(float seconds)
{
	uint64_t start = vnow;

	if (!(seconds > 0))
		return; /* zero, negative, nan */
	if (seconds > 1e9f)
		seconds = 1e9f; /* thirty years: no overflow for sleep(1e30) */
	vnow += (uint64_t)((double)seconds * 1e6 + 0.5);
	wait_world(vnow, false);
	if (world < vnow) /* cut short by ^C: only the time that went by */
		vnow = world > start ? world : start;
}

bool vclock_idle(void)
{
	while (console_open)
		if (wait_world(vnow + VCLOCK_IDLE_US, true)) {
			/* Let the world finish the slice it is running: the line
			 * typed then starts where the world is, not somewhere up
			 * to a slice before it (its motors would start late). */
			wait_world(asked, false);
			return console_open;
		}
	return false;
}

bool vclock_take(const char *line)
{
	uint64_t t;

	if (!strstr(line, "\"time_us\""))
		return false;
	if (!board_json_whole(line, "\"time_us\"", &t))
		return true; /* a time, but not a whole number of microseconds: ignored */
	if (t > world)
		world = t;
	if (world > vnow)
		vnow = world; /* time went by while we were idle */
	return true;
}
