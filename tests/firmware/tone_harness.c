/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SAMD21 port's tone arithmetic (ports/snekboard/tone_timer.c) on the
 * host: each line of stdin is a frequency (as strtof reads it: "nan" and
 * "inf" too); each answer is "on prescaler top played-hz". */
#include <stdio.h>
#include <stdlib.h>
#include "tone_timer.h"

int main(void)
{
	char line[64];

	while (fgets(line, sizeof line, stdin)) {
		struct tone_timer t = tone_timer(strtof(line, NULL), 48000000u);

		printf("%d %u %u %.9g\n", t.on, t.prescaler, t.top, (double)tone_timer_hz(t, 48000000u));
		fflush(stdout);
	}
	return 0;
}
