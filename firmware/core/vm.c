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


/* The registers through a pointer the optimizer cannot see through, so on
 * the AVR it stays in a pointer register and fields are reached with short
 * displacement loads; the empty asm emits nothing. */
static inline struct vm_regs *regs(void)
{
	struct vm_regs *r = &vm_regs;

	SNEK_HIDE_ADDRESS(r);
	return r;
}
#define ip_off (r->ip_off)
#define fp (r->fp)

/* Named arguments of the call being made: their count and values. Their
 * name ids end the CALL instruction, just before the saved ip. A value
 * taken is replaced by VAL_UNSET, so what is left over was not wanted. */
static uint8_t named_n;
static value_t *named_vals;

/* The stack empty, at home, and the heap's room given back. */
static void stack_home(void)
{
	struct vm_regs *r = regs();

	vm_stack = r->sp = fp = STACK_HOME;
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
	fp = (value_t *)((uint8_t *)fp - d);
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
static __attribute__((noinline)) struct snek_code *code_now(void)
{
	return code_ptr(vm_code);
}

/* A code object's local names, parameters first; its line table follows. */
static __attribute__((noinline)) uint16_t *code_params(struct snek_code *c)
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
	for (end = l + 2 * c->nlines; l < end && l[0] < ip_off; l += 2)
		line = l[1];
	return line;
}

#define U16(p) ((uint16_t)((p)[0] | (p)[1] << 8))
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

/* The saved ip in the code running, wherever the collector moved it. */
static uint8_t *vm_load(void)
{
	struct vm_regs *r = regs();

	r->base = CODE_BYTES(code_ptr(r->code));
	return r->base + ip_off;
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
				err_format("bad arg \"%n\"", U16(ids));
		} else if (U16(ids) == id) {
			*val = VAL_UNSET;
			return v;
		}
	}
	return VAL_UNSET;
}

/* One place for the message: each err_format call site costs flash. */
static __attribute__((noreturn)) void bad_args(uint8_t wanted, uint8_t got)
{
	err_format("bad args. wanted %d got %d", (int32_t)wanted, (int32_t)got);
}

/* Call the Snek function with npos positional and nnamed named arguments
 * above it, at the top of the stack, if the stack has room: bind them
 * into its locals, save the caller's registers after those and make its
 * frame current, its ip at the start (the VM then takes its code from
 * the frame, as a return does). r is the loop's own pointer to the
 * registers: inlined there, no second copy of it is made. */
static void push_frame(struct vm_regs *r, uint8_t npos, uint8_t nnamed)
{
	struct snek_code *c;
	uint8_t nreq, i;
	value_t *base, *local, *end, v;
	bool missing = false;

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
	nreq = (uint8_t)(c->nparams - c->ndefaults);
	if (npos > c->nparams)
		bad_args(c->nparams, npos + nnamed);
	/* Move the named values there, then fetch them by name. */
	named_n = nnamed;
	memmove(named_vals, base + 1 + npos, nnamed * sizeof(value_t));
#if SNEK_SMALL_CODE
	/* Each parameter takes its named value: the least code. The names
	 * are found again each time (c stays good: nothing allocates), so
	 * no pointer is kept across the loop. */
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
	/* Each named value finds its parameter: faster with many. */
	const uint8_t *ids = named_ids();
	uint16_t *params = code_params(c);
	uint8_t j;

	for (i = npos; i < c->nlocals; i++)
		base[1 + i] = VAL_UNSET;
	for (i = 0; i < nnamed; i++, ids += 2) {
		for (j = npos; j < c->nparams && params[j] != U16(ids); j++)
			;
		if (j == c->nparams || base[1 + j] != VAL_UNSET)
			err_format("bad arg \"%n\"", U16(ids));
		base[1 + j] = named_vals[i];
	}
	for (i = npos; i < nreq; i++)
		missing |= base[1 + i] == VAL_UNSET;
	local = base + 1 + c->nlocals;
	(void)v;
#endif
	if (missing)
		bad_args(nreq, npos + nnamed);
	/* local is just past the locals: the return record. */
	r->fp_off = (snek_len_t)((uint8_t *)fp - (uint8_t *)vm_stack);
	/* Slot by slot: faster on the AVR than memcpy's byte loop. */
	for (i = 0; i < RECORD_SLOTS; i++)
		local[i] = r->rec[i];
	r->sp = local + RECORD_SLOTS - 1;
	fp = base;
	ip_off = 0;
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
		bad_args(n < lo ? lo : hi, n);
	named_n = m;
	named_vals = callee + 1 + n;
	r = f(n, callee + 1);
	console_check_interrupt();
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
}

