/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Time: timer0 overflows every 1.024 ms (fast PWM, clock / 64, as on the
 * Arduino, so it also drives the PWM of D5 and D6). time.monotonic counts
 * the overflows; sleeping idles the CPU until the next interrupt (main.c
 * sets the timer and the idle sleep mode up). */
#include "snek.h"
#include "uno.h"
#include <avr/sleep.h>

static volatile uint32_t ticks;

/* Byte by byte, carrying while a byte wraps to 0. In assembly: avr-gcc
 * also keeps r0 and r1 for any interrupt in C and compares the whole
 * address; here only Z and one byte are kept, and Z's low byte tells
 * the end (the four bytes take four different values of it). */
ISR(TIMER0_OVF_vect, ISR_NAKED)
{
	__asm__ volatile(
		"	push r24\n"
		"	in r24, __SREG__\n"
		"	push r24\n"
		"	push r30\n"
		"	push r31\n"
		"	ldi r30, lo8(%0)\n"
		"	ldi r31, hi8(%0)\n"
		"1:	ld r24, Z\n"
		"	inc r24\n"
		"	st Z+, r24\n"
		"	brne 2f\n" /* no carry */
		"	cpi r30, lo8(%0 + 4)\n"
		"	brne 1b\n"
		"2:	pop r31\n"
		"	pop r30\n"
		"	pop r24\n"
		"	out __SREG__, r24\n"
		"	pop r24\n"
		"	reti\n"
		:: "i" (&ticks));
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
