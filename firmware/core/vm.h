/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The virtual machine: a stack machine with an accumulator. */
#ifndef SNEK_VM_H
#define SNEK_VM_H

#include "value.h"

enum opcode {
#define OP(name, effect, bytes) OP_##name,
#include "opcodes.h"
#undef OP
	OP_COUNT
};
/* The groups of opcodes.h: the operators from 0, the binary ones first,
 * to the last the VM's general path (val_apply) serves; the opcodes with
 * an operand from OP_FIRST_WORD; those of fast paths from OP_FIRST_FAST. */
#define OP_LAST_BINARY OP_IS_NOT
#define OP_LAST_APPLY OP_SLICE
#define OP_FIRST_WORD OP_DROP
/* From here on, opcodes only a VM with fast paths runs (and NAME, which
 * no VM runs). */
#define OP_FIRST_FAST OP_LOCAL_PUSH

/* Per opcode (vm.c, from opcodes.h): 2 minus its stack effect in the
 * high bits, its operand bytes in the low 3. OP_DROPS is what an operator
 * leaves off the stack, acc's copy included: 1 minus its effect. */
#define OP_INFO(effect, bytes) ((uint8_t)((2 - (effect)) << 3 | (bytes)))
extern const uint8_t op_info[];
#define OP_EFFECT(op) ((int8_t)(2 - (SNEK_ROM_BYTE(&op_info[op]) >> 3)))
#define OP_DROPS(op) ((uint8_t)((SNEK_ROM_BYTE(&op_info[op]) >> 3) - 1))
#define OP_BYTES(op) ((uint8_t)(SNEK_ROM_BYTE(&op_info[op]) & 7))

/* The value stack; vm_sp points at the top value (vm_stack[0] is unused).
 * It ends where the heap's pool does and grows down into the heap's free
 * room when calls need more than its own SNEK_STACK_SIZE values (vm.c). */
extern value_t *vm_stack;

/* Value slots of a frame's return record (struct vm_regs). */
#define VM_RECORD_SLOTS (2 * sizeof(snek_len_t) / sizeof(value_t))

/* The VM's registers, as C code outside the dispatch loop sees them. One
 * struct, so the VM can reach them through one pointer register (2 bytes
 * of AVR code a field instead of 4). */
struct vm_regs {
	value_t acc;          /* the accumulator (a root) */
	value_t *sp;          /* top of the value stack */
	value_t *fp;          /* the running frame */
	uint8_t *base;        /* code bytes of `code` (small chips) */
	value_t code;         /* the code object running (a root), also fp[0] */
	/* A call saves these two in the frame as they are, whole value
	 * slots (rec) copied: */
	union {
		struct {
			snek_len_t ip_off;    /* ip as an offset into the code bytes */
			snek_len_t fp_off;    /* fp's offset in bytes from vm_stack */
		};
		value_t rec[VM_RECORD_SLOTS];
	};
};
extern struct vm_regs vm_regs;
#define vm_acc (vm_regs.acc)
#define vm_code (vm_regs.code)
#define vm_sp (vm_regs.sp)
/* A statement is running: its code is the code running. */
#define vm_active (vm_code != VAL_NONE)
extern volatile bool vm_interrupt;

/* Run a top-level statement's code to its end. */
void vm_run(value_t code);

/* Line of the instruction running. */
uint16_t vm_line(void);

/* Back to the top level after an error. */
void vm_reset(void);

/* Named arguments to a builtin: look one up (VAL_UNSET if not given). */
value_t vm_named_arg(uint16_t id);

#endif
