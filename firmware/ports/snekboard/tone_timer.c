/* SPDX-License-Identifier: GPL-3.0-or-later */
/* From a frequency to TC5's settings (tone_timer.h). */
#include "tone_timer.h"

static const uint16_t dividers[] = { 1, 2, 4, 8, 16, 64, 256, 1024 };
#define NDIVIDERS (sizeof dividers / sizeof dividers[0])

struct tone_timer tone_timer(float hz, uint32_t clock_hz)
{
	struct tone_timer t = { false, 0, 0 };
	uint32_t counts = 0;
	uint8_t p;

	if (!(hz > 0)) /* NaN too */
		return t;
	if (hz > TONE_MAX_HZ)
		hz = TONE_MAX_HZ;
	for (p = 0; p < NDIVIDERS; p++) {
		float exact = (float)clock_hz / ((float)dividers[p] * 2.0f * hz);

		if (exact < 65536.5f) {
			counts = (uint32_t)(exact + 0.5f);
			break;
		}
	}
	if (p == NDIVIDERS) { /* slower than the timer goes: its slowest */
		p = NDIVIDERS - 1;
		counts = 65536;
	}
	t.on = true;
	t.prescaler = p;
	t.top = (uint16_t)(counts - 1);
	return t;
}

float tone_timer_hz(struct tone_timer t, uint32_t clock_hz)
{
	if (!t.on)
		return 0;
	return (float)clock_hz / ((float)dividers[t.prescaler] * 2.0f * ((float)t.top + 1.0f));
}
