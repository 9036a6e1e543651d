/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The VM. One dispatch loop; a Snek call pushes a frame on the value stack
 * and carries on in the same loop, so the C stack never grows with Snek
 * recursion.
 *
 * A frame: fp[0] the function (its code: the code running), fp[1..nlocals]
 * its locals, then the return record (the caller's ip and fp), then
 * temporaries. A top-level statement runs in a frame like a call's; its
 * HALT leaves the loop.
 *
 * The collector moves objects, so every pointer into the code object is
 * re-derived after anything that may allocate: SAVE() before, LOAD() after. */
#include "snek.h"

/* The stack ends where the pool does; its start moves down into the
 * heap's free room as calls need it (stack_room) and back home when the
 * statement ends (stack_home). */
#define STACK_END ((value_t *)(gc_pool + SNEK_POOL_SIZE))
#define STACK_HOME (STACK_END - SNEK_STACK_SIZE)
/* Set by vm_reset (snek_init calls it first), so no initial values in
 * flash. */
value_t *vm_stack;
struct vm_regs vm_regs;
volatile bool vm_interrupt;

/* Each opcode's stack effect and operand bytes (vm.h), for the compiler
 * and for the values the VM's general path drops. */
const uint8_t op_info[] SNEK_ROM = {
#define OP(name, effect, bytes) OP_INFO(effect, bytes),
#include "opcodes.h"
#undef OP
};

/* The registers through a pointer the optimizer cannot see through, so on
 * the AVR it stays in a pointer register and fields are reached with short
 * displacement loads; the empty asm emits nothing. */
static inline struct vm_regs *regs(void)
{
	struct vm_regs *r = &vm_regs;

	SNEK_HIDE_ADDRESS(r);
	return r;
}

/* Named arguments of the call being made: their count and values. Their
 * name ids end the CALL instruction, just before the saved ip. A value
 * taken is replaced by VAL_UNSET, so what is left over was not wanted. */
static uint8_t named_n;
static value_t *named_vals;

/* The stack empty, at home, and the heap's room given back. */
static void stack_home(void)
{
	struct vm_regs *r = regs();

	vm_stack = r->sp = r->fp = STACK_HOME;
	gc_limit = GC_HOME_LIMIT;
}

/* Room for the stack up to `end` (exclusive): the whole stack moves down
 * into the heap's free room, to twice its size and what is missing where
 * the heap can spare that (deep recursion moves it a few times, not at
 * every call), after a collection if objects are in the way. sp and fp
 * follow. Byte offsets throughout: cheaper than value pointers on 8-bit
 * chips. */
static __attribute__((noinline)) void stack_room(struct vm_regs *r, value_t *end)
{
	uint8_t *from = (uint8_t *)vm_stack, *to;
	/* The start wanted, as an offset into the pool: twice the room up
	 * to end below the pool's end, or 0 when the pool is smaller (the
	 * subtraction then wraps to a value past the pool). */
	snek_len_t start = (snek_len_t)(2 * (from - (uint8_t *)end) + SNEK_POOL_SIZE);
	snek_len_t d;

	to = gc_pool + gc_lower_limit(start > SNEK_POOL_SIZE ? 0 : start);
	d = (snek_len_t)(from - to);
	if ((uint8_t *)end - d > (uint8_t *)STACK_END)
		err_raise(ERR_STACK);
	memmove(to, from, (size_t)((uint8_t *)(r->sp + 1) - from));
	vm_stack = (value_t *)to;
	r->sp = (value_t *)((uint8_t *)r->sp - d);
	r->fp = (value_t *)((uint8_t *)r->fp - d);
}

void vm_reset(void)
{
	struct vm_regs *r = regs();

	stack_home();
	r->code = VAL_NONE;
	r->acc = VAL_NONE;
	gc_ntemp = 0;
	obj_depth = 0;
	print_to(SINK_OUT);
}

/* The code object running, wherever the collector moved it. */
static SNEK_OUTLINE struct snek_code *code_now(void)
{
	return code_ptr(vm_code);
}

/* A code object's local names, parameters first; its line table follows. */
static SNEK_OUTLINE uint16_t *code_params(struct snek_code *c)
{
	return CODE_PARAMS(c);
}

uint16_t vm_line(void)
{
	struct vm_regs *r = regs();
	struct snek_code *c;
	uint16_t *l, *end, line = 0;

	if (vm_code == VAL_NONE)
		return 0;
	c = code_now();
	/* (offset, line) pairs: the last that starts before ip. */
	l = code_params(c) + c->nlocals;
	for (end = l + 2 * c->nlines; l < end && l[0] < r->ip_off; l += 2)
		line = l[1];
	return line;
}

/* A little-endian operand. A host reads it in one load (which compilers
 * do not always find for the bytes). */
#if !SNEK_SMALL_CODE && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static inline uint16_t read_u16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof v);
	return v;
}
#define U16(p) read_u16(p)
#else
#define U16(p) ((uint16_t)((p)[0] | (p)[1] << 8))
#endif
/* Frames and loops keep small counts in value slots as the bare integer:
 * to the collector that is a tiny float, never a reference, and it costs
 * no tag bits to make or strip. */
