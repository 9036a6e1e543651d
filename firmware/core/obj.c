/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Strings, lists, tuples and the generic value operations.
 *
 * Strings, lists and tuples are all sequences here: they differ only in
 * the size of an item (a byte or a value) and in how a new one is made,
 * so indexing, slicing, joining and repeating share one item copier.
 * Equality and order share one three-way compare.
 *
 * Written for 8-bit chips: values held across an allocation sit in
 * slots from obj_keep() (the slots never move, so a pointer to them is
 * cheap), and arithmetic stays in snek_len_t where it can. Helpers
 * marked SNEK_OUTLINE are ones link-time optimisation would otherwise copy
 * into several callers (each measured with make uno-size). */
#include "snek.h"
#include <math.h>

/* Every container keeps its length where a tuple does. */
_Static_assert(offsetof(struct snek_string, len) == offsetof(struct snek_tuple, len) &&
	       offsetof(struct snek_list, len) == offsetof(struct snek_tuple, len) &&
	       offsetof(struct snek_dict, len) == offsetof(struct snek_tuple, len),
	       "containers keep their length first");
/* The kinds of the objects programs see come in the order of their tags. */
_Static_assert((int)GC_STRING + 1 == (int)TAG_STRING && (int)GC_LIST + 1 == (int)TAG_LIST &&
	       (int)GC_TUPLE + 1 == (int)TAG_TUPLE && (int)GC_DICT + 1 == (int)TAG_DICT,
	       "kinds follow tags");

/* A signed index as wide as a length. Indexes are clamped to INDEX_MAX,
 * at least twice any length: arithmetic on a length and an index, or on a
 * slice's distance and step, never overflows. */
#if SNEK_LEN16
typedef int16_t index_t;
#define INDEX_MAX 0x3fff
#else
typedef int32_t index_t;
#define INDEX_MAX 0x3fffffff
#endif
_Static_assert(SNEK_POOL_SIZE < INDEX_MAX / 2, "lengths below half INDEX_MAX");

static index_t to_index(value_t v);

/* One raise site per message. */
__attribute__((noreturn)) void obj_bad_type(value_t v)
{
	err_invalid_type(v);
}

static __attribute__((noreturn)) void bad_value(value_t v)
{
	err_invalid_value(v);
}

/* A slot that keeps a value across allocations; release() frees it. */
SNEK_OUTLINE value_t *obj_keep(value_t a)
{
	value_t *t = gc_temp + gc_ntemp++;

	*t = a;
	return t;
}
static inline void release(void)
{
	gc_ntemp--;
}

SNEK_OUTLINE value_t obj_new(uint8_t kind, snek_len_t bytes)
{
	return gc_ref(kind <= GC_DICT ? kind + 1 : TAG_BLOCK, gc_alloc(kind, bytes));
}

/* An object of `head` bytes and n items of 1 << shift bytes, all 0 (the
 * number 0 for values, which the collector skips until they are filled). */
static SNEK_OUTLINE value_t items_new(uint8_t kind, snek_len_t head, snek_len_t n, uint8_t shift)
{
	/* More items than the pool has bytes never fit (and then the size
	 * cannot overflow); the allocation raises for the rest. */
	if (n > (snek_len_t)SNEK_POOL_SIZE)
		err_raise(ERR_NO_MEMORY);
	return obj_new(kind, (snek_len_t)(head + (n << shift)));
}

/* The same, for a string, list or tuple: with its length set. */
static SNEK_OUTLINE value_t sized_new(uint8_t kind, snek_len_t head, snek_len_t n, uint8_t shift)
{
	value_t v = items_new(kind, head, n, shift);

	tuple_ptr(v)->len = n;
	return v;
}

uint8_t val_type(value_t v)
{
	/* The tag by 8-bit arithmetic: bits 20..22 are bits 4..6 of byte 2. */
	uint8_t tag = ((uint8_t)(v >> 16) >> (VAL_TAG_SHIFT - 16)) & 7;
	uint16_t special = (uint16_t)v;

	_Static_assert(VAL_TAG_SHIFT - 16 == 4, "tag in byte 2");
	if (VAL_IS_NUM(v))
		return TYPE_NUMBER;
	if (tag != TAG_SPECIAL)
		return tag;
	/* Special payloads are small: None, False, True, ..., builtins. */
	if (special >= VAL_BUILTIN_BASE)
		return TYPE_FUNC;
	return special == (uint16_t)VAL_TRUE || special == (uint16_t)VAL_FALSE ? TYPE_NUMBER : TYPE_NONE;
}

