/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Dicts: insertion order like Python. The entries are key, value pairs in
 * the order they were added (removed ones leave VAL_DELETED holes; linear
 * dicts, SNEK_DICT_LINEAR, move the later entries down instead). Keys are
 * found through a hash index; linear dicts walk the entries, which is
 * slower but needs neither the index nor the hashing code. */
#include "snek.h"

struct entry {
	value_t key, value;
};

/* The entries (stale after any allocation). */
static struct entry *entries(struct snek_dict *d)
{
	return (struct entry *)block_ptr(d->entries);
}

#if SNEK_DICT_LINEAR

/* Keys must not change: lists and dicts, also inside tuples, are refused. */
static void key_check(value_t v, uint8_t depth)
{
	snek_len_t i, n;
	value_t *items;
	uint8_t t = val_type(v);

	if (t == TYPE_LIST || t == TYPE_DICT)
		obj_bad_type(v);
	if (t != TYPE_TUPLE)
		return;
	/* Tuples that share their items walk far longer than they are big. */
	CONSOLE_POLL();
	if (depth >= SNEK_NEST_MAX)
		err_raise(ERR_NESTED);
	items = seq_items(v, &n);
	for (i = 0; i < n; i++)
		key_check(items[i], (uint8_t)(depth + 1));
}

/* The entry of key in the dict dv, or NULL (stale after any allocation);
 * no hash (h is for the indexed dicts' find). */
static struct entry *find(value_t dv, value_t key, uint32_t *h)
{
	struct snek_dict *d = dict_ptr(dv);
	struct entry *e = entries(d), *end = e + d->used;

	(void)h;
	key_check(key, 0);
	for (; e != end; e++)
		if (val_equal(e->key, key))
			return e;
	return NULL;
}

/* No index to keep, and no holes (dict_del closes them). */
#define IS_HOLE(key) false
static inline void index_add(struct snek_dict *d, snek_len_t entry, uint32_t h)
{
	(void)d;
	(void)entry;
	(void)h;
}

#else

#define IS_HOLE(key) ((key) == VAL_DELETED)

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
		/* Tuples that share their items hash far longer than they
		 * are big: ^C stops it (the dict is not changed yet). */
		CONSOLE_POLL();
		if (depth >= SNEK_NEST_MAX)
			err_raise(ERR_NESTED);
		h = 0x345678u;
		n = tuple_ptr(v)->len;
		for (i = 0; i < n; i++)
			h = (h * 1000003u) ^ hash(tuple_ptr(v)->items[i], (uint16_t)(depth + 1));
		return h;
	case TYPE_LIST:
	case TYPE_DICT:
		obj_bad_type(v);
	}
	/* Functions move in the heap: hash them by name, not by address. */
	if (VAL_IS(v, TAG_FUNC))
		return mix(code_ptr(v)->name);
	return mix(v);
}

/* The index: an open-addressed table of 2 * cap entry numbers plus one
 * (0 = empty), then the hash of each of the cap entries, so that a probe
 * compares hashes before keys and growing hashes nothing again. */
static snek_len_t *index_of(struct snek_dict *d)
{
	return (snek_len_t *)BUF_BYTES(d->index);
}

/* The entries' hashes in an index block for cap entries. */
static uint32_t *hashes_in(value_t index, snek_len_t cap)
{
	return (uint32_t *)((snek_len_t *)BUF_BYTES(index) + 2 * cap);
}

/* The entry of key in the dict dv, or NULL (stale after any allocation);
 * the key's hash in *h. The hash is taken first: hashing may be long and
 * end in ^C, and the dict is not changed yet. */
static struct entry *find(value_t dv, value_t key, uint32_t *h)
{
	struct snek_dict *d = dict_ptr(dv);
	snek_len_t mask = 2 * d->cap - 1, i, slot;
	uint32_t k = hash(key, 0);

	*h = k;
	if (!d->cap)
		return NULL;
	for (i = (snek_len_t)k;; i++) {
		slot = index_of(d)[i & mask];
		if (!slot)
			return NULL;
		if (hashes_in(d->index, d->cap)[slot - 1] == k && val_equal(entries(d)[slot - 1].key, key))
			return &entries(d)[slot - 1];
	}
}

/* An empty index for `cap` entries. */
static value_t index_alloc(snek_len_t cap)
{
	return obj_new(GC_RAW, (snek_len_t)(sizeof(struct snek_raw) + 2 * cap * sizeof(snek_len_t) +
					      cap * sizeof(uint32_t)));
}

/* Index entry number `entry`, whose key (not in the index yet) hashes
 * to h. */
static void index_add(struct snek_dict *d, snek_len_t entry, uint32_t h)
{
	snek_len_t mask = 2 * d->cap - 1, i = (snek_len_t)h;

	hashes_in(d->index, d->cap)[entry] = h;
	while (index_of(d)[i & mask])
		i++;
	index_of(d)[i & mask] = entry + 1;
}

