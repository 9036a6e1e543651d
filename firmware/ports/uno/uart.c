/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The console on UART0: 115200 baud 8N1. Received bytes go to console_rx
 * from the interrupt (so ^C and DC4 work while a program runs); output is
 * polled, with CR LF for '\n' as UART boards send it. main.c sets the
 * UART up. */
#include "snek.h"
#include "uno.h"

ISR(USART_RX_vect)
{
	console_rx(UDR0);
}

/* The interrupt sends too (DC4, XOFF): test and write with it kept out,
 * or both could write into a full transmit buffer. */
static void put_byte(uint8_t c)
{
	for (;;) {
		SNEK_ATOMIC_BEGIN();
		if (UCSR0A & _BV(UDRE0)) {
			UDR0 = c;
			SNEK_ATOMIC_END();
			return;
		}
		SNEK_ATOMIC_END();
	}
}

void hal_putc(char c)
{
	if (c == '\n')
		put_byte('\r');
	put_byte((uint8_t)c);
}

void hal_flush(void)
{
}

void hal_err_putc(char c)
{
	hal_putc(c);
}
