/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tone() on a pin with no timer output (the Circuit Playground's speaker,
 * PA02): TC5 counts at the CPU clock over a prescaler and interrupts each
 * time it reaches top, and the interrupt flips the pin, so a square wave
 * at hz takes clock / (prescaler * 2 * hz) counts per flip. Pure
 * arithmetic, tested on the host (tests/firmware/test_tone.py). */
#ifndef SNEK_TONE_TIMER_H
#define SNEK_TONE_TIMER_H

#include <stdint.h>
#include <stdbool.h>

/* Above this the interrupt (two per period) would take the CPU from Snek
 * for a tone nobody hears: higher asks play this. */
#define TONE_MAX_HZ 20000.0f

struct tone_timer {
	bool on;           /* false: silence (hz 0, below 0, or not a number) */
	uint8_t prescaler; /* TC CTRLA.PRESCALER: 0..7 divide by 1 2 4 8 16 64 256 1024 */
	uint16_t top;      /* counts per flip, less one (CC0 in match-frequency mode) */
};

/* The settings nearest hz, with the finest prescaler that reaches it;
 * below what the slowest reaches (about 0.36 Hz at 48 MHz), the slowest. */
struct tone_timer tone_timer(float hz, uint32_t clock_hz);

/* The frequency those settings play. */
float tone_timer_hz(struct tone_timer t, uint32_t clock_hz);

#endif
