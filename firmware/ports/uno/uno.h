/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the Uno port's files share. */
#ifndef SNEK_UNO_H
#define SNEK_UNO_H

#include <stdint.h>

/* F_CPU / 64 / 256: timer0 overflows every 1.024 ms (16,384 cycles). */
#define TICK_CYCLES 16384UL

void uart_init(void);

/* Timer0: the millisecond tick, and PWM on D5 and D6. */
void clock_init(void);

/* Every pin an input with its default pull, PWM and tone off. */
void pins_init(void);

#endif
