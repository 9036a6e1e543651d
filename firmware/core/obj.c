/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Strings, lists, tuples and the generic value operations. */
#include "snek.h"
#include <math.h>

uint8_t val_type(value_t v)
{
	if (VAL_IS_NUM(v) || VAL_IS_BOOL(v))
		return TYPE_NUMBER;
	switch (VAL_TAG(v)) {
	case TAG_STRING: return TYPE_STRING;
	case TAG_LIST: return TYPE_LIST;
	case TAG_TUPLE: return TYPE_TUPLE;
	case TAG_DICT: return TYPE_DICT;
	case TAG_FUNC: return TYPE_FUNC;
	}
	return VAL_IS_BUILTIN(v) ? TYPE_FUNC : TYPE_NONE;
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
	memcpy(str_ptr(v)->data, ((struct snek_raw *)gc_ptr(*raw))->b, len);
	return v;
}

void buf_add(value_t *buf, snek_len_t *len, char c)
{
	struct snek_raw *b;
	snek_len_t cap = 0, ncap;

	if (*buf != VAL_NONE)
		cap = BLOCK_BYTES(*buf);
	if (*len >= cap) {
		ncap = cap ? cap + cap / 2 : 32;
		if (ncap < cap)
			err_raise(ERR_NO_MEMORY);
		b = gc_alloc(GC_RAW, (snek_len_t)(sizeof *b + ncap));
		if (*buf != VAL_NONE)
			memcpy(b->b, BUF_BYTES(*buf), *len);
		*buf = gc_ref(TAG_BLOCK, b);
	}
	BUF_BYTES(*buf)[(*len)++] = (uint8_t)c;
}

/* Lists and tuples */

static value_t items_alloc(snek_len_t n)
{
	struct snek_values *b;
	snek_len_t i;

	if (n > (snek_len_t)(SNEK_POOL_SIZE / sizeof(value_t)))
		err_raise(ERR_NO_MEMORY);
	b = gc_alloc(GC_VALUES, (snek_len_t)(sizeof *b + n * sizeof(value_t)));
	for (i = 0; i < n; i++)
		b->v[i] = VAL_NONE;
	return gc_ref(TAG_BLOCK, b);
}

value_t list_new(snek_len_t len)
{
	value_t items = len ? items_alloc(len) : VAL_NONE;
	struct snek_list *l;

	GC_PUSH(items);
	l = gc_alloc(GC_LIST, sizeof *l);
	l->len = l->cap = len;
	l->items = GC_POP();
	return gc_ref(TAG_LIST, l);
}

/* Make room for n more items. */
static void list_reserve(value_t list, snek_len_t n)
{
	struct snek_list *l = list_ptr(list);
	snek_len_t need = l->len + n, cap;
	value_t items;

	if (need < l->len)
		err_raise(ERR_NO_MEMORY);
	if (need <= l->cap)
		return;
	cap = l->cap + l->cap / 2 + 2;
	if (cap < need)
		cap = need;
	GC_PUSH(list);
	items = items_alloc(cap);
	list = GC_POP();
	l = list_ptr(list);
	if (l->len)
		memcpy(block_ptr(items), block_ptr(l->items), l->len * sizeof(value_t));
	gc_barrier(l->items);
	l->items = items;
	l->cap = cap;
}

void list_append(value_t list, value_t v)
{
	struct snek_list *l;

	GC_PUSH(list);
	GC_PUSH(v);
	list_reserve(list, 1);
	v = GC_POP();
	list = GC_POP();
	l = list_ptr(list);
	block_ptr(l->items)[l->len++] = v;
}

value_t tuple_new(snek_len_t len)
{
	struct snek_tuple *t;
	snek_len_t i;

	if (len > (snek_len_t)(SNEK_POOL_SIZE / sizeof(value_t)))
		err_raise(ERR_NO_MEMORY);
	t = gc_alloc(GC_TUPLE, (snek_len_t)(sizeof *t + len * sizeof(value_t)));
	t->len = len;
	for (i = 0; i < len; i++)
		t->items[i] = VAL_NONE;
	return gc_ref(TAG_TUPLE, t);
}