/* Where the VM keeps its registers, named R_* (plain SP is the AVR's own
 * stack pointer). On the host they are locals, so the compiler can hold
 * them in machine registers, and SAVE()/LOAD() copy them to and from the
 * globals the collector and error handler read. On small chips acc and sp
 * live in the globals themselves: every arm that calls out then needs only
 * ip turned into an offset and back (the code object may move), and that
 * is one short call instead of a dozen inline moves. */
#if !SNEK_VM_FAST_PATHS
#define R_SP (r->sp)
#define R_ACC (r->acc)
#define R_IP ip
#define R_BASE (r->base)
#define VM_LOCALS struct vm_regs *const r = regs(); uint8_t *ip;
#define SAVE() vm_save(ip)
#define LOAD() (ip = vm_load())
#define RELOAD_IP() LOAD()
#define CODE() code_now()
#define CONSTS() (CODE()->consts)
#define TRUTH(v) val_truthy(v)

static void vm_save(uint8_t *ip)
{
	struct vm_regs *r = regs();

	ip_off = (snek_len_t)(ip - r->base);
}

/* An operator: acc joins its operands on the stack, where the collector
 * sees them, and val_apply does the rest. Out of line, with val_apply
 * inside it: the dispatch loop's registers stay its own. */
static __attribute__((noinline)) value_t vm_apply(uint8_t *ip, uint8_t op)
{
	struct vm_regs *r = regs();

	*++r->sp = r->acc;
	vm_save(ip);
	return val_apply(op, r->sp);
}
#define APPLY(r, op) ((r) = vm_apply(ip, op))
#else
#define R_SP sp
#define R_ACC acc
#define R_IP ip
#define R_BASE base
#define VM_LOCALS							\
	struct vm_regs *const r = regs();				\
	uint8_t *ip, *base;						\
	value_t acc = VAL_NONE, *sp = r->sp, *consts;			\
	struct snek_code *c;
#define RELOAD_CODE() do { c = code_ptr(r->code); base = CODE_BYTES(c); consts = c->consts; } while (0)
#define SAVE() do { r->sp = sp; r->acc = acc; ip_off = (snek_len_t)(ip - base); } while (0)
#define RELOAD_IP() do { RELOAD_CODE(); ip = base + ip_off; } while (0)
#define LOAD() do { RELOAD_IP(); acc = r->acc; sp = r->sp; } while (0)
#define CODE() c
#define CONSTS() consts
#define TRUTH(v) ((v) == VAL_TRUE || ((v) != VAL_FALSE && val_truthy(v)))
#define APPLY(r, op) do { *++sp = acc; SAVE(); (r) = val_apply(op, sp); } while (0)
#endif

