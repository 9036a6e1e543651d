/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Arduino Uno firmware: set the chip up, then boot Snek (banner, the
 * stored program, the REPL). reset() restarts the chip through the
 * watchdog, so every restart is a clean power-up. */
#include "snek.h"
#include "uno.h"
#include <avr/wdt.h>

/* The watchdog a reset leaves on goes off in start.S. */
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

/* The chip's set-up as data: (data address, value) pairs, written in
 * order. The timers come first: stopping a tone loads them again. */
#define REG(r, v) (uint8_t)_SFR_MEM_ADDR(r), (uint8_t)(v)
static const uint8_t regs[] PROGMEM = {
	/* REGS_TIMERS pairs: 8-bit fast PWM at clock / 64 (timer0 is also
	 * the tick), every PWM output and the tone off. */
	REG(TCCR0A, _BV(WGM01) | _BV(WGM00)),
	REG(TCCR1A, _BV(WGM10)),
	REG(TCCR1B, _BV(WGM12) | _BV(CS11) | _BV(CS10)),
	REG(TCCR2A, _BV(WGM21) | _BV(WGM20)),
	REG(TCCR2B, _BV(CS22)),
	/* The tick: timer0's overflow interrupt; sleeping idles (SM 0). */
	REG(TCCR0B, _BV(CS01) | _BV(CS00)),
	REG(TIMSK0, _BV(TOIE0)),
	REG(SMCR, 0),
	/* The console. Double speed: UBRR 16 is 117,647 baud, 2.1 % fast, as
	 * on every Uno; U2X first, simavr takes the rate when UBRR is
	 * written. 8N1, the receive interrupt on. */
	REG(UCSR0A, _BV(U2X0)),
	REG(UBRR0H, 0),
	REG(UBRR0L, 16),
	REG(UCSR0C, _BV(UCSZ01) | _BV(UCSZ00)),
	REG(UCSR0B, _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0)),
	/* Every pin an input, D2-D13 with their pull-up (the UART drives
	 * TX whatever DDRD says). */
	REG(DDRB, 0),
	REG(DDRC, 0),
	REG(DDRD, 0),
	REG(PORTB, 0x3F),
	REG(PORTC, 0),
	REG(PORTD, 0xFC),
};

void regs_load(uint8_t pairs)
{
	const uint8_t *r;

	for (r = regs; pairs--; r += 2)
		*(volatile uint8_t *)(uint16_t)pgm_read_byte(r) = pgm_read_byte(r + 1);
}

/* Every start is a reset: the console and pins start from their
 * variables' initial values. */
int main(void)
{
	regs_load(sizeof regs / 2);
	sei();
	for (;;) {
		snek_boot();
		snek_run();
	}
}
