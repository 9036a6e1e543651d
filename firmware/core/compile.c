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
#include <math.h>

struct token comp_tok;

/* A unit's growable buffers are GC roots in comp_roots. */
enum { R_CODE, R_CONSTS, R_LINES, R_LOCALS, R_GLOBALS, R_PER_UNIT };
value_t comp_roots[COMP_ROOTS];

struct unit {
	snek_len_t ncode;
	uint16_t nconst, nlines, nlocals, nglobals;
	uint16_t depth, maxdepth;
	uint16_t last_line;
	snek_len_t last_op;  /* offset of the newest instruction, or NO_OP */
	uint8_t nparams, ndefaults;
	uint16_t name;
};

#define NO_OP ((snek_len_t)-1)
#define NO_JUMP 0xFFFF

enum { TOP, FUNC };
static struct unit units[2];
static uint8_t cur;
static struct unit *u = &units[TOP];
static bool in_default;

/* The action stack. */
static int32_t cstack[SNEK_COMP_STACK];
static uint16_t csp;
static uint16_t loop_base; /* innermost loop record + 1, 0 for none */
static uint16_t call_base;

static void cpush(int32_t v)
{
	if (csp == SNEK_COMP_STACK)
		err_raise(ERR_NESTED);
	cstack[csp++] = v;
}

static int32_t cpop(void)
{
	return cstack[--csp];
}

#define CTOP(i) (cstack[csp - 1 - (i)])

static const int8_t op_effect[] SNEK_ROM = {
#define OP(name, effect, bytes) effect,
#include "opcodes.h"
#undef OP
};

static const uint8_t op_bytes[] SNEK_ROM = {
#define OP(name, effect, bytes) bytes,
#include "opcodes.h"
#undef OP
};

snek_len_t comp_op_length(const uint8_t *ip)
{
	snek_len_t n = 1 + SNEK_ROM_BYTE(&op_bytes[*ip]);

	if (*ip == OP_CALL)
		n += 2 * (snek_len_t)ip[2];
	return n;
}

static value_t *root(uint8_t r)
{
	return &comp_roots[cur * R_PER_UNIT + r];
}

static uint8_t *raw(uint8_t r)
{
	return ((struct snek_raw *)gc_ptr(*root(r)))->b;
}

static snek_len_t raw_cap(uint8_t r)
{
	if (*root(r) == VAL_NONE)
		return 0;
	return BLOCK_BYTES(*root(r));
}

/* Make room for `need` bytes in buffer r holding `len` bytes. */
static void reserve(uint8_t r, snek_len_t len, snek_len_t need, uint8_t type)
{
	snek_len_t cap = raw_cap(r), ncap;
	struct snek_raw *b;

	if (need <= cap)
		return;
	ncap = cap + cap / 2 + 16;
	if (ncap < need)
		ncap = need;
	b = gc_alloc(type, (snek_len_t)(sizeof *b + ncap));
	if (len)
		memcpy(b->b, raw(r), len);
	*root(r) = gc_ref(TAG_BLOCK, b);
}

static void unit_reset(uint8_t which)
{
	struct unit *w = &units[which];

	memset(w, 0, sizeof *w);
	w->last_op = NO_OP;
	w->name = NAME_NONE;
}

void comp_reset(void)
{
	uint8_t i;

	for (i = 0; i < COMP_ROOTS; i++)
		comp_roots[i] = VAL_NONE;
	unit_reset(TOP);
	unit_reset(FUNC);
	cur = TOP;
	u = &units[TOP];
	csp = 0;
	loop_base = 0;
	call_base = 0;
	in_default = false;
	comp_tok.val = VAL_NONE;
}

static void syntax_error(void)
{
	err_line = comp_tok.line;
	err_format("Syntax error at \"%t\".", &comp_tok);
}

/* Emitting */

static void emit_byte(uint8_t b)
{
	if (u->ncode >= 0xFFF0)
		err_raise(ERR_TOO_BIG);
	reserve(R_CODE, u->ncode, u->ncode + 1, GC_RAW);
	raw(R_CODE)[u->ncode++] = b;
}