static bool is(value_t v, uint8_t type)
{
	return val_type(v) == type;
}

static bool is_seq(uint8_t type)
{
	return (uint8_t)(type - TYPE_STRING) <= TYPE_TUPLE - TYPE_STRING;
}

/* The length of a string, list, tuple or dict. (Where a type check is
 * not needed, val_len is still used when it is shorter: one call.) */
static snek_len_t obj_len(value_t v)
{
	return tuple_ptr(v)->len;
}

/* Strings */

value_t str_alloc(snek_len_t len)
{
	return sized_new(GC_STRING, sizeof(struct snek_string) + 1, len, 0);
}

value_t str_new(const char *text, snek_len_t len)
{
	value_t v = str_alloc(len);

	memcpy(str_ptr(v)->data, text, len);
	return v;
}

#if SNEK_CHAR_STRINGS
value_t obj_chars;
#endif

value_t str_char(uint8_t c)
{
	value_t v;

#if SNEK_CHAR_STRINGS
	if (obj_chars == VAL_NONE)
		obj_chars = obj_new(GC_VALUES, sizeof(struct snek_values) + 256 * sizeof(value_t));
	v = block_ptr(obj_chars)[c];
	if (v)
		return v;
#endif
	v = str_alloc(1);
	*(uint8_t *)str_ptr(v)->data = c;
#if SNEK_CHAR_STRINGS
	/* A slot of 0 held no reference, and a new object is never one the
	 * collector has yet to see: no barrier. */
	block_ptr(obj_chars)[c] = v;
#endif
	return v;
}

__attribute__((noinline)) value_t str_from_raw(const value_t *raw, snek_len_t len)
{
	value_t v = str_alloc(len);

	/* Read the root after allocating: the buffer may have moved. */
	memcpy(str_ptr(v)->data, BUF_BYTES(*raw), len);
	return v;
}

void buf_add(value_t *buf, snek_len_t *len, char c)
{
	snek_len_t n = *len;
	value_t b = *buf;

	/* Full (bytes only ever come one at a time): half as much again. */
	if (b == VAL_NONE || n == BLOCK_BYTES(b)) {
		b = obj_new(GC_RAW, (snek_len_t)(sizeof(struct snek_raw) + (n ? n + n / 2 : 32)));
		/* An empty buffer copies nothing. */
		memcpy(BUF_BYTES(b), BUF_BYTES(*buf), n);
		*buf = b;
	}
	BUF_BYTES(b)[n] = (uint8_t)c;
	*len = n + 1;
}

/* Lists and tuples */

/* Lists (and linear dicts) keep their items where a list does. */
#if SNEK_DICT_LINEAR
_Static_assert(offsetof(struct snek_dict, entries) == offsetof(struct snek_list, items),
	       "linear dicts keep their entries where lists keep items");
#endif

/* See obj.h: the end is found from c, whose length drops by one. */
__attribute__((noinline)) void obj_close(value_t c, void *at, uint8_t size)
{
	struct snek_list *l = list_ptr(c);
	uint8_t *p = at, *end = (uint8_t *)block_ptr(l->items) + l->len-- * size;

	/* Byte by byte upwards: each byte is read before it is written. */
	for (; p != end; p++)
		*p = p + size < end ? p[size] : 0;
}

static value_t block_new(snek_len_t n)
{
	return items_new(GC_VALUES, sizeof(struct snek_values), n, 2);
}

value_t list_new(snek_len_t len)
{
	/* An empty list has no block: 0, which the collector skips. */
	value_t *t = obj_keep(len ? block_new(len) : 0);
	value_t v = obj_new(GC_LIST, sizeof(struct snek_list));

	list_ptr(v)->len = list_ptr(v)->cap = len;
	list_ptr(v)->items = t[0];
	release();
	return v;
}

SNEK_OUTLINE value_t tuple_new(snek_len_t len)
{
	return sized_new(GC_TUPLE, sizeof(struct snek_tuple), len, 2);
}

