/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The start-up code, in place of avr-libc's crt1 (uno.mk links with
 * -nostartfiles). crt1's vector table holds all 26 of the ATmega328P's
 * vectors; this one ends at the last interrupt the firmware enables,
 * USART_RX (18), and spares the 28 bytes of the seven after it, whose
 * interrupts stay disabled (a handler for one fails the link, below).
 * The rest does what crt1 does: r1 zero, interrupts off, the stack at
 * the end of RAM, then the watchdog off and (after libgcc's clearing of
 * .bss in .init4) main, which never returns: no exit code. */
#include <avr/io.h>

#define UNO_LAST_VECTOR 18

	.macro vector n
	.weak __vector_\n
	.set __vector_\n, __bad_interrupt
	jmp __vector_\n
	.endm

	.section .vectors, "ax", @progbits
	.global __vectors
__vectors:
	jmp __init
	.irp n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18
	vector \n
	.endr
	.if . - __vectors != 4 * (UNO_LAST_VECTOR + 1)
	.error "the vector table ends at UNO_LAST_VECTOR"
	.endif
	.size __vectors, . - __vectors

	/* The vectors past the table, defined here with no code: a handler
	 * for one is then a link error ("multiple definition of
	 * `__vector_21'"), not an interrupt that never arrives. Extend the
	 * table to it instead. */
	.irp n, 19, 20, 21, 22, 23, 24, 25
	.global __vector_\n
	.set __vector_\n, __bad_interrupt
	.endr

	/* An interrupt without a handler restarts the firmware, as crt1's
	 * does. */
	.text
	.global __bad_interrupt
__bad_interrupt:
	jmp __vectors

	.section .init0, "ax", @progbits
	.weak __init
__init:

	.section .init2, "ax", @progbits
	clr r1
	out _SFR_IO_ADDR(SREG), r1
	ldi r28, lo8(RAMEND)
	ldi r29, hi8(RAMEND)
	out _SFR_IO_ADDR(SPH), r29
	out _SFR_IO_ADDR(SPL), r28

	/* After a watchdog reset (reset() is one, see main.c) the watchdog
	 * stays on at its shortest timeout: off before anything else, or
	 * the chip resets forever. Its flag in MCUSR first, then the timed
	 * sequence (the second write within four cycles). Interrupts are
	 * off: no need to keep them out. */
	.section .init3, "ax", @progbits
	out _SFR_IO_ADDR(MCUSR), r1
	ldi r24, _BV(WDCE) | _BV(WDE)
	sts _SFR_MEM_ADDR(WDTCSR), r24
	sts _SFR_MEM_ADDR(WDTCSR), r1

	.section .init9, "ax", @progbits
	jmp main
