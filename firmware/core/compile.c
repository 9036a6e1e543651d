/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The compiler. Each action runs when the parser reaches it in the grammar
 * (grammar.ll) and emits bytecode at once; what actions need to remember
 * (jump positions, counts, operators) waits on a small stack.
 *
 * Two units can be open: the top-level statement and, inside it, the
 * function a `def` is building. Loads inside a function are emitted as
 * OP_NAME and resolved when the function ends, once all its local names
 * are known (a name assigned anywhere in a function is local to it). */
#include "snek.h"

struct token comp_tok;

/* A unit's growable buffers are GC roots: the open unit's in
 * comp_roots[0 ..], the top-level's while a def is open after them. */
value_t comp_roots[COMP_ROOTS];

#define NO_OP 0xFFFF
/* The end of a chain of jumps: no jump's operand is at offset 0. */
#define NO_JUMP 0

static struct comp {
	struct unit unit;      /* the unit being compiled */
	struct unit *waiting;  /* in the parser's frame (comp_begin) */
	uint16_t expr_start;   /* where the expression that ended last starts */
	cindex_t csp;          /* entries on the action stack */
	cindex_t call_base;    /* the innermost call's record (call_rec) */
	bool in_default;       /* compiling a parameter's default value */
} comp;

/* The state is reached through a pointer: on AVR a field then takes 2
 * bytes of code, not 4. The empty asm hides the constant address from the
 * optimizer and emits nothing. */
static inline struct comp *comp_ptr(void)
{
	struct comp *p = &comp;

	SNEK_HIDE_ADDRESS(p);
	return p;
}
#define C (*comp_ptr())
#define UNIT (C.unit)

/* The action stack uses the value stack's own room at the pool's end:
 * the value stack is empty while a statement compiles, and the collector
 * never looks there then. */
#define CSTACK ((uint16_t *)(gc_pool + GC_HOME_LIMIT))
_Static_assert(SNEK_COMP_STACK * sizeof(uint16_t) <= SNEK_STACK_SIZE * sizeof(value_t),
	       "the action stack fits the value stack's room");

static void cpush(uint16_t v)
{
	if (C.csp == SNEK_COMP_STACK)
		err_raise(ERR_NESTED);
	CSTACK[C.csp++] = v;
}

static uint16_t cpop(void)
{
	return CSTACK[--C.csp];
}

/* Entry i from the top of the action stack. */
static __attribute__((noinline)) uint16_t *ctop(uint8_t i)
{
	return &CSTACK[C.csp - 1 - i];
}

/* The stack effect of op (opcodes.h, by way of vm.h). */
static __attribute__((noinline)) int8_t op_effect(uint8_t op)
{
	return OP_EFFECT(op);
}

/* Bytes in the instruction at ip. */
static snek_len_t op_length(const uint8_t *ip)
{
	snek_len_t n = 1 + OP_BYTES(*ip);

	if (*ip == OP_CALL)
		n += 2 * (snek_len_t)ip[2];
	return n;
}

static uint8_t *raw(uint8_t r)
{
	return ((struct snek_raw *)gc_ptr(comp_roots[r]))->b;
}

#define CODE raw(R_CODE)

/* Room for `size` more bytes at the end of buffer r: where they go. */
static uint8_t *append(uint8_t r, uint8_t size)
{
	snek_len_t len = UNIT.len[r], cap = 0, need = len + size;
	struct snek_raw *b;

	if (comp_roots[r] != VAL_NONE)
		cap = BLOCK_BYTES(comp_roots[r]);
	if (need > cap) {
		cap = need + cap / 2 + 16;
		b = gc_alloc(r == R_CONSTS ? GC_VALUES : GC_RAW, (snek_len_t)(sizeof *b + cap));
		if (len)
			memcpy(b->b, raw(r), len);
		comp_roots[r] = gc_ref(TAG_BLOCK, b);
	}
	UNIT.len[r] = need;
	return raw(r) + len;
}

static void unit_begin(void)
{
	for (uint8_t i = 0; i < R_PER_UNIT; i++)
		comp_roots[i] = VAL_NONE;
	memset(&UNIT, 0, sizeof UNIT);
	UNIT.last_op = NO_OP;
	/* UNIT.name: def_begin names a function; a statement's code is never
	 * a value, so its name is never read. */
}

void comp_begin(struct comp_frame *frame)
{
	C.waiting = &frame->waiting;
	unit_begin();
	C.in_default = false;
	C.csp = 0;
	C.call_base = 0;
}