#define SLOT(i) ((value_t)(i))
#define INT(v) ((snek_len_t)(v))
/* A frame's return record: the caller's ip_off and fp_off copied from the
 * registers (its code is at the caller's fp[0]). To the collector the two
 * offsets, small and unsigned, are numbers (whole slots of them). */
#define RECORD_SLOTS VM_RECORD_SLOTS
_Static_assert(2 * sizeof(snek_len_t) == RECORD_SLOTS * sizeof(value_t) &&
	       SNEK_POOL_SIZE < (snek_len_t)-1 / 2, "frame record");

/* The saved ip in the code running, wherever the collector moved it;
 * r->base is the code's bytes. */
static uint8_t *vm_load(void)
{
	struct vm_regs *r = regs();

	r->base = CODE_BYTES(code_ptr(r->code));
	return r->base + r->ip_off;
}

/* The name ids of the named arguments. */
static const uint8_t *named_ids(void)
{
	return vm_load() - 2 * named_n;
}

/* Ids no name has: NO_NAME looks up nothing, NAMED_LEFT any named
 * argument not taken, which is an error. */
#define NO_NAME 0xFFFE
#define NAMED_LEFT 0xFFFF

/* Not inlined: the VM's argument binding calls it too. */
__attribute__((noinline)) value_t vm_named_arg(uint16_t id)
{
	const uint8_t *ids = named_ids();
	value_t *val = named_vals, v;
	uint8_t n;

	for (n = named_n; n; n--, ids += 2, val++) {
		v = *val;
		if (id == NAMED_LEFT) {
			if (v != VAL_UNSET)
				err_bad_arg(U16(ids));
		} else if (U16(ids) == id) {
			*val = VAL_UNSET;
			return v;
		}
	}
	return VAL_UNSET;
}

/* Bind the n positional and nnamed named arguments at base[1..] into the
 * locals of the code c: named values fetched by name from named_vals
 * (above the locals and the return record). Returns just past the
 * locals: the return record. */
static value_t *bind_args(struct snek_code *c, value_t *base, uint8_t npos, uint8_t nnamed)
{
	uint8_t nreq = (uint8_t)(c->nparams - c->ndefaults), i;
	bool missing = false;
	value_t *local;

	if (npos > c->nparams)
		err_bad_args(c->nparams, npos + nnamed);
	/* Move the named values there, then fetch them by name. */
	named_n = nnamed;
#if SNEK_SMALL_CODE
	memmove(named_vals, base + 1 + npos, nnamed * sizeof(value_t));
	/* Each parameter takes its named value: the least code. The names
	 * are found again each time (c stays good: nothing allocates), so
	 * no pointer is kept across the loop. */
	value_t v;

	for (i = npos, local = base + 1 + npos; i < c->nlocals; i++) {
		v = vm_named_arg(i < c->nparams ? code_params(c)[i] : NO_NAME);
		if (i < nreq && v == VAL_UNSET)
			missing = true;
		*local++ = v;
	}
	/* Most calls name nothing: skip finding the ids. */
	if (nnamed)
		vm_named_arg(NAMED_LEFT);
#else
	/* Each named value finds its parameter: faster with many, and
	 * most calls name none. */
	if (nnamed)
		memmove(named_vals, base + 1 + npos, nnamed * sizeof(value_t));
	for (i = npos; i < c->nlocals; i++)
		base[1 + i] = VAL_UNSET;
	if (nnamed) {
		const uint8_t *ids = named_ids();
		uint16_t *params = code_params(c);
		uint8_t j;

		for (i = 0; i < nnamed; i++, ids += 2) {
			for (j = npos; j < c->nparams && params[j] != U16(ids); j++)
				;
			if (j == c->nparams || base[1 + j] != VAL_UNSET)
				err_bad_arg(U16(ids));
			base[1 + j] = named_vals[i];
		}
	}
	for (i = npos; i < nreq; i++)
		missing |= base[1 + i] == VAL_UNSET;
	local = base + 1 + c->nlocals;
#endif
	if (missing)
		err_bad_args(nreq, npos + nnamed);
	return local;
}

/* Call the Snek function with npos positional and nnamed named arguments
 * above it, at the top of the stack, if the stack has room: bind them
 * into its locals, save the caller's registers after those and make its
 * frame current, its ip at the start (the VM then takes its code from
 * the frame, as a return does). r is the loop's own pointer to the
 * registers. */
