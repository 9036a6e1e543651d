/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Operations on values: strings, lists, tuples, dicts, and the generic
 * ones (truth, equality, order, hashing, indexing). */
#ifndef SNEK_OBJ_H
#define SNEK_OBJ_H

#include "value.h"

/* Type order for comparing values of different types. A container's
 * type number is its tag. */
enum val_type {
	TYPE_NONE,
	TYPE_NUMBER,
	TYPE_STRING = TAG_STRING,
	TYPE_LIST = TAG_LIST,
	TYPE_TUPLE = TAG_TUPLE,
	TYPE_DICT = TAG_DICT,
	TYPE_FUNC = TAG_FUNC,
};
uint8_t val_type(value_t v);

/* A new zeroed heap object of a gc kind, as a reference (tagged by kind). */
value_t obj_new(uint8_t kind, snek_len_t bytes);
/* A GC_TEMP slot holding a across allocations (the slots never move);
 * free it with gc_ntemp--. */
value_t *obj_keep(value_t a);
/* range()'s start, stop and step (numbers, the step not 0): raise
 * "invalid value" for an end so far above the step that the count would
 * stop moving there. */
#if SNEK_RANGE_CHECK
void obj_range_check(const value_t *args);
#else
#define obj_range_check(args) ((void)(args))
#endif

/* Raise "invalid type: V". */
__attribute__((noreturn)) void obj_bad_type(value_t v);

/* Strings. `s` must not point into the pool. */
value_t str_new(const char *s, snek_len_t len);
value_t str_alloc(snek_len_t len);
value_t str_from_raw(const value_t *raw, snek_len_t len);
/* A string of the one character c (SNEK_CHAR_STRINGS: made once, kept in
 * obj_chars, a root: 256 slots). */
value_t str_char(uint8_t c);
#if SNEK_CHAR_STRINGS
extern value_t obj_chars;
#endif

/* Append a byte to the growable byte block at *buf holding *len bytes
 * (*buf may be VAL_NONE to start; it is a GC root the caller owns). */
void buf_add(value_t *buf, snek_len_t *len, char c);
#define BUF_BYTES(buf) (((struct snek_raw *)gc_ptr(buf))->b)

/* Lists and tuples. New items are 0: the caller fills them. */
value_t list_new(snek_len_t len);
value_t tuple_new(snek_len_t len);
/* Items of a list or tuple (stale after any allocation; an empty
 * list's pointer must not be read). */
value_t *seq_items(value_t v, snek_len_t *len);
/* Close the gap of the item of `size` bytes at `at` in the list c (or a
 * small chip's dict, which keeps its entries where a list keeps its
 * items) and count one item less: the items after it move down and the
 * freed last one becomes 0 (no reference, so filling it again needs no
 * barrier). */
void obj_close(value_t c, void *at, uint8_t size);
/* Item i of the sequence in the slot *c (for a string, a new string). */
value_t seq_item(const value_t *c, snek_len_t i);

/* Dicts. dict_get returns VAL_UNSET when the key is missing. */
value_t dict_new(void);
value_t dict_get(value_t d, value_t key);
/* *d[kv[0]] = kv[1]: slots the collector updates, read again after
 * allocating. */
void dict_set(const value_t *d, const value_t *kv);
/* The item opcodes on the dict t[0]: INDEX and INDEX_KEEP read t[1],
 * STORE_INDEX sets it to t[2] (the result), DEL_INDEX deletes it (the
 * result t[1]); VAL_UNSET when the key to read or delete is missing. */
value_t dict_item(uint8_t op, const value_t *t);
/* 0 when the dicts a and b hold equal values under the same keys, else
 * 1. Never allocates. */
int8_t dict_differ(value_t a, value_t b);
/* The i-th entry's key, skipping holes: VAL_UNSET past the end. */
value_t dict_key_at(value_t d, snek_len_t *i);

/* Generic. */
bool val_truthy(value_t v);
bool val_equal(value_t a, value_t b);
/* -1, 0, 1, or 2 when unordered (NaN); 0 exactly when equal. Dicts,
 * functions and None only tell equal from unequal. Never allocates. */
int8_t val_compare(value_t a, value_t b);
snek_len_t val_len(value_t v);
/* The VM's operators: a binary or unary operator, a comparison, INDEX,
 * INDEX_KEEP, STORE_INDEX, DEL_INDEX or SLICE opcode, applied to its
 * operands on the value stack, the last at top (so top[-1] op top[0]).
 * The operands are read through the pointer after allocating: the
 * collector keeps the stack slots current. Returns the result (for a
 * store or delete, *top). */
value_t val_apply(uint8_t op, value_t *top);
#if SNEK_VM_FAST_PATHS
/* t[0] op t[1] for two numbers: the VM's fast path. */
value_t num_binop(uint8_t op, const value_t *t);
#endif
#if !SNEK_SMALL_CODE
/* a // b or a % b (op) of whole numbers below 2^24, b not 0, in *r: in
 * integers, which give exactly what the float arithmetic does (a zero
 * takes b's sign). False for other numbers. */
static inline bool num_whole_divmod(uint8_t op, float a, float b, float *r)
{
	int32_t x, y, q, m;

	/* The range first: casting inf or 1e30 to an integer is undefined. */
	if (!(a > -16777216.0f && a < 16777216.0f && b > -16777216.0f && b < 16777216.0f))
		return false;
	x = (int32_t)a;
	y = (int32_t)b;
	if (a != (float)x || b != (float)y || !y)
		return false;
	q = x / y;
	m = x % y;
	if (m && (m < 0) != (y < 0)) {
		m += y;
		q--;
	}
	if (op == OP_MOD)
		q = m;
	*r = q ? (float)q : __builtin_copysignf(0.0f, b);
	return true;
}
#endif
/* A number from a number or bool; raises otherwise. */
float val_to_num(value_t v);
/* An integer for bit operations and indexes; raises when not integral. */
int32_t val_to_int(value_t v);
/* How deep compare is inside nested containers (reset after errors). */
#if SNEK_NEST_MAX < 255
extern uint8_t obj_depth;
#else
extern uint16_t obj_depth;
#endif

#endif