void comp_reset(void)
{
	for (uint8_t i = 0; i < COMP_ROOTS; i++)
		comp_roots[i] = VAL_NONE;
	comp_tok.val = VAL_NONE;
}

/* Errors are reported on the line of the token matched last. */
static __attribute__((noinline)) void at_token(void)
{
	err_line = comp_tok.line;
}

static __attribute__((noreturn)) void raise_here(uint8_t code)
{
	at_token();
	err_raise(code);
}

/* An error message (a ROM_STR with up to one %d or %n) at the token. */
static __attribute__((noreturn, noinline)) void error_here(const char *fmt, uint16_t a)
{
	at_token();
	err_format1(fmt, a);
}

/* The name id a NAME token carries. */
static __attribute__((noinline)) uint16_t tok_id(void)
{
	return (uint16_t)VAL_INT_GET(comp_tok.val);
}

static __attribute__((noreturn)) void syntax_error(void)
{
	parse_syntax_error(&comp_tok);
}

/* Emitting */

/* Code offsets stay below OP_ENTRY (see Expressions). */
static void emit_byte(uint8_t b)
{
	if (UNIT.len[R_CODE] >= 0xFFB0)
		err_raise(ERR_TOO_BIG);
	*append(R_CODE, 1) = b;
}

static void emit_u16(uint16_t v)
{
	emit_byte((uint8_t)v);
	emit_byte((uint8_t)(v >> 8));
}

static uint16_t read_u16(uint16_t at)
{
	uint8_t *p = CODE + at;

	return (uint16_t)(p[0] | p[1] << 8);
}