static void push_frame(struct vm_regs *r, uint8_t npos, uint8_t nnamed)
{
	struct snek_code *c;
	value_t *base, *end, *record;
	uint8_t i;

	/* Named values go above the locals and the return record, and the
	 * callee's temporaries above those. When the stack moves to make
	 * room (and the collector may move the code), look again. */
	for (;;) {
		base = r->sp - npos - nnamed;
		c = code_ptr(base[0]);
		named_vals = base + 1 + c->nlocals + RECORD_SLOTS + 1;
		end = named_vals + nnamed + c->maxstack;
		if (end <= STACK_END)
			break;
		stack_room(r, end);
	}
	record = bind_args(c, base, npos, nnamed);
	r->fp_off = (snek_len_t)((uint8_t *)r->fp - (uint8_t *)vm_stack);
	/* Slot by slot: faster on the AVR than memcpy's byte loop. */
	for (i = 0; i < RECORD_SLOTS; i++)
		record[i] = r->rec[i];
	r->sp = record + RECORD_SLOTS - 1;
	r->fp = base;
	r->ip_off = 0;
}

/* Leave the frame running: sp below its function, the caller's ip and
 * fp back from the return record. */
static void pop_frame(struct vm_regs *r)
{
	value_t *fp = r->fp, *record = fp + code_ptr(fp[0])->nlocals + 1;
	uint8_t i;

	r->sp = fp - 1;
	for (i = 0; i < RECORD_SLOTS; i++)
		r->rec[i] = record[i];
	r->fp = (value_t *)((uint8_t *)vm_stack + r->fp_off);
}

/* The next item of a for loop over state[0] from position state[1], or
 * VAL_UNSET (never an item) at the end. */
static value_t iter_next(value_t *state)
{
	value_t it = state[0], k = VAL_UNSET;
	snek_len_t pos = INT(state[1]);

	/* Checked here, not at ITER: the same line, and one place. A string,
	 * list, tuple or dict (tags in a row) in one compare. */
	if (it - VAL_MAKE(TAG_STRING, 0) >= VAL_MAKE(TAG_DICT + 1, 0) - VAL_MAKE(TAG_STRING, 0))
		err_invalid_type(it);
	if (VAL_IS(it, TAG_DICT))
		k = dict_key_at(it, &pos);
	/* Strings, lists and tuples keep their length in one place. */
	else if (pos < tuple_ptr(it)->len)
		k = seq_item(state, pos++);
	state[1] = SLOT(pos);
	return k;
}

/* The next number of range()'s start, stop and step at state[0..2], or
 * VAL_UNSET at the end. Is step > 0 (a NaN is not) is one unsigned
 * compare of its bits; a step down compares the numbers negated (a sign
 * bit flipped), so one float compare either way. */
static inline value_t range_next(value_t *state)
{
	float lo = val_num(state[0]), hi = val_num(state[1]);
	value_t v = state[0];

	if (state[2] - 1 >= 0x7F800000u) {
		lo = -lo;
		hi = -hi;
	}
	if (!(lo < hi))
		return VAL_UNSET;
	state[0] = val_from_num(val_num(v) + val_num(state[2]));
	return v;
}

/* Call builtin `fn` with the n positional and m named arguments above
 * callee; the VM has saved its registers. */
static value_t call_builtin(snek_len_t index, value_t *callee, uint8_t n, uint8_t m)
{
	struct builtin bi = builtin_get(index);
	uint8_t lo = bi.min, hi = bi.max;
	value_t (*f)(uint8_t, value_t *) = bi.fn;
	value_t r;

	/* A max of 255 is "any number": n never exceeds it. */
	if (n < lo || n > hi)
		err_bad_args(n < lo ? lo : hi, n);
	named_n = m;
	named_vals = callee + 1 + n;
	r = f(n, callee + 1);
	console_check_interrupt();
	if (m)
		vm_named_arg(NAMED_LEFT);
	return r;
}

/* range()'s start, stop and step on the stack (the compiler supplies
 * the defaults) become numbers, the step not 0. */
static void range_start(value_t *args)
{
	uint8_t i;
	value_t v;

	for (i = 0; i < 3; i++) {
		v = val_from_num(val_to_num(args[i]));
		/* A step of 0 or -0: no bits but the sign. */
		if (i == 2 && !(v << 1))
			err_invalid_value(args[2]);
		args[i] = v;
	}
	obj_range_check(args);
}

/* A new list or tuple (v, its items 0) of the n values at the top of the
 * stack, which stay there: the caller drops them. (An empty list's items
 * pointer is bogus, but nothing is copied to it.) */
static value_t seq_from_stack(value_t v, uint16_t n)
{
	snek_len_t len;

	memcpy(seq_items(v, &len), vm_sp - n + 1, n * sizeof(value_t));
	return v;
}

/* A new dict of the n values at the top of the stack, key and value
 * pairs. The dict waits in acc's root (the last value is on the stack
 * too) and the pairs on the stack, seen by the collector, until all are
 * in. */
static value_t dict_from_stack(uint16_t n)
{
	struct vm_regs *r = regs();
	value_t *p;

	r->acc = dict_new();
	for (p = r->sp - n; p < r->sp; p += 2)
		dict_set(&r->acc, p + 1);
	return r->acc;
}

