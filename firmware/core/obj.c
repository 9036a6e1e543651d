/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Strings, lists, tuples and the generic value operations.
 *
 * Strings, lists and tuples are all sequences here: they differ only in
 * the size of an item (a byte or a value) and in how a new one is made,
 * so indexing, slicing, joining and repeating share one item copier.
 * Equality and order share one three-way compare. */
#include "snek.h"
#include <math.h>

/* Every container keeps its length where a tuple does. */
_Static_assert(offsetof(struct snek_string, len) == offsetof(struct snek_tuple, len) &&
	       offsetof(struct snek_list, len) == offsetof(struct snek_tuple, len) &&
	       offsetof(struct snek_dict, len) == offsetof(struct snek_tuple, len),
	       "containers keep their length first");

/* One raise site per message. */
static __attribute__((noreturn)) void bad_type(value_t v)
{
	err_invalid_type(v);
}

static __attribute__((noreturn)) void bad_value(value_t v)
{
	err_invalid_value(v);
}

static __attribute__((noreturn)) void no_key(value_t key)
{
	err_format("key not found: %v", key);
}

uint8_t val_type(value_t v)
{
	if (VAL_IS_NUM(v) || VAL_IS_BOOL(v))
		return TYPE_NUMBER;
	if (VAL_TAG(v) != TAG_SPECIAL)
		return VAL_TAG(v);
	return VAL_IS_BUILTIN(v) ? TYPE_FUNC : TYPE_NONE;
}

static bool is_seq(uint8_t type)
{
	return (uint8_t)(type - TYPE_STRING) <= TYPE_TUPLE - TYPE_STRING;
}

/* The length of a string, list, tuple or dict. */
static snek_len_t obj_len(value_t v)
{
	return tuple_ptr(v)->len;
}

/* Strings */

value_t str_alloc(snek_len_t len)
{
	struct snek_string *s;

	if (len > (snek_len_t)(SNEK_POOL_SIZE))
		err_raise(ERR_NO_MEMORY);
	s = gc_alloc(GC_STRING, (snek_len_t)(sizeof *s + len + 1));
	s->len = len;
	return gc_ref(TAG_STRING, s);
}

value_t str_new(const char *text, snek_len_t len)
{
	value_t v = str_alloc(len);

	memcpy(str_ptr(v)->data, text, len);
	return v;
}

value_t str_from_raw(const value_t *raw, snek_len_t len)
{
	value_t v = str_alloc(len);

	/* Read the root after allocating: the buffer may have moved. */
	memcpy(str_ptr(v)->data, BUF_BYTES(*raw), len);
	return v;
}

void buf_add(value_t *buf, snek_len_t *len, char c)
{
	struct snek_raw *b;
	snek_len_t cap = *buf == VAL_NONE ? 0 : BLOCK_BYTES(*buf);

	if (*len >= cap) {
		cap += cap ? cap / 2 : 32;
		b = gc_alloc(GC_RAW, (snek_len_t)(sizeof *b + cap));
		/* An empty buffer copies nothing. */
		memcpy(b->b, BUF_BYTES(*buf), *len);
		*buf = gc_ref(TAG_BLOCK, b);
	}
	BUF_BYTES(*buf)[(*len)++] = (uint8_t)c;
}

/* Lists and tuples */

/* An object of `head` bytes and n values, all 0 (a number, so the
 * collector skips them until the caller fills them). */
static void *values_alloc(uint8_t type, snek_len_t head, snek_len_t n)
{
	if (n > (snek_len_t)(SNEK_POOL_SIZE / sizeof(value_t)))
		err_raise(ERR_NO_MEMORY);
	return gc_alloc(type, (snek_len_t)(head + n * sizeof(value_t)));
}

value_t list_new(snek_len_t len)
{
	value_t items = VAL_NONE;
	struct snek_list *l;

	if (len)
		items = gc_ref(TAG_BLOCK, values_alloc(GC_VALUES, sizeof(struct snek_values), len));
	GC_PUSH(items);
	l = gc_alloc(GC_LIST, sizeof *l);
	l->len = l->cap = len;
	l->items = GC_POP();
	return gc_ref(TAG_LIST, l);
}

value_t tuple_new(snek_len_t len)
{
	struct snek_tuple *t = values_alloc(GC_TUPLE, sizeof *t, len);

	t->len = len;
	return gc_ref(TAG_TUPLE, t);
}

