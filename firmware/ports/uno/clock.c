/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Time: timer0 overflows every 1.024 ms (fast PWM, clock / 64, as on the
 * Arduino, so it also drives the PWM of D5 and D6). time.monotonic counts
 * the overflows; sleeping idles the CPU until the next interrupt (main.c
 * sets the timer and the idle sleep mode up). */
#include "snek.h"
#include "uno.h"
#include <avr/sleep.h>

static volatile uint32_t ticks;

/* Byte by byte, carrying while a byte wraps to 0: fewer registers to
 * save than a 32-bit add (the interrupt runs with others held off). */
ISR(TIMER0_OVF_vect)
{
	volatile uint8_t *b = (volatile uint8_t *)&ticks;

	while (!++*b && ++b < (volatile uint8_t *)&ticks + sizeof ticks)
		;
}

/* 32 bits: read with the tick kept out. */
static uint32_t now(void)
{
	uint32_t t;

	SNEK_ATOMIC_BEGIN();
	t = ticks;
	SNEK_ATOMIC_END();
	return t;
}

float hal_monotonic(void)
{
	return (float)now() * ((float)TICK_CYCLES / F_CPU);
}

/* Waits for console bytes too: any interrupt (a byte, the tick) wakes it. */
bool hal_console_wait(void)
{
	sleep_mode();
	return true;
}

/* The tick's low byte: one byte, read at once with no need to hold the
 * interrupt off. */
static uint8_t tick_low(void)
{
	return *(const volatile uint8_t *)&ticks;
}

/* Wake for ^C. No sleep for zero, negative or nan seconds (as on the
 * host); sleeps longer than about 45 days (2^32 ticks) stop there.
 * Counts the ticks one by one as they come and sleeps when it has seen
 * them all (a tick wakes it), so only the count is kept. */
void hal_sleep(float seconds)
{
	const float max = 4.0e9f * ((float)TICK_CYCLES / F_CPU);
	uint8_t seen = tick_low();
	uint32_t n;

	if (!(seconds > 0))
		return;
	if (seconds > max)
		seconds = max;
	n = (uint32_t)(seconds * ((float)F_CPU / TICK_CYCLES) + 0.5f);
	while (n && !vm_interrupt) {
		if (seen == tick_low()) {
			sleep_mode();
			continue;
		}
		seen++;
		n--;
	}
}
