/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the Uno port's files share. */
#ifndef SNEK_UNO_H
#define SNEK_UNO_H

#include <stdint.h>

/* F_CPU / 64 / 256: timer0 overflows every 1.024 ms (16,384 cycles). */
#define TICK_CYCLES 16384UL

/* Set the first pairs of the chip's registers up (main.c's table): all
 * of them at start (the timers, the tick, the console, every pin an input
 * with its default pull), the first REGS_TIMERS to turn the tone and
 * every PWM output off. */
void regs_load(uint8_t pairs);
#define REGS_TIMERS 5

#endif