value_t *seq_items(value_t v, snek_len_t *len)
{
	if (VAL_IS(v, TAG_LIST)) {
		struct snek_list *l = list_ptr(v);
		*len = l->len;
		return l->len ? block_ptr(l->items) : NULL;
	}
	*len = tuple_ptr(v)->len;
	return tuple_ptr(v)->items;
}

/* Generic operations */

float val_to_num(value_t v)
{
	if (VAL_IS_NUM(v))
		return val_num(v);
	if (VAL_IS_BOOL(v))
		return v == VAL_TRUE ? 1.0f : 0.0f;
	err_invalid_type(v);
}

int32_t val_to_int(value_t v)
{
	float f = val_to_num(v);

	if (f != truncf(f) || f >= 2147483648.0f || f < -2147483648.0f)
		err_invalid_value(v);
	return (int32_t)f;
}

bool val_truthy(value_t v)
{
	if (VAL_IS_NUM(v))
		return val_num(v) != 0.0f;
	switch (VAL_TAG(v)) {
	case TAG_SPECIAL:
		return v != VAL_NONE && v != VAL_FALSE;
	case TAG_STRING:
		return str_ptr(v)->len != 0;
	case TAG_LIST:
		return list_ptr(v)->len != 0;
	case TAG_TUPLE:
		return tuple_ptr(v)->len != 0;
	case TAG_DICT:
		return dict_ptr(v)->len != 0;
	}
	return true;
}

snek_len_t val_len(value_t v)
{
	switch (val_type(v)) {
	case TYPE_STRING:
		return str_ptr(v)->len;
	case TYPE_LIST:
		return list_ptr(v)->len;
	case TYPE_TUPLE:
		return tuple_ptr(v)->len;
	case TYPE_DICT:
		return dict_ptr(v)->len;
	}
	err_invalid_type(v);
}

uint16_t obj_depth;
#define depth obj_depth

static void nest_enter(void)
{
	if (++depth > SNEK_NEST_MAX) {
		depth = 0;
		err_raise(ERR_NESTED);
	}
}

static int8_t cmp_num(float a, float b)
{
	if (a < b)
		return -1;
	if (a > b)
		return 1;
	return a == b ? 0 : 2;
}

static int8_t cmp_bytes(const char *a, snek_len_t na, const char *b, snek_len_t nb)
{
	int c = memcmp(a, b, na < nb ? na : nb);

	if (c)
		return c < 0 ? -1 : 1;
	return na < nb ? -1 : na > nb ? 1 : 0;
}

/* Compare item by item; a prefix orders first. For equality only,
 * `eq` stops at the first difference without ordering it. */
static int8_t cmp_seq(value_t a, value_t b, bool eq)
{
	snek_len_t na, nb, i;
	int8_t c;

	seq_items(a, &na);
	seq_items(b, &nb);
	if (eq && na != nb)
		return 1;
	nest_enter();
	for (i = 0; i < na && i < nb; i++) {
		value_t x = seq_items(a, &na)[i], y = seq_items(b, &nb)[i];
		if (eq) {
			if (!val_equal(x, y)) {
				depth--;
				return 1;
			}
			continue;
		}
		if (!val_equal(x, y)) {
			c = val_compare(x, y);
			depth--;
			return c;
		}
	}
	depth--;
	return na < nb ? -1 : na > nb ? 1 : 0;
}

static bool dict_equal(value_t a, value_t b)
{
	snek_len_t i = 0;
	value_t k, va;

	if (dict_ptr(a)->len != dict_ptr(b)->len)
		return false;
	nest_enter();
	while ((k = dict_key_at(a, &i)) != VAL_UNSET) {
		va = dict_get(a, k);
		if (!val_equal(va, dict_get(b, k))) {
			depth--;
			return false;
		}
	}
	depth--;
	return true;
}

