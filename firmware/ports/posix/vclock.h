/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Virtual time (--virtual-time): the program's clock moves only as far as
 * the simulator on the side channel lets it. See vclock.c. */
#ifndef SNEK_VCLOCK_H
#define SNEK_VCLOCK_H

#include <stdbool.h>
#include <stdint.h>

/* What things cost in virtual time, in microseconds: roughly a small
 * board's speed, and coarse enough for a minute to be simulated in
 * seconds. */
#define VCLOCK_TICK_US 10	/* a backward jump or a call (each SNEK_POLL) */
#define VCLOCK_READ_US 100	/* read(): an ADC conversion */
#define VCLOCK_SLICE_US 5000	/* how far the program may run ahead of the world */
#define VCLOCK_IDLE_US 20000	/* the slices asked for while idle at the prompt */
#define VCLOCK_BOOT_US 1000	/* a boot: the world's inputs are in before the program runs */
#define VCLOCK_SEED 1		/* random's seed: the same numbers every run */

extern bool vclock_on;

/* Turn virtual time on (needs the side channel). */
void vclock_enable(void);

/* The program's clock, in seconds. */
float vclock_monotonic(void);

/* Sleep in virtual time; ^C cuts it short. */
void vclock_sleep(float seconds);

/* At every boot, after the board described itself. */
void vclock_boot(void);

/* Costs: `polls` VM polls (backward jumps or calls), a read(). */
void vclock_tick(uint16_t polls);
void vclock_read(void);

/* hal_console_wait in virtual time: the world goes on while we wait. */
bool vclock_idle(void);

/* A report the board is about to send: true if virtual time holds it
 * until the world's next step. */
bool vclock_hold(const char *line);

/* A side channel line: true if it was a time message (and is taken). */
bool vclock_take(const char *line);

/* From main.c: read what the console has now; false once it is closed. */
bool posix_console_take(void);

#endif