static void emit_u16(uint16_t v)
{
	emit_byte((uint8_t)v);
	emit_byte((uint8_t)(v >> 8));
}

static uint16_t read_u16(snek_len_t at)
{
	return (uint16_t)(raw(R_CODE)[at] | raw(R_CODE)[at + 1] << 8);
}

static void patch_u16(snek_len_t at, uint16_t v)
{
	raw(R_CODE)[at] = (uint8_t)v;
	raw(R_CODE)[at + 1] = (uint8_t)(v >> 8);
}

static void add_depth(int16_t n)
{
	u->depth = (uint16_t)(u->depth + n);
	if (u->depth > u->maxdepth)
		u->maxdepth = u->depth;
}

static void note_line(void)
{
	uint16_t *l;

	if (comp_tok.line == u->last_line)
		return;
	u->last_line = comp_tok.line;
	reserve(R_LINES, u->nlines * 4u, (snek_len_t)(u->nlines + 1) * 4u, GC_RAW);
	l = (uint16_t *)raw(R_LINES) + 2 * u->nlines++;
	l[0] = (uint16_t)u->ncode;
	l[1] = comp_tok.line;
}

static void emit_op(uint8_t op)
{
	note_line();
	u->last_op = u->ncode;
	emit_byte(op);
	add_depth((int8_t)SNEK_ROM_BYTE(&op_effect[op]));
}

static void emit_op_u16(uint8_t op, uint16_t v)
{
	emit_op(op);
	emit_u16(v);
}

/* Jumps forward are chained through their operands until patched. */
static uint16_t emit_jump(uint8_t op, uint16_t chain)
{
	uint16_t at;

	emit_op(op);
	at = (uint16_t)u->ncode;
	emit_u16(chain);
	return at;
}

/* Point every jump on the chain here. */
static void patch_here(int32_t chain)
{
	uint16_t next;

	while (chain != NO_JUMP && chain >= 0) {
		next = read_u16((snek_len_t)chain);
		patch_u16((snek_len_t)chain, (uint16_t)u->ncode);
		chain = next;
	}
	/* A jump lands here: the last instruction no longer stands alone. */
	u->last_op = NO_OP;
}

static uint16_t add_const(value_t v)
{
	value_t *c;

	GC_PUSH(v);
	reserve(R_CONSTS, u->nconst * sizeof(value_t), (snek_len_t)(u->nconst + 1) * sizeof(value_t), GC_VALUES);
	c = (value_t *)raw(R_CONSTS);
	/* Fill new slots so the collector never sees garbage. */
	{
		snek_len_t i, n = raw_cap(R_CONSTS) / sizeof(value_t);
		for (i = u->nconst; i < n; i++)
			c[i] = VAL_NONE;
	}
	c[u->nconst] = GC_POP();
	return u->nconst++;
}

/* Names */

static int16_t find_id(uint8_t r, uint16_t n, uint16_t id)
{
	uint16_t i;

	for (i = 0; i < n; i++)
		if (((uint16_t *)raw(r))[i] == id)
			return (int16_t)i;
	return -1;
}

static uint16_t add_id(uint8_t r, uint16_t *n, uint16_t id)
{
	reserve(r, *n * 2u, (snek_len_t)(*n + 1) * 2u, GC_RAW);
	((uint16_t *)raw(r))[*n] = id;
	return (*n)++;
}

static bool is_global(uint16_t id)
{
	return cur == TOP || find_id(R_GLOBALS, u->nglobals, id) >= 0;
}

/* The local slot for a name being bound in a function. */
static uint16_t local_slot(uint16_t id)
{
	int16_t slot = find_id(R_LOCALS, u->nlocals, id);

	if (slot >= 0)
		return (uint16_t)slot;
	if (u->nlocals == 255)
		err_raise(ERR_TOO_BIG);
	return add_id(R_LOCALS, &u->nlocals, id);
}

static void emit_store(uint16_t id)
{
	if (is_global(id))
		emit_op_u16(OP_STORE_GLOBAL, id);
	else
		emit_op_u16(OP_STORE_LOCAL, local_slot(id));
}