bool val_equal(value_t a, value_t b)
{
	uint8_t ta, tb;

	if (VAL_IS_NUM(a) && VAL_IS_NUM(b))
		return val_num(a) == val_num(b);
	if (a == b)
		return true;
	ta = val_type(a);
	tb = val_type(b);
	if (ta != tb)
		return false;
	switch (ta) {
	case TYPE_NUMBER:
		return val_to_num(a) == val_to_num(b);
	case TYPE_STRING:
		return str_ptr(a)->len == str_ptr(b)->len &&
			memcmp(str_ptr(a)->data, str_ptr(b)->data, str_ptr(a)->len) == 0;
	case TYPE_LIST:
	case TYPE_TUPLE:
		return VAL_TAG(a) == VAL_TAG(b) && cmp_seq(a, b, true) == 0;
	case TYPE_DICT:
		return dict_equal(a, b);
	}
	return false;
}

int8_t val_compare(value_t a, value_t b)
{
	uint8_t ta = val_type(a), tb = val_type(b);

	if (ta != tb)
		return ta < tb ? -1 : 1;
	switch (ta) {
	case TYPE_NUMBER:
		return cmp_num(val_to_num(a), val_to_num(b));
	case TYPE_STRING:
		return cmp_bytes(str_ptr(a)->data, str_ptr(a)->len, str_ptr(b)->data, str_ptr(b)->len);
	case TYPE_LIST:
	case TYPE_TUPLE:
		if (VAL_TAG(a) != VAL_TAG(b))
			return VAL_TAG(a) < VAL_TAG(b) ? -1 : 1;
		return cmp_seq(a, b, false);
	}
	return a == b ? 0 : a < b ? -1 : 1;
}

bool val_compare_op(uint8_t op, value_t a, value_t b)
{
	int8_t c;

	switch (op) {
	case OP_EQ: return val_equal(a, b);
	case OP_NE: return !val_equal(a, b);
	case OP_IS: return a == b;
	case OP_IS_NOT: return a != b;
	case OP_IN: return val_contains(b, a);
	case OP_NOT_IN: return !val_contains(b, a);
	}
	c = val_compare(a, b);
	if (c == 2)
		return false;
	switch (op) {
	case OP_LT: return c < 0;
	case OP_LE: return c <= 0;
	case OP_GT: return c > 0;
	default: return c >= 0;
	}
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
	snek_len_t n;
	value_t *items;
	value_t v;

	switch (val_type(c)) {
	case TYPE_STRING:
		n = seq_index(i, str_ptr(c)->len);
		GC_PUSH(c);
		v = str_alloc(1);
		c = GC_POP();
		str_ptr(v)->data[0] = str_ptr(c)->data[n];
		return v;
	case TYPE_LIST:
	case TYPE_TUPLE:
		items = seq_items(c, &n);
		return items[seq_index(i, n)];
	case TYPE_DICT:
		v = dict_get(c, i);
		if (v == VAL_UNSET)
			err_format("key not found: %v", i);
		return v;
	}
	err_invalid_type(c);
}

void val_store(value_t c, value_t i, value_t v)
{
	snek_len_t n;
	value_t *items;

	if (VAL_IS(c, TAG_LIST)) {
		items = seq_items(c, &n);
		n = seq_index(i, n);
		gc_barrier(items[n]);
		items[n] = v;
		return;
	}
	if (VAL_IS(c, TAG_DICT))
		return dict_set(c, i, v);
	err_invalid_type(c);
}

void val_delete(value_t c, value_t i)
{
	snek_len_t n, k;
	value_t *items;

	if (VAL_IS(c, TAG_LIST)) {
		items = seq_items(c, &n);
		k = seq_index(i, n);
		gc_barrier(items[k]);
		memmove(&items[k], &items[k + 1], (n - k - 1) * sizeof(value_t));
		items[n - 1] = VAL_NONE;
		list_ptr(c)->len--;
		return;
	}
	if (VAL_IS(c, TAG_DICT)) {
		if (!dict_del(c, i))
			err_format("key not found: %v", i);
		return;
	}
	err_invalid_type(c);
}

/* Python's slice bounds: fill in defaults and clamp. */
static int32_t slice_bound(value_t v, int32_t n, int32_t step, bool lo)
{
	int32_t k;

	if (v == VAL_NONE)
		return step > 0 ? (lo ? 0 : n) : (lo ? n - 1 : -1);
	k = val_to_int(v);
	if (k < 0) {
		k += n;
		if (k < 0)
			k = step < 0 ? -1 : 0;
	} else if (k >= n) {
		k = step < 0 ? n - 1 : n;
	}
	return k;
}

