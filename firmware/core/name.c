/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Name table and global variables. */
#define SNEK_NAMES_TABLES
#include <math.h>
#include "snek.h"

value_t name_user;
value_t global_vals;
value_t global_shadow;
uint16_t name_underscore;
static uint16_t nuser;

void name_init(void)
{
	name_user = VAL_NONE;
	global_vals = VAL_NONE;
	global_shadow = VAL_NONE;
	nuser = 0;
	name_underscore = name_intern("_", 1);
}

static int8_t rom_compare(uint16_t id, const char *s, uint8_t len)
{
	const char *t = name_text + SNEK_ROM_WORD(&name_offset[id]);
	uint8_t i;
	char c;

	for (i = 0; i < len; i++) {
		c = (char)SNEK_ROM_BYTE(t + i);
		if (c != s[i])
			return c == '\0' || (uint8_t)c < (uint8_t)s[i] ? -1 : 1;
	}
	return SNEK_ROM_BYTE(t + len) ? 1 : 0;
}

static uint16_t block_count(value_t block)
{
	if (block == VAL_NONE)
		return 0;
	return (uint16_t)BLOCK_VALUES(block);
}

/* Grow the block of values at root to hold at least n, new slots unset. */
static void block_grow(value_t *root, uint16_t n)
{
	uint16_t old = block_count(*root), cap = old ? old : 4, i;
	struct snek_values *b;

	while (cap < n)
		cap *= 2;
	b = gc_alloc(GC_VALUES, (snek_len_t)(sizeof(struct snek_values) + cap * sizeof(value_t)));
	if (old)
		memcpy(b->v, block_ptr(*root), old * sizeof(value_t));
	*root = gc_ref(TAG_BLOCK, b);
	/* The block may be a little larger than asked: unset every slot. */
	for (i = old; i < block_count(*root); i++)
		b->v[i] = VAL_UNSET;
}

uint16_t name_intern(const char *s, uint8_t len)
{
	int16_t lo = 0, hi = NAME_BUILTIN_COUNT - 1, mid, c;
	uint16_t i;
	struct snek_string *str;

	while (lo <= hi) {
		mid = (int16_t)((lo + hi) / 2);
		c = rom_compare((uint16_t)mid, s, len);
		if (c == 0)
			return (uint16_t)mid;
		if (c < 0)
			lo = (int16_t)(mid + 1);
		else
			hi = (int16_t)(mid - 1);
	}
	for (i = 0; i < nuser; i++) {
		str = str_ptr(block_ptr(name_user)[i]);
		if (str->len == len && memcmp(str->data, s, len) == 0)
			return (uint16_t)(NAME_BUILTIN_COUNT + i);
	}
	if (NAME_BUILTIN_COUNT + nuser >= NAME_NONE)
		err_raise(ERR_TOO_BIG);
	if (nuser >= block_count(name_user))
		block_grow(&name_user, (uint16_t)(nuser + 1));
	{
		/* s is on the C stack, so allocating does not move it; the
		 * block may move, so look it up after. */
		value_t v = str_new(s, len);
		block_ptr(name_user)[nuser] = v;
	}
	return (uint16_t)(NAME_BUILTIN_COUNT + nuser++);
}

void name_print(uint16_t id)
{
	const char *t;
	struct snek_string *str;
	snek_len_t i;
	char c;

	if (id < NAME_BUILTIN_COUNT) {
		t = name_text + SNEK_ROM_WORD(&name_offset[id]);
		while ((c = (char)SNEK_ROM_BYTE(t++)))
			print_char(c);
		return;
	}
	str = str_ptr(block_ptr(name_user)[id - NAME_BUILTIN_COUNT]);
	for (i = 0; i < str->len; i++)
		print_char(str->data[i]);
}

static value_t builtin_value(uint16_t id)
{
	uint8_t v = SNEK_ROM_BYTE(&name_value[id]);

	if (v == 0xFF)
		return VAL_UNSET;
	if (v & 0x80) {
		float f;
		memcpy(&f, &builtin_const[v & 0x7F], sizeof f);
		return val_from_num(f);
	}
	return VAL_BUILTIN(v);
}

/* Programs may rebind built-in names; those few live in global_shadow. */
static value_t *shadow_slot(uint16_t id)
{
	uint16_t i, n = block_count(global_shadow);
	value_t *b;

	for (i = 0; i + 1 < n; i += 2) {
		b = block_ptr(global_shadow);
		if (b[i] == VAL_INT(id))
			return &b[i + 1];
	}
	return NULL;
}

value_t global_get(uint16_t id)
{
	value_t *s;

	if (id >= NAME_BUILTIN_COUNT) {
		id = (uint16_t)(id - NAME_BUILTIN_COUNT);
		return id < block_count(global_vals) ? block_ptr(global_vals)[id] : VAL_UNSET;
	}
	if (global_shadow != VAL_NONE && (s = shadow_slot(id)) && *s != VAL_UNSET)
		return *s;
	return builtin_value(id);
}

void global_set(uint16_t id, value_t v)
{
	value_t *s;
	uint16_t i, n;

	GC_PUSH(v);
	if (id >= NAME_BUILTIN_COUNT) {
		id = (uint16_t)(id - NAME_BUILTIN_COUNT);
		if (id >= block_count(global_vals))
			block_grow(&global_vals, (uint16_t)(id + 1));
		gc_barrier(block_ptr(global_vals)[id]);
		block_ptr(global_vals)[id] = GC_POP();
		return;
	}
	if (global_shadow == VAL_NONE || !(s = shadow_slot(id))) {
		n = block_count(global_shadow);
		for (i = 0; i + 1 < n; i += 2)
			if (block_ptr(global_shadow)[i] == VAL_UNSET)
				break;
		if (i + 1 >= n)
			block_grow(&global_shadow, (uint16_t)(n + 2));
		block_ptr(global_shadow)[i] = VAL_INT(id);
		s = &block_ptr(global_shadow)[i + 1];
	}
	gc_barrier(*s);
	*s = GC_POP();
}

bool global_del(uint16_t id)
{
	value_t *s;

	if (id < NAME_BUILTIN_COUNT) {
		if (global_shadow == VAL_NONE || !(s = shadow_slot(id)) || *s == VAL_UNSET)
			return false;
		gc_barrier(*s);
		*s = VAL_UNSET;
		return true;
	}
	if (global_get(id) == VAL_UNSET)
		return false;
	gc_barrier(block_ptr(global_vals)[id - NAME_BUILTIN_COUNT]);
	block_ptr(global_vals)[id - NAME_BUILTIN_COUNT] = VAL_UNSET;
	return true;
}

uint8_t global_builtin_index(uint16_t id)
{
	uint8_t v = SNEK_ROM_BYTE(&name_value[id]);

	return v & 0x80 ? 0xFF : v;
}

bool name_has_dot(uint16_t id)
{
	const char *t = name_text + SNEK_ROM_WORD(&name_offset[id]);
	char c;

	while ((c = (char)SNEK_ROM_BYTE(t++)))
		if (c == '.')
			return true;
	return false;
}