/* Take back the newest instruction. */
static uint8_t unemit(void)
{
	uint8_t op = raw(R_CODE)[u->last_op];

	u->ncode = u->last_op;
	u->last_op = NO_OP;
	add_depth((int16_t)-(int8_t)SNEK_ROM_BYTE(&op_effect[op]));
	return op;
}

/* Targets of =, op= and del: what the left side compiled to. */
enum { TARGET_NAME, TARGET_INDEX };

/* If the code since `start` is one name load, take it back: its id. */
static int32_t take_name(snek_len_t start)
{
	uint8_t op;
	uint16_t id;

	if (u->last_op != start || start == NO_OP)
		return -1;
	op = raw(R_CODE)[start];
	if (op != OP_NAME && op != OP_GLOBAL)
		return -1;
	id = read_u16(start + 1);
	unemit();
	return id;
}

static bool last_is(uint8_t op)
{
	return u->last_op != NO_OP && raw(R_CODE)[u->last_op] == op;
}

/* Finishing units */

/* Rewrite OP_NAME loads of a finished function to locals or globals. */
static void resolve_names(void)
{
	snek_len_t at;
	uint8_t *code;
	uint16_t id;
	int16_t slot;

	for (at = 0; at < u->ncode; at += comp_op_length(raw(R_CODE) + at)) {
		code = raw(R_CODE);
		if (code[at] != OP_NAME)
			continue;
		id = read_u16(at + 1);
		slot = is_global(id) ? -1 : find_id(R_LOCALS, u->nlocals, id);
		if (slot >= 0) {
			code[at] = OP_LOCAL;
			patch_u16(at + 1, (uint16_t)slot);
		} else {
			code[at] = OP_GLOBAL;
		}
	}
}

static value_t finish_unit(void)
{
	snek_len_t codelen = (u->ncode + 1) & ~(snek_len_t)1;
	struct snek_code *c;
	uint16_t i;

	c = gc_alloc(GC_CODE, (snek_len_t)(sizeof *c + u->nconst * sizeof(value_t) + codelen +
					   u->nlocals * 2u + u->nlines * 4u));
	c->ncode = u->ncode;
	c->nconst = u->nconst;
	c->nlines = u->nlines;
	c->nparams = u->nparams;
	c->ndefaults = u->ndefaults;
	c->nlocals = (uint8_t)u->nlocals;
	c->maxstack = (uint16_t)(u->maxdepth + 2);
	c->name = u->name;
	if (u->nconst)
		memcpy(c->consts, raw(R_CONSTS), u->nconst * sizeof(value_t));
	memcpy(CODE_BYTES(c), raw(R_CODE), u->ncode);
	for (i = 0; i < u->nlocals; i++)
		CODE_PARAMS(c)[i] = ((uint16_t *)raw(R_LOCALS))[i];
	if (u->nlines)
		memcpy(CODE_LINES(c), raw(R_LINES), u->nlines * 4u);
	return gc_ref(TAG_FUNC, c);
}

static void top_begin(void)
{
	uint8_t i;

	for (i = 0; i < R_PER_UNIT; i++)
		comp_roots[TOP * R_PER_UNIT + i] = VAL_NONE;
	unit_reset(TOP);
	cur = TOP;
	u = &units[TOP];
	csp = 0;
	loop_base = 0;
}

static void top_end(void)
{
	value_t code;

	emit_op(OP_HALT);
	code = finish_unit();
	top_begin();
	vm_run(code);
}

/* Loops: a record of 4 entries on the action stack. */
enum { LOOP_PREV, LOOP_TOP, LOOP_BREAKS, LOOP_DROP, LOOP_SIZE };
#define LOOP(f) (cstack[loop_base - 1 + (f)])

static void loop_begin(uint8_t drop)
{
	cpush(loop_base);
	cpush((int32_t)u->ncode);
	cpush(NO_JUMP);
	cpush(drop);
	loop_base = (uint16_t)(csp - LOOP_SIZE + 1);
	u->last_op = NO_OP;
}

/* A for loop's head: the state is on the stack; fetch, then store. */
static void for_head(uint8_t next_op, uint8_t drop)
{
	uint16_t id = (uint16_t)cpop();

	loop_begin(drop);
	cpush(emit_jump(next_op, NO_JUMP));
	emit_store(id);
}

