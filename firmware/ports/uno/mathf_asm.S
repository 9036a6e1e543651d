/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exp, log and pow for the ATmega328P, within 2 units in the last place
 * (ulp) of the correctly rounded result, and whole powers exact whenever
 * a float holds the result; and fmod, exact. mathf.c has the same exp,
 * log and pow in C, step for step, for the host test;
 * tests/firmware/test_uno_math.py checks that both give the same bits.
 * In assembly because avr-gcc made the same about 2 KB, where the image
 * had room for about 1 KB.
 *
 *   float mathf_exp(float x), float mathf_log(float x),
 *   float mathf_pow(float x, float y), float mathf_fmod(float x, float y)
 *
 * The core works in fixed point of 32 bits, 7 or 8 bits finer than a
 * float. log2 x = e + log2 u for x = u 2^e, u in [sqrt .5, sqrt 2):
 * log2 u = log2((1 + s) / (1 - s)) by a series in s^2, s = (u - 1) /
 * (u + 1) by long division; the result as +-m 2^le with m of 32 bits.
 * t = y log2 x (or x log2 e) as the exact product of y's significand and
 * m, then n + f with n whole and f in [0, 1) of 32 bits; 2^f by a
 * polynomial, then ldexp(2^f, n), so that a whole t gives its power of
 * two exactly. ln x = ln 2 log2 x.
 *
 * Registers: avr-gcc's convention at the entry points (x in r25:r22, y in
 * r21:r18, the result in r25:r22). Inside, A = r25:r22 and B = r21:r18
 * are the multiplies' operands, r17:r16 the exponent le (then n), bit 7
 * of r15 the sign of log2 x, bit 7 of r14 that of the result. r2-r17 and
 * Y are saved and restored by libgcc's __prologue_saves__ and
 * __epilogue_restores__ (what avr-gcc's -mcall-prologues calls), the most
 * compact way to free them. */

#define A0 r22
#define A1 r23
#define A2 r24
#define A3 r25
#define B0 r18
#define B1 r19
#define B2 r20
#define B3 r21
#define SPL 0x3d
#define SPH 0x3e
#define SREG 0x3f

	.section .text.mathf, "ax", @progbits

	.global mathf_pow
	.type mathf_pow, @function
mathf_pow:
	set
	rjmp	.Lenter
	.global mathf_exp
	.type mathf_exp, @function
mathf_exp:
	ldi	B0, 1
	rjmp	1f
	.global mathf_log
	.type mathf_log, @function
mathf_log:
	clr	B0
1:	clt
.Lenter:
	clr	r26		; no frame
	clr	r27
	ldi	r30, lo8(gs(.Lsaved))
	ldi	r31, hi8(gs(.Lsaved))
	jmp	__prologue_saves__ ; pushes r2-r17 and Y, keeps T and r25:r18
.Lsaved:
	clr	r14
	brts	.Lpow
	tst	B0
	brne	.Lexp

/* log: -inf for +-0, nan below 0, x for inf and nan */
	rcall	class
	brcs	2f
	brne	1f
	tst	r31
	breq	.Lminf		; +0
1:	cpi	r31, 255
	breq	.Lrestore	; inf, nan
	rcall	log2		; ln x = ln 2 log2 x
	ldi	B0, 0xf8	; ln 2 2^32
	ldi	B1, 0x17
	ldi	B2, 0x72
	ldi	B3, 0xb1
	rcall	mul_hi
	call	__floatunsisf
	movw	r20, r16
	call	ldexp
	eor	A3, r15
	rjmp	.Lrestore
2:	brne	.Lnan		; below 0, nan
	tst	r31
	brne	.Lnan		; a power of 2 below 0, -inf
.Lminf:
	ldi	A3, 0xff
	rjmp	.Lhigh
.Lone:
	ldi	A3, 0x3f
.Lhigh:
	ldi	A2, 0x80
.Llow:
	clr	A0
	clr	A1
.Lsign:
	sbrc	r14, 7
	subi	A3, 0x80
.Lrestore:
	in	r28, SPL
	in	r29, SPH
	ldi	r30, 18
	jmp	__epilogue_restores__

/* exp: 1 for +-0, x for nan */
.Lexp:
	rcall	class
	brne	1f
	tst	r31
	breq	.Lone		; +-0
	rjmp	2f
1:	cpi	r31, 255
	breq	.Lrestore	; nan
2:	ldi	B0, 0x29	; e^x = 2^(x log2 e): log2 e 2^31
	ldi	B1, 0x3b
	ldi	B2, 0xaa
	ldi	B3, 0xb8
	ldi	r16, -31
	ldi	r17, -1
	clr	r15
	rcall	exp2_times
	rjmp	.Lrestore
.Lnan:
	ldi	A3, 0x7f
	ldi	A2, 0xc0
	rjmp	.Llow

/* pow, with C99's and Python's answers (math.pow): 1 for y = 0 or x = 1
 * (even nan), and for x = -1, y = +-inf; nan for a finite x < 0 and a y
 * not whole; 0 or inf for x = 0 or +-inf or y = +-inf; the sign of x for
 * an odd y. x in r5:r2 and y in r13:r10; each one's sign and zero
 * significand (SREG's C and Z after class) in r6 and r7, its biased
 * exponent in r28 and r29; r14 bit 0 set for a whole y. */
.Lpow:
	movw	r2, A0
	movw	r4, A2
	movw	r10, B0
	movw	r12, B2
	rcall	class
	in	r6, SREG
	mov	r28, r31
	rcall	swap		; A = y
	rcall	class
	in	r7, SREG
	mov	r29, r31
	brne	1f
	tst	r29
	breq	.Lone		; y = +-0
1:	cpi	r28, 127
	brne	2f
	sbrs	r6, 1
	rjmp	2f
	sbrs	r6, 0
	rjmp	.Lone		; x = 1
2:	cpi	r29, 255
	brne	4f
	sbrs	r7, 1
	rjmp	.Lnan		; y nan
4:	rcall	split		; |y| = A 2^X, then A odd or X = 0
5:	sbrc	A0, 0
	rjmp	6f
	tst	r27
	brpl	6f
	lsr	A2
	ror	A1
	ror	A0
	adiw	r26, 1
	rjmp	5b
6:	tst	r27
	brmi	7f		; y not whole
	inc	r14
	mov	r0, r26
	or	r0, r27
	brne	7f		; y even (X > 0)
	mov	r0, A0		; y odd and x < 0: the result < 0
	and	r0, r6
	bst	r0, 0
	bld	r14, 7
7:	cpi	r28, 255
	breq	.Lzero_inf	; x = +-inf
	tst	r28
	brne	8f
	sbrc	r6, 1
	rjmp	.Lzero_inf	; x = +-0
8:	sbrc	r14, 0
	rjmp	9f
	sbrc	r6, 0
	rjmp	.Lnan		; x < 0, y not whole
9:	cpi	r28, 127
	brne	.Lfinite
	sbrc	r6, 1
	rjmp	.Lone		; x = +-1
	rjmp	.Lfinite
.Lzero_inf:
	sbrs	r6, 1
	rjmp	.Lnan		; x nan
	mov	r26, r7		; x = 0 or inf: inf when (|x| > 1) ==
	cpi	r28, 127	; (y > 0), else 0 (for y = +-inf the
	brlo	1f		; general path gives the same)
	com	r26
1:	clr	A2
	clr	A3
	sbrs	r26, 0
	rjmp	.Llow
	ldi	A3, 0x7f
	rjmp	.Lhigh

/* x and y finite, not 0, x not +-1. A whole y, |y| = A < 16: with |x| =
 * m 2^k for an odd m, x^|y| = m^|y| 2^(k |y|) is a float exactly when
 * m^|y| < 2^24, and then x^-|y| = 1 / m^|y| 2^(-k |y|) is rounded once.
 * Beyond that, 2^(y log2 |x|). */
.Lfinite:
	cpi	A0, 16
	cpc	A1, r1
	cpc	A2, r1
	cpc	r26, r1
	cpc	r27, r1
	brsh	.Lgeneral	; |y| >= 16, or y not whole (X < 0)
	mov	r8, A0		; |y|
	movw	A0, r2
	movw	A2, r4
	rcall	split		; |x| = A 2^X
12:	sbrc	A0, 0
	rjmp	13f
	lsr	A2
	ror	A1
	ror	A0
	adiw	r26, 1
	rjmp	12b
13:	movw	B0, A0		; m
	movw	B2, A2
	mul	r26, r8		; k |y|
	movw	r16, r0
	mul	r27, r8
	add	r17, r0
	clr	r1
	sbrs	r7, 0
	rjmp	14f
	com	r17		; y < 0: -k |y|
	neg	r16
	sbci	r17, -1
14:	dec	r8		; A = m^|y|, exactly
	breq	15f
	rcall	mul_full
	or	r26, r27
	or	r26, r28
	or	r26, r29
	or	r26, A3
	brne	.Lgeneral	; >= 2^24
	rjmp	14b
15:	call	__floatunsisf
	sbrs	r7, 0
	rjmp	16f
	rcall	swap		; y < 0: 1 / m^|y|
	ldi	A3, 0x3f
	ldi	A2, 0x80
	clr	A1
	clr	A0
	call	__divsf3
16:	movw	r20, r16
	call	ldexp
	rjmp	.Lsign
.Lgeneral:
	movw	A0, r2
	movw	A2, r4
	rcall	log2		; |x|^y = 2^(y log2 |x|)
	movw	B0, A0
	movw	B2, A2
	movw	A0, r10
	movw	A2, r12
	rcall	exp2_times
	rjmp	.Lsign

/* A <-> B, from mathf_fmod. */
swap:
	movw	r26, A0
	movw	A0, B0
	movw	B0, r26
	movw	r26, A2
	movw	A2, B2
	movw	B2, r26
	ret

/* fmod(x, y), x in A and y in B, in place of avr-libc's (168 bytes):
 * C99's x - n y for the whole n = trunc(x / y), exactly, by the long
 * division of the significands; nan for x = +-inf, y = 0 or a nan, and x
 * for y = +-inf or x = +-0. The sign is x's. */
	.global mathf_fmod
	.type mathf_fmod, @function
mathf_fmod:
	clt
	rcall	class		; x
	brne	1f
	tst	r31
	brne	1f
	set			; x = +-0
1:	cpi	r31, 255
	breq	.Lfnan		; x = +-inf or nan
	rcall	swap		; A = y, B = x
	rcall	class
	breq	3f
	cpi	r31, 255
	breq	.Lfnan		; y nan
	rjmp	4f
3:	tst	r31
	breq	.Lfnan		; y = 0
	cpi	r31, 255
	breq	swap		; y = +-inf: x
4:	brts	swap		; x = +-0: x
	push	B3		; x's sign
	rcall	split		; |y| = A 2^Z
	movw	r30, r26
	rcall	swap
	rcall	split		; |x| = A 2^X
	sub	r26, r30
	sbc	r27, r31
	brpl	6f
	add	r30, r26	; |x| < |y|: x
	adc	r31, r27
	rjmp	7f
5:	lsl	A0
	rol	A1
	rol	A2
	rol	A3
6:	cp	A0, B0		; A = A 2^X mod B, a bit at a time
	cpc	A1, B1
	cpc	A2, B2
	cpc	A3, B3
	brlo	61f
	sub	A0, B0
	sbc	A1, B1
	sbc	A2, B2
	sbc	A3, B3
61:	sbiw	r26, 1
	brpl	5b
7:	push	r30		; |fmod(x, y)| = A 2^Z, a float exactly
	push	r31
	call	__floatunsisf
	pop	r21
	pop	r20
	call	ldexp
	pop	r0
	bst	r0, 7
	bld	A3, 7
	ret
.Lfnan:
	ldi	A3, 0x7f
	ldi	A2, 0xc0
	clr	A1
	clr	A0
	ret

/* From A, a float's bits (kept): r31 = the biased exponent, C = the
 * sign, Z = the significand's 23 bits are 0. */
class:
	movw	r26, A0
	movw	r30, A2
	lsl	r30
	rol	r31
	or	r26, r27
	or	r26, r30
	ret

/* r29:r28:r27:r26:A = A B, B kept; r1 is the counter and ends 0. By
 * shifting and adding, one bit of A at a time: 50 bytes and ~550 cycles
 * (with MUL, 8 bits at a time, it would be faster and twice the size). */
mul_full:
	ldi	r26, 32
	mov	r1, r26
	clr	r26
	clr	r27
	movw	r28, r26	; r29:r28:r27:r26, the high half, is 0
	lsr	A3
	ror	A2
	ror	A1
	ror	A0		; C = A's lowest bit
1:	brcc	2f
	add	r26, B0		; the high half += B
	adc	r27, B1
	adc	r28, B2
	adc	r29, B3
2:	ror	r29		; the product shifts right into A, and A's
	ror	r28		; next bit falls into C
	ror	r27
	ror	r26
	ror	A3
	ror	A2
	ror	A1
	ror	A0
	dec	r1		; (keeps C)
	brne	1b
	ret

/* A = (A B + 2^31) / 2^32, B kept; uses r26-r29. */
mul_hi:
	rcall	mul_full
	lsl	A3		; rounded: + bit 31 of the low half
	adc	r26, r1
	adc	r27, r1
	adc	r28, r1
	adc	r29, r1
	movw	A0, r26
	movw	A2, r28
	ret

/* A = c0 + B (c1 + B (c2 + ...)) with mul_hi's products: r0
 * coefficients of 32 bits from flash at Z, the last first. */
horner:
	clr	A0
	clr	A1
	movw	A2, A0
1:	rcall	mul_hi
	lpm	r26, Z+
	add	A0, r26
	lpm	r26, Z+
	adc	A1, r26
	lpm	r26, Z+
	adc	A2, r26
	lpm	r26, Z+
	adc	A3, r26
	dec	r0
	brne	1b
	ret

/* A = a float's bits, finite and not 0: |x| = A 2^X, A in [2^23, 2^24)
 * (so A3 = 0), X = r27:r26 signed. */
split:
	lsl	A2
	rol	A3		; A3 = the biased exponent
	cp	r1, A3
	ror	A2		; the hidden bit, unless subnormal
	mov	r26, A3
	clr	r27
	clr	A3
	cpse	r26, r1
	rjmp	2f
	inc	r26		; subnormal: A 2^-149, normalised
1:	lsl	A0
	rol	A1
	rol	A2
	sbiw	r26, 1
2:	sbrs	A2, 7
	rjmp	1b
	subi	r26, 150
	sbc	r27, r1
	ret

/* log2 x for A = the bits of a finite x > 0: |log2 x| = A 2^(r17:r16),
 * bit 7 of r15 set when log2 x < 0 (r15 = 0x80, else 0). A has 30.5 to 32
 * bits (0 for x = 1). Uses r2 (j), r6-r9 (q), Z. */
log2:
	rcall	split
	movw	r16, r26	; e
	clr	r15
	movw	r26, A0		; den = A + 2^24 in r31:r30:r27:r26
	movw	r30, A2
	ldi	r31, 1
	cpi	A0, 0xf4	; A / 2^23 in [1, sqrt 2): u = A / 2^23,
	ldi	B0, 0x04	; num = A - 2^23 and den = A + 2^23
	cpc	A1, B0
	ldi	B0, 0xb5
	cpc	A2, B0
	brsh	1f
	andi	A2, 0x7f
	andi	r30, 0x7f
	rjmp	2f
1:	com	A2		; else u = A / 2^24, e + 1: num = 2^24 - A
	com	A1
	neg	A0
	sbci	A1, 0xff
	sbci	A2, 0xff
	set			; log2 u < 0
	bld	r15, 7
	subi	r16, -1
	sbci	r17, -1
2:	subi	r16, -23	; x = u 2^e
	sbci	r17, -1
	ldi	B0, -3		; j
	mov	r2, B0
	mov	r0, A0
	or	r0, A1
	or	r0, A2
	brne	3f
	rjmp	.Lcombine	; u = 1: log2 x = e
3:	cp	A0, r26		; |s| = num / den 2^-(3 + j) with num /
	cpc	A1, r27		; den in [1, 2)
	cpc	A2, r30
	cpc	A3, r31
	brsh	4f
	lsl	A0
	rol	A1
	rol	A2
	rol	A3
	inc	r2
	rjmp	3b
4:	ldi	B0, 32		; q = num / den 2^31 in B, by 32 steps of
	mov	r0, B0		; long division (B's bits complemented)
5:	cp	A0, r26
	cpc	A1, r27
	cpc	A2, r30
	cpc	A3, r31
	brlo	6f
	sub	A0, r26
	sbc	A1, r27
	sbc	A2, r30
	sbc	A3, r31
6:	rol	B0
	rol	B1
	rol	B2
	rol	B3
	lsl	A0
	rol	A1
	rol	A2
	rol	A3
	dec	r0
	brne	5b
	com	B0
	com	B1
	com	B2
	com	B3
	cp	A0, r26		; rounded: + 1 when the remainder is half of
	cpc	A1, r27		; den or more (no carry out: q < 2^32 - 64)
	cpc	A2, r30
	cpc	A3, r31
	sbci	B0, 0xff
	sbci	B1, 0xff
	sbci	B2, 0xff
	sbci	B3, 0xff	; |s| = q 2^-(34 + j)
	movw	r6, B0
	movw	r8, B2
	movw	A0, B0
	movw	A2, B2
	rcall	mul_hi
	mov	r0, r2
	inc	r0
	inc	r0
	lsl	r0
7:	lsr	A3		; z = s^2 2^32 = q^2 2^-32 / 2^(2j + 4)
	ror	A2
	ror	A1
	ror	A0
	dec	r0
	brne	7b
	movw	B0, A0
	movw	B2, A2
	ldi	r30, lo8(log2_series)
	ldi	r31, hi8(log2_series)
	ldi	r26, 5
	mov	r0, r26
	rcall	horner		; h = log2 u / s, 30 bits of fraction
	movw	B0, r6
	movw	B2, r8
	rcall	mul_hi		; |log2 u| = A 2^-(32 + j)
.Lcombine:
	cp	r16, r1
	cpc	r17, r1
	brne	8f
	ldi	r16, -32	; e = 0: |log2 x| = A 2^-(32 + j)
	sub	r16, r2
	ldi	r17, -1
	ret
8:	rjmp	10f
9:	lsr	A3		; e != 0, |e| >= 1 > 2 |log2 u|: |e + log2 u|
	ror	A2		; = n + A 2^-32 with A shifted right j bits
	ror	A1
	ror	A0
10:	dec	r2
	brpl	9b
	mov	r26, r16	; n = |e| (at most 149)
	sbrc	r17, 7
	neg	r26
	mov	r27, r15
	eor	r27, r17
	brpl	11f		; log2 u with e's sign, or against it:
	com	A0		; n - 1 + (2^32 - A) 2^-32 (unless A = 0)
	com	A1
	com	A2
	com	A3
	subi	A0, 0xff
	sbci	A1, 0xff
	sbci	A2, 0xff
	sbci	A3, 0xff	; A = -A, C = A != 0
	sbc	r26, r1
11:	bst	r17, 7		; the sign of e
	clr	r15
	bld	r15, 7
	ldi	r16, -32
	ldi	r17, -1
12:	tst	r26		; n:A shifted right to 32 bits
	breq	13f
	lsr	r26
	ror	A3
	ror	A2
	ror	A1
	ror	A0
	subi	r16, -1
	rjmp	12b
13:	ret

/* A = the float 2^t for t = y B 2^(r17:r16), negated when bit 7 of r15
 * is set, y's bits in A (y not 0 or nan), B of 30.5 to 32 bits. */
exp2_times:
	eor	r15, A3
	bst	r15, 7		; T: t < 0
	rcall	split		; |y| = A 2^X
	add	r16, r26
	adc	r17, r27
	subi	r16, -32	; s = e + le + 32
	sbci	r17, -1
	rcall	mul_full	; |t| = R 2^(s - 32), R = A B (r29:r28:r27:r26:A)
	cpi	r16, -14	; exactly, R >= 2^53.5
	ldi	r30, -1
	cpc	r17, r30
	brge	.Lbeyond	; |t| > 180: 0 or inf
1:	lsr	r29		; n = r27:r26 and f = A 2^-32: |t| = n + f
	ror	r28
	ror	r27
	ror	r26
	ror	A3
	ror	A2
	ror	A1
	ror	A0
	subi	r16, -1
	sbci	r17, -1
	brne	1b
	movw	r16, r26
	brtc	5f
	com	A0		; t < 0: n + f = ~(n:A) = -|t| - 2^-32, so
	com	A1		; that f is in [0, 1)
	com	A2
	com	A3
	com	r16
	com	r17
5:	movw	B0, A0
	movw	B2, A2
	ldi	r30, lo8(exp2_poly)
	ldi	r31, hi8(exp2_poly)
	ldi	r26, 8
	mov	r0, r26
	rcall	horner		; 2^f 2^30
	call	__floatunsisf
	movw	r20, r16
	subi	r20, 30
	sbci	r21, 0
	jmp	ldexp		; 2^f 2^30 2^(n - 30)
.Lbeyond:
	clr	A0
	clr	A1
	movw	A2, A0
	brts	6f
	ldi	A3, 0x7f
	ldi	A2, 0x80
6:	ret

	.section .progmem.mathf, "a", @progbits
/* log2((1 + s) / (1 - s)) / s as a polynomial in s^2 for |s| < 0.172,
 * with 30 bits of fraction: the series 2/ln 2 + 2/(3 ln 2) s^2 + ...
 * fitted to 4 terms, within 2^-30 with the roundings of the products. */
log2_series:
	.long	0x15ce7860, 0x1a58d94d, 0x24eeeffa, 0x3d8e13a2, 0xb8aa3b29
/* 2^f for f in [0, 1) with 30 bits of fraction, a polynomial of degree 7
 * fitted to it (1 exactly for f = 0), within 2^-29 with the roundings of
 * the products. */
exp2_poly:
	.long	0x00005ad0, 0x000257c3, 0x001600df, 0x009d8217, 0x038d6611, 0x0f5fde60, 0x2c5c8606, 0x40000000