/* The console: print repr(acc) and keep it in global id (_). */
static void print_expr(uint16_t id)
{
	struct vm_regs *r = regs();

	print_check(r->acc);
	print_value(r->acc, true);
	print_char('\n');
	global_op(id, GLOBAL_STORE, &r->acc);
}

/* The groups of opcodes.h, which the operand fetch relies on. */
#define OP(name, effect, bytes)						\
	_Static_assert(((bytes) == 0) == (OP_##name < OP_FIRST_WORD) && (bytes) != 1, \
		       #name " is out of its group");
#include "opcodes.h"
#undef OP
_Static_assert(OP_FALSE == OP_NONE + 1 && OP_TRUE == OP_NONE + 2 &&
	       VAL_FALSE == VAL_NONE + 1 && VAL_TRUE == VAL_NONE + 2, "the constants' order");
/* The fast paths' opcodes last (see vm_dispatch.h), the compiler's NAME
 * and NAME_PUSH after them. */
_Static_assert(OP_FIRST_FAST > OP_DEFAULT && OP_NAME > OP_FIRST_FAST && OP_NAME_PUSH == OP_COUNT - 1,
	       "the fast paths' opcodes' order");
/* The operators first, the binary ones from 0 (see vm_dispatch.h). */
_Static_assert(OP_ADD == 0 && OP_LAST_BINARY < OP_LAST_APPLY && OP_LAST_APPLY < OP_FIRST_WORD &&
	       OP_NEG == OP_LAST_BINARY + 1 && OP_NOT < OP_INDEX, "the operators' order");

/*
 * The registers, named in upper case in the loop: R_IP (a C local, a
 * pointer into the code's bytes), R_ACC, R_SP, R_FP, R_BASE (the code's
 * bytes) and R_CONSTS (the code's constants). Where acc and sp live is the
 * VM's one choice of speed against flash:
 *
 * - SNEK_VM_FAST_PATHS: C locals the compiler keeps in machine
 *   registers. SAVE() copies them to vm_regs, where the collector and the
 *   error handler read them, with ip as an offset (the code may move);
 *   LOAD() takes them back, acc as the collector left it.
 * - Otherwise they live in vm_regs itself: SAVE() and LOAD() only turn ip
 *   into an offset and back, one short call each instead of a dozen moves.
 *
 * After a call or a return LOAD_FRAME() takes sp and ip (acc stays).
 */
#if SNEK_VM_FAST_PATHS
#define REGISTERS_IN_LOCALS						\
	value_t acc = VAL_NONE, *sp = r->sp, *consts;			\
	uint8_t *base;							\
	struct snek_code *c;
#define R_ACC acc
#define R_SP sp
#define R_BASE base
#define R_CONSTS consts
#define SAVE() (r->sp = sp, r->acc = acc, r->ip_off = (snek_len_t)(ip - base))
#define LOAD_IP() (c = code_ptr(r->code), base = CODE_BYTES(c), consts = c->consts, \
		   ip = base + r->ip_off)
#define LOAD() (LOAD_IP(), acc = r->acc, sp = r->sp)
#define LOAD_FRAME() (LOAD_IP(), sp = r->sp)
#else
#define REGISTERS_IN_LOCALS
#define R_ACC (r->acc)
#define R_SP (r->sp)
#define R_BASE (r->base)
#define R_CONSTS (code_now()->consts)
#define SAVE() vm_save(ip)
#define LOAD() (ip = vm_load())
#define LOAD_FRAME() LOAD()

static __attribute__((noinline)) void vm_save(uint8_t *ip)
{
	struct vm_regs *r = regs();

	r->ip_off = (snek_len_t)(ip - r->base);
}
#endif
#define R_IP ip
#define R_FP (r->fp)
/* Local n of the running frame: inline with fast paths, else one
 * out-of-line helper the arms share (fp is in memory there anyway). */
#if SNEK_VM_FAST_PATHS
#define LOCAL(n) (R_FP[1 + (n)])
#else
#define LOCAL(n) (*local_slot(n))

static __attribute__((noinline)) value_t *local_slot(uint16_t n)
{
	return &regs()->fp[1 + n];
}
#endif

/* With fast paths: the slot of seq[index] for a list (or, when
 * tuples, a tuple too) and a whole number in its range, else NULL. */
static inline value_t *item_slot(value_t seq, value_t index, bool tuples)
{
	float f = val_num(index);
	snek_len_t len;
	value_t *items;
	int32_t k;

	if (VAL_IS(seq, TAG_LIST)) {
		struct snek_list *l = list_ptr(seq);

		len = l->len;
		items = block_ptr(l->items);
	} else if (tuples && VAL_IS(seq, TAG_TUPLE)) {
		len = tuple_ptr(seq)->len;
		items = tuple_ptr(seq)->items;
	} else {
		return NULL;
	}
	/* A number, in range first: casting inf or 1e30 to an integer is
	 * undefined. */
	if (!VAL_IS_NUM(index) || !(f > -16777216.0f && f < 16777216.0f) ||
	    (float)(k = (int32_t)f) != f)
		return NULL;
	if (k < 0)
		k += (int32_t)len;
	if (k < 0 || (snek_len_t)k >= len)
		return NULL;
	return &items[k];
}

/* With fast paths: for a string and a whole number in its range, its
 * byte, else -1. */
static inline int16_t string_byte(value_t s, value_t index)
{
	struct snek_string *str;
	float f = val_num(index);
	int32_t k;

	if (!VAL_IS(s, TAG_STRING) || !VAL_IS_NUM(index))
		return -1;
	if (!(f > -16777216.0f && f < 16777216.0f) || (float)(k = (int32_t)f) != f)
		return -1;
	str = str_ptr(s);
	if (k < 0)
		k += (int32_t)str->len;
	if (k < 0 || (snek_len_t)k >= str->len)
		return -1;
	return (uint8_t)str->data[k];
}

/* With fast paths: the slot of global id if it has one yet, else NULL
 * (None reads as a block of no values): a name the program added, or
 * with SNEK_GLOBALS_DIRECT a built-in name's. */
static inline value_t *global_slot(uint16_t id)
{
	if (id < NAME_BUILTIN_COUNT) {
		if (!SNEK_GLOBALS_DIRECT || id >= BLOCK_VALUES(global_shadow))
			return NULL;
		return &block_ptr(global_shadow)[id];
	}
	if ((snek_len_t)(id - NAME_BUILTIN_COUNT) >= BLOCK_VALUES(global_vals))
		return NULL;
	return &block_ptr(global_vals)[id - NAME_BUILTIN_COUNT];
}

/*
 * The operators and the other arms' fast paths (macros of statements, no
 * do-while: NEXT may be a continue). With fast paths, numbers
 * are done inline (a binary operator's left operand is at the top of the
 * stack, its right in acc), and so are list items and globals the program
 * bound. Anything else, and everything without fast paths, takes the
 * general path: apply_binary for a binary operator (and INDEX), which
 * drops two values, apply_operator for the others: val_apply.
 */
#if SNEK_VM_FAST_PATHS
#define BOTH_NUMBERS() (VAL_IS_NUM(*R_SP) && VAL_IS_NUM(R_ACC))
/* acc = pop() op acc */
#define ARITH(op)							\
	if (BOTH_NUMBERS()) {						\
		R_ACC = val_from_num(val_num(*R_SP) op val_num(R_ACC));	\
		R_SP--;							\
		NEXT;							\
	}								\
	goto apply_binary
/* acc = the bool yes, then the next instruction; a JUMP_FALSE next (an
 * if or a while) is taken at once, with no truth test of the bool. */
#define BOOL_NEXT(yes)							\
	R_ACC = VAL_BOOL(yes);						\
	if (*R_IP == OP_JUMP_FALSE) {					\
		arg = U16(R_IP + 1);					\
		R_IP += 3;						\
		if (R_ACC == VAL_FALSE)					\
			goto jump;					\
	}								\
	NEXT
/* acc = pop() op acc: two numbers, or two strings (val_compare never
 * allocates, nor raises for strings). */
#define COMPARE(op)							\
	if (BOTH_NUMBERS()) {						\
		R_SP--;							\
		BOOL_NEXT(val_num(R_SP[1]) op val_num(R_ACC));		\
	}								\
	if (VAL_IS(*R_SP, TAG_STRING) && VAL_IS(R_ACC, TAG_STRING)) {	\
		R_SP--;							\
		BOOL_NEXT(val_compare(R_SP[1], R_ACC) op 0);		\
	}								\
	goto apply_binary
/* acc = pop() is acc, or is not (op): the same value. */
#define FAST_IS(op)							\
	R_SP--;								\
	BOOL_NEXT(R_SP[1] op R_ACC);
/* acc = pop() // acc or pop() % acc for whole numbers (not where code
 * is kept small: num_binop does them). */
#if SNEK_SMALL_CODE
#define FAST_DIVMOD()
#else
#define FAST_DIVMOD()							\
	{								\
		float q;						\
		if (BOTH_NUMBERS() &&					\
		    num_whole_divmod(OPCODE(), val_num(*R_SP), val_num(R_ACC), &q)) { \
			R_ACC = val_from_num(q);			\
			R_SP--;						\
			NEXT;						\
		}							\
	}
#endif
/* The rest of the number operators, which may raise (bits of a
 * fraction): num_binop. The slot above the top is always there (see
 * CALL). */
#define NUMBER_OP()							\
	if (BOTH_NUMBERS()) {						\
		R_SP[1] = R_ACC;					\
		SAVE();							\
		R_ACC = num_binop(OPCODE(), R_SP);			\
		R_SP--;							\
		NEXT;							\
	}								\
	goto apply_binary
/* acc = -acc for a number. */
#define FAST_NEG()							\
	if (VAL_IS_NUM(R_ACC)) {					\
		R_ACC = val_from_num(-val_num(R_ACC));			\
		NEXT;							\
	}
/* acc = not acc: nothing else to do. */
#define FAST_NOT()							\
	BOOL_NEXT(!ACC_TRUE());
/* acc = pop()[acc] for a list or a tuple, or a string (its
 * one-character string may be made: the registers saved). */
#define FAST_INDEX()							\
	if ((p = item_slot(*R_SP, R_ACC, true))) {			\
		R_ACC = *p;						\
		R_SP--;							\
		NEXT;							\
	}								\
	if (string_byte(*R_SP, R_ACC) >= 0) {				\
		SAVE();							\
		v = str_char((uint8_t)string_byte(*R_SP, R_ACC));	\
		LOAD();							\
		R_ACC = v;						\
		R_SP--;							\
		NEXT;							\
	}
/* list[index] = acc, index and list popped. */
#define FAST_STORE_INDEX()						\
	if ((p = item_slot(R_SP[-1], R_SP[0], false))) {		\
		gc_barrier(*p);						\
		*p = R_ACC;						\
		R_SP -= 2;						\
		NEXT;							\
	}
/* acc = global arg, then `then`: straight from its slot, or for a
 * built-in name not rebound (no slot, or unset again: with
 * SNEK_GLOBALS_DIRECT every built-in name can be read here) its built-in
 * value. */
#define FAST_GLOBAL(then)						\
	p = global_slot(arg);						\
	if (p || (SNEK_GLOBALS_DIRECT && arg < NAME_BUILTIN_COUNT)) {	\
		R_ACC = p ? *p : VAL_UNSET;				\
		if (R_ACC == VAL_UNSET && arg < NAME_BUILTIN_COUNT)	\
			R_ACC = name_builtin_value(arg);		\
		if (R_ACC == VAL_UNSET)					\
			goto undefined;					\
		then;							\
		NEXT;							\
	}
/* global arg = acc, a name that has its slot. */
#define FAST_STORE_GLOBAL()						\
	if ((p = global_slot(arg))) {					\
		gc_barrier(*p);						\
		*p = R_ACC;						\
		NEXT;							\
	}
/* At a call: ^C pending? Without a call when not. */
#define CHECK_INTERRUPT()						\
	if (vm_interrupt)						\
		console_check_interrupt()
/* Whether acc is true: True and False without a call. */
#define ACC_TRUE() (R_ACC == VAL_TRUE || (R_ACC != VAL_FALSE && val_truthy(R_ACC)))
/* ^C is looked for at backward jumps. */
#define INTERRUPTED_AT(backward) ((backward) && vm_interrupt)
#else
#define ARITH(op) goto apply_binary
#define COMPARE(op) goto apply_binary
#define NUMBER_OP() goto apply_binary
#define FAST_NEG()
#define FAST_IS(op)
#define FAST_DIVMOD()
#define FAST_NOT()
#define FAST_INDEX()
#define FAST_STORE_INDEX()
#define FAST_GLOBAL(then)
#define FAST_STORE_GLOBAL()
#define CHECK_INTERRUPT() console_check_interrupt()
/* One call, the value not loaded at every test. */
#define ACC_TRUE() acc_true()
static __attribute__((noinline)) bool acc_true(void)
{
	return val_truthy(regs()->acc);
}
/* ^C is looked for at every jump: no compare. */
#define INTERRUPTED_AT(backward) (vm_interrupt)
#endif
/* SNEK_POLL, once every SNEK_POLL_INTERVAL times. */
#if SNEK_POLL_INTERVAL > 1
#define POLL()								\
	do {								\
		if (!--polls) {						\
			polls = SNEK_POLL_INTERVAL;			\
			SNEK_POLL_VM();					\
		}							\
	} while (0)
#else
#define POLL() SNEK_POLL_VM()
#endif
/* The general path of a binary operator, and of any other. */
#define BINARY() goto apply_binary
#define APPLY() goto apply_operator

void vm_run(value_t code)
{
	struct vm_regs *const r = regs();
	uint8_t *ip;
	REGISTERS_IN_LOCALS
	value_t v, *p;
	uint16_t arg = 0;
#if SNEK_POLL_INTERVAL > 1
	uint16_t polls = SNEK_POLL_INTERVAL;
#endif
	snek_len_t drop;
	uint8_t op, n, m;

#include "vm_dispatch.h"

	/* A statement is called like a function of no arguments whose
	 * caller's code is None: its HALT returns out of the loop. */
	*++R_SP = code;
	r->sp = R_SP; /* a root while the stack makes room */
	n = m = 0;
	goto call_function;

	DISPATCH()
	BEGIN_OPERATORS()
	CASE(ADD) ARITH(+);
	CASE(SUB) ARITH(-);
	CASE(MUL) ARITH(*);
	CASE(DIV) ARITH(/);
	CASE(FLOORDIV) {
		FAST_DIVMOD();
		NUMBER_OP();
	}
	CASE(MOD) {
		FAST_DIVMOD();
		NUMBER_OP();
	}
	CASE(POW) NUMBER_OP();
	CASE(BAND) NUMBER_OP();
	CASE(BOR) NUMBER_OP();
	CASE(BXOR) NUMBER_OP();
	CASE(SHL) NUMBER_OP();
	CASE(SHR) NUMBER_OP();
	CASE(IADD) ARITH(+);
	CASE(IMUL) ARITH(*);
	CASE(LT) COMPARE(<);
	CASE(LE) COMPARE(<=);
	CASE(GT) COMPARE(>);
	CASE(GE) COMPARE(>=);
	CASE(EQ) COMPARE(==);
	CASE(NE) COMPARE(!=);
	CASE(IN) BINARY();
	CASE(NOT_IN) BINARY();
	CASE(IS) {
		FAST_IS(==);
		BINARY();
	}
	CASE(IS_NOT) {
		FAST_IS(!=);
		BINARY();
	}
	CASE(NEG) {
		FAST_NEG();
		APPLY();
	}
	CASE(POS) APPLY();
	CASE(INVERT) APPLY();
	CASE(NOT) {
		FAST_NOT();
		APPLY();
	}
	CASE(INDEX) {
		FAST_INDEX();
		BINARY();
	}
	CASE(INDEX_KEEP) APPLY();
	CASE(STORE_INDEX) {
		FAST_STORE_INDEX();
		APPLY();
	}
	CASE(DEL_INDEX) APPLY();
	CASE(SLICE) APPLY();
	END_OPERATORS()
	/* acc = None, False or True: their values are in the order of
	 * their opcodes. */
	CASE(NONE)
	CASE(FALSE)
	CASE(TRUE) {
		R_ACC = VAL_NONE + (value_t)(OPCODE() - OP_NONE);
		NEXT;
	}
	CASE(HALT) {
		goto halt;
	}
	CASE(PUSH) {
		*++R_SP = R_ACC;
		NEXT;
	}
	CASE(RETURN) {
		pop_frame(r);
		goto enter_frame;
	}
	CASE(RANGE) {
		SAVE();
		range_start(R_SP - 2);
		NEXT;
	}
	CASE(ITER) {
		/* The iterable and position 0, in one move of sp. */
		p = R_SP += 2;
		p[0] = SLOT(0);
		p[-1] = R_ACC;
		NEXT;
	}
	CASE(ASSERT) {
		if (!ACC_TRUE()) {
			SAVE();
			err_raise(ERR_ASSERT);
		}
		NEXT;
	}
	CASE(DROP) {
		/* Rare (break in a for loop): through the result tail, acc
		 * unchanged. */
		SAVE();
		v = R_ACC;
		drop = arg;
		goto result;
	}
	CASE(NUMBER) {
		R_ACC = (value_t)arg << 16;
		NEXT;
	}
	CASE(CONST) {
		R_ACC = R_CONSTS[arg];
		NEXT;
	}
	CASE(LOCAL) {
		R_ACC = LOCAL(arg);
		if (R_ACC == VAL_UNSET)
			goto undefined_local;
		NEXT;
	}
	CASE(GLOBAL) {
		FAST_GLOBAL((void)0);
		/* Into r->acc: without fast paths that is acc itself. */
		if (!global_op(arg, GLOBAL_READ, &r->acc))
			goto undefined;
		R_ACC = r->acc;
		NEXT;
	}
	CASE(STORE_LOCAL) {
		LOCAL(arg) = R_ACC;
		NEXT;
	}
	CASE(STORE_GLOBAL) {
		FAST_STORE_GLOBAL();
		SAVE();
		/* r->acc: SAVE() put acc there. */
		global_op(arg, GLOBAL_STORE, &r->acc);
		LOAD();
		NEXT;
	}
	CASE(PRINT_EXPR) {
		if (R_ACC != VAL_NONE) {
			SAVE();
			print_expr(arg);
			LOAD();
		}
		NEXT;
	}
	CASE(DEL_LOCAL) {
		if (LOCAL(arg) == VAL_UNSET)
			goto undefined_local;
		LOCAL(arg) = VAL_UNSET;
		NEXT;
	}
	CASE(DEL_GLOBAL) {
		if (!global_op(arg, GLOBAL_DEL, NULL))
			goto undefined;
		NEXT;
	}
	CASE(JUMP) {
		goto jump;
	}
	CASE(JUMP_FALSE) {
		if (!ACC_TRUE())
			goto jump;
		NEXT;
	}
	CASE(JUMP_TRUE) {
		if (ACC_TRUE())
			goto jump;
		NEXT;
	}
	CASE(LIST) {
		SAVE();
		v = seq_from_stack(list_new(arg), arg);
		drop = arg;
		goto result;
	}
	CASE(TUPLE) {
		SAVE();
		v = seq_from_stack(tuple_new(arg), arg);
		drop = arg;
		goto result;
	}
	CASE(DICT) {
		SAVE();
		v = dict_from_stack(arg);
		drop = arg;
		goto result;
	}
	CASE(CALL) {
		/* The counts, then the named arguments' name ids. */
		n = (uint8_t)arg;
		m = (uint8_t)(arg >> 8);
		R_IP += 2 * m;
		p = R_SP - n - m; /* the function called */
		v = *p;
		SAVE();
		/* VAL_IS_BUILTIN in one compare, which leaves its index. */
		if (v - VAL_BUILTIN(0) <= VAL_PAYLOAD_MASK - VAL_BUILTIN_BASE) {
			v = call_builtin((snek_len_t)(v - VAL_BUILTIN(0)), p, n, m);
			drop = (snek_len_t)(n + m + 1);
			goto result;
		}
		if (!VAL_IS(v, TAG_FUNC))
			err_invalid_type(v);
		POLL();
		CHECK_INTERRUPT();
		goto call_function;
	}
	CASE(FOR_NEXT) {
		SAVE();
		v = iter_next(R_SP - 1);
		LOAD();
		drop = 2; /* the loop's state */
		goto loop_next;
	}
	CASE(RANGE_NEXT) {
		v = range_next(R_SP - 2);
		drop = 3; /* the loop's state */
		goto loop_next;
	}
	CASE(DEFAULT) {
		/* Bound: skip its default value, to the offset that follows. */
		if (LOCAL(arg) != VAL_UNSET) {
			arg = U16(R_IP);
			goto jump;
		}
		R_IP += 2;
		NEXT;
	}
	BEGIN_FAST_ONLY()
	CASE(LOCAL_PUSH) {
		R_ACC = LOCAL(arg);
		if (R_ACC == VAL_UNSET)
			goto undefined_local;
		*++R_SP = R_ACC;
		NEXT;
	}
	CASE(GLOBAL_PUSH) {
		FAST_GLOBAL(*++R_SP = R_ACC);
		if (!global_op(arg, GLOBAL_READ, &r->acc))
			goto undefined;
		R_ACC = r->acc;
		*++R_SP = R_ACC;
		NEXT;
	}
	CASE(NUMBER_PUSH) {
		R_ACC = (value_t)arg << 16;
		*++R_SP = R_ACC;
		NEXT;
	}
	CASE(CONST_PUSH) {
		R_ACC = R_CONSTS[arg];
		*++R_SP = R_ACC;
		NEXT;
	}
	CASE(NAME)
	CASE(NAME_PUSH) {
		/* Never run: the compiler rewrites every one. */
		goto halt;
	}
	END_FAST_ONLY()
	END_ARMS()

	/* The shared tails. */

	/* An operator's general path: acc joins its operands on the stack,
	 * where the collector sees them, val_apply finds the result, and
	 * the operands leave (1 minus the operator's stack effect, acc's copy
	 * included: 2 for a binary operator, found sooner). */
apply_binary:
	drop = 2;
	goto apply;
apply_operator:
	drop = OP_DROPS(OPCODE());
apply:
	op = OPCODE();
	*++R_SP = R_ACC;
	SAVE();
	v = val_apply(op, R_SP);
	/* fall through */

	/* acc = v, and the `drop` values the instruction used leave. */
result:
	LOAD();
	R_ACC = v;
	R_SP -= drop;
	NEXT;

	/* Jump to offset arg. Loops poll for ^C at their backward jump (a
	 * port with no polling compares nothing). */
jump:
	if (R_BASE + arg < R_IP)
		POLL();
	if (INTERRUPTED_AT(R_BASE + arg < R_IP)) {
		SAVE();
		console_check_interrupt();
	}
	R_IP = R_BASE + arg;
	NEXT;

	/* A for loop's next item v, or at its end (VAL_UNSET) the `drop`
	 * values of its state leave and it jumps to offset arg. */
loop_next:
	if (v != VAL_UNSET) {
		R_ACC = v;
		NEXT;
	}
	R_SP -= drop;
	goto jump;

	/* Call the function below the n positional and m named arguments
	 * at the top of the stack (the registers saved). */
call_function:
	push_frame(r, n, m);
	/* fall through */

	/* A call or a return goes on in frame fp, in its code. */
enter_frame:
	r->code = R_FP[0];
	LOAD_FRAME();
	NEXT;
	END_DISPATCH()

	/* The statement's end: its frame goes, the stack goes home (fp stays
	 * a place in the stack) and the heap has its room back; the rest of
	 * what a reset does is in place already. */
halt:
	vm_reset();
	return;

	/* Errors raised by several arms. */
undefined_local:
	arg = code_params(code_ptr(r->code))[arg];
undefined:
	SAVE();
	err_undefined(arg);
}
