/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Dicts: insertion order like Python, O(1) lookup through a hash index. */
#include "snek.h"
#include <math.h>

static uint32_t mix(uint32_t h)
{
	h ^= h >> 16;
	h *= 0x45d9f3bu;
	h ^= h >> 16;
	return h;
}

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

static snek_len_t *index_of(struct snek_dict *d)
{
	return (snek_len_t *)((struct snek_raw *)gc_ptr(d->index))->b;
}

/* The index slot for key: either holding its entry or empty. */
static snek_len_t probe(struct snek_dict *d, value_t key, uint32_t h, snek_len_t *entry)
{
	snek_len_t mask = 2 * d->cap - 1, i = (snek_len_t)h & mask, slot;
	value_t *e = block_ptr(d->entries);

	for (;; i = (i + 1) & mask) {
		slot = index_of(d)[i];
		if (!slot) {
			*entry = 0;
			return i;
		}
		if (val_equal(e[2 * (slot - 1)], key)) {
			*entry = slot;
			return i;
		}
	}
}

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
	snek_len_t entry;
	uint32_t h = hash(key, 0);

	if (!d->cap)
		return VAL_UNSET;
	probe(d, key, h, &entry);
	return entry ? block_ptr(d->entries)[2 * entry - 1] : VAL_UNSET;
}

/* Rebuild with room for `cap` entries, dropping holes. */
static void rebuild(value_t dv, snek_len_t cap)
{
	struct snek_dict *d;
	struct snek_values *e;
	struct snek_raw *ix;
	snek_len_t i, n = 0, entry, slot;
	value_t *old;

	GC_PUSH(dv);
	e = gc_alloc(GC_VALUES, (snek_len_t)(sizeof *e + 2 * cap * sizeof(value_t)));
	GC_PUSH(gc_ref(TAG_BLOCK, e));
	ix = gc_alloc(GC_RAW, (snek_len_t)(sizeof *ix + 2 * cap * sizeof(snek_len_t)));
	e = gc_ptr(GC_POP());
	d = dict_ptr(GC_POP());
	old = d->cap ? block_ptr(d->entries) : NULL;
	for (i = 0; i < d->used; i++) {
		if (old[2 * i] == VAL_DELETED)
			continue;
		e->v[2 * n] = old[2 * i];
		e->v[2 * n + 1] = old[2 * i + 1];
		n++;
	}
	for (i = 2 * n; i < 2 * cap; i++)
		e->v[i] = VAL_NONE;
	gc_barrier(d->entries);
	d->entries = gc_ref(TAG_BLOCK, e);
	d->index = gc_ref(TAG_BLOCK, ix);
	d->cap = cap;
	d->used = n;
	for (i = 0; i < n; i++) {
		slot = probe(d, e->v[2 * i], hash(e->v[2 * i], 0), &entry);
		index_of(d)[slot] = i + 1;
	}
}

void dict_set(value_t dv, value_t key, value_t v)
{
	struct snek_dict *d = dict_ptr(dv);
	uint32_t h = hash(key, 0);
	snek_len_t entry, slot, cap;
	value_t *e;

	if (d->cap) {
		probe(d, key, h, &entry);
		if (entry) {
			gc_barrier(block_ptr(d->entries)[2 * entry - 1]);
			block_ptr(d->entries)[2 * entry - 1] = v;
			return;
		}
	}
	if (d->used == d->cap) {
		cap = d->cap ? d->cap : 4;
		if (d->len >= cap / 2)
			cap *= 2;
		if (cap > (snek_len_t)(SNEK_POOL_SIZE / 8))
			err_raise(ERR_NO_MEMORY);
		GC_PUSH(dv);
		GC_PUSH(key);
		GC_PUSH(v);
		rebuild(dv, cap);
		v = GC_POP();
		key = GC_POP();
		dv = GC_POP();
		d = dict_ptr(dv);
	}
	slot = probe(d, key, h, &entry);
	e = block_ptr(d->entries);
	e[2 * d->used] = key;
	e[2 * d->used + 1] = v;
	index_of(d)[slot] = ++d->used;
	d->len++;
}

bool dict_del(value_t dv, value_t key)
{
	struct snek_dict *d = dict_ptr(dv);
	snek_len_t entry;
	value_t *e;

	if (!d->cap)
		return false;
	probe(d, key, hash(key, 0), &entry);
	if (!entry)
		return false;
	e = block_ptr(d->entries);
	gc_barrier(e[2 * entry - 2]);
	gc_barrier(e[2 * entry - 1]);
	e[2 * entry - 2] = VAL_DELETED;
	e[2 * entry - 1] = VAL_NONE;
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
