/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Dicts: insertion order like Python. The entries are key, value pairs in
 * the order they were added (removed ones leave VAL_DELETED holes). Big
 * hosts find keys through a hash index; small chips walk the entries,
 * which is slower but needs neither the index nor the hashing code. */
#include "snek.h"

#if SNEK_SMALL

/* Keys must not change: lists and dicts, also inside tuples, are refused. */
static void key_check(value_t v, uint8_t depth)
{
	snek_len_t i, n;
	value_t *items;

	if (VAL_IS(v, TAG_LIST) || VAL_IS(v, TAG_DICT))
		err_invalid_type(v);
	if (!VAL_IS(v, TAG_TUPLE))
		return;
	if (depth >= SNEK_NEST_MAX)
		err_raise(ERR_NESTED);
	items = seq_items(v, &n);
	for (i = 0; i < n; i++)
		key_check(items[i], (uint8_t)(depth + 1));
}

/* The entry number of key plus one, or 0 when it is missing. */
static snek_len_t lookup(struct snek_dict *d, value_t key)
{
	snek_len_t i;
	value_t *e = block_ptr(d->entries);

	key_check(key, 0);
	for (i = 0; i < d->used; i++)
		if (val_equal(e[2 * i], key))
			return i + 1;
	return 0;
}

/* No index to keep. */
#define index_alloc(cap) VAL_NONE
#define index_add(d, entry) ((void)(entry))

#else

static uint32_t mix(uint32_t h)
{
	h ^= h >> 16;
	h *= 0x45d9f3bu;
	h ^= h >> 16;
	return h;
}

/* Refuses what may change (lists, dicts, also inside tuples). */
static uint32_t hash(value_t v, uint16_t depth)
{
	uint32_t h, bits;
	snek_len_t i, n;
	struct snek_string *s;
	float f;

	switch (val_type(v)) {
	case TYPE_NUMBER:
		f = val_to_num(v);
		if (f == 0.0f)
			f = 0.0f; /* -0 and 0 are one key */
		memcpy(&bits, &f, sizeof bits);
		return mix(bits);
	case TYPE_STRING:
		s = str_ptr(v);
		h = 2166136261u;
		for (i = 0; i < s->len; i++)
			h = (h ^ (uint8_t)s->data[i]) * 16777619u;
		return h;
	case TYPE_TUPLE:
		if (depth >= SNEK_NEST_MAX)
			err_raise(ERR_NESTED);
		h = 0x345678u;
		n = tuple_ptr(v)->len;
		for (i = 0; i < n; i++)
			h = (h * 1000003u) ^ hash(tuple_ptr(v)->items[i], (uint16_t)(depth + 1));
		return h;
	case TYPE_LIST:
	case TYPE_DICT:
		err_invalid_type(v);
	}
	/* Functions move in the heap: hash them by name, not by address. */
	if (VAL_IS(v, TAG_FUNC))
		return mix(code_ptr(v)->name);
	return mix(v);
}

/* The index: an open-addressed table of 2 * cap entry numbers plus one
 * (0 = empty). */
static snek_len_t *index_of(struct snek_dict *d)
{
	return (snek_len_t *)BUF_BYTES(d->index);
}

static snek_len_t lookup(struct snek_dict *d, value_t key)
{
	snek_len_t mask = 2 * d->cap - 1, i = (snek_len_t)hash(key, 0), slot;

	if (!d->cap)
		return 0;
	for (;; i++) {
		slot = index_of(d)[i & mask];
		if (!slot || val_equal(block_ptr(d->entries)[2 * (slot - 1)], key))
			return slot;
	}
}

/* An empty index for `cap` entries. */
static value_t index_alloc(snek_len_t cap)
{
	return gc_ref(TAG_BLOCK, gc_alloc(GC_RAW, (snek_len_t)(sizeof(struct snek_raw) +
							     2 * cap * sizeof(snek_len_t))));
}

/* Index entry number `entry` (a key not in the index yet). */
static void index_add(struct snek_dict *d, snek_len_t entry)
{
	snek_len_t mask = 2 * d->cap - 1;
	snek_len_t i = (snek_len_t)hash(block_ptr(d->entries)[2 * entry], 0);

	while (index_of(d)[i & mask])
		i++;
	index_of(d)[i & mask] = entry + 1;
}

#endif

value_t dict_new(void)
{
	struct snek_dict *d = gc_alloc(GC_DICT, sizeof *d);

	d->entries = VAL_NONE;
	d->index = VAL_NONE;
	return gc_ref(TAG_DICT, d);
}

value_t dict_get(value_t dv, value_t key)
{
	struct snek_dict *d = dict_ptr(dv);
	snek_len_t entry = lookup(d, key);

	return entry ? block_ptr(d->entries)[2 * entry - 1] : VAL_UNSET;
}

/* Move the entries to a block with room for `cap`, dropping holes. */
static void rebuild(value_t dv, snek_len_t cap)
{
	struct snek_dict *d;
	struct snek_values *e;
	snek_len_t i, n = 0;
	value_t *old, ix;

	GC_PUSH(dv);
	ix = index_alloc(cap);
	GC_PUSH(ix);
	e = gc_alloc(GC_VALUES, (snek_len_t)(sizeof *e + 2 * cap * sizeof(value_t)));
	ix = GC_POP();
	d = dict_ptr(GC_POP());
	/* The old index holds no references: no barrier. */
	d->index = ix;
	old = block_ptr(d->entries);
	for (i = 0; i < d->used; i++) {
		if (old[2 * i] == VAL_DELETED)
			continue;
		e->v[2 * n] = old[2 * i];
		e->v[2 * n + 1] = old[2 * i + 1];
		n++;
	}
	gc_barrier(d->entries);
	d->entries = gc_ref(TAG_BLOCK, e);
	d->cap = cap;
	d->used = n;
	for (i = 0; i < n; i++)
		index_add(d, i);
}

void dict_set(value_t dv, value_t key, value_t v)
{
	struct snek_dict *d = dict_ptr(dv);
	snek_len_t entry = lookup(d, key), cap;
	value_t *e;

	if (entry) {
		e = &block_ptr(d->entries)[2 * entry - 1];
		gc_barrier(*e);
		*e = v;
		return;
	}
	if (d->used == d->cap) {
		cap = d->cap ? d->cap : 4;
		if (d->len >= cap / 2)
			cap *= 2;
		if (cap > (snek_len_t)(SNEK_POOL_SIZE / 8))
			err_raise(ERR_NO_MEMORY);
		GC_PUSH(key);
		GC_PUSH(v);
		GC_PUSH(dv);
		rebuild(dv, cap);
		dv = GC_POP();
		v = GC_POP();
		key = GC_POP();
		d = dict_ptr(dv);
	}
	e = block_ptr(d->entries) + 2 * d->used;
	e[0] = key;
	e[1] = v;
	index_add(d, d->used++);
	d->len++;
}

bool dict_del(value_t dv, value_t key)
{
	struct snek_dict *d = dict_ptr(dv);
	snek_len_t entry = lookup(d, key);
	value_t *e;

	if (!entry)
		return false;
	e = &block_ptr(d->entries)[2 * entry - 2];
	gc_barrier(e[0]);
	gc_barrier(e[1]);
	e[0] = VAL_DELETED;
	e[1] = 0;
	d->len--;
	return true;
}

value_t dict_key_at(value_t dv, snek_len_t *i)
{
	struct snek_dict *d = dict_ptr(dv);
	value_t k;

	while (*i < d->used) {
		k = block_ptr(d->entries)[2 * (*i)++];
		if (k != VAL_DELETED)
			return k;
	}
	return VAL_UNSET;
}