/* Where item i of a sequence is (stale after any allocation). */
static SNEK_OUTLINE uint8_t *seq_at(value_t v, snek_len_t i)
{
	switch (val_type(v)) {
	case TYPE_STRING:
		return (uint8_t *)str_ptr(v)->data + i;
	case TYPE_LIST:
		return (uint8_t *)(block_ptr(list_ptr(v)->items) + i);
	}
	return (uint8_t *)(tuple_ptr(v)->items + i);
}

value_t *seq_items(value_t v, snek_len_t *len)
{
	*len = obj_len(v);
	return (value_t *)seq_at(v, 0);
}

/* Sequences: strings, lists and tuples */

/* A new sequence of n items like v, for the caller to fill. */
static value_t seq_new(value_t v, snek_len_t n)
{
	switch (val_type(v)) {
	case TYPE_STRING:
		return str_alloc(n);
	case TYPE_LIST:
		return list_new(n);
	}
	return tuple_new(n);
}

static uint8_t item_size(value_t v)
{
	return is(v, TYPE_STRING) ? 1 : sizeof(value_t);
}

/* Item i of the sequence in slot *c; a string's as its byte when raw,
 * else as a new string. */
static SNEK_OUTLINE value_t seq_fetch(const value_t *c, snek_len_t i, bool raw)
{
	uint8_t *p = seq_at(*c, i), ch = *p;

	if (!is(*c, TYPE_STRING))
		return *(value_t *)p;
	if (raw)
		return ch;
	return str_char(ch);
}

value_t seq_item(const value_t *c, snek_len_t i)
{
	return seq_fetch(c, i, false);
}

/* Copy n items of the sequence in slot *src, from `from` on every `step`
 * (negative steps wrap around and come back), to the sequence in slot
 * *dst from `at` on: the one path of slicing, joining and repeating.
 * Into a list a string's characters go as one-character strings (list +=
 * str), so the slots are read again for every item. Slots past a list's
 * length never hold references (delete clears the one it frees), so
 * filling them needs no barrier. */
static void seq_copy(const value_t *dst, snek_len_t at, const value_t *src, snek_len_t from,
		     snek_len_t step, snek_len_t n)
{
	bool bytes = is(*dst, TYPE_STRING);
	value_t v;
	uint8_t *d;

#if !SNEK_SMALL_CODE
	/* A run of items of one size in one move. */
	if (step == 1 && bytes == is(*src, TYPE_STRING)) {
		if (n)
			memmove(seq_at(*dst, at), seq_at(*src, from), n * (bytes ? 1 : sizeof v));
		return;
	}
#endif
	for (; n; n--, at++, from += step) {
		v = seq_fetch(src, from, bytes);
		d = seq_at(*dst, at);
		if (bytes)
			*d = (uint8_t)v;
		else
			memcpy(d, &v, sizeof v);
	}
}

/* A new sequence like *c of n of its items (see seq_copy). */
static value_t seq_sub(const value_t *c, snek_len_t from, snek_len_t step, snek_len_t n)
{
	value_t *r, v;

#if !SNEK_SMALL_CODE
	/* A run: one copy of its bytes or values, read after allocating. */
	if (step == 1) {
		v = seq_new(*c, n);
		if (n)
			memcpy(seq_at(v, 0), seq_at(*c, from), n * item_size(v));
		return v;
	}
#endif
	r = obj_keep(seq_new(*c, n));

	seq_copy(r, 0, c, from, step, n);
	v = *r;
	release();
	return v;
}

#if SNEK_GROW_SPARE
/* += fills a list's spare room, and a full list grows by half as much
 * again, so that a run of += copies each item only a few times. (Without
 * SNEK_GROW_SPARE a new block of exactly the right size is built.) */
static void list_grow(value_t *list, snek_len_t need)
{
	struct snek_list *l = list_ptr(*list);
	snek_len_t cap = l->cap + l->cap / 2 + 2;
	value_t items;

	if (need <= l->cap)
		return;
	if (cap < need)
		cap = need;
	items = block_new(cap);
	l = list_ptr(*list);
	memcpy(block_ptr(items), block_ptr(l->items), l->len * sizeof(value_t));
	gc_barrier(l->items);
	l->items = items;
	l->cap = cap;
}
#endif

/* A new sequence like t[0]: its first na items, then t[1]'s items `times`
 * times (none when negative; at most the pool's size + 1). In place (the
 * list t[0]: Python's += and *=), t[0] takes the result. */