static void patch_u16(uint16_t at, uint16_t v)
{
	uint8_t *p = CODE + at;

	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

/* The offset of the next instruction. Out of line (and op_effect too):
 * smaller after LTO, measured. */
static __attribute__((noinline)) uint16_t here(void)
{
	return (uint16_t)UNIT.len[R_CODE];
}

static void add_depth(int16_t n)
{
	UNIT.depth = (uint16_t)(UNIT.depth + n);
	if (UNIT.depth > UNIT.maxdepth)
		UNIT.maxdepth = UNIT.depth;
}

static void note_line(void)
{
	uint16_t *l;

	if (comp_tok.line == UNIT.last_line)
		return;
	UNIT.last_line = comp_tok.line;
	l = (uint16_t *)append(R_LINES, 4);
	l[0] = here();
	l[1] = comp_tok.line;
}

#if SNEK_VM_FAST_PATHS
/* A PUSH right after a load joins it: the load becomes its twin that
 * pushes too (opcodes.h), one instruction less to run. False when the
 * newest instruction is no load, or a jump lands here. */
static bool join_push(void)
{
	uint8_t *p, op;

	if (UNIT.last_op == NO_OP)
		return false;
	p = CODE + UNIT.last_op;
	switch (*p) {
	case OP_LOCAL:
		op = OP_LOCAL_PUSH;
		break;
	case OP_GLOBAL:
		op = OP_GLOBAL_PUSH;
		break;
	case OP_NUMBER:
		op = OP_NUMBER_PUSH;
		break;
	case OP_CONST:
		op = OP_CONST_PUSH;
		break;
	case OP_NAME:
		op = OP_NAME_PUSH;
		break;
	default:
		return false;
	}
	*p = op;
	add_depth(1);
	return true;
}
#endif

static void emit_op(uint8_t op)
{
#if SNEK_VM_FAST_PATHS
	if (op == OP_PUSH && join_push())
		return;
#endif
	note_line();
	UNIT.last_op = here();
	emit_byte(op);
	add_depth(op_effect(op));
}

static void emit_op_u16(uint8_t op, uint16_t v)
{
	emit_op(op);
	emit_u16(v);
}

/* Jumps forward are chained through their operands until patched (out of
 * line: LTO would otherwise copy it into each of its callers). */
static __attribute__((noinline)) uint16_t emit_jump(uint8_t op, uint16_t chain)
{
	emit_op_u16(op, chain);
	return (uint16_t)(here() - 2);
}

/* Point every jump on the chain here. */
static void patch_here(uint16_t chain)
{
	uint16_t next;

	while (chain) {
		next = read_u16(chain);
		patch_u16(chain, here());
		chain = next;
	}
	/* A jump lands here: the last instruction no longer stands alone. */
	UNIT.last_op = NO_OP;
}

static uint16_t add_const(value_t v)
{
	value_t *slot;

	GC_PUSH(v);
	/* The new block is zeroed: the collector sees numbers in free slots. */
	slot = (value_t *)append(R_CONSTS, sizeof(value_t));
	*slot = GC_POP();
	return (uint16_t)(UNIT.len[R_CONSTS] / sizeof(value_t) - 1);
}

/* Names */

static int16_t find_id(uint8_t r, uint16_t id)
{
	uint16_t i, *ids = (uint16_t *)raw(r);

	for (i = 0; i < UNIT.len[r] / 2; i++)
		if (ids[i] == id)
			return (int16_t)i;
	return -1;
}

static uint16_t add_id(uint8_t r, uint16_t id)
{
	*(uint16_t *)append(r, 2) = id;
	return (uint16_t)(UNIT.len[r] / 2 - 1);
}

static bool is_global(uint16_t id)
{
	return !UNIT.in_func || find_id(R_GLOBALS, id) >= 0;
}

/* The local slot for a name being bound in a function. */
static uint16_t local_slot(uint16_t id)
{
	int16_t slot = find_id(R_LOCALS, id);

	if (slot >= 0)
		return (uint16_t)slot;
	if (UNIT.len[R_LOCALS] == 2 * 255)
		err_raise(ERR_TOO_BIG);
	return add_id(R_LOCALS, id);
}

/* Store into or delete a name, a store or a delete as the pair of
 * opcodes given says: OP_STORE_LOCAL and OP_STORE_GLOBAL, or OP_DEL_LOCAL
 * and OP_DEL_GLOBAL. */
static void emit_bind(uint8_t local_op, uint8_t global_op, uint16_t id)
{
	if (is_global(id))
		emit_op_u16(global_op, id);
	else
		emit_op_u16(local_op, local_slot(id));
}

static uint8_t last_op(void)
{
	return UNIT.last_op == NO_OP ? OP_HALT : CODE[UNIT.last_op];
}

/* Take back the newest instruction. */
static void unemit(void)
{
	add_depth((int16_t)-op_effect(last_op()));
	UNIT.len[R_CODE] = UNIT.last_op;
	UNIT.last_op = NO_OP;
}

/* Not a name id: the target of =, op= or del is an index. */
#define NOT_A_NAME 0xFFFF


/* If the last expression compiled to one name load, take it back: its id. */
static uint16_t take_name(void)
{
	uint16_t id;
	uint8_t op = last_op();

	if (UNIT.last_op != C.expr_start || (op != OP_NAME && op != OP_GLOBAL))
		return NOT_A_NAME;
	id = read_u16(C.expr_start + 1);
	unemit();
	return id;
}

/* Finishing units */

/* Rewrite OP_NAME loads of a finished function to locals or globals. */
static void resolve_names(void)
{
	uint16_t at, id;
	int16_t slot;
	uint8_t *p;

	/* Nothing here allocates: p stays valid. */
	for (at = 0; at < here(); at = (uint16_t)(at + op_length(p))) {
		p = CODE + at;
#if SNEK_VM_FAST_PATHS
		if (*p == OP_NAME_PUSH) {
			id = (uint16_t)(p[1] | p[2] << 8);
			slot = is_global(id) ? -1 : find_id(R_LOCALS, id);
			*p = slot >= 0 ? OP_LOCAL_PUSH : OP_GLOBAL_PUSH;
			if (slot >= 0) {
				p[1] = (uint8_t)slot;
				p[2] = (uint8_t)(slot >> 8);
			}
			continue;
		}
#endif
		if (*p != OP_NAME)
			continue;
		id = (uint16_t)(p[1] | p[2] << 8);
		slot = is_global(id) ? -1 : find_id(R_LOCALS, id);
		*p = OP_GLOBAL;
		if (slot >= 0) {
			*p = OP_LOCAL;
			p[1] = (uint8_t)slot;
			p[2] = (uint8_t)(slot >> 8);
		}
	}
}

/* The sections of a code object, in order, from these buffers. */
static const uint8_t code_sections[] SNEK_ROM = { R_CONSTS, R_CODE, R_LOCALS, R_LINES };

static value_t finish_unit(void)
{
	struct snek_code *c;
	uint8_t *p, i, r;
	snek_len_t n = sizeof *c + 1;

	for (i = 0; i < R_GLOBALS; i++)
		n += UNIT.len[i];
	c = gc_alloc(GC_CODE, n & ~(snek_len_t)1);
	c->ncode = UNIT.len[R_CODE];
	c->nconst = (uint16_t)(UNIT.len[R_CONSTS] / sizeof(value_t));
	c->nlines = (uint16_t)(UNIT.len[R_LINES] / 4);
	c->nparams = UNIT.nparams;
	c->ndefaults = UNIT.ndefaults;
	c->nlocals = (uint8_t)(UNIT.len[R_LOCALS] / 2);
	c->maxstack = (uint16_t)(UNIT.maxdepth + 2);
	c->name = UNIT.name;
	p = (uint8_t *)c->consts;
	for (i = 0; i < sizeof code_sections; i++) {
		r = SNEK_ROM_BYTE(&code_sections[i]);
		if (UNIT.len[r])
			memcpy(p, raw(r), UNIT.len[r]);
		p += UNIT.len[r];
		if (r == R_CODE)
			p += UNIT.len[r] & 1;
	}
	return gc_ref(TAG_FUNC, c);
}

value_t comp_end(void)
{
	value_t code;

	emit_op(OP_HALT);
	code = finish_unit();
	unit_begin(); /* drops the statement's buffers */
	return code;
}

/* Exchange n bytes at a and b. */
static void swap_bytes(uint8_t *a, uint8_t *b, uint8_t n)
{
	uint8_t t;

	while (n--) {
		t = *a;
		*a++ = *b;
		*b++ = t;
	}
}

/* Exchange the open unit and the one waiting, with their buffers. */
static void swap_units(void)
{
	swap_bytes((uint8_t *)&UNIT, (uint8_t *)C.waiting, sizeof UNIT);
	swap_bytes((uint8_t *)comp_roots, (uint8_t *)(comp_roots + R_PER_UNIT),
		   R_PER_UNIT * sizeof(value_t));
}

/* A def opens a function unit; the statement around it waits. */
static void def_begin(void)
{
	if (UNIT.in_func) {
		comp_tok.type = TOK_DEF; /* the error is at the nested "def" */
		syntax_error();
	}
	swap_units();
	unit_begin(); /* no loop around its body */
	UNIT.in_func = true;
	UNIT.name = tok_id();
}

static void def_end(void)
{
	value_t v;
	uint16_t name;

	emit_op(OP_NONE);
	emit_op(OP_RETURN);
	resolve_names();
	v = finish_unit();
	name = UNIT.name;
	unit_begin(); /* drops the function's buffers */
	swap_units();
	emit_op_u16(OP_CONST, add_const(v));
	emit_op_u16(OP_STORE_GLOBAL, name);
}

/* Loops: a record of 4 entries on the action stack. */
enum { LOOP_PREV, LOOP_TOP, LOOP_BREAKS, LOOP_DROP, LOOP_SIZE };
#define LOOP(f) (loop_rec()[f])

/* The innermost loop's record. */
static __attribute__((noinline)) uint16_t *loop_rec(void)
{
	return &CSTACK[UNIT.loop_base - 1];
}

static void loop_begin(uint8_t drop)
{
	cpush(UNIT.loop_base);
	UNIT.loop_base = C.csp;
	cpush(here());
	cpush(NO_JUMP);
	cpush(drop);
	UNIT.last_op = NO_OP;
}

/* A for loop's head: the state is on the stack; fetch, then store. */
static void for_head(uint8_t next_op, uint8_t drop)
{
	uint16_t id = cpop();

	loop_begin(drop);
	cpush(emit_jump(next_op, NO_JUMP));
	emit_bind(OP_STORE_LOCAL, OP_STORE_GLOBAL, id);
}

static void jump_back(void)
{
	emit_op_u16(OP_JUMP, LOOP(LOOP_TOP));
}

/* The target of =, op= or del, compiled as a load, taken back: its name
 * id, or NOT_A_NAME for an index (its container and key stay). */
static uint16_t take_target(void)
{
	uint16_t a = take_name();

	if (a == NOT_A_NAME) {
		if (last_op() != OP_INDEX)
			syntax_error();
		unemit();
	}
	return a;
}

/* Store into or delete the target: a name with local_op or global_op
 * (emit_bind), an index with index_op (OP_STORE_INDEX, OP_DEL_INDEX). */
static void bind_target(uint16_t a, uint8_t local_op, uint8_t global_op, uint8_t index_op)
{
	if (a != NOT_A_NAME)
		emit_bind(local_op, global_op, a);
	else
		emit_op(index_op);
}

/* x = and x op= : the action stack gets the target's name id, or
 * NOT_A_NAME for an index, then for op= the operator (for = with
 * SNEK_STORE_ORDER, where the target's code starts and ends). */
static void assign_lhs(bool augmented)
{
	uint16_t a = take_target();

	cpush(a);
	if (SNEK_STORE_ORDER && !augmented)
		cpush(C.expr_start);
	if (augmented) {
		/* Load it again: the operator needs the old value. */
		if (a != NOT_A_NAME)
			emit_op_u16(is_global(a) ? OP_GLOBAL : OP_NAME, a);
		else
			emit_op(OP_INDEX_KEEP);
		cpush(comp_tok.op);
	}
	if (augmented || a == NOT_A_NAME)
		emit_op(OP_PUSH);
	if (SNEK_STORE_ORDER && !augmented)
		cpush(here());
}

#if SNEK_STORE_ORDER

/* The n bytes at p in reverse order. */
static void reverse(uint8_t *p, uint16_t n)
{
	uint8_t *q = p + n, t;

	while (p + 1 < q) {
		t = *p;
		*p++ = *--q;
		*q = t;
	}
}

/* x[i] = v finds v first, then x and i, as Python does, but their code
 * came first, as the parser met them (t0 to t1: x pushed, then i). So
 * the value's code (t1 to t3), ended by a store into a hidden local,
 * moves before the target's, and the value comes back from the local for
 * the store. Jumps inside either move with them (no jump leaves an
 * expression). */
static __attribute__((noinline)) void value_first(uint16_t t0, uint16_t t1)
{
	uint16_t slot = local_slot(NAME_STORE_VALUE), t3, at, to, n, *l;
	uint8_t *code, *p;

	emit_op_u16(OP_STORE_LOCAL, slot);
	t3 = here();
	/* Nothing allocates from here to the LOCAL: the buffers stay. */
	code = CODE;
	for (at = t0; at < t3; at = (uint16_t)(at + op_length(p))) {
		p = code + at;
		_Static_assert(OP_JUMP_FALSE == OP_JUMP + 1 && OP_JUMP_TRUE == OP_JUMP + 2, "the jumps");
		if ((uint8_t)(*p - OP_JUMP) <= 2) {
			to = (uint16_t)(p[1] | p[2] << 8);
			if (to >= t0)
				to = (uint16_t)(to < t1 ? to + (t3 - t1) : to - (t1 - t0));
			p[1] = (uint8_t)to;
			p[2] = (uint8_t)(to >> 8);
		}
	}
	/* Swapped by three reversals. */
	reverse(code + t0, (uint16_t)(t1 - t0));
	reverse(code + t1, (uint16_t)(t3 - t1));
	reverse(code + t0, (uint16_t)(t3 - t0));
	/* The (offset, line) pairs after t0 go: the whole statement is
	 * reported at its first line, as Python reports a store. */
	l = (uint16_t *)raw(R_LINES);
	for (n = (uint16_t)(UNIT.len[R_LINES] / 4); n && l[2 * n - 2] > t0; n--)
		;
	UNIT.len[R_LINES] = (snek_len_t)(4 * n);
	UNIT.last_op = NO_OP;
	emit_op_u16(OP_LOCAL, slot);
}
#endif

/* Expressions. Operands are compiled as they come; an operator waits on
 * the action stack as OP_ENTRY + opcode until the operators after it show
 * whether it binds more tightly (precedence). The entries of an expression
 * sit over its start, the code offset @expr_begin pushed: below OP_ENTRY.
 * `and`, `or` and comparisons keep a jump chain under their entry. */
#define OP_ENTRY 0xFFC0

/* Precedence, loosest first, as in Python; 0 is an expression's start,
 * and the level of += and *=, which are never pending. */
enum {
	LEVEL_ASSIGN = 0, LEVEL_OR, LEVEL_AND, LEVEL_NOT, LEVEL_COMPARE, LEVEL_BOR,
	LEVEL_BXOR, LEVEL_BAND, LEVEL_SHIFT, LEVEL_ARITH, LEVEL_TERM, LEVEL_UNARY,
	LEVEL_POW
};

/* Per operator from OP_ADD to OP_NOT (opcodes.h; print.c checks the
 * run); `and` and `or` are their jumps (op_level), which opcodes.h keeps
 * apart from the operators. */
static const uint8_t op_levels[] SNEK_ROM = {
#define OP(name, effect, bytes)
#define OPERATOR(name, effect, level, text) LEVEL_##level,
#include "opcodes.h"
#undef OPERATOR
#undef OP
};

static SNEK_OUTLINE uint8_t op_level(uint8_t op)
{
	if (op == OP_JUMP_FALSE)
		return LEVEL_AND;
	if (op == OP_JUMP_TRUE)
		return LEVEL_OR;
	return SNEK_ROM_BYTE(&op_levels[op - OP_ADD]);
}

/* The level of the newest entry: 0 at the expression's start. */
static uint8_t top_level(void)
{
	uint16_t e = *ctop(0);

	return e < OP_ENTRY ? 0 : op_level((uint8_t)(e - OP_ENTRY));
}

/* Emit the newest pending operator. */
static __attribute__((noinline)) void reduce(void)
{
	uint8_t op = (uint8_t)(cpop() - OP_ENTRY), level = op_level(op);

	if (op < OP_JUMP) /* `and` and `or` emitted their jump already */
		emit_op(op);
	if (level == LEVEL_COMPARE || level < LEVEL_NOT)
		patch_here(cpop());
}

/* Emit the pending operators of `level` and tighter. */
static void reduce_to(uint8_t level)
{
	while (top_level() >= level)
		reduce();
}

/* + - ~ before an operand. */
static uint8_t prefix_op(uint8_t op)
{
	if (op == OP_ADD)
		return OP_POS;
	if (op == OP_SUB)
		return OP_NEG;
	if (op != OP_INVERT)
		syntax_error();
	return op;
}

/* The local that holds the middle operand of a chained comparison, for
 * as long as one comparison and its jump: one serves every chain of a
 * unit. A default value of parameter k has the slot of k to itself until
 * it is stored: other locals are still being bound. */
static uint16_t temp_slot(void)
{
	if (C.in_default)
		return (uint16_t)(UNIT.nparams - 1);
	return local_slot(NAME_NONE);
}

/* An operator between operands: the left one is in acc. */
static void infix(uint8_t op)
{
	uint8_t level = op_level(op);
	uint16_t *chain, slot;

	if (op == OP_INVERT)
		syntax_error();
	/* ** groups to the right (2 ** 3 ** 2 is 2 ** 9), comparisons chain. */
	reduce_to((uint8_t)(level + (op == OP_POW || level == LEVEL_COMPARE)));
	if (level == LEVEL_COMPARE) {
		if (top_level() == LEVEL_COMPARE) {
			/* a < b < c: b waits in a local while a < b is
			 * tested, jumping to the end when false, and comes
			 * back for b < c. */
			slot = temp_slot();
			emit_op_u16(OP_STORE_LOCAL, slot);
			emit_op((uint8_t)(cpop() - OP_ENTRY));
			chain = ctop(0);
			*chain = emit_jump(OP_JUMP_FALSE, *chain);
			emit_op_u16(OP_LOCAL, slot);
		} else {
			cpush(NO_JUMP);
		}
	}
	if (level < LEVEL_NOT)
		cpush(emit_jump(op, NO_JUMP));
	else
		emit_op(OP_PUSH);
	cpush(OP_ENTRY + op);
}

/* A call's record on the action stack: the enclosing call's call_base,
 * then at call_base the counts (positional in the low byte, named in the
 * high byte, as OP_CALL takes them), then the named arguments' ids. */
static __attribute__((noinline)) uint16_t *call_rec(void)
{
	return &CSTACK[C.call_base];
}
#define CALL_COUNTS (*call_rec())
#define NAMED_COUNT (CALL_COUNTS >> 8)

/* One more argument: one is 1 (positional) or 0x100 (named). Up to 255
 * of each: the byte counted must not wrap to 0. */
static void count_arg(uint16_t one)
{
	uint16_t *counts = call_rec();

	*counts += one;
	if (!(*counts & (uint16_t)(one * 0xFF)))
		err_raise(ERR_TOO_BIG);
	emit_op(OP_PUSH);
}

/* OP_CALL's operands are the call's record: the counts, the names. */
static void call_end(void)
{
	uint16_t *p = call_rec(), *end = p + 1 + (*p >> 8);

	add_depth((int16_t)-(1 + (uint8_t)*p + (*p >> 8)));
	emit_op(OP_CALL);
	while (p < end)
		emit_u16(*p++);
	C.csp = (cindex_t)(C.call_base - 1);
	C.call_base = CSTACK[C.csp];
}

/* Per action with an argument: its kind and argument (grammar.ll). */
static const uint8_t action_args[] SNEK_ROM = { PARSE_ACTION_ARGS };

void comp_action(uint8_t action)
{
	uint16_t a, i, *p;
	uint8_t arg = 0;

	if (action >= PARSE_FIRST_ARG_ACTION) {
		const uint8_t *args = &action_args[2 * (action - PARSE_FIRST_ARG_ACTION)];

		action = SNEK_ROM_BYTE(args);
		arg = SNEK_ROM_BYTE(args + 1);
	}
	switch (action) {
	/* @emit(OP): just that instruction */
	case ACT_emit:
		emit_op(arg);
		break;
	/* @save(N): N on the action stack */
	case ACT_save:
		cpush(arg);
		break;
	/* @jump(OP): a conditional jump forward, patched at @jump_end */
	case ACT_jump:
		cpush(emit_jump(arg, NO_JUMP));
		break;
	/* @collection(OP): the counted values become a tuple, list or dict */
	case ACT_collection:
		a = cpop();
		if (arg == OP_DICT) /* a key and a value each */
			a *= 2;
		emit_op_u16(arg, a);
		add_depth((int16_t)-a);
		break;

	/* small_stmt -> BREAK @break | CONTINUE @continue */
	case ACT_break:
	case ACT_continue:
		if (!UNIT.loop_base)
			raise_here(ERR_NOT_IN_LOOP);
		if (action == ACT_continue) {
			jump_back();
			break;
		}
		p = loop_rec();
		if (p[LOOP_DROP])
			emit_op_u16(OP_DROP, p[LOOP_DROP]);
		p[LOOP_BREAKS] = emit_jump(OP_JUMP, p[LOOP_BREAKS]);
		break;

	/* small_stmt -> GLOBAL NAME @global global_more */
	case ACT_global:
		if (UNIT.in_func)
			add_id(R_GLOBALS, tok_id());
		break;
	/* small_stmt -> FROM NAME IMPORT OP @import_star */
	case ACT_import_star:
		if (comp_tok.op != OP_MUL)
			syntax_error();
		break;

	/* assign_rest -> ASSIGN @assign_lhs testlist @store
	 *              | AUGASSIGN @aug_lhs testlist @binop @assign */
	case ACT_assign_lhs:
	case ACT_aug_lhs:
		assign_lhs(action == ACT_aug_lhs);
		break;
	case ACT_store:
#if SNEK_STORE_ORDER
		{
			uint16_t t1 = cpop(), t0 = cpop();

			if (*ctop(0) == NOT_A_NAME)
				value_first(t0, t1);
		}
#endif
		/* fall through */
	case ACT_assign:
		bind_target(cpop(), OP_STORE_LOCAL, OP_STORE_GLOBAL, OP_STORE_INDEX);
		break;
	/* assign_rest -> @expr_stmt */
	case ACT_expr_stmt:
		if (!UNIT.in_func && lex_interactive)
			emit_op_u16(OP_PRINT_EXPR, name_underscore);
		break;
	/* del_target -> expr @del */
	case ACT_del:
		bind_target(take_target(), OP_DEL_LOCAL, OP_DEL_GLOBAL, OP_DEL_INDEX);
		break;

	/* return_val -> testlist @return | @emit(OP_NONE) @return */
	case ACT_return:
		if (!UNIT.in_func)
			raise_here(ERR_RETURN);
		emit_op(OP_RETURN);
		break;

	/* if_stmt -> IF @save(0) expr @jump(OP_JUMP_FALSE) COLON suite if_rest
	 *            @jump_end
	 * if_rest -> ELIF @if_else ... | ELSE @if_else ... | @jump_end
	 * A failed test jumps to the next branch; each branch ends with a
	 * jump to the end. */
	case ACT_if_else:
		a = cpop();
		*ctop(0) = emit_jump(OP_JUMP, *ctop(0));
		patch_here(a);
		break;
	case ACT_jump_end:
		patch_here(cpop());
		break;

	/* while_stmt -> WHILE @while_begin expr @jump(OP_JUMP_FALSE) COLON
	 *               suite @jump_back @jump_end @loop_exit else_part
	 *               @jump_end */
	case ACT_while_begin:
		loop_begin(0);
		break;
	case ACT_jump_back:
		jump_back();
		break;
	/* The loop is over (a for loop's state gone): its record goes, its
	 * breaks wait for the end of the else part. */
	case ACT_loop_exit:
		p = loop_rec();
		a = p[LOOP_BREAKS];
		add_depth((int16_t)-p[LOOP_DROP]);
		C.csp = (cindex_t)(UNIT.loop_base - 1);
		UNIT.loop_base = (cindex_t)p[LOOP_PREV];
		cpush(a);
		break;

	/* for_stmt -> FOR NAME @for_name IN for_source COLON suite
	 *             @jump_back @jump_end @loop_exit else_part @jump_end */
	case ACT_for_name:
		cpush(tok_id());
		break;
	/* for_source -> RANGE LPAREN @range_begin expr @item range_more
	 *               RPAREN @range
	 * The defaults are the compiler's: a start of 0 pushed first, its
	 * PUSH made a NONE (which pushes nothing) when a start is given, and
	 * a step of 1 pushed last when none is. */
	case ACT_range_begin:
		emit_op_u16(OP_NUMBER, 0);
		cpush(here());
#if SNEK_VM_FAST_PATHS
		UNIT.last_op = NO_OP; /* a PUSH of its own, which @range may make a NONE */
#endif
		emit_op(OP_PUSH);
		cpush(0);
		break;
	case ACT_range:
		a = cpop();
		if (a > 3) {
			at_token();
			err_bad_args(3, a > 255 ? 255 : (uint8_t)a); /* 255: "or more" */
		}
		i = cpop();
		if (a > 1) {
			CODE[i] = OP_NONE;
			add_depth(-1);
		}
		if (a < 3) {
			emit_op_u16(OP_NUMBER, 0x3F80); /* 1.0f */
			emit_op(OP_PUSH);
		}
		emit_op(OP_RANGE);
		for_head(OP_RANGE_NEXT, 3);
		break;
	/* for_source -> testlist @for_iter */
	case ACT_for_iter:
		emit_op(OP_ITER);
		for_head(OP_FOR_NEXT, 2);
		break;

	/* def_stmt -> DEF NAME @def_begin LPAREN params RPAREN COLON suite
	 *             @def_end */
	case ACT_def_begin:
		def_begin();
		break;
	/* params -> NAME @param param_default params_more */
	case ACT_param:
		/* The locals so far are the parameters: a new one takes the
		 * next slot. */
		i = tok_id();
		if (local_slot(i) != UNIT.nparams++) {
			error_here(ROM_STR("duplicate argument: %n"), i);
		}
		break;
	case ACT_param_plain:
		if (UNIT.ndefaults)
			syntax_error();
		break;
	/* param_default -> ASSIGN @default_begin expr @default_end */
	case ACT_default_begin:
		emit_op_u16(OP_DEFAULT, (uint16_t)(UNIT.nparams - 1));
		cpush(here());
		emit_u16(NO_JUMP);
		C.in_default = true;
		break;
	case ACT_default_end:
		C.in_default = false;
		emit_op_u16(OP_STORE_LOCAL, (uint16_t)(UNIT.nparams - 1));
		patch_here(cpop());
		UNIT.ndefaults++;
		break;
	case ACT_def_end:
		def_end();
		break;

	/* Push acc, count one more value. */
	case ACT_item:
		emit_op(OP_PUSH);
		(*ctop(0))++;
		break;

	/* Expressions: see above. */
	case ACT_expr_begin:
		cpush(here());
		break;
	case ACT_token_prefix:
		arg = prefix_op(comp_tok.op);
		/* fall through */
	case ACT_prefix:
		cpush(OP_ENTRY + arg);
		break;
	case ACT_token_infix:
		arg = comp_tok.op;
		/* fall through */
	case ACT_infix:
		infix(arg);
		break;
	case ACT_expr_end:
		reduce_to(1);
		C.expr_start = cpop();
		break;
	/* assign_rest -> AUGASSIGN @aug_lhs testlist @binop @assign */
	case ACT_binop:
		emit_op((uint8_t)cpop());
		break;

	/* trailers -> LPAREN @emit(OP_PUSH) @call_begin args trailers */
	case ACT_call_begin:
		cpush(C.call_base);
		C.call_base = C.csp;
		cpush(0);
		break;
	/* arg_value -> @arg_pos args_more */
	case ACT_arg_pos:
		if (NAMED_COUNT)
			syntax_error();
		count_arg(1);
		break;
	/* arg_value -> ASSIGN @arg_name expr @arg_named args_more */
	case ACT_arg_name:
		a = take_name();
		if (a == NOT_A_NAME)
			syntax_error();
		for (i = 0; i < NAMED_COUNT; i++)
			if (call_rec()[1 + i] == a) {
				at_token();
				err_bad_arg(a);
			}
		cpush(a);
		break;
	case ACT_arg_named:
		count_arg(0x100);
		break;
	case ACT_call_end:
		call_end();
		break;

	/* Atoms */
	case ACT_name:
		i = tok_id();
		emit_op_u16(C.in_default || is_global(i) ? OP_GLOBAL : OP_NAME, i);
		break;
	/* A number whose low half is 0 (the integers to 255, 1000, 0.5 ...)
	 * is the operand of OP_NUMBER; others are constants, as strings. */
	case ACT_number:
		if (!(uint16_t)comp_tok.val) {
			emit_op_u16(OP_NUMBER, (uint16_t)(comp_tok.val >> 16));
			break;
		}
		/* fall through */
	case ACT_string:
		emit_op_u16(OP_CONST, add_const(comp_tok.val));
		break;
	}
}
