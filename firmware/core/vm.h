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

/* The value stack; vm_sp points at the top value (vm_stack[0] is unused). */
extern value_t vm_stack[SNEK_STACK_SIZE];
extern value_t *vm_sp;
extern value_t vm_code; /* the code object running (a root) */
extern value_t vm_acc;  /* the accumulator while C code runs (a root) */
extern bool vm_active;
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