static value_t join(value_t *t, snek_len_t na, index_t times, bool in_place)
{
	snek_len_t nb = val_len(t[1]), total;
	value_t *r, v;
	struct snek_list *l;
	bool grown = false; /* hosts: t[0] grew in place */

	if (times < 0)
		times = 0;
	/* More items than the pool holds: a division, no wide product. */
	if (times && nb > (snek_len_t)(SNEK_POOL_SIZE - na) / (snek_len_t)times)
		err_raise(ERR_NO_MEMORY);
	total = (snek_len_t)(na + nb * (snek_len_t)times);
#if SNEK_GROW_SPARE
	if (in_place && na == obj_len(t[0])) {
		list_grow(t, total);
		r = obj_keep(t[0]);
		grown = true;
	} else
#endif
		r = obj_keep(seq_new(t[0], total));
	if (!grown)
		seq_copy(r, 0, t, 0, 1, na);
	for (; times; times--, na += nb)
		seq_copy(r, na, t + 1, 0, 1, nb);
	v = *r;
	release();
	if (in_place) {
		l = list_ptr(t[0]);
		/* The new list's length, room and items, in one copy. */
		if (!grown) {
			gc_barrier(l->items);
			memcpy(&l->len, &list_ptr(v)->len, sizeof *l - offsetof(struct snek_list, len));
		} else {
			l->len = total;
		}
		v = t[0];
	}
	return v;
}

/* Generic operations */

float val_to_num(value_t v)
{
	if (VAL_IS_NUM(v))
		return val_num(v);
	if (v == VAL_TRUE)
		return 1.0f;
	if (v != VAL_FALSE)
		obj_bad_type(v);
	return 0.0f;
}

static int32_t num_to_int(float f)
{
	uint32_t bits;

	/* |f| below 2^31 (from the bits: no float calls; NaN and inf are
	 * above), or -2^31 itself, and whole. */
	memcpy(&bits, &f, sizeof bits);
	if (!((bits << 1) < 0x9e000000u || bits == 0xcf000000u) || f != truncf(f))
		bad_value(val_from_num(f));
	return (int32_t)f;
}

int32_t val_to_int(value_t v)
{
	return num_to_int(val_to_num(v));
}

/* A number's bits as an integer that orders like the numbers (-0 is 0):
 * no float calls. A NaN (always positive here: references are the
 * negative ones) lands above infinity's key. */
static SNEK_OUTLINE int32_t num_key(value_t v)
{
	float f = val_to_num(v);
	int32_t k;

	memcpy(&k, &f, sizeof k);
	return k < 0 ? -(k & 0x7fffffff) : k;
}

#define INF_KEY 0x7f800000

bool val_truthy(value_t v)
{
	uint8_t t = val_type(v);

	if (t == TYPE_NUMBER)
		return num_key(v) != 0; /* not 0, -0 or False */
	if (t == TYPE_FUNC)
		return true;
	return t != TYPE_NONE && val_len(v) != 0;
}

snek_len_t val_len(value_t v)
{
	uint8_t t = val_type(v);

	if (t < TYPE_STRING || t > TYPE_DICT)
		obj_bad_type(v);
	return obj_len(v);
}

#if SNEK_NEST_MAX < 255
uint8_t obj_depth;
#else
uint16_t obj_depth;
#endif

/* -1, 0 or 1 as x is below, equal to or above y; 2 when either is a
 * NaN's key (above INF_KEY, where no length, byte or reference lands). */
static SNEK_OUTLINE int8_t order(int32_t x, int32_t y)
{
	if (x > INF_KEY || y > INF_KEY)
		return 2;
	return x < y ? -1 : x > y;
}

/* Item by item (bytes for strings); the first unequal pair decides,
 * else the shorter first. */
static int8_t cmp_seq(value_t a, value_t b)
{
	snek_len_t na = val_len(a), nb = val_len(b), i;
	uint8_t size = item_size(a), *x = seq_at(a, 0), *y = seq_at(b, 0);
	int8_t c;

	for (i = 0; i < na && i < nb; i++, x += size, y += size) {
		c = size == 1 ? order(*x, *y) : val_compare(*(value_t *)x, *(value_t *)y);
		if (c)
			return c;
	}
	return order(na, nb);
}

