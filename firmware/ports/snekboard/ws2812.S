/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ws2812_send(set, clear, mask, p, end): the bytes p..end to a WS2812
 * line, most significant bit first (neopixel.c calls it with interrupts
 * held off).
 *
 * Bits are told apart by how long the line stays high in each 1.25 us
 * period: 0.35 us for a 0, 0.8 us for a 1 (WS2812B: +-0.15 us); at 48 MHz
 * 17 and 38 of the 60 cycles. This runs from RAM (.data: no flash wait
 * states), where each Cortex-M0+ instruction takes its book cycles: a
 * store to the single-cycle I/O port, lsls, subs, nop 1; a taken branch
 * 2, a branch not taken 1; ldrb 2. The nops fill the rest:
 *
 *   a 0: high = str + lsls + bcs (not taken) + 14 nops    = 17
 *        low  = str + 37 nops + b + subs + bne (taken)    = 43
 *   a 1: high = str + lsls + bcs (taken) + 34 nops        = 38
 *        low  = str + 18 nops + subs + bne (taken)        = 22
 *
 * A byte's last bit stays low 8 cycles longer (the next byte's load),
 * well inside the tolerance. */
	.syntax unified
	.cpu cortex-m0plus
	.thumb
	.section .data.ws2812, "aw", %progbits
	.global ws2812_send
	.type ws2812_send, %function
	.thumb_func
	.balign 4
ws2812_send:
	push {r4-r6, lr}
	ldr r4, [sp, #16]	/* end, the fifth argument */
1:	ldrb r5, [r3]
	adds r3, #1
	lsls r5, r5, #24
	movs r6, #8
2:	str r2, [r0]
	lsls r5, r5, #1
	bcs 3f
	.rept 14
	nop
	.endr
	str r2, [r1]
	.rept 37
	nop
	.endr
	b 4f
3:	.rept 34
	nop
	.endr
	str r2, [r1]
	.rept 18
	nop
	.endr
4:	subs r6, #1
	bne 2b
	cmp r3, r4
	bne 1b
	pop {r4-r6, pc}
	.size ws2812_send, . - ws2812_send
