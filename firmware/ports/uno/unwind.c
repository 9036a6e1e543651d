/* SPDX-License-Identifier: GPL-3.0-or-later */
/* err_try and err_throw (see error.h), in place of setjmp and longjmp.
 *
 * err_try saves the registers its caller expects kept (r2-r17, Y) on the
 * stack with the shared prologue of avr-gcc's -mcall-prologues
 * (__prologue_saves__, no frame) and remembers where they are, Y, in
 * err_frame. Both ways out, run returning (with 0) and err_throw (with
 * its argument, still in r24), load Y from err_frame and leave through
 * the shared epilogue (__epilogue_restores__: the registers read back
 * from Y + 1 .. Y + 18, SP set to Y + 18 with interrupts held off, and
 * a return to err_try's caller). So the registers are kept once, on the
 * stack, no buffer is filled, and run itself need keep none of them
 * (ERR_TRY_BODY, OS_task in port.h). */

__asm__(
	"	.pushsection .bss.err_frame,\"aw\",@nobits\n"
	"err_frame:\n"
	"	.zero 2\n"

	"	.popsection\n"
	"	.pushsection .text.err_try,\"ax\",@progbits\n"
	"	.global err_try\n"
	"	.type err_try, @function\n"
	"err_try:\n"
	"	ldi r26, 0\n" /* no frame */
	"	ldi r27, 0\n"
	"	ldi r30, lo8(gs(1f))\n"
	"	ldi r31, hi8(gs(1f))\n"
	"	jmp __prologue_saves__\n"
	"1:	sts err_frame, r28\n"
	"	sts err_frame + 1, r29\n"
	"	movw r30, r24\n"
	"	icall\n"
	"	ldi r24, 0\n"
	"	.global err_throw\n"
	"	.type err_throw, @function\n"
	"err_throw:\n"
	"	lds r28, err_frame\n"
	"	lds r29, err_frame + 1\n"
	"	ldi r30, 18\n" /* SP = Y + 18: the saved registers popped */
	"	jmp __epilogue_restores__\n"
	"	.size err_try, . - err_try\n"
	"	.popsection\n"
);