value_t val_slice(value_t c, value_t lo, value_t hi, value_t stepv)
{
	int32_t n, step, start, stop, count, i;
	uint8_t type = val_type(c);
	value_t r;
	snek_len_t len;

	if (type != TYPE_STRING && type != TYPE_LIST && type != TYPE_TUPLE)
		err_invalid_type(c);
	n = (int32_t)val_len(c);
	step = stepv == VAL_NONE ? 1 : val_to_int(stepv);
	if (step == 0)
		err_invalid_value(stepv);
	start = slice_bound(lo, n, step, true);
	stop = slice_bound(hi, n, step, false);
	if (step > 0)
		count = start < stop ? (stop - start + step - 1) / step : 0;
	else
		count = start > stop ? (start - stop - step - 1) / -step : 0;
	GC_PUSH(c);
	if (type == TYPE_STRING) {
		r = str_alloc((snek_len_t)count);
		c = GC_POP();
		for (i = 0; i < count; i++)
			str_ptr(r)->data[i] = str_ptr(c)->data[start + i * step];
		return r;
	}
	r = type == TYPE_LIST ? list_new((snek_len_t)count) : tuple_new((snek_len_t)count);
	c = GC_POP();
	for (i = 0; i < count; i++)
		seq_items(r, &len)[i] = seq_items(c, &len)[start + i * step];
	return r;
}

bool val_contains(value_t c, value_t item)
{
	snek_len_t n, i;
	struct snek_string *s, *t;

	switch (val_type(c)) {
	case TYPE_STRING:
		if (!VAL_IS(item, TAG_STRING))
			err_invalid_type(item);
		s = str_ptr(c);
		t = str_ptr(item);
		if (t->len > s->len)
			return false;
		for (i = 0; i + t->len <= s->len; i++)
			if (memcmp(s->data + i, t->data, t->len) == 0)
				return true;
		return false;
	case TYPE_LIST:
	case TYPE_TUPLE:
		seq_items(c, &n);
		for (i = 0; i < n; i++)
			if (val_equal(seq_items(c, &n)[i], item))
				return true;
		return false;
	case TYPE_DICT:
		return dict_get(c, item) != VAL_UNSET;
	}
	err_invalid_type(c);
}

/* Repeat a string, list or tuple n times (n <= 0: empty). */
static value_t repeat(value_t c, value_t count)
{
	int32_t n;
	snek_len_t len = val_len(c), i, total;
	value_t r;

	if (VAL_IS_NUM(count) && val_num(count) != truncf(val_num(count)))
		err_invalid_value(count);
	n = val_to_int(count);
	if (n < 0)
		n = 0;
	total = len * (snek_len_t)n;
	if (n && total / (snek_len_t)n != len)
		err_raise(ERR_NO_MEMORY);
	GC_PUSH(c);
	if (VAL_IS(c, TAG_STRING)) {
		r = str_alloc(total);
		c = GC_POP();
		for (i = 0; i < total; i++)
			str_ptr(r)->data[i] = str_ptr(c)->data[i % len];
		return r;
	}
	r = VAL_IS(c, TAG_LIST) ? list_new(total) : tuple_new(total);
	c = GC_POP();
	for (i = 0; i < total; i++)
		seq_items(r, &len)[i] = seq_items(c, &len)[i % val_len(c)];
	return r;
}

/* a + b for strings, lists, tuples of the same type. */
static value_t concat(value_t a, value_t b)
{
	snek_len_t na = val_len(a), nb = val_len(b), n;
	value_t r;

	GC_PUSH(a);
	GC_PUSH(b);
	if (VAL_IS(a, TAG_STRING)) {
		r = str_alloc(na + nb);
		memcpy(str_ptr(r)->data, str_ptr(GC_TEMP(1))->data, na);
		memcpy(str_ptr(r)->data + na, str_ptr(GC_TEMP(0))->data, nb);
	} else {
		r = VAL_IS(a, TAG_LIST) ? list_new(na + nb) : tuple_new(na + nb);
		if (na)
			memcpy(seq_items(r, &n), seq_items(GC_TEMP(1), &n), na * sizeof(value_t));
		if (nb)
			memcpy(seq_items(r, &n) + na, seq_items(GC_TEMP(0), &n), nb * sizeof(value_t));
	}
	gc_ntemp -= 2;
	return r;
}

