/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Arduino Uno firmware: set the chip up, then boot Snek (banner, the
 * stored program, the REPL). reset() restarts the chip through the
 * watchdog, so every restart is a clean power-up. */
#include "snek.h"
#include "uno.h"
#include <avr/wdt.h>

/* After a watchdog reset the watchdog stays on at its shortest timeout:
 * turn it off before the C runtime starts, or the chip resets forever. */
__attribute__((naked, used, section(".init3"))) void wdt_off(void)
{
	MCUSR = 0;
	wdt_disable();
}

void hal_reset(void)
{
	cli();
	wdt_enable(WDTO_15MS);
	for (;;)
		;
}

void hal_exit(int status)
{
	(void)status;
	hal_reset();
}

/* Every start is a reset: the console and pins start from their
 * variables' initial values. */
int main(void)
{
	uart_init();
	clock_init();
	pins_init();
	sei();
	for (;;) {
		snek_boot();
		snek_run();
	}
}
