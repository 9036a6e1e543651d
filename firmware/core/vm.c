/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The VM. One dispatch loop; a Snek call pushes a frame on the value stack
 * and carries on in the same loop, so the C stack never grows with Snek
 * recursion.
 *
 * A frame: fp[0] the function, fp[1..nlocals] its locals, then the return
 * position, the caller's frame and the caller's code, then temporaries.
 *
 * The collector moves objects, so every pointer into the code object is
 * re-derived after anything that may allocate: SAVE() before, LOAD() after. */
#include "snek.h"

value_t vm_stack[SNEK_STACK_SIZE];
value_t *vm_sp = vm_stack;
value_t vm_code = VAL_NONE;
value_t vm_acc = VAL_NONE;
bool vm_active;
volatile bool vm_interrupt;

static snek_len_t ip_off;
static value_t *fp;

/* Named arguments of the builtin being called. */
static uint8_t named_n, named_used;
static uint16_t named_ids[8];
static value_t *named_vals;

void vm_reset(void)
{
	vm_active = false;
	vm_sp = vm_stack;
	vm_code = VAL_NONE;
	vm_acc = VAL_NONE;
	gc_ntemp = 0;
	obj_depth = 0;
	print_to(SINK_OUT);
}

uint16_t vm_line(void)
{
	struct snek_code *c;
	uint16_t *l, i, line = 0;

	if (vm_code == VAL_NONE)
		return 0;
	c = code_ptr(vm_code);
	l = CODE_LINES(c);
	for (i = 0; i < c->nlines && l[2 * i] < ip_off; i++)
		line = l[2 * i + 1];
	return line;
}

value_t vm_named_arg(uint16_t id)
{
	uint8_t i;

	for (i = 0; i < named_n; i++) {
		if (named_ids[i] == id) {
			named_used |= (uint8_t)(1u << i);
			return named_vals[i];
		}
	}
	return VAL_UNSET;
}

#define U16(p) ((uint16_t)((p)[0] | (p)[1] << 8))
#define INT(v) ((snek_len_t)VAL_INT_GET(v))

/* Bind a call's arguments into a new frame at `base`; returns false with
 * nothing changed when the callee is not a Snek function. */
static void bind_args(value_t *base, uint8_t npos, uint8_t nnamed, const uint8_t *ids)
{
	struct snek_code *c = code_ptr(base[0]);
	uint8_t nreq = (uint8_t)(c->nparams - c->ndefaults), i, j;
	value_t *named = base + 1 + c->nlocals + 4;
	uint16_t id;

	if (npos > c->nparams)
		err_format("bad args. wanted %d got %d", (int32_t)c->nparams, (int32_t)(npos + nnamed));
	/* Move named values above the locals, then place them. */
	memmove(named, base + 1 + npos, nnamed * sizeof(value_t));
	for (i = npos; i < c->nlocals; i++)
		base[1 + i] = VAL_UNSET;
	for (i = 0; i < nnamed; i++) {
		id = U16(ids + 2 * i);
		for (j = 0; j < c->nparams && CODE_PARAMS(c)[j] != id; j++)
			;
		if (j == c->nparams || base[1 + j] != VAL_UNSET)
			err_format("bad arg \"%n\"", id);
		base[1 + j] = named[i];
	}
	for (i = npos; i < nreq; i++)
		if (base[1 + i] == VAL_UNSET)
			err_format("bad args. wanted %d got %d", (int32_t)nreq, (int32_t)(npos + nnamed));
}

static bool iter_next(value_t *state, value_t *out)
{
	value_t it = state[0];
	snek_len_t pos = INT(state[1]), n;
	value_t k;

	switch (VAL_TAG(it)) {
	case TAG_LIST:
	case TAG_TUPLE:
		seq_items(it, &n);
		if (pos >= n)
			return false;
		*out = seq_items(it, &n)[pos];
		break;
	case TAG_STRING:
		if (pos >= str_ptr(it)->len)
			return false;
		*out = val_index(it, val_from_num((float)pos));
		break;
	default: /* dict */
		k = dict_key_at(it, &pos);
		if (k == VAL_UNSET)
			return false;
		*out = k;
		state[1] = VAL_INT(pos);
		return true;
	}
	state[1] = VAL_INT(pos + 1);
	return true;
}