#if !SNEK_SMALL_CODE
/* Two strings, by memcmp: what cmp_seq finds byte by byte. */
static int8_t cmp_strings(value_t a, value_t b)
{
	struct snek_string *x = str_ptr(a), *y = str_ptr(b);
	int c = memcmp(x->data, y->data, x->len < y->len ? x->len : y->len);

	if (c)
		return c < 0 ? -1 : 1;
	return x->len < y->len ? -1 : x->len > y->len;
}
#endif

int8_t val_compare(value_t a, value_t b)
{
	uint8_t ta, tb;
	int32_t x;
	int8_t c;

#if !SNEK_SMALL_CODE
	/* Two numbers (-0 is 0, a NaN is unordered); the same reference,
	 * equal to itself; two strings by memcmp. */
	if (VAL_IS_NUM(a) && VAL_IS_NUM(b)) {
		float fa = val_num(a), fb = val_num(b);

		return fa < fb ? -1 : fa > fb ? 1 : fa == fb ? 0 : 2;
	}
	if (a == b && !VAL_IS_NUM(a))
		return 0;
	if (VAL_IS(a, TAG_STRING) && VAL_IS(b, TAG_STRING))
		return cmp_strings(a, b);
#endif
	ta = val_type(a);
	tb = val_type(b);
	if (ta != tb)
		return ta < tb ? -1 : 1;
	if (ta == TYPE_NUMBER) {
		x = num_key(a);
		return order(x, num_key(b));
	}
	/* Functions, None, unequal dicts: an order that is at least
	 * consistent (references of one type compare alike signed). */
	c = order((int32_t)a, (int32_t)b);
	if (c && ta >= TYPE_STRING && ta <= TYPE_DICT) {
		/* Containers that share their items compare far longer than
		 * they are big: ^C stops it. */
		CONSOLE_POLL();
		if (++obj_depth > SNEK_NEST_MAX)
			err_raise(ERR_NESTED);
		if (ta != TYPE_DICT)
			c = cmp_seq(a, b);
		else if (!dict_differ(a, b))
			c = 0;
		obj_depth--;
	}
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

static bool contains(value_t c, value_t item);

/* a op b for a comparison opcode, the operands at t[0] and t[1]. */
static bool compare_op(uint8_t op, const value_t *t)
{
	value_t a = t[0], b = t[1];
	bool r;

	if (op < OP_IN)
		return (SNEK_ROM_BYTE(&compare_true[op - OP_LT]) >> (val_compare(a, b) + 1)) & 1;
	r = op >= OP_IS ? a == b : contains(b, a);
	return r ^ (op & 1);
}

/* The integer v, clamped to -INDEX_MAX..INDEX_MAX (beyond any length,
 * where indexing, slicing and repeating all act alike): the rest goes on
 * in index_t. */
static SNEK_OUTLINE index_t to_index(value_t v)
{
	int32_t k;

#if !SNEK_SMALL_CODE
	/* A whole number in range, the usual index: no float calls. */
	if (VAL_IS_NUM(v)) {
		float f = val_num(v);

		if (f > -INDEX_MAX && f < INDEX_MAX && f == (float)(k = (int32_t)f))
			return (index_t)k;
	}
#endif
	k = val_to_int(v);

	if (k > INDEX_MAX)
		k = INDEX_MAX;
	if (k < -INDEX_MAX)
		k = -INDEX_MAX;
	return (index_t)k;
}

_Static_assert(OP_INDEX_KEEP == OP_INDEX + 1 && OP_STORE_INDEX == OP_INDEX + 2 &&
	       OP_DEL_INDEX == OP_INDEX + 3, "item opcodes in order");

/* One path for the item opcodes: t[0][t[1]] (INDEX, INDEX_KEEP), t[0][t[1]]
 * = t[2] (STORE_INDEX) and del t[0][t[1]] (DEL_INDEX, the result t[1]). */
static value_t op_item(uint8_t op, value_t *t)
{
	value_t c = t[0], i = t[1], v, *slot;
	uint8_t type = val_type(c);
	bool read = op <= OP_INDEX_KEEP;
	snek_len_t n;
	index_t k;

	if (type != TYPE_DICT) {
		/* Only lists change: strings and tuples are only read. */
		if (type != TYPE_LIST && !read)
			obj_bad_type(c);
		/* val_len refuses what has no items. Negative counts from the
		 * end; still negative, it is out of range as a length, above n. */
		n = val_len(c);
		k = to_index(i);
		if (k < 0)
			k += (index_t)n;
		if ((snek_len_t)k < n) {
			if (read)
				return seq_item(t, (snek_len_t)k);
			slot = (value_t *)seq_at(c, (snek_len_t)k);
			gc_barrier(*slot);
			if (op == OP_STORE_INDEX)
				return *slot = t[2];
			obj_close(c, slot, sizeof *slot);
			return i;
		}
	} else {
		v = dict_item(op, t);
		if (v != VAL_UNSET)
			return v;
	}
	/* One raise for both: a missing key or an index out of range. */
	err_format1(type == TYPE_DICT ? ROM_STR("key not found: %v") : ROM_STR("index out of range: %v"), i);
}

/* Python's slice bound: the index v clamped to the range a slice walking
 * up (0..n) or down (-1..n-1) may take. None is the end the slice walks
 * from or to: an index beyond either end, which the clamping brings in. */
static SNEK_OUTLINE index_t slice_bound(value_t v, index_t n, bool down, bool hi)
{
	index_t k;

	if (v == VAL_NONE)
		k = down != hi ? INDEX_MAX : -INDEX_MAX;
	else
		k = to_index(v);
	if (k < 0)
		k += n;
	if (k < -down)
		k = -down;
	if (k > n - down)
		k = n - down;
	return k;
}

/* t[0][t[1]:t[2]:t[3]] */
static SNEK_OUTLINE value_t op_slice(const value_t *t)
{
	value_t c = t[0], stepv = t[3];
	index_t n, step, start, stop, k;
	snek_len_t count = 0;
	bool down;

	if (is(c, TYPE_DICT))
		obj_bad_type(c);
	n = (index_t)val_len(c); /* refuses what has no items */
	/* The step first: its error comes before the bounds'. */
	step = stepv == VAL_NONE ? 1 : to_index(stepv);
	if (!step)
		bad_value(stepv);
	down = step < 0;
	start = slice_bound(t[1], n, down, false);
	stop = slice_bound(t[2], n, down, true);
	/* Counted by walking: no division (a slice has at most n items). */
#if !SNEK_SMALL_CODE
	if (step == 1)
		count = (snek_len_t)(stop > start ? stop - start : 0);
	else
#endif
		for (k = start; down ? k > stop : k < stop; k += step)
			count++;
	return seq_sub(t, (snek_len_t)start, (snek_len_t)step, count);
}

#if SNEK_RANGE_CHECK
/* A number's exponent field: its value is its float's bits, and the
 * field is bits 23..30 (from the top half: 32-bit shifts are loops on
 * 8-bit chips). */
static uint8_t exponent_of(value_t v)
{
	return (uint8_t)((uint16_t)((uint16_t)(v >> 16) << 1) >> 8);
}

/* range counts in floats, and a float far above its step does not move
 * when the step is added (2^24 + 1 is 2^24): such a range would never
 * end. It moves at every value it reaches (those from start to just
 * before stop) when the step is at least a unit in the last place of the
 * largest of them: its exponent at most 23 below theirs. */
__attribute__((noinline)) void obj_range_check(const value_t *args)
{
	value_t stop = args[1] & 0x7FFFFFFF;
	uint8_t top = exponent_of(args[0]), i = 0;

	if (stop)
		stop--; /* the float below: the stop itself is never reached */
	if (exponent_of(stop) > top) {
		top = exponent_of(stop);
		i = 1;
	}
	if (top > exponent_of(args[2]) + 23)
		bad_value(args[i]);
}
#endif

/* memcmp's answer to "equal?", in a loop shorter than the call. */
static bool bytes_equal(const uint8_t *x, const uint8_t *y, snek_len_t k)
{
	for (; k; k--)
		if (*x++ != *y++)
			return false;
	return true;
}

#if !SNEK_SMALL_CODE
/* Whether the n bytes at s hold the k bytes at w. */
static bool has_bytes(const char *s, snek_len_t n, const char *w, snek_len_t k)
{
	const char *end = s + n - k + 1;

	if (!k)
		return true;
	if (k > n)
		return false;
	for (; (s = memchr(s, w[0], (size_t)(end - s))); s++)
		if (!memcmp(s, w, k))
			return true;
	return false;
}
#endif

static bool contains(value_t c, value_t item)
{
	uint8_t type = val_type(c);
	snek_len_t n, k = 1, i;

	if (type == TYPE_DICT)
		return dict_get(c, item) != VAL_UNSET;
	n = val_len(c); /* raises for what has no items */
	/* A string holds strings: look for k bytes at every place. */
	if (type == TYPE_STRING) {
		if (!is(item, TYPE_STRING))
			obj_bad_type(item);
		k = val_len(item);
#if !SNEK_SMALL_CODE
		return has_bytes(str_ptr(c)->data, n, str_ptr(item)->data, k);
#endif
	}
	for (i = 0; i + k <= n; i++)
		if (type == TYPE_STRING ? bytes_equal(seq_at(c, i), seq_at(item, 0), k)
		    : val_equal(*(value_t *)seq_at(c, i), item))
			return true;
	return false;
}

/* Python's floor division and modulo: the remainder takes the divisor's
 * sign. Signs and zeros are read from the bits, which saves float calls;
 * both end in one addition, of -0 when nothing is to be added (x + -0 is
 * x for every x, -0 included). */
static float floor_divmod(uint8_t op, float a, float b)
{
	float m, extra = -0.0f;
	uint32_t mb, bb;
	bool adjust;

#if !SNEK_SMALL_CODE
	if (num_whole_divmod(op, a, b, &m))
		return m;
#endif
	m = fmodf(a, b);
	memcpy(&mb, &m, sizeof mb);
	memcpy(&bb, &b, sizeof bb);
	/* A remainder not zero and of the other sign than b. */
	adjust = (mb << 1) && (((uint8_t)(mb >> 24) ^ (uint8_t)(bb >> 24)) & 0x80);
	if (op == OP_MOD) {
		if (adjust)
			extra = b;
		else if (!(mb << 1))
			m = copysignf(0.0f, b); /* a zero takes b's sign too */
		return m + extra;
	}
	/* By zero: a / b (inf or nan), which the steps below keep. */
	if (!(bb << 1))
		m = 0.0f;
	a = (a - m) / b;
	if (adjust)
		a -= 1.0f;
	/* a is integral up to rounding. */
	m = floorf(a);
	/* a - m above 0.5, read from its bits (it is 0 or more, or a NaN
	 * when m is infinite or NaN, which adding 1 keeps). */
	a -= m;
	memcpy(&mb, &a, sizeof mb);
	if ((int32_t)mb > 0x3f000000)
		extra = 1.0f;
	return m + extra;
}

/* Bit operators on integral numbers: the shifts come last. */
_Static_assert(OP_BOR == OP_BAND + 1 && OP_BXOR == OP_BAND + 2 && OP_SHL == OP_BAND + 3 &&
	       OP_SHR == OP_BAND + 4, "bit operators in order");

static float bit_binop(uint8_t op, float af, float bf)
{
	int32_t a = num_to_int(af), b = num_to_int(bf);
	uint8_t n;

	if (op >= OP_SHL) {
		if (b < 0)
			bad_value(val_from_num(bf));
		/* One bit at a time: 32 steps shift everything out. */
		for (n = b > 32 ? 32 : (uint8_t)b; n; n--)
			a = op == OP_SHR ? a >> 1 : (int32_t)((uint32_t)a << 1);
	} else if (op == OP_BAND)
		a &= b;
	else if (op == OP_BOR)
		a |= b;
	else
		a ^= b;
	return (float)a;
}

_Static_assert(OP_SUB == OP_ADD + 1 && OP_MUL == OP_ADD + 2 && OP_DIV == OP_ADD + 3 &&
	       OP_FLOORDIV == OP_ADD + 4 && OP_MOD == OP_ADD + 5 && OP_POW == OP_ADD + 6 &&
	       OP_BAND == OP_ADD + 7 && OP_IADD > OP_SHR, "number operators in order");

/* a op b for a binary operator on numbers. */
static float num_op(uint8_t op, float a, float b)
{
	/* Tests, not a jump table: shorter, and + comes first. The
	 * in-place ones, last of all, are gone before the bit ones. */
	if (op == OP_ADD || op == OP_IADD)
		return a + b;
	if (op == OP_MUL || op == OP_IMUL)
		return a * b;
	if (op >= OP_BAND)
		return bit_binop(op, a, b);
	if (op == OP_SUB)
		return a - b;
	if (op == OP_DIV)
		return a / b;
	if (op == OP_POW)
		return powf(a, b);
	return floor_divmod(op, a, b);
}

#if !SNEK_VM_FAST_PATHS
static
#endif
value_t num_binop(uint8_t op, const value_t *t)
{
	return val_from_num(num_op(op, val_to_num(t[0]), val_to_num(t[1])));
}

_Static_assert(OP_IMUL == OP_IADD + 1 && OP_IADD > OP_SHR, "in-place operators last");

/* t[0] op t[1]; the slots may be changed (they are the operator's). */
static value_t binop(uint8_t op, value_t *t)
{
	value_t a = t[0], b = t[1];
	uint8_t ta = val_type(a), tb = val_type(b);
	/* list += and list *= change the list */
	bool in_place = op >= OP_IADD && ta == TYPE_LIST;
	snek_len_t na = 0;
	index_t times = 1;

	if (ta == TYPE_NUMBER && tb == TYPE_NUMBER)
		return num_binop(op, t);
	if (op == OP_MOD && ta == TYPE_STRING)
		return print_format(a, b);
#if SNEK_GROW_SPARE && !SNEK_SMALL_CODE
	/* list += list: the items straight into the list's room (join does
	 * it too, with more checks). Slots past a list's length hold no
	 * references: no barrier. */
	if (op == OP_IADD && in_place && tb == TYPE_LIST) {
		snek_len_t la = obj_len(a), lb = obj_len(b);

		list_grow(t, la + lb);
		if (lb)
			memcpy(block_ptr(list_ptr(t[0])->items) + la, block_ptr(list_ptr(t[1])->items),
			       lb * sizeof(value_t));
		list_ptr(t[0])->len = la + lb;
		return t[0];
	}
#endif
#if !SNEK_SMALL_CODE
	/* string + string: the two copied straight into the new one (join
	 * does it too, item by item). */
	if ((op == OP_ADD || op == OP_IADD) && ta == TYPE_STRING && tb == TYPE_STRING) {
		snek_len_t la = obj_len(a), lb = obj_len(b);
		value_t v;

		if (lb > SNEK_POOL_SIZE - la)
			err_raise(ERR_NO_MEMORY);
		v = str_alloc(la + lb);
		/* The operands from their slots: they may have moved. */
		memcpy(str_ptr(v)->data, str_ptr(t[0])->data, la);
		memcpy(str_ptr(v)->data + la, str_ptr(t[1])->data, lb);
		return v;
	}
#endif
	if (op == OP_ADD || op == OP_IADD) {
		if (is_seq(tb) && (ta == tb || in_place)) {
			na = val_len(a);
			goto join;
		}
	} else if (op == OP_MUL || op == OP_IMUL) {
		/* n * seq is seq * n */
		if (ta == TYPE_NUMBER) {
			t[0] = b;
			t[1] = a;
			ta = tb;
			tb = TYPE_NUMBER;
		}
		if (is_seq(ta) && tb == TYPE_NUMBER) {
			/* seq * n: no items first, then seq n times */
			times = to_index(t[1]);
			t[1] = t[0];
			goto join;
		}
	}
	err_format("type mismatch: %v %o %v", a, (int32_t)op, b);
join:
	return join(t, na, times, in_place);
}

static value_t op_unop(uint8_t op, value_t a)
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

_Static_assert(OP_IMUL < OP_LT && OP_IS_NOT < OP_NEG && OP_NOT < OP_INDEX &&
	       OP_SLICE == OP_INDEX + 4, "operator opcodes in order");

__attribute__((noinline)) value_t val_apply(uint8_t op, value_t *top)
{
	value_t *two = top - 1;

	if (op > OP_IS_NOT) {
		if (op <= OP_NOT)
			return op_unop(op, *top);
		if (op == OP_SLICE)
			return op_slice(top - 4);
		return op_item(op, top - 1 - (op == OP_STORE_INDEX));
	}
	if (op <= OP_IMUL)
		return binop(op, two);
	return VAL_BOOL(compare_op(op, two));
}