/* list += sequence: extend in place. */
static value_t extend(value_t list, value_t b)
{
	snek_len_t nb = val_len(b), n, i;
	struct snek_list *l;
	value_t v;

	GC_PUSH(list);
	GC_PUSH(b);
	list_reserve(list, nb);
	b = GC_POP();
	list = GC_POP();
	for (i = 0; i < nb; i++) {
		if (VAL_IS(b, TAG_STRING)) {
			GC_PUSH(list);
			GC_PUSH(b);
			v = val_index(b, val_from_num((float)i));
			b = GC_POP();
			list = GC_POP();
		} else {
			v = seq_items(b, &n)[i];
		}
		l = list_ptr(list);
		gc_barrier(block_ptr(l->items)[l->len]);
		block_ptr(l->items)[l->len++] = v;
	}
	return list;
}

value_t num_binop(uint8_t op, float a, float b)
{
	float r, m;

	switch (op) {
	case OP_ADD: case OP_IADD: r = a + b; break;
	case OP_SUB: r = a - b; break;
	case OP_MUL: case OP_IMUL: r = a * b; break;
	case OP_DIV: r = a / b; break;
	case OP_POW: r = powf(a, b); break;
	case OP_MOD:
	case OP_FLOORDIV:
		/* Python: the remainder takes the divisor's sign. */
		m = fmodf(a, b);
		r = (a - m) / b;
		if (m != 0.0f && ((b < 0) != (m < 0))) {
			m += b;
			r -= 1.0f;
		}
		if (op == OP_MOD) {
			r = m == 0.0f ? copysignf(0.0f, b) : m;
			break;
		}
		if (b == 0.0f) {
			r = a / b;
			break;
		}
		/* (a - m) / b is integral up to rounding. */
		m = floorf(r);
		r = r - m > 0.5f ? m + 1.0f : m;
		break;
	default:
		return VAL_NONE;
	}
	return val_from_num(r);
}

static value_t bit_binop(uint8_t op, value_t av, value_t bv)
{
	int32_t a = val_to_int(av), b = val_to_int(bv);

	switch (op) {
	case OP_BAND: a &= b; break;
	case OP_BOR: a |= b; break;
	case OP_BXOR: a ^= b; break;
	case OP_SHL:
	case OP_SHR:
		if (b < 0)
			err_invalid_value(bv);
		if (op == OP_SHR)
			a = b > 31 ? (a < 0 ? -1 : 0) : a >> b;
		else
			a = b > 31 ? 0 : (int32_t)((uint32_t)a << b);
		break;
	}
	return val_from_num((float)a);
}

static bool is_seq(uint8_t t)
{
	return t == TYPE_STRING || t == TYPE_LIST || t == TYPE_TUPLE;
}

value_t val_binop(uint8_t op, value_t a, value_t b)
{
	uint8_t ta = val_type(a), tb = val_type(b);
	value_t r;

	if (ta == TYPE_NUMBER && tb == TYPE_NUMBER) {
		switch (op) {
		case OP_BAND: case OP_BOR: case OP_BXOR: case OP_SHL: case OP_SHR:
			return bit_binop(op, a, b);
		}
		r = num_binop(op, val_to_num(a), val_to_num(b));
		if (r != VAL_NONE)
			return r;
	}
	switch (op) {
	case OP_IADD:
		if (ta == TYPE_LIST && is_seq(tb))
			return extend(a, b);
		/* fall through */
	case OP_ADD:
		if (ta == tb && is_seq(ta) && VAL_TAG(a) == VAL_TAG(b))
			return concat(a, b);
		break;
	case OP_IMUL:
		if (ta == TYPE_LIST && tb == TYPE_NUMBER) {
			GC_PUSH(a);
			r = repeat(a, b);
			a = GC_POP();
			list_ptr(a)->len = 0;
			return extend(a, r);
		}
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
	if (op == OP_INVERT)
		return val_from_num((float)~val_to_int(a));
	f = val_to_num(a);
	return val_from_num(op == OP_NEG ? -f : f);
}