value_t *seq_items(value_t v, snek_len_t *len)
{
	*len = obj_len(v);
	if (VAL_IS(v, TAG_LIST))
		return block_ptr(list_ptr(v)->items);
	return tuple_ptr(v)->items;
}

/* Make room for n more items. Slots past a list's length never hold
 * references (delete clears the one it frees), so filling them needs no
 * barrier. */
static void list_reserve(value_t list, snek_len_t n)
{
	struct snek_list *l = list_ptr(list);
	snek_len_t need = l->len + n, cap = l->cap + l->cap / 2 + 2;
	struct snek_values *items;

	if (need <= l->cap)
		return;
	if (cap < need)
		cap = need;
	GC_PUSH(list);
	items = values_alloc(GC_VALUES, sizeof *items, cap);
	l = list_ptr(GC_POP());
	memcpy(items->v, block_ptr(l->items), l->len * sizeof(value_t));
	gc_barrier(l->items);
	l->items = gc_ref(TAG_BLOCK, items);
	l->cap = cap;
}

/* Sequences: strings, lists and tuples */

/* Where a sequence's items start (stale after any allocation); *size
 * gets the bytes per item. */
static uint8_t *seq_data(value_t v, uint8_t *size)
{
	snek_len_t n;

	*size = 1;
	if (VAL_IS(v, TAG_STRING))
		return (uint8_t *)str_ptr(v)->data;
	*size = sizeof(value_t);
	return (uint8_t *)seq_items(v, &n);
}

/* A new sequence of n items like v, for the caller to fill. */
static value_t seq_new(value_t v, snek_len_t n)
{
	if (VAL_IS(v, TAG_STRING))
		return str_alloc(n);
	return VAL_IS(v, TAG_LIST) ? list_new(n) : tuple_new(n);
}

/* Copy n items of src, from item `from` on, every `step` (negative steps
 * wrap around and come back), to dst from item `to` on. Both hold items
 * of one size. */
static void seq_copy(value_t dst, snek_len_t to, value_t src, snek_len_t from, snek_len_t step,
		     snek_len_t n)
{
	uint8_t size;
	uint8_t *d = seq_data(dst, &size), *s = seq_data(src, &size);

	for (; n; n--, to++, from += step)
		memcpy(d + to * size, s + from * size, size);
}

/* A new sequence like c of its n items from `from` on, every `step`. */
static value_t seq_sub(value_t c, snek_len_t from, snek_len_t step, snek_len_t n)
{
	value_t r;

	GC_PUSH(c);
	r = seq_new(c, n);
	seq_copy(r, 0, GC_POP(), from, step, n);
	return r;
}

/* Item i: a value, or a new one-character string. */
static value_t seq_item(value_t c, snek_len_t i)
{
	snek_len_t n;

	if (VAL_IS(c, TAG_STRING))
		return seq_sub(c, i, 1, 1);
	return seq_items(c, &n)[i];
}

/* Generic operations */

float val_to_num(value_t v)
{
	if (VAL_IS_NUM(v))
		return val_num(v);
	if (!VAL_IS_BOOL(v))
		bad_type(v);
	return v == VAL_TRUE ? 1.0f : 0.0f;
}

static int32_t num_to_int(float f)
{
	if (!(f >= -2147483648.0f && f < 2147483648.0f) || f != truncf(f))
		bad_value(val_from_num(f));
	return (int32_t)f;
}

int32_t val_to_int(value_t v)
{
	return num_to_int(val_to_num(v));
}

bool val_truthy(value_t v)
{
	uint8_t t;

	if (VAL_IS_NUM(v))
		return (v << 1) != 0; /* not 0 or -0 */
	t = val_type(v);
	if (t >= TYPE_STRING && t <= TYPE_DICT)
		return obj_len(v) != 0;
	return v != VAL_NONE && v != VAL_FALSE;
}

snek_len_t val_len(value_t v)
{
	uint8_t t = val_type(v);

	if (t < TYPE_STRING || t > TYPE_DICT)
		bad_type(v);
	return obj_len(v);
}

uint16_t obj_depth;

static int8_t cmp_num(float a, float b)
{
	if (a < b)
		return -1;
	if (a > b)
		return 1;
	return a == b ? 0 : 2;
}

static int8_t cmp_len(snek_len_t a, snek_len_t b)
{
	return a < b ? -1 : a > b;
}

