/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The console on UART0: 115200 baud 8N1. Received bytes go to console_rx
 * from the interrupt (so ^C and DC4 work while a program runs); output is
 * polled, with CR LF for '\n' as UART boards send it. */
#include "snek.h"
#include "uno.h"

void uart_init(void)
{
	/* Double speed: UBRR 16 is 117,647 baud, 2.1 % fast, as on every
	 * Uno; U2X first, simavr takes the rate when UBRR is written. */
	UCSR0A = _BV(U2X0);
	UBRR0 = 16;
	UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
	UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

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
