/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The VM's dispatch, included once, inside vm_run (after Lua's
 * ljumptab.h): each arm of the loop is CASE(NAME) { ...; NEXT; }, and an
 * arm whose opcode has an operand (opcodes.h) finds it in `arg`.
 *
 * - SNEK_COMPUTED_GOTO (GCC hosts): a table of the arms' addresses and
 *   one indirect jump per instruction, the fastest dispatch; each CASE
 *   with an operand fetches it.
 * - Otherwise a switch, which fetches the operand before it dispatches:
 *   the least code.
 *
 * The operators' arms, first, are between BEGIN_OPERATORS() and
 * END_OPERATORS(), and those only fast paths run, last, between
 * BEGIN_FAST_ONLY() and END_FAST_ONLY(); after the arms, END_ARMS(),
 * then the shared tails the arms jump to, then END_DISPATCH(). */
#if SNEK_COMPUTED_GOTO

static const void *const labels[] = {
#define OP(name, effect, bytes) &&L_##name,
#include "opcodes.h"
#undef OP
};
#define DISPATCH() NEXT;
#define BEGIN_OPERATORS()
#define END_OPERATORS()
#define BEGIN_FAST_ONLY()
#define END_FAST_ONLY()
#define END_ARMS()
#define END_DISPATCH()
#define CASE(name)							\
	L_##name:							\
	if (OP_##name >= OP_FIRST_WORD) {				\
		arg = U16(R_IP);					\
		R_IP += 2;						\
	}
#define NEXT goto *labels[*R_IP++]
#define OPCODE() (R_IP[-1])

#else

#if SNEK_VM_FAST_PATHS
#define DISPATCH()							\
	for (;;) {							\
		op = *R_IP++;						\
		if (op >= OP_FIRST_WORD) {				\
			arg = U16(R_IP);				\
			R_IP += 2;					\
		}							\
		switch (op) {
#define BEGIN_OPERATORS()
#define END_OPERATORS()
#define BEGIN_FAST_ONLY()
#define END_FAST_ONLY()
/* The arms end, then the shared tails inside the loop. */
#define END_ARMS() default: __builtin_unreachable(); }
#else
/* Without fast paths the arm of every operator is a jump to the general
 * path (apply_binary, or apply_operator from OP_NEG on): the operators,
 * which come first, go there before the switch. Their arms sit in a
 * switch of their own that is never taken (after the main switch's
 * default), so the main switch's table has no entries for them. */
#define DISPATCH()							\
	for (;;) {							\
		op = *R_IP++;						\
		if (op >= OP_FIRST_WORD) {				\
			arg = U16(R_IP);				\
			R_IP += 2;					\
		} else if (op <= OP_LAST_APPLY) {			\
			if (op <= OP_LAST_BINARY)			\
				goto apply_binary;			\
			goto apply_operator;				\
		}							\
		switch (op) {
#define BEGIN_OPERATORS()						\
	default:							\
		__builtin_unreachable();				\
		switch ((int)OP_COUNT) {
#define END_OPERATORS() } __builtin_unreachable();
/* The opcodes only a VM with fast paths runs, last, likewise. */
#define BEGIN_FAST_ONLY() if (0) switch ((int)OP_COUNT) {
#define END_FAST_ONLY() }
#define END_ARMS() }
#endif
#define END_DISPATCH() }
#define CASE(name) case OP_##name:
#define NEXT continue
#define OPCODE() op

#endif