/* Item by item; the first unequal pair decides, else the shorter first. */
static int8_t cmp_seq(value_t a, value_t b)
{
	snek_len_t na, nb, i;
	value_t *x = seq_items(a, &na), *y = seq_items(b, &nb);
	int8_t c = 0;

	for (i = 0; !c && i < na && i < nb; i++)
		c = val_compare(x[i], y[i]);
	return c ? c : cmp_len(na, nb);
}

static bool dict_equal(value_t a, value_t b)
{
	snek_len_t i = 0;
	value_t k;

	if (obj_len(a) != obj_len(b))
		return false;
	while ((k = dict_key_at(a, &i)) != VAL_UNSET)
		if (val_compare(dict_get(a, k), dict_get(b, k)))
			return false;
	return true;
}

/* Values of different types order by type; dicts, functions and None
 * only tell equal from unequal. Never allocates. Zero means equal. */
int8_t val_compare(value_t a, value_t b)
{
	uint8_t ta = val_type(a), tb = val_type(b);
	int c;

	if (ta != tb)
		return ta < tb ? -1 : 1;
	if (ta == TYPE_NUMBER)
		return cmp_num(val_to_num(a), val_to_num(b));
	if (a == b)
		return 0;
	if (ta == TYPE_STRING) {
		c = memcmp(str_ptr(a)->data, str_ptr(b)->data,
				   obj_len(a) < obj_len(b) ? obj_len(a) : obj_len(b));
		return c ? (c < 0 ? -1 : 1) : cmp_len(obj_len(a), obj_len(b));
	}
	if (ta < TYPE_LIST || ta > TYPE_DICT)
		return a < b ? -1 : 1;
	if (++obj_depth > SNEK_NEST_MAX)
		err_raise(ERR_NESTED);
	if (ta == TYPE_DICT)
		c = dict_equal(a, b) ? 0 : a < b ? -1 : 1;
	else
		c = cmp_seq(a, b);
	obj_depth--;
	return c;
}

bool val_equal(value_t a, value_t b)
{
	return val_compare(a, b) == 0;
}

/* The comparison opcodes come in this order, and the tests with a
 * negated twin (in, is) come in pairs: even, then odd for "not". */
_Static_assert(OP_LE == OP_LT + 1 && OP_GT == OP_LT + 2 && OP_GE == OP_LT + 3 &&
	       OP_EQ == OP_LT + 4 && OP_NE == OP_LT + 5 && OP_IN == OP_LT + 6 &&
	       OP_NOT_IN == OP_IN + 1 && OP_IS == OP_IN + 2 && OP_IS_NOT == OP_IN + 3 &&
	       OP_IN % 2 == 0, "comparison opcodes in order");

/* For each comparison, the compare results (-1, 0, 1, 2 unordered) that
 * make it true, as bits 0..3. */
static const uint8_t SNEK_ROM compare_true[] = {
	1, /* < */
	3, /* <= */
	4, /* > */
	6, /* >= */
	2, /* == */
	13, /* != */
};

bool val_compare_op(uint8_t op, value_t a, value_t b)
{
	bool r;

	if (op < OP_IN)
		return (SNEK_ROM_BYTE(&compare_true[op - OP_LT]) >> (val_compare(a, b) + 1)) & 1;
	r = op >= OP_IS ? a == b : val_contains(b, a);
	return r ^ (op & 1);
}

/* An index into a sequence of n items, negative counting from the end. */
static snek_len_t seq_index(value_t i, snek_len_t n)
{
	int32_t k = val_to_int(i);

	if (k < 0)
		k += (int32_t)n;
	if (k < 0 || (uint32_t)k >= n)
		err_format("index out of range: %v", i);
	return (snek_len_t)k;
}

value_t val_index(value_t c, value_t i)
{
	value_t v;

	if (VAL_IS(c, TAG_DICT)) {
		v = dict_get(c, i);
		if (v == VAL_UNSET)
			no_key(i);
		return v;
	}
	if (!is_seq(val_type(c)))
		bad_type(c);
	return seq_item(c, seq_index(i, obj_len(c)));
}

/* The slot of list[i]; anything but a list raises. */
static value_t *list_slot(value_t c, value_t i)
{
	if (!VAL_IS(c, TAG_LIST))
		bad_type(c);
	return &block_ptr(list_ptr(c)->items)[seq_index(i, obj_len(c))];
}