void comp_action(uint8_t action)
{
	int32_t a, b;
	uint16_t i;
	float f;
	value_t v;

	switch (action) {
	/* file -> @top_begin stmt @top_end file */
	case ACT_top_begin:
		top_begin();
		break;
	case ACT_top_end:
		top_end();
		break;

	/* small_stmt -> BREAK @break | CONTINUE @continue */
	case ACT_break:
		if (!loop_base) {
			err_line = comp_tok.line;
			err_raise(ERR_NOT_IN_LOOP);
		}
		if (LOOP(LOOP_DROP)) {
			emit_op(OP_DROP);
			emit_byte((uint8_t)LOOP(LOOP_DROP));
		}
		LOOP(LOOP_BREAKS) = emit_jump(OP_JUMP, (uint16_t)LOOP(LOOP_BREAKS));
		break;
	case ACT_continue:
		if (!loop_base) {
			err_line = comp_tok.line;
			err_raise(ERR_NOT_IN_LOOP);
		}
		emit_op_u16(OP_JUMP, (uint16_t)LOOP(LOOP_TOP));
		break;

	/* small_stmt -> GLOBAL NAME @global global_more */
	case ACT_global:
		if (cur == FUNC)
			add_id(R_GLOBALS, &u->nglobals, (uint16_t)VAL_INT_GET(comp_tok.val));
		break;
	/* small_stmt -> ASSERT expr @assert */
	case ACT_assert:
		emit_op(OP_ASSERT);
		break;
	/* small_stmt -> FROM NAME IMPORT MULOP @import_star */
	case ACT_import_star:
		if (comp_tok.op != OP_MUL)
			syntax_error();
		break;

	/* expr_stmt -> @lhs_begin testlist assign_rest */
	case ACT_lhs_begin:
		cpush((int32_t)u->ncode);
		break;
	/* assign_rest -> ASSIGN @assign_lhs testlist @assign */
	case ACT_assign_lhs:
	case ACT_aug_lhs:
		a = take_name((snek_len_t)CTOP(0));
		if (a >= 0) {
			CTOP(0) = TARGET_NAME;
			cpush(a);
			if (action == ACT_aug_lhs) {
				/* Load it again: the operator needs the old value. */
				emit_op_u16(is_global((uint16_t)a) ? OP_GLOBAL : OP_NAME, (uint16_t)a);
				emit_op(OP_PUSH);
			}
		} else if (last_is(OP_INDEX)) {
			unemit();
			CTOP(0) = TARGET_INDEX;
			cpush(0);
			if (action == ACT_aug_lhs) {
				emit_op(OP_INDEX_KEEP);
				emit_op(OP_PUSH);
			} else {
				emit_op(OP_PUSH);
			}
		} else {
			syntax_error();
		}
		if (action == ACT_aug_lhs)
			cpush(comp_tok.op);
		break;
	case ACT_aug:
		emit_op((uint8_t)cpop());
		/* fall through */
	case ACT_assign:
		a = cpop();
		if (cpop() == TARGET_NAME)
			emit_store((uint16_t)a);
		else
			emit_op(OP_STORE_INDEX);
		break;
	/* assign_rest -> @expr_stmt */
	case ACT_expr_stmt:
		cpop();
		if (cur == TOP && lex_interactive)
			emit_op(OP_PRINT_EXPR);
		break;
	/* del_target -> @lhs_begin expr @del */
	case ACT_del:
		a = take_name((snek_len_t)cpop());
		if (a >= 0) {
			if (is_global((uint16_t)a))
				emit_op_u16(OP_DEL_GLOBAL, (uint16_t)a);
			else
				emit_op_u16(OP_DEL_LOCAL, local_slot((uint16_t)a));
		} else if (last_is(OP_INDEX)) {
			unemit();
			emit_op(OP_DEL_INDEX);
		} else {
			syntax_error();
		}
		break;

	/* return_val -> testlist @return_value | @return_none */
	case ACT_return_none:
		emit_op(OP_NONE);
		/* fall through */
	case ACT_return_value:
		if (cur == TOP) {
			err_line = comp_tok.line;
			err_raise(ERR_RETURN);
		}
		emit_op(OP_RETURN);
		break;

	/* if_stmt -> IF @if_begin expr @if_cond COLON suite if_rest @if_end */
	case ACT_if_begin:
		cpush(NO_JUMP); /* jumps to the end */
		cpush(NO_JUMP); /* the false branch of the newest test */
		break;
	case ACT_if_cond:
		CTOP(0) = emit_jump(OP_JUMP_FALSE, NO_JUMP);
		break;
	/* if_rest -> ELIF @if_else ... | ELSE @if_else ... */
	case ACT_if_else:
		CTOP(1) = emit_jump(OP_JUMP, (uint16_t)CTOP(1));
		patch_here(CTOP(0));
		CTOP(0) = NO_JUMP;
		break;
	case ACT_if_end:
		patch_here(cpop());
		patch_here(cpop());
		break;

	/* while_stmt -> WHILE @while_begin expr @while_cond COLON suite
	 *               @while_end else_part @loop_end */
	case ACT_while_begin:
		loop_begin(0);
		break;
	case ACT_while_cond:
		cpush(emit_jump(OP_JUMP_FALSE, NO_JUMP));
		break;
	case ACT_while_end:
		emit_op_u16(OP_JUMP, (uint16_t)LOOP(LOOP_TOP));
		patch_here(cpop());
		break;
	case ACT_loop_end:
		patch_here(LOOP(LOOP_BREAKS));
		loop_base = (uint16_t)LOOP(LOOP_PREV);
		csp = (uint16_t)(csp - LOOP_SIZE);
		break;

	/* for_stmt -> FOR NAME @for_name IN for_source COLON suite @for_end
	 *             else_part @loop_end */
	case ACT_for_name:
		cpush((int32_t)VAL_INT_GET(comp_tok.val));
		cpush(0);
		break;
	/* for_source -> RANGE LPAREN expr @range_arg range_more RPAREN @range */
	case ACT_range_arg:
		emit_op(OP_PUSH);
		CTOP(0)++;
		break;
	case ACT_range:
		a = cpop();
		if (a > 3) {
			err_line = comp_tok.line;
			err_format("bad args. wanted 3 got %d", a);
		}
		emit_op(OP_RANGE);
		emit_byte((uint8_t)a);
		add_depth((int16_t)(3 - a));
		for_head(OP_RANGE_NEXT, 3);
		break;
	/* for_source -> testlist @for_iter */
	case ACT_for_iter:
		cpop();
		emit_op(OP_ITER);
		for_head(OP_FOR_NEXT, 2);
		break;
	case ACT_for_end:
		emit_op_u16(OP_JUMP, (uint16_t)LOOP(LOOP_TOP));
		patch_here(cpop());
		add_depth((int16_t)-LOOP(LOOP_DROP));
		break;

	/* def_stmt -> DEF NAME @def_begin LPAREN params RPAREN @def_body
	 *             COLON suite @def_end */
	case ACT_def_begin:
		if (cur == FUNC) {
			err_line = comp_tok.line;
			err_format("Syntax error at \"def\".");
		}
		cpush(loop_base);
		loop_base = 0;
		cur = FUNC;
		u = &units[FUNC];
		unit_reset(FUNC);
		for (i = 0; i < R_PER_UNIT; i++)
			*root((uint8_t)i) = VAL_NONE;
		u->name = (uint16_t)VAL_INT_GET(comp_tok.val);
		break;
	/* params -> NAME @param param_default params_more */
	case ACT_param:
		i = (uint16_t)VAL_INT_GET(comp_tok.val);
		if (find_id(R_LOCALS, u->nlocals, i) >= 0) {
			err_line = comp_tok.line;
			err_format("duplicate argument: %n", i);
		}
		add_id(R_LOCALS, &u->nlocals, i);
		u->nparams++;
		break;
	case ACT_param_plain:
		if (u->ndefaults)
			syntax_error();
		break;
	/* param_default -> ASSIGN @default_begin expr @default_end */
	case ACT_default_begin:
		emit_op(OP_DEFAULT);
		emit_u16((uint16_t)(u->nparams - 1));
		cpush((int32_t)u->ncode);
		emit_u16(NO_JUMP);
		in_default = true;
		break;
	case ACT_default_end:
		in_default = false;
		emit_op_u16(OP_STORE_LOCAL, (uint16_t)(u->nparams - 1));
		patch_here(cpop());
		u->ndefaults++;
		break;
	case ACT_def_body:
		break;
	case ACT_def_end:
		emit_op(OP_NONE);
		emit_op(OP_RETURN);
		resolve_names();
		v = finish_unit();
		i = u->name;
		cur = TOP;
		u = &units[TOP];
		loop_base = (uint16_t)cpop();
		emit_op_u16(OP_CONST, add_const(v));
		emit_op_u16(OP_STORE_GLOBAL, i);
		break;

	/* Tuples, lists, dicts: elements are pushed, then counted. */
	case ACT_tuple_empty:
		emit_op_u16(OP_TUPLE, 0);
		break;
	case ACT_tuple_first:
		emit_op(OP_PUSH);
		cpush(1);
		break;
	case ACT_tuple_item:
	case ACT_list_item:
		emit_op(OP_PUSH);
		CTOP(0)++;
		break;
	case ACT_tuple_end:
		a = cpop();
		emit_op_u16(OP_TUPLE, (uint16_t)a);
		add_depth((int16_t)-a);
		break;
	case ACT_list_begin:
	case ACT_dict_begin:
		cpush(0);
		break;
	case ACT_list_end:
		a = cpop();
		emit_op_u16(OP_LIST, (uint16_t)a);
		add_depth((int16_t)-a);
		break;
	case ACT_dict_item:
		emit_op(OP_PUSH);
		CTOP(0)++;
		break;
	case ACT_dict_end:
		a = cpop();
		emit_op_u16(OP_DICT, (uint16_t)a);
		add_depth((int16_t)(-2 * a));
		break;

	/* or_tail -> OR @or_jump and_expr @jump_end or_tail */
	case ACT_or_jump:
		cpush(emit_jump(OP_JUMP_TRUE, NO_JUMP));
		break;
	case ACT_and_jump:
		cpush(emit_jump(OP_JUMP_FALSE, NO_JUMP));
		break;
	case ACT_jump_end:
		patch_here(cpop());
		break;
	case ACT_not:
		emit_op(OP_NOT);
		break;

	/* comp_first -> comp_op @comp_first bor comp_more @comp_end
	 * A chain a < b < c tests each pair, leaving b for the next test. */
	case ACT_op_token:
		cpush(comp_tok.op);
		break;
	case ACT_op_in:
		cpush(OP_IN);
		break;
	case ACT_op_not_in:
		cpush(OP_NOT_IN);
		break;
	case ACT_op_is:
		cpush(OP_IS);
		break;
	case ACT_op_is_not:
		cpush(OP_IS_NOT);
		break;
	case ACT_comp_first:
		a = cpop();
		cpush(NO_JUMP);
		cpush(a);
		emit_op(OP_PUSH);
		break;
	case ACT_comp_next:
		a = cpop();
		b = cpop();
		emit_op(OP_CHAIN);
		emit_byte((uint8_t)b);
		i = (uint16_t)u->ncode;
		emit_u16((uint16_t)CTOP(0));
		CTOP(0) = i;
		cpush(a);
		emit_op(OP_PUSH);
		break;
	case ACT_comp_end:
		emit_op((uint8_t)cpop());
		patch_here(cpop());
		break;

	/* bor_tail -> PIPE @binop_left bxor @binop bor_tail, and so on */
	case ACT_binop_left:
		cpush(comp_tok.op);
		emit_op(OP_PUSH);
		break;
	case ACT_binop:
		emit_op((uint8_t)cpop());
		break;
	/* factor -> ADDOP @unop_left factor @unop | TILDE ... */
	case ACT_unop_left:
		cpush(comp_tok.op == OP_ADD ? OP_POS : comp_tok.op == OP_SUB ? OP_NEG : OP_INVERT);
		break;
	case ACT_unop:
		a = cpop();
		if (a == OP_NEG && (last_is(OP_SMALL) || last_is(OP_NUMBER))) {
			/* Fold a negative literal. */
			uint8_t *p = raw(R_CODE) + u->last_op;
			if (*p == OP_SMALL)
				f = p[1];
			else
				memcpy(&f, p + 1, 4);
			unemit();
			f = -f;
			emit_op(OP_NUMBER);
			for (i = 0; i < 4; i++)
				emit_byte(((uint8_t *)&f)[i]);
			break;
		}
		emit_op((uint8_t)a);
		break;

	/* trailers -> LPAREN @call_begin args RPAREN @call_end trailers */
	case ACT_call_begin:
		emit_op(OP_PUSH);
		cpush(call_base);
		call_base = csp;
		cpush(0); /* positional */
		cpush(0); /* named; their ids follow */
		break;
	/* args -> @arg_begin expr arg_value args_more */
	case ACT_arg_begin:
		cpush((int32_t)u->ncode);
		break;
	case ACT_arg_pos:
		cpop();
		if (cstack[call_base + 1])
			syntax_error();
		emit_op(OP_PUSH);
		cstack[call_base]++;
		break;
	/* arg_value -> ASSIGN @arg_name expr @arg_named */
	case ACT_arg_name:
		a = take_name((snek_len_t)cpop());
		if (a < 0)
			syntax_error();
		for (i = 0; i < cstack[call_base + 1]; i++)
			if (cstack[call_base + 2 + i] == a) {
				err_line = comp_tok.line;
				err_format("bad arg \"%n\"", (uint16_t)a);
			}
		cpush(a);
		break;
	case ACT_arg_named:
		emit_op(OP_PUSH);
		cstack[call_base + 1]++;
		break;
	case ACT_call_end:
		a = cstack[call_base];
		b = cstack[call_base + 1];
		if (a > 255 || b > 255)
			err_raise(ERR_TOO_BIG);
		emit_op(OP_CALL);
		emit_byte((uint8_t)a);
		emit_byte((uint8_t)b);
		for (i = 0; i < b; i++)
			emit_u16((uint16_t)cstack[call_base + 2 + i]);
		add_depth((int16_t)-(1 + a + b));
		csp = (uint16_t)(call_base - 1);
		call_base = (uint16_t)cstack[csp];
		break;

	/* Subscripts: trailers -> LBRACK @push subscript RBRACK trailers */
	case ACT_push:
		emit_op(OP_PUSH);
		break;
	case ACT_index:
		emit_op(OP_INDEX);
		break;
	case ACT_slice_none:
		emit_op(OP_NONE);
		emit_op(OP_PUSH);
		break;
	case ACT_slice:
		emit_op(OP_SLICE);
		break;

	/* Atoms */
	case ACT_name:
		i = (uint16_t)VAL_INT_GET(comp_tok.val);
		emit_op_u16(cur == TOP || in_default || is_global(i) ? OP_GLOBAL : OP_NAME, i);
		break;
	case ACT_number:
		f = val_num(comp_tok.val);
		if (f >= 0 && f <= 255 && f == (float)(uint8_t)f && !(f == 0 && signbit(f))) {
			emit_op(OP_SMALL);
			emit_byte((uint8_t)f);
		} else {
			emit_op(OP_NUMBER);
			for (i = 0; i < 4; i++)
				emit_byte(((uint8_t *)&f)[i]);
		}
		break;
	case ACT_string:
		emit_op_u16(OP_CONST, add_const(comp_tok.val));
		break;
	/* strings -> STRING @string_more strings: "a" "b" is one constant */
	case ACT_string_more:
		a = read_u16(u->last_op + 1);
		v = val_binop(OP_ADD, ((value_t *)raw(R_CONSTS))[a], comp_tok.val);
		gc_barrier(((value_t *)raw(R_CONSTS))[a]);
		((value_t *)raw(R_CONSTS))[a] = v;
		break;
	case ACT_none:
		emit_op(OP_NONE);
		break;
	case ACT_true:
		emit_op(OP_TRUE);
		break;
	case ACT_false:
		emit_op(OP_FALSE);
		break;
	}
}
