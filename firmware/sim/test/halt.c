/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Test firmware for avrsim: prints "Welcome, halting" on UART0, then sleeps
 * with interrupts off, which stops the chip for good (until a reset).
 */

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

static void put(char c)
{
	loop_until_bit_is_set(UCSR0A, UDRE0);
	UDR0 = c;
}

int main(void)
{
	const char *s = "Welcome, halting\r\n";

	UCSR0A = _BV(U2X0);
	UBRR0 = 16;
	UCSR0B = _BV(TXEN0);
	while (*s)
		put(*s++);
	loop_until_bit_is_set(UCSR0A, TXC0);	/* let the last byte leave */
	cli();
	sleep_enable();
	sleep_cpu();
	for (;;)
		;
}