void val_store(value_t c, value_t i, value_t v)
{
	value_t *slot;

	if (VAL_IS(c, TAG_DICT))
		return dict_set(c, i, v);
	slot = list_slot(c, i);
	gc_barrier(*slot);
	*slot = v;
}

void val_delete(value_t c, value_t i)
{
	value_t *slot, *end;

	if (VAL_IS(c, TAG_DICT)) {
		if (!dict_del(c, i))
			no_key(i);
		return;
	}
	slot = list_slot(c, i);
	end = block_ptr(list_ptr(c)->items) + --list_ptr(c)->len;
	gc_barrier(*slot);
	memmove(slot, slot + 1, (size_t)(end - slot) * sizeof(value_t));
	*end = 0;
}

/* Python's slice bound: a default, or an index clamped to the range a
 * slice walking up (0..n) or down (-1..n-1) may take. */
static int32_t slice_bound(value_t v, int32_t n, bool down, bool hi)
{
	int32_t k;

	if (v == VAL_NONE)
		return down != hi ? n - down : -down;
	k = val_to_int(v);
	if (k < 0)
		k += n;
	if (k < -down)
		k = -down;
	if (k > n - down)
		k = n - down;
	return k;
}

value_t val_slice(value_t c, value_t lo, value_t hi, value_t stepv)
{
	int32_t n, step = 1, start, d;
	uint32_t stride;
	bool down;

	if (!is_seq(val_type(c)))
		bad_type(c);
	n = (int32_t)obj_len(c);
	if (stepv != VAL_NONE)
		step = val_to_int(stepv);
	if (!step)
		bad_value(stepv);
	down = step < 0;
	start = slice_bound(lo, n, down, false);
	d = slice_bound(hi, n, down, true) - start;
	stride = (uint32_t)step;
	if (down) {
		d = -d;
		stride = 0u - stride;
	}
	/* d is the distance to walk, the count rounds up. */
	d = d > 0 ? (int32_t)((uint32_t)(d - 1) / stride) + 1 : 0;
	return seq_sub(c, (snek_len_t)start, (snek_len_t)step, (snek_len_t)d);
}

bool val_contains(value_t c, value_t item)
{
	snek_len_t n, i;
	value_t *items;
	struct snek_string *s, *t;

	switch (val_type(c)) {
	case TYPE_STRING:
		if (!VAL_IS(item, TAG_STRING))
			bad_type(item);
		s = str_ptr(c);
		t = str_ptr(item);
		for (i = 0; i + t->len <= s->len; i++)
			if (memcmp(s->data + i, t->data, t->len) == 0)
				return true;
		return false;
	case TYPE_LIST:
	case TYPE_TUPLE:
		items = seq_items(c, &n);
		for (i = 0; i < n; i++)
			if (val_equal(items[i], item))
				return true;
		return false;
	case TYPE_DICT:
		return dict_get(c, item) != VAL_UNSET;
	}
	bad_type(c);
}

/* A sequence repeated `count` times (none when count <= 0). */
static value_t repeat(value_t c, value_t count)
{
	int32_t n = val_to_int(count);
	snek_len_t len = obj_len(c), times = 0, k;
	value_t r;

	if (n > 0 && len) {
		if (n > (int32_t)(SNEK_POOL_SIZE / len))
			err_raise(ERR_NO_MEMORY);
		times = (snek_len_t)n;
	}
	GC_PUSH(c);
	r = seq_new(c, len * times);
	c = GC_POP();
	for (k = 0; k < times; k++)
		seq_copy(r, k * len, c, 0, 1, len);
	return r;
}

/* a + b for two strings, lists or tuples. */
static value_t concat(value_t a, value_t b)
{
	snek_len_t na = obj_len(a), nb = obj_len(b);
	value_t r;

	GC_PUSH(a);
	GC_PUSH(b);
	r = seq_new(a, na + nb);
	seq_copy(r, na, GC_POP(), 0, 1, nb);
	seq_copy(r, 0, GC_POP(), 0, 1, na);
	return r;
}

/* list += sequence: the list grows in place, as in Python. */
static value_t extend(value_t list, value_t b)
{
	snek_len_t nb = obj_len(b), i;
	struct snek_list *l;
	value_t v;

	GC_PUSH(list);
	GC_PUSH(b);
	list_reserve(list, nb);
	for (i = 0; i < nb; i++) {
		v = seq_item(GC_TEMP(0), i);
		l = list_ptr(GC_TEMP(1));
		block_ptr(l->items)[l->len++] = v;
	}
	gc_ntemp--;
	return GC_POP();
}