/* The groups of opcodes.h, which the operand fetch relies on. */
#define OP(name, effect, bytes)						\
	_Static_assert(((bytes) == 0) == (OP_##name < OP_FIRST_WORD) && (bytes) != 1, \
		       #name " is out of its group");
#include "opcodes.h"
#undef OP
_Static_assert(OP_INDEX == OP_NEG + 4 && OP_SLICE == OP_NEG + 8, "drops_from_neg");
_Static_assert(OP_NONE == 0 && OP_FALSE == 1 && OP_TRUE == 2 && OP_HALT == 3 &&
	       VAL_FALSE == VAL_NONE + 1 && VAL_TRUE == VAL_NONE + 2 &&
	       OP_ADD == 4 && OP_SLICE == OP_PUSH - 1, "constants, then operators");

/* Values an operator leaves off the stack, acc's copy included (1 minus
 * its stack effect): 2 for binary operators, then these from OP_NEG on. */
static const uint8_t drops_from_neg[] SNEK_ROM = { 1, 1, 1, 1, 2, 0, 3, 2, 5 };

void vm_run(value_t code)
{
	VM_LOCALS
	value_t a, b, *callee, *p;
	uint16_t u = 0;
	snek_len_t drop;
	uint8_t op, n, m;

#if SNEK_COMPUTED_GOTO
	static const void *const labels[] = {
#define OP(name, effect, bytes) &&L_##name,
#include "opcodes.h"
#undef OP
	};
#define CASE(name) L_##name:
/* Opcodes the switch leaves to its default: their labels for the table. */
#define OTHER(name) L_##name:
/* One indirect jump per instruction, the fastest dispatch: each arm with
 * a two-byte operand fetches it. */
#define NEXT goto *labels[*R_IP++]
/* Arms that need the opcode or the operand get them. */
#define OPCODE() (op = R_IP[-1])
#define OPERAND() do { OPCODE(); u = U16(R_IP); R_IP += 2; } while (0)
#else
#define CASE(name) case OP_##name:
#define OTHER(name)
#define NEXT continue
/* The least code: the operand is fetched once, before the switch. */
#define FETCH()								\
	do {								\
		op = *R_IP++;						\
		if (op >= OP_FIRST_WORD) {				\
			u = U16(R_IP);					\
			R_IP += 2;					\
		}							\
	} while (0)
#define OPCODE() ((void)0)
#define OPERAND() ((void)0)
#endif

	/* A statement is called like a function of no arguments whose
	 * caller's code is None: its HALT returns out of the loop. */
	callee = ++R_SP;
	*callee = code;
	r->sp = callee; /* a root while the stack makes room */
	n = m = 0;
	goto enter;

#if !SNEK_COMPUTED_GOTO
	for (;;) {
		FETCH();
		switch (op) {
		default:
#endif
	OTHER(NONE)
	OTHER(FALSE)
	OTHER(TRUE)
	OTHER(HALT) {
		OPCODE();
		/* The switch sends the operators here too. */
		if (op >= OP_ADD)
			goto apply;
		if (op == OP_HALT)
			goto halt;
		/* op read again: the AVR then need not widen op at every dispatch. */
		R_ACC = VAL_NONE + R_IP[-1];
		NEXT;
	}
	CASE(ITER) {
		/* The iterable and position 0, in one move of sp. */
		p = R_SP += 2;
		p[0] = SLOT(0);
		p[-1] = R_ACC;
		NEXT;
	}
	CASE(PUSH) {
		*++R_SP = R_ACC;
		NEXT;
	}
	CASE(DROP) {
		/* Rare (break in a for loop): the operators' tail does it. */
		OPERAND();
		drop = u;
		b = R_ACC;
		SAVE();
		goto finish;
	}
	CASE(NUMBER) {
		OPERAND();
		R_ACC = (value_t)u << 16;
		NEXT;
	}
	CASE(CONST) {
		OPERAND();
		R_ACC = CONSTS()[u];
		NEXT;
	}
	OTHER(NAME) /* never runs: the compiler resolves it */
	CASE(GLOBAL) {
		OPERAND();
#if SNEK_VM_FAST_PATHS
		if (u >= NAME_BUILTIN_COUNT && global_vals != VAL_NONE &&
		    (snek_len_t)(u - NAME_BUILTIN_COUNT) < BLOCK_VALUES(global_vals)) {
			R_ACC = block_ptr(global_vals)[u - NAME_BUILTIN_COUNT];
			if (R_ACC == VAL_UNSET)
				goto undefined;
			NEXT;
		}
#endif
		/* Into r->acc: on small chips that is acc itself. */
		if (!global_op(u, GLOBAL_READ, &r->acc))
			goto undefined;
		R_ACC = r->acc;
		NEXT;
	}
#if SNEK_VM_FAST_PATHS
	/* The host: the two busiest arms on their own. */
	CASE(LOCAL) {
		OPERAND();
		R_ACC = fp[1 + u];
		if (R_ACC == VAL_UNSET)
			goto undefined_local;
		NEXT;
	}
	CASE(STORE_LOCAL) {
		OPERAND();
		fp[1 + u] = R_ACC;
		NEXT;
	}
#else
	CASE(LOCAL)
	CASE(STORE_LOCAL)
#endif
	/* The arms on local u share finding it. */
	CASE(DEL_LOCAL)
	CASE(DEFAULT) {
		OPERAND();
		p = fp + 1 + u;
		if (op == OP_STORE_LOCAL) {
			*p = R_ACC;
			NEXT;
		}
		if (*p == VAL_UNSET) {
			if (op != OP_DEFAULT)
				goto undefined_local;
			/* The default value follows: evaluate it. */
			R_IP += 2;
			NEXT;
		}
		if (op == OP_LOCAL) {
			R_ACC = *p;
			NEXT;
		}
		if (op == OP_DEL_LOCAL) {
			*p = VAL_UNSET;
			NEXT;
		}
		/* DEFAULT of a bound local: skip the default value. */
		u = U16(R_IP);
		goto jump;
	}
	/* PRINT_EXPR is STORE_GLOBAL to _ that first prints acc, and
	 * does neither for None. */
	CASE(PRINT_EXPR)
	CASE(STORE_GLOBAL) {
		OPERAND();
		SAVE();
		if (op == OP_PRINT_EXPR) {
			b = R_ACC;
			if (b == VAL_NONE)
				NEXT;
			print_check(b);
			print_value(b, true);
			print_char('\n');
		}
		/* r->acc: SAVE() put acc there on the host too. */
		global_op(u, GLOBAL_STORE, &r->acc);
		LOAD();
		NEXT;
	}
	CASE(DEL_GLOBAL) {
		OPERAND();
		if (!global_op(u, GLOBAL_DEL, NULL))
			goto undefined;
		NEXT;
	}

#if SNEK_VM_FAST_PATHS
#define ARITH(name, expr)						\
	CASE(name) {							\
		a = *R_SP;						\
		if (VAL_IS_NUM(a) && VAL_IS_NUM(R_ACC)) {			\
			float x = val_num(a), y = val_num(R_ACC);		\
			R_ACC = val_from_num(expr);			\
			R_SP--;						\
			NEXT;						\
		}							\
		goto apply;						\
	}
	ARITH(ADD, x + y)
	ARITH(SUB, x - y)
	ARITH(MUL, x * y)
	ARITH(DIV, x / y)
	ARITH(IADD, x + y)
	ARITH(IMUL, x * y)
#undef ARITH
#define COMPARE(name, op)						\
	CASE(name) {							\
		a = *R_SP;						\
		if (VAL_IS_NUM(a) && VAL_IS_NUM(R_ACC)) {			\
			R_ACC = VAL_BOOL(val_num(a) op val_num(R_ACC));	\
			R_SP--;						\
			NEXT;						\
		}							\
		goto apply;						\
	}
	COMPARE(LT, <)
	COMPARE(LE, <=)
	COMPARE(GT, >)
	COMPARE(GE, >=)
	COMPARE(EQ, ==)
	COMPARE(NE, !=)
#undef COMPARE
	CASE(NEG) {
		if (VAL_IS_NUM(R_ACC)) {
			R_ACC = val_from_num(-val_num(R_ACC));
			NEXT;
		}
		goto apply;
	}
	CASE(INDEX) {
		a = *R_SP;
		if (VAL_IS(a, TAG_LIST) && VAL_IS_NUM(R_ACC)) {
			struct snek_list *l = list_ptr(a);
			float f = val_num(R_ACC);
			int32_t k;
			/* Range first: casting inf or 1e30 to an integer is undefined. */
			if (f > -65536.0f && f < 65536.0f && (float)(k = (int32_t)f) == f) {
				if (k < 0)
					k += (int32_t)l->len;
				if (k >= 0 && (snek_len_t)k < l->len) {
					R_ACC = block_ptr(l->items)[k];
					R_SP--;
					NEXT;
				}
			}
		}
		goto apply;
	}
	CASE(FLOORDIV)
	CASE(MOD)
	CASE(POW)
	CASE(BAND)
	CASE(BOR)
	CASE(BXOR)
	CASE(SHL)
	CASE(SHR) {
		OPCODE();
		if (VAL_IS_NUM(*R_SP) && VAL_IS_NUM(R_ACC)) {
			/* The slot above the top is always there (see CALL). */
			R_SP[1] = R_ACC;
			SAVE();
			R_ACC = num_binop(op, R_SP);
			R_SP--;
			NEXT;
		}
		goto apply;
	}
#else
	OTHER(ADD)
	OTHER(SUB)
	OTHER(MUL)
	OTHER(DIV)
	OTHER(IADD)
	OTHER(IMUL)
	OTHER(LT)
	OTHER(LE)
	OTHER(GT)
	OTHER(GE)
	OTHER(EQ)
	OTHER(NE)
	OTHER(NEG)
	OTHER(INDEX)
	OTHER(FLOORDIV)
	OTHER(MOD)
	OTHER(POW)
	OTHER(BAND)
	OTHER(BOR)
	OTHER(BXOR)
	OTHER(SHL)
	OTHER(SHR)
#endif
	/* The operators: val_apply, then the operands leave the stack. */
	OTHER(IN)
	OTHER(NOT_IN)
	OTHER(IS)
	OTHER(IS_NOT)
	OTHER(POS)
	OTHER(INVERT)
	OTHER(NOT)
	OTHER(INDEX_KEEP)
	OTHER(STORE_INDEX)
	OTHER(DEL_INDEX)
	OTHER(SLICE) {
	apply:
		OPCODE();
		drop = op < OP_NEG ? 2 : SNEK_ROM_BYTE(&drops_from_neg[op - OP_NEG]);
		APPLY(b, op);
	finish:
		/* acc = b, and the values the instruction used leave. */
		LOAD();
		R_ACC = b;
		R_SP -= drop;
		NEXT;
	}
	/* The tests of acc. ASSERT, which has no operand, goes on like
	 * JUMP_FALSE and raises where that jumps. */
	CASE(ASSERT)
	CASE(JUMP_FALSE)
	CASE(JUMP_TRUE) {
		OPCODE();
		if (op != OP_ASSERT)
			OPERAND();
		/* Going on: JUMP_FALSE or ASSERT on a true acc, JUMP_TRUE on
		 * a false. */
		if (TRUTH(R_ACC) == (op != OP_JUMP_TRUE))
			NEXT;
		if (op == OP_ASSERT) {
			SAVE();
			err_raise(ERR_ASSERT);
		}
		goto jump;
	}
	CASE(JUMP) {
		OPERAND();
	jump:
		/* Loops poll for ^C at their backward jump (a port with no
		 * polling compares nothing); small chips look at the flag at
		 * every jump, with no compare either. */
		if (R_BASE + u < R_IP)
			SNEK_POLL();
		if ((!SNEK_VM_FAST_PATHS || R_BASE + u < R_IP) && vm_interrupt) {
			SAVE();
			console_check_interrupt();
		}
		R_IP = R_BASE + u;
		NEXT;
	}
	CASE(LIST)
	CASE(TUPLE)
	CASE(DICT) {
		/* The u values on the stack (a key and a value each for a
		 * dict) go into the new collection. */
		OPERAND();
		SAVE();
		drop = u;
		if (op == OP_DICT) {
			/* The new dict in acc's root (the last value is on the
			 * stack too), the pairs on the stack, seen by the
			 * collector, until all are in. */
			r->acc = dict_new();
			for (p = R_SP - u; p < R_SP; p += 2)
				dict_set(&r->acc, p + 1);
			b = r->acc;
		} else {
			snek_len_t len;

			/* (An empty list's items pointer is bogus, but nothing
			 * is copied to it.) */
			b = op == OP_LIST ? list_new(u) : tuple_new(u);
			memcpy(seq_items(b, &len), R_SP - u + 1, u * sizeof(value_t));
		}
		goto finish;
	}
	CASE(CALL) {
		OPERAND();
		n = (uint8_t)u;
		m = (uint8_t)(u >> 8);
		R_IP += 2 * m;
		callee = R_SP - n - m;
		a = *callee;
		SAVE();
		/* VAL_IS_BUILTIN in one compare, which leaves its index. */
		if (a - VAL_BUILTIN(0) <= VAL_PAYLOAD_MASK - VAL_BUILTIN_BASE) {
			b = call_builtin((snek_len_t)(a - VAL_BUILTIN(0)), callee, n, m);
			drop = (snek_len_t)(n + m + 1);
			goto finish;
		}
		if (!VAL_IS(a, TAG_FUNC))
			err_invalid_type(a);
		SNEK_POLL();
		console_check_interrupt();
	enter:
		push_frame(r, n, m);
#if SNEK_VM_FAST_PATHS
		sp = r->sp;
#endif
		goto frame;
	}
	CASE(RETURN) {
		p = fp + CODE()->nlocals + 1;
		R_SP = fp - 1;
		for (n = 0; n < RECORD_SLOTS; n++)
			r->rec[n] = p[n];
		fp = (value_t *)((uint8_t *)vm_stack + r->fp_off);
	frame:
		/* A call and a return go on in frame fp, in its code. */
		r->code = fp[0];
		RELOAD_IP();
		NEXT;
	}
	CASE(FOR_NEXT) {
		OPERAND();
		SAVE();
		b = iter_next(R_SP - 1);
		LOAD();
		m = 2;
		goto loop_next;
	}
	CASE(RANGE_NEXT) {
		OPERAND();
		/* start, stop, step: is step > 0 (a NaN is not) in one unsigned
		 * compare of its bits; a step down compares the numbers negated
		 * (a sign bit flipped), so one float compare either way. */
		p = R_SP - 2;
		float lo = val_num(p[0]), hi = val_num(p[1]);
		if (p[2] - 1 >= 0x7F800000u) {
			lo = -lo;
			hi = -hi;
		}
		b = VAL_UNSET;
		if (lo < hi) {
			b = p[0];
			p[0] = val_from_num(val_num(b) + val_num(p[2]));
		}
		m = 3;
	loop_next:
		/* acc = the next item, or the loop's state goes and it ends. */
		if (b != VAL_UNSET) {
			R_ACC = b;
			NEXT;
		}
		R_SP -= m;
		goto jump;
	}
	CASE(RANGE) {
		SAVE();
		range_start(R_SP - 2);
		NEXT;
	}
#if !SNEK_COMPUTED_GOTO
		}
	}
#endif
	/* The statement's end: its frame goes, the stack goes home (fp stays
	 * a place in the stack) and the heap has its room back; the rest of
	 * what a reset does is in place already. */
halt:
	vm_reset();
	return;

	/* Errors raised by several arms. */
undefined_local:
	u = code_params(CODE())[u];
undefined:
	SAVE();
	err_undefined(u);
}