#endif

value_t dict_new(void)
{
	/* No entries and no index yet: both 0, which the collector skips. */
	return obj_new(GC_DICT, sizeof(struct snek_dict));
}

SNEK_OUTLINE value_t dict_get(value_t dv, value_t key)
{
	uint32_t h;
	struct entry *e = find(dv, key, &h);

	return e ? e->value : VAL_UNSET;
}

/* Move the entries of the dict in slot *dv to a block with room for
 * `cap` (and a new index), dropping holes. Both blocks are allocated
 * before the dict changes, so running out of memory leaves it as it was;
 * the new index is filled from the old one's hashes, so nothing is hashed
 * again (and nothing here can end in ^C). */
static struct snek_dict *rebuild(const value_t *dv, snek_len_t cap)
{
	value_t block;
	struct snek_dict *d;
	struct entry *old, *e;
	snek_len_t n = 0;
#if !SNEK_DICT_LINEAR
	snek_len_t i;
	value_t *index = obj_keep(index_alloc(cap));
	uint32_t *old_h, *new_h;
#endif

	block = obj_new(GC_VALUES, (snek_len_t)(sizeof(struct snek_values) + cap * sizeof *e));
	d = dict_ptr(*dv);
	old = entries(d);
	e = (struct entry *)block_ptr(block);
#if SNEK_DICT_LINEAR
	/* Linear dicts leave no holes (dict_item closes them). */
	n = d->used;
	memcpy(e, old, n * sizeof *e);
#else
	/* Nothing allocates from here: the blocks stay where they are. The
	 * old index is dropped (it holds no references: no barrier). */
	old_h = hashes_in(d->index, d->cap);
	new_h = hashes_in(*index, cap);
	for (i = 0; i < d->used; i++)
		if (old[i].key != VAL_DELETED) {
			new_h[n] = old_h[i];
			e[n++] = old[i];
		}
	d->index = *index;
	gc_ntemp--;
#endif
	gc_barrier(d->entries);
	d->entries = block;
	d->cap = cap;
#if !SNEK_DICT_LINEAR
	d->used = n;
	for (i = 0; i < n; i++)
		index_add(d, i, new_h[i]);
#endif
	return d;
}

void dict_set(const value_t *dv, const value_t *kv)
{
	uint32_t h;
	struct entry *e = find(*dv, kv[0], &h);
	struct snek_dict *d = dict_ptr(*dv);
	snek_len_t cap;

	if (!e) {
		if (d->used == d->cap) {
#if SNEK_DICT_LINEAR
			/* Linear dicts: room for a few more. */
			cap = d->len + 4;
#else
			/* Grow when at least half full, else just drop the
			 * holes (the index wants a power of two). */
			cap = d->cap ? d->cap : 4;
			if (d->len >= cap / 2)
				cap *= 2;
#endif
			/* Too big a block: the allocation raises. */
			d = rebuild(dv, cap);
		}
		e = &entries(d)[d->used];
		e->key = kv[0];
		index_add(d, d->used++, h);
#if !SNEK_DICT_LINEAR
		d->len++; /* linear dicts: the same field */
#endif
	}
	/* A new entry's value is 0, which the barrier passes by. */
	gc_barrier(e->value);
	e->value = kv[1];
}

/* The item opcodes on a dict: t[0][t[1]] read, set to t[2] or deleted
 * (the result t[1]); VAL_UNSET when a key to read or delete is missing. */
value_t dict_item(uint8_t op, const value_t *t)
{
	struct entry *e;
	value_t v;
	uint32_t h;

	if (op == OP_STORE_INDEX) {
		dict_set(t, t + 1);
		return t[2];
	}
	e = find(t[0], t[1], &h);
	if (!e)
		return VAL_UNSET;
	v = e->value;
	if (op != OP_DEL_INDEX)
		return v;
	gc_barrier(e->key);
	gc_barrier(v);
#if SNEK_DICT_LINEAR
	/* Linear dicts close the hole (len is used). */
	obj_close(t[0], e, sizeof *e);
#else
	e->key = VAL_DELETED;
	e->value = 0;
	dict_ptr(t[0])->len--;
#endif
	return t[1];
}

int8_t dict_differ(value_t a, value_t b)
{
	struct snek_dict *d = dict_ptr(a);
	struct entry *e = entries(d), *end = e + d->used;

	if (d->len != val_len(b))
		return 1;
	for (; e != end; e++)
		if (!IS_HOLE(e->key) && val_compare(e->value, dict_get(b, e->key)))
			return 1;
	return 0;
}

value_t dict_key_at(value_t dv, snek_len_t *i)
{
	struct snek_dict *d = dict_ptr(dv);
	value_t k;

	while (*i < d->used) {
		k = entries(d)[(*i)++].key;
		if (!IS_HOLE(k))
			return k;
	}
	return VAL_UNSET;
}
