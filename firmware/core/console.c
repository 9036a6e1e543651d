/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The console protocol: one implementation for every port.
 *
 * On boards console_rx runs in the UART's receive interrupt. The ring's
 * indices are single bytes there (atomic on the AVR); the interrupt writes
 * tail, and head when ^C empties the ring, so the core takes a byte with
 * the interrupt kept out (SNEK_ATOMIC_BEGIN/END). */
#include "snek.h"

#define RING_MASK (SNEK_CONSOLE_RING - 1)

#if SNEK_CONSOLE_RING > 32768
typedef uint32_t ring_index_t;
#elif SNEK_CONSOLE_RING > 128
typedef uint16_t ring_index_t;
#else
typedef uint8_t ring_index_t;
#endif

#define CTRL_XON 0x11
#define CTRL_XOFF 0x13

static volatile uint8_t ring[SNEK_CONSOLE_RING];
static volatile ring_index_t head, tail; /* tail - head bytes waiting */
#if SNEK_CONSOLE_XONXOFF
static volatile bool xoff_sent;
#endif
/* Kept as "off", so that a board's echo on is zero: bss, nothing to copy
 * at start. */
static volatile bool echo_off = !SNEK_CONSOLE_ECHO;

/* The state a fresh start has: boards start fresh at every reset and
 * need not call it. */
void console_init(void)
{
	head = tail = 0;
	echo_off = !SNEK_CONSOLE_ECHO;
#if SNEK_CONSOLE_XONXOFF
	xoff_sent = false;
#endif
}

static ring_index_t used(void)
{
	return (ring_index_t)(tail - head);
}

uint32_t console_room(void)
{
	return SNEK_CONSOLE_RING - used();
}

void console_rx(uint8_t c)
{
	uint8_t reply = c; /* DC4 is echoed at once */
	ring_index_t t = tail; /* only console_rx writes it */

	if (c == CTRL_C) {
		head = t;
		vm_interrupt = true;
		reply = 0;
#if SNEK_CONSOLE_XONXOFF
		if (xoff_sent) {
			xoff_sent = false;
			reply = CTRL_XON;
		}
#endif
	} else if (c != CTRL_DC4) {
		if (!console_room())
			return;
		ring[t & RING_MASK] = c;
		tail = ++t;
		reply = 0;
#if SNEK_CONSOLE_XONXOFF
		if ((ring_index_t)(t - head) >= SNEK_CONSOLE_RING / 2 && !xoff_sent) {
			xoff_sent = true;
			reply = CTRL_XOFF;
		}
#endif
	}
	/* One place that answers: a port may send more simply there than
	 * hal_putc does (no call, so fewer registers to save). */
	if (reply)
		HAL_RX_ANSWER(reply);
}

/* The oldest byte in the ring, or -1 when it is empty. */
static int16_t take(void)
{
	int16_t c = -1;
	ring_index_t h;

	SNEK_ATOMIC_BEGIN();
	h = head;
	if (h != tail) {
		c = ring[h & RING_MASK];
		head = ++h;
	}
#if SNEK_CONSOLE_XONXOFF
	if (xoff_sent && (ring_index_t)(tail - h) <= SNEK_CONSOLE_RING / 4) {
		xoff_sent = false;
		hal_putc((char)CTRL_XON);
		hal_flush();
	}
#endif
	SNEK_ATOMIC_END();
	return c;
}

int16_t console_getc(void)
{
	int16_t c;

	for (;;) {
		/* A ^C (or a port's own reason to stop) ends the read. */
		if (vm_interrupt) {
			vm_interrupt = false;
			return CONSOLE_INTR;
		}
		c = take();
		if (c < 0) {
			if (!hal_console_wait())
				return -1;
			continue;
		}
		if (c == CTRL_ENQ) {
			hal_putc((char)CTRL_ACK);
			hal_flush();
			continue;
		}
		if ((c | 1) == CTRL_O) { /* ^N (even) turns echo off, ^O on */
			echo_off = (uint8_t)c ^ CTRL_O;
			continue;
		}
		if (!echo_off) {
			hal_putc((char)c);
			if (c == '\n')
				hal_flush();
		}
		return c;
	}
}

void console_check_interrupt(void)
{
	if (vm_interrupt) {
		vm_interrupt = false;
		err_interrupt();
	}
}

bool console_boot_window(void)
{
	hal_sleep(SNEK_BOOT_WINDOW);
	return vm_interrupt;
}
