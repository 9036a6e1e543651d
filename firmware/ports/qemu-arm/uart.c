/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The REPL's console on the micro:bit's UART (nRF51 reference manual,
 * UART chapter), as a board's: each received byte goes to console_rx
 * from the receive interrupt, so ^C and DC4 reach a running program;
 * output is polled. QEMU holds input back while the UART's receive FIFO
 * is full, so no byte is lost however fast the host sends. */
#include "snek.h"
#include "cortex_m.h"
#include "qemu.h"

#define UART0 0x40002000u
#define TASKS_STARTRX REG32(UART0 + 0x000)
#define TASKS_STARTTX REG32(UART0 + 0x008)
#define EVENTS_RXDRDY REG32(UART0 + 0x108)
#define EVENTS_TXDRDY REG32(UART0 + 0x11C)
#define INTENSET REG32(UART0 + 0x304)
#define ENABLE REG32(UART0 + 0x500)
#define RXD REG32(UART0 + 0x518)
#define TXD REG32(UART0 + 0x51C)
#define INTEN_RXDRDY (1u << 2)
#define ENABLE_UART 4u

void uart_init(void)
{
	ENABLE = ENABLE_UART;
	TASKS_STARTTX = 1;
	TASKS_STARTRX = 1;
	INTENSET = INTEN_RXDRDY;
	NVIC_ISER = 1u << QEMU_IRQ_UART0;
}

/* Reading RXD takes the byte; the event comes again while more wait. */
void qemu_uart0_isr(void)
{
	while (EVENTS_RXDRDY) {
		EVENTS_RXDRDY = 0;
		console_rx((uint8_t)RXD);
	}
}

/* The interrupt sends too (DC4's echo): one byte at a time with it held
 * off, or two writes could meet in TXD. */
void uart_putc(uint8_t c)
{
	SNEK_ATOMIC_BEGIN();
	EVENTS_TXDRDY = 0;
	TXD = c;
	while (!EVENTS_TXDRDY)
		;
	SNEK_ATOMIC_END();
}