static void range_start(value_t *args, uint8_t n)
{
	float start = 0, stop, step = 1;

	if (n == 1) {
		stop = val_to_num(args[0]);
	} else {
		start = val_to_num(args[0]);
		stop = val_to_num(args[1]);
		if (n == 3) {
			step = val_to_num(args[2]);
			if (step == 0)
				err_invalid_value(args[2]);
		}
	}
	args[0] = val_from_num(start);
	args[1] = val_from_num(stop);
	args[2] = val_from_num(step);
}

void vm_run(value_t code)
{
#if SNEK_COMPUTED_GOTO
	static const void *const labels[] = {
#define OP(name, effect, bytes) &&L_##name,
#include "opcodes.h"
#undef OP
	};
#define CASE(name) L_##name:
#define NEXT goto *labels[*ip++]
#else
#define CASE(name) case OP_##name:
#define NEXT continue
#endif
	uint8_t *ip;
	value_t acc = VAL_NONE;
	value_t *sp;
	uint8_t *base;
	value_t *consts;
	struct snek_code *c;
	value_t a, b;
	uint16_t u;
	uint8_t n, m;

#define RELOAD_CODE() do { c = code_ptr(vm_code); base = CODE_BYTES(c); consts = c->consts; } while (0)
#define SAVE() do { vm_sp = sp; vm_acc = acc; ip_off = (snek_len_t)(ip - base); } while (0)
#define LOAD() do { RELOAD_CODE(); ip = base + ip_off; acc = vm_acc; sp = vm_sp; } while (0)

	fp = vm_sp + 1;
	if (fp + 4 + code_ptr(code)->maxstack >= vm_stack + SNEK_STACK_SIZE)
		err_raise(ERR_STACK);
	fp[0] = code;
	fp[1] = VAL_INT(0);
	fp[2] = VAL_INT(0);
	fp[3] = VAL_NONE; /* no caller: HALT leaves */
	sp = fp + 3;
	vm_code = code;
	vm_active = true;
	RELOAD_CODE();
	ip = base;

#if SNEK_COMPUTED_GOTO
	NEXT;
#else
	for (;;) {
		switch (*ip++) {
#endif
	CASE(HALT) {
		vm_active = false;
		vm_sp = fp - 1;
		vm_code = VAL_NONE;
		return;
	}
	CASE(PUSH) {
		*++sp = acc;
		NEXT;
	}
	CASE(DROP) {
		sp -= *ip++;
		NEXT;
	}
	CASE(NUMBER) {
		memcpy(&acc, ip, 4);
		ip += 4;
		NEXT;
	}
	CASE(SMALL) {
		acc = val_from_num((float)*ip++);
		NEXT;
	}
	CASE(CONST) {
		acc = consts[U16(ip)];
		ip += 2;
		NEXT;
	}
	CASE(NONE) {
		acc = VAL_NONE;
		NEXT;
	}
	CASE(TRUE) {
		acc = VAL_TRUE;
		NEXT;
	}
	CASE(FALSE) {
		acc = VAL_FALSE;
		NEXT;
	}
	CASE(NAME)
	CASE(GLOBAL) {
		u = U16(ip);
		ip += 2;
		if (u >= NAME_BUILTIN_COUNT && global_vals != VAL_NONE &&
		    (snek_len_t)(u - NAME_BUILTIN_COUNT) < BLOCK_VALUES(global_vals))
			acc = block_ptr(global_vals)[u - NAME_BUILTIN_COUNT];
		else
			acc = global_get(u);
		if (acc == VAL_UNSET) {
			SAVE();
			err_undefined(u);
		}
		NEXT;
	}
	CASE(LOCAL) {
		acc = fp[1 + U16(ip)];
		if (acc == VAL_UNSET) {
			SAVE();
			err_undefined(CODE_PARAMS(c)[U16(ip)]);
		}
		ip += 2;
		NEXT;
	}
	CASE(STORE_LOCAL) {
		fp[1 + U16(ip)] = acc;
		ip += 2;
		NEXT;
	}
	CASE(STORE_GLOBAL) {
		u = U16(ip);
		ip += 2;
		SAVE();
		global_set(u, acc);
		LOAD();
		NEXT;
	}
	CASE(DEL_LOCAL) {
		u = U16(ip);
		if (fp[1 + u] == VAL_UNSET) {
			SAVE();
			err_undefined(CODE_PARAMS(c)[u]);
		}
		fp[1 + u] = VAL_UNSET;
		ip += 2;
		NEXT;
	}
	CASE(DEL_GLOBAL) {
		u = U16(ip);
		ip += 2;
		if (!global_del(u)) {
			SAVE();
			err_undefined(u);
		}
		NEXT;
	}

#define ARITH(name, expr)						\
	CASE(name) {							\
		a = *sp;						\
		if (VAL_IS_NUM(a) && VAL_IS_NUM(acc)) {			\
			float x = val_num(a), y = val_num(acc);		\
			acc = val_from_num(expr);			\
		} else {						\
			SAVE();						\
			b = val_binop(OP_##name, a, acc);		\
			LOAD();						\
			acc = b;					\
		}							\
		sp--;							\
		NEXT;							\
	}
	ARITH(ADD, x + y)
	ARITH(SUB, x - y)
	ARITH(MUL, x * y)
	ARITH(DIV, x / y)
	ARITH(IADD, x + y)
	ARITH(IMUL, x * y)
#undef ARITH

	CASE(FLOORDIV)
	CASE(MOD)
	CASE(POW)
	CASE(BAND)
	CASE(BOR)
	CASE(BXOR)
	CASE(SHL)
	CASE(SHR) {
		n = ip[-1];
		a = *sp;
		SAVE();
		if (VAL_IS_NUM(a) && VAL_IS_NUM(acc) && n <= OP_POW)
			b = num_binop(n, val_num(a), val_num(acc));
		else
			b = val_binop(n, a, acc);
		LOAD();
		acc = b;
		sp--;
		NEXT;
	}

#define COMPARE(name, op)						\
	CASE(name) {							\
		a = *sp--;						\
		if (VAL_IS_NUM(a) && VAL_IS_NUM(acc))			\
			acc = VAL_BOOL(val_num(a) op val_num(acc));	\
		else {							\
			SAVE();						\
			acc = VAL_BOOL(val_compare_op(OP_##name, a, acc)); \
		}							\
		NEXT;							\
	}
	COMPARE(LT, <)
	COMPARE(LE, <=)
	COMPARE(GT, >)
	COMPARE(GE, >=)
	COMPARE(EQ, ==)
	COMPARE(NE, !=)
#undef COMPARE
	CASE(IN)
	CASE(NOT_IN)
	CASE(IS)
	CASE(IS_NOT) {
		a = *sp--;
		SAVE();
		acc = VAL_BOOL(val_compare_op(ip[-1], a, acc));
		NEXT;
	}
	CASE(NEG) {
		if (VAL_IS_NUM(acc))
			acc = val_from_num(-val_num(acc));
		else {
			SAVE();
			acc = val_unop(OP_NEG, acc);
		}
		NEXT;
	}
	CASE(POS)
	CASE(INVERT)
	CASE(NOT) {
		SAVE();
		acc = val_unop(ip[-1], acc);
		NEXT;
	}
	CASE(JUMP) {
		u = U16(ip);
		if (base + u < ip) {
			SNEK_POLL();
			if (vm_interrupt) {
				SAVE();
				console_check_interrupt();
			}
		}
		ip = base + u;
		NEXT;
	}
	CASE(JUMP_FALSE) {
		if (acc == VAL_FALSE || (acc != VAL_TRUE && !val_truthy(acc)))
			ip = base + U16(ip);
		else
			ip += 2;
		NEXT;
	}
	CASE(JUMP_TRUE) {
		if (acc == VAL_TRUE || (acc != VAL_FALSE && val_truthy(acc)))
			ip = base + U16(ip);
		else
			ip += 2;
		NEXT;
	}
	CASE(CHAIN) {
		a = *sp--;
		SAVE();
		if (!val_compare_op(ip[0], a, acc)) {
			acc = VAL_FALSE;
			ip = base + U16(ip + 1);
		} else {
			ip += 3;
		}
		NEXT;
	}
	CASE(INDEX) {
		a = *sp;
		if (VAL_IS(a, TAG_LIST) && VAL_IS_NUM(acc)) {
			struct snek_list *l = list_ptr(a);
			float f = val_num(acc);
			int32_t k;
			/* Range first: casting inf or 1e30 to an integer is undefined. */
			if (f > -65536.0f && f < 65536.0f && (float)(k = (int32_t)f) == f) {
				if (k < 0)
					k += (int32_t)l->len;
				if (k >= 0 && (snek_len_t)k < l->len) {
					acc = block_ptr(l->items)[k];
					sp--;
					NEXT;
				}
			}
		}
		SAVE();
		b = val_index(a, acc);
		LOAD();
		acc = b;
		sp--;
		NEXT;
	}
	CASE(INDEX_KEEP) {
		a = *sp;
		*++sp = acc;
		SAVE();
		b = val_index(a, acc);
		LOAD();
		acc = b;
		NEXT;
	}
	CASE(STORE_INDEX) {
		SAVE();
		val_store(sp[-1], sp[0], acc);
		LOAD();
		sp -= 2;
		NEXT;
	}
	CASE(DEL_INDEX) {
		SAVE();
		val_delete(*sp, acc);
		sp--;
		NEXT;
	}
	CASE(SLICE) {
		SAVE();
		b = val_slice(sp[-3], sp[-2], sp[-1], sp[0]);
		LOAD();
		acc = b;
		sp -= 4;
		NEXT;
	}
	CASE(LIST)
	CASE(TUPLE) {
		n = ip[-1];
		u = U16(ip);
		ip += 2;
		SAVE();
		b = n == OP_LIST ? list_new(u) : tuple_new(u);
		LOAD();
		if (u) {
			snek_len_t len;
			memcpy(seq_items(b, &len), sp - u + 1, u * sizeof(value_t));
		}
		sp -= u;
		acc = b;
		NEXT;
	}
	CASE(DICT) {
		u = U16(ip);
		ip += 2;
		SAVE();
		b = dict_new();
		GC_PUSH(b);
		for (n = 0; n < u; n++)
			dict_set(GC_TEMP(0), sp[-2 * (int32_t)(u - n) + 1], sp[-2 * (int32_t)(u - n) + 2]);
		b = GC_POP();
		LOAD();
		sp -= 2 * u;
		acc = b;
		NEXT;
	}
	CASE(CALL) {
		value_t *callee;
		const uint8_t *ids;

		n = ip[0];
		m = ip[1];
		ids = ip + 2;
		ip += 2 + 2 * m;
		callee = sp - n - m;
		a = *callee;
		if (VAL_IS_BUILTIN(a)) {
			const struct builtin *bi = &builtin_table[VAL_BUILTIN_INDEX(a)];
			uint8_t lo = SNEK_ROM_BYTE(&bi->min), hi = SNEK_ROM_BYTE(&bi->max);
			value_t (*fn)(uint8_t, value_t *) = SNEK_ROM_PTR(&bi->fn);
			SAVE();
			if (n < lo || (hi != 255 && n > hi) || m > 8)
				err_format("bad args. wanted %d got %d", (int32_t)(n < lo ? lo : hi), (int32_t)n);
			named_n = m;
			named_used = 0;
			named_vals = callee + 1 + n;
			for (u = 0; u < m; u++)
				named_ids[u] = U16(ids + 2 * u);
			b = fn(n, callee + 1);
			named_n = 0;
			console_check_interrupt();
			if (named_used != (uint8_t)((1u << m) - 1)) {
				for (u = 0; named_used & (1u << u); u++)
					;
				err_format("bad arg \"%n\"", named_ids[u]);
			}
			LOAD();
			acc = b;
			sp = callee - 1;
			NEXT;
		}
		if (!VAL_IS(a, TAG_FUNC)) {
			SAVE();
			err_invalid_type(a);
		}
		{
			struct snek_code *f = code_ptr(a);
			value_t *nfp = callee;
			SAVE();
			if (nfp + f->nlocals + 4 + m + f->maxstack >= vm_stack + SNEK_STACK_SIZE)
				err_raise(ERR_STACK);
			SNEK_POLL();
			console_check_interrupt();
			bind_args(nfp, n, m, ids);
			nfp[f->nlocals + 1] = VAL_INT(ip - base);
			nfp[f->nlocals + 2] = VAL_INT(fp - vm_stack);
			nfp[f->nlocals + 3] = vm_code;
			sp = nfp + f->nlocals + 3;
			fp = nfp;
			vm_code = a;
			RELOAD_CODE();
			ip = base;
		}
		NEXT;
	}
	CASE(RETURN) {
		value_t *rec = fp + c->nlocals + 1;
		sp = fp - 1;
		ip_off = INT(rec[0]);
		vm_code = rec[2];
		fp = vm_stack + INT(rec[1]);
		RELOAD_CODE();
		ip = base + ip_off;
		NEXT;
	}
	CASE(ITER) {
		if (!VAL_IS(acc, TAG_LIST) && !VAL_IS(acc, TAG_TUPLE) &&
		    !VAL_IS(acc, TAG_STRING) && !VAL_IS(acc, TAG_DICT)) {
			SAVE();
			err_invalid_type(acc);
		}
		*++sp = acc;
		*++sp = VAL_INT(0);
		NEXT;
	}
	CASE(FOR_NEXT) {
		bool more;
		SAVE();
		more = iter_next(sp - 1, &b);
		LOAD();
		if (more) {
			acc = b;
			ip += 2;
		} else {
			sp -= 2;
			ip = base + U16(ip);
		}
		NEXT;
	}
	CASE(RANGE) {
		n = *ip++;
		SAVE();
		range_start(sp - n + 1, n);
		sp = sp - n + 3;
		NEXT;
	}
	CASE(RANGE_NEXT) {
		float cur = val_num(sp[-2]), stop = val_num(sp[-1]), step = val_num(sp[0]);
		if (step > 0 ? cur < stop : cur > stop) {
			acc = sp[-2];
			sp[-2] = val_from_num(cur + step);
			ip += 2;
		} else {
			sp -= 3;
			ip = base + U16(ip);
		}
		NEXT;
	}
	CASE(DEFAULT) {
		if (fp[1 + U16(ip)] != VAL_UNSET)
			ip = base + U16(ip + 2);
		else
			ip += 4;
		NEXT;
	}
	CASE(ASSERT) {
		if (!val_truthy(acc)) {
			SAVE();
			err_raise(ERR_ASSERT);
		}
		NEXT;
	}
	CASE(PRINT_EXPR) {
		if (acc != VAL_NONE) {
			SAVE();
			print_check(acc);
			print_value(acc, true);
			print_char('\n');
			global_set(name_underscore, acc);
			LOAD();
		}
		NEXT;
	}
#if !SNEK_COMPUTED_GOTO
		}
	}
#endif
}
