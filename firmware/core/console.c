/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The console protocol: one implementation for every port. */
#include "snek.h"

#define RING_MASK (SNEK_CONSOLE_RING - 1)

#if SNEK_CONSOLE_RING > 32768
typedef uint32_t ring_index_t;
#else
typedef uint16_t ring_index_t;
#endif

static volatile uint8_t ring[SNEK_CONSOLE_RING];
static volatile ring_index_t head, tail; /* tail - head bytes waiting */
static volatile bool intr_pending;
volatile bool console_echo;

void console_init(void)
{
	head = tail = 0;
	intr_pending = false;
	console_echo = SNEK_CONSOLE_ECHO;
}

uint32_t console_room(void)
{
	return SNEK_CONSOLE_RING - (ring_index_t)(tail - head);
}

void console_rx(uint8_t c)
{
	switch (c) {
	case CTRL_C:
		head = tail;
		intr_pending = true;
		vm_interrupt = true;
		return;
	case CTRL_DC4:
		hal_putc((char)CTRL_DC4);
		hal_flush();
		return;
	}
	if (!console_room())
		return;
	ring[tail & RING_MASK] = c;
	tail++;
}

int16_t console_getc(void)
{
	uint8_t c;

	for (;;) {
		if (intr_pending) {
			intr_pending = false;
			vm_interrupt = false;
			return CONSOLE_INTR;
		}
		if (head == tail) {
			if (!hal_console_wait())
				return -1;
			continue;
		}
		c = ring[head & RING_MASK];
		head++;
		switch (c) {
		case CTRL_ENQ:
			hal_putc((char)CTRL_ACK);
			hal_flush();
			continue;
		case CTRL_N:
			console_echo = false;
			continue;
		case CTRL_O:
			console_echo = true;
			continue;
		}
		if (console_echo) {
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
		intr_pending = false;
		vm_interrupt = false;
		err_interrupt();
	}
}
