/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Time on a Cortex-M0: SysTick interrupts every millisecond; monotonic()
 * counts them and sleep() waits for them with the CPU asleep between
 * interrupts (any interrupt wakes it: the console's, for ^C). The port's
 * config.h gives the CPU clock (ARM_CPU_HZ) and may give ARM_TICK_HOOK(),
 * run at every tick. */
#include "snek.h"
#include "cortex_m.h"

static volatile uint32_t ticks; /* milliseconds since start */

#ifndef ARM_TICK_HOOK
#define ARM_TICK_HOOK() ((void)0)
#endif

void arm_systick_isr(void)
{
	ticks++;
	ARM_TICK_HOOK();
}

void arm_systick_init(void)
{
	SYST_RVR = ARM_CPU_HZ / 1000 - 1;
	SYST_CVR = 0;
	SYST_CSR = SYST_CSR_ENABLE | SYST_CSR_TICKINT | SYST_CSR_CLKSOURCE;
}

uint32_t arm_ticks(void)
{
	return ticks; /* one word: read at once */
}

float hal_monotonic(void)
{
	return (float)ticks * 0.001f;
}

/* Wake for ^C. No sleep for zero, negative or nan seconds (as on the
 * host); sleeps longer than 2^31 ms (about 24 days) stop there. */
void hal_sleep(float seconds)
{
	uint32_t start = ticks, n;

	if (!(seconds > 0))
		return;
	n = seconds >= 2147483.0f ? 0x80000000u : (uint32_t)(seconds * 1000 + 0.5f);
	while (ticks - start < n && !vm_interrupt)
		arm_wait_for_interrupt();
}