/* list *= n: the list takes the items of its repetition, in place. */
static value_t repeat_in_place(value_t list, value_t count)
{
	struct snek_list *l, *r;
	value_t rv;

	GC_PUSH(list);
	rv = repeat(list, count);
	list = GC_POP();
	l = list_ptr(list);
	r = list_ptr(rv);
	gc_barrier(l->items);
	l->items = r->items;
	l->len = r->len;
	l->cap = r->cap;
	return list;
}

/* Python's floor division and modulo: the remainder takes the divisor's
 * sign. Signs and zeros are read from the bits, which saves float calls. */
static float floor_divmod(uint8_t op, float a, float b)
{
	float m = fmodf(a, b), q = (a - m) / b;
	uint32_t mb, bb;

	memcpy(&mb, &m, sizeof mb);
	memcpy(&bb, &b, sizeof bb);
	if ((mb << 1) && ((mb ^ bb) >> 31)) {
		m += b;
		q -= 1.0f;
	}
	if (op == OP_MOD) {
		if (!(mb << 1)) /* a zero remainder takes the divisor's sign too */
			m = copysignf(0.0f, b);
		return m;
	}
	if (!(bb << 1))
		return a / b;
	/* (a - m) / b is integral up to rounding. */
	m = floorf(q);
	return q - m > 0.5f ? m + 1.0f : m;
}

/* Bit operators on integral numbers. */
static float bit_binop(uint8_t op, float af, float bf)
{
	int32_t a = num_to_int(af), b = num_to_int(bf);

	switch (op) {
	case OP_BAND: return (float)(a & b);
	case OP_BOR: return (float)(a | b);
	case OP_BXOR: return (float)(a ^ b);
	}
	if (b < 0)
		bad_value(val_from_num(bf));
	if (b > 31)
		return op == OP_SHR && a < 0 ? -1.0f : 0.0f;
	return (float)(op == OP_SHR ? a >> b : (int32_t)((uint32_t)a << b));
}

value_t num_binop(uint8_t op, float a, float b)
{
	float r;

	switch (op) {
	case OP_ADD: case OP_IADD: r = a + b; break;
	case OP_SUB: r = a - b; break;
	case OP_MUL: case OP_IMUL: r = a * b; break;
	case OP_DIV: r = a / b; break;
	case OP_POW: r = powf(a, b); break;
	case OP_MOD: case OP_FLOORDIV: r = floor_divmod(op, a, b); break;
	default: r = bit_binop(op, a, b); break;
	}
	return val_from_num(r);
}

value_t val_binop(uint8_t op, value_t a, value_t b)
{
	uint8_t ta = val_type(a), tb = val_type(b);

	if (ta == TYPE_NUMBER && tb == TYPE_NUMBER)
		return num_binop(op, val_to_num(a), val_to_num(b));
	switch (op) {
	case OP_IADD:
		if (ta == TYPE_LIST && is_seq(tb))
			return extend(a, b);
		/* fall through */
	case OP_ADD:
		if (ta == tb && is_seq(ta))
			return concat(a, b);
		break;
	case OP_IMUL:
		if (ta == TYPE_LIST && tb == TYPE_NUMBER)
			return repeat_in_place(a, b);
		/* fall through */
	case OP_MUL:
		if (is_seq(ta) && tb == TYPE_NUMBER)
			return repeat(a, b);
		if (ta == TYPE_NUMBER && is_seq(tb))
			return repeat(b, a);
		break;
	case OP_MOD:
		if (ta == TYPE_STRING)
			return print_format(a, b);
		break;
	}
	err_format("type mismatch: %v %o %v", a, (int32_t)op, b);
}

value_t val_unop(uint8_t op, value_t a)
{
	float f;

	if (op == OP_NOT)
		return VAL_BOOL(!val_truthy(a));
	if (val_type(a) != TYPE_NUMBER)
		err_format("type mismatch: %o%v", (int32_t)op, a);
	f = val_to_num(a);
	if (op == OP_INVERT)
		f = (float)~num_to_int(f);
	else if (op == OP_NEG)
		f = -f;
	return val_from_num(f);
}
