/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Name table and global variables. */
#define SNEK_NAMES_TABLES
#include <math.h> /* INFINITY and NAN in the constants */
#include "snek.h"

value_t name_user;
value_t global_vals;
value_t global_shadow;
static snek_len_t user_bytes; /* the texts of the names programs added,
				  in name_user, each with its NUL */

/* The roots are None already (snek_init). */
void name_init(void)
{
	user_bytes = 0;
}

/* Whether the text m (NUL-ended) is the len bytes at s. */
static bool same(const char *m, const char *s, uint8_t len)
{
	while (len--)
		if (*m++ != *s++) /* a shorter m differs at its NUL */
			return false;
	return !*m;
}

/* Walk the names in number order until name *id or the name s of len
 * bytes: return its text and set *id, or return NULL and set *id to the
 * number the next new name gets. Built-in names are spelled into buf,
 * each from the one before (see tools/gennames.py for their encoding);
 * the text of a name programs added is in name_user (stale after
 * allocating). */
static const char *name_find(uint16_t *id, const char *s, uint8_t len, char *buf)
{
	const char *p = name_text, *m = buf;
	const char *user = (const char *)BUF_BYTES(name_user); /* None: no bytes */
	uint16_t at;
	uint8_t n, c;
	bool alias = false;

	for (at = 0;; at++) {
		if (at >= NAME_BUILTIN_COUNT) {
			m = at == NAME_BUILTIN_COUNT ? user : m + strlen(m) + 1;
			if (m == user + user_bytes)
				break;
		} else if (alias) {
			/* The second name of an alias: the first without its module. */
			alias = false;
			while (*m++ != '.')
				;
		} else {
			c = SNEK_ROM_BYTE(p);
			n = 0;
			if (c < 0x20) { /* a head: keep the start of the name before */
				p++;
				alias = c & NAME_ALIAS;
				n = c & (NAME_ALIAS - 1);
			}
			do {
				c = SNEK_ROM_BYTE(p++);
				buf[n++] = (char)(c & 0x7F);
			} while (!(c & 0x80));
			buf[n] = '\0';
			m = buf;
		}
		if (at == *id || same(m, s, len)) {
			*id = at;
			return m;
		}
	}
	*id = at;
	return NULL;
}

/* The values a block holds (None: none, see gc_init). Out of line: a
 * few calls, and each expanded is longer than one. */
static __attribute__((noinline, noclone)) uint16_t block_count(const value_t *root)
{
	return (uint16_t)BLOCK_VALUES(*root);
}

/* Replace the block at root by a new one of `bytes` bytes (zeroed) of
 * the given type, the first `keep` bytes copied (none from None); return
 * its bytes. */
static uint8_t *block_copy(value_t *root, uint8_t type, snek_len_t keep, snek_len_t bytes)
{
	struct snek_raw *b = gc_alloc(type, (snek_len_t)(sizeof *b + bytes));

	memcpy(b->b, BUF_BYTES(*root), keep);
	*root = gc_ref(TAG_BLOCK, b);
	return b->b;
}

/* Grow the block of values at root to hold at least n, new slots unset:
 * to twice its size (SNEK_GROW_SPARE), or a few to spare where memory
 * is tight (globals are as many as the names a program's text holds). */
static void block_grow(value_t *root, uint16_t n)
{
	uint16_t old = block_count(root);
	value_t *v, *end;

#if !SNEK_GROW_SPARE
	n += 4;
#else
	uint16_t i;

	for (i = old ? old : 4; i < n;)
		i *= 2;
	n = i;
#endif
	v = (value_t *)block_copy(root, GC_VALUES, (snek_len_t)(old * sizeof(value_t)),
				  (snek_len_t)(n * sizeof(value_t)));
	/* Unset every slot: the block is as large as asked, or larger where
	 * a granule is larger than a value. */
	end = v + (sizeof(struct snek_raw) % SNEK_GRANULE || sizeof(value_t) % SNEK_GRANULE ?
		   block_count(root) : n);
	for (v += old; v < end; v++)
		*v = VAL_UNSET;
}

uint16_t name_intern(const value_t *raw, uint8_t len)
{
	char buf[NAME_BUILTIN_MAX];
	uint16_t id = NAME_NONE;
	uint8_t *b;

	if (name_find(&id, (const char *)BUF_BYTES(*raw), len, buf))
		return id;
	/* Each name takes two bytes of the heap at least: in a small pool
	 * the heap runs out first. */
#if NAME_BUILTIN_COUNT + SNEK_POOL_SIZE / 2 >= NAME_STORE_VALUE
	if (id >= NAME_STORE_VALUE)
		err_raise(ERR_TOO_BIG);
#endif
	/* A new buffer that fits exactly (names are few, memory is tight);
	 * allocating moves the texts, so they are read again from their roots. */
	b = block_copy(&name_user, GC_RAW, user_bytes, (snek_len_t)(user_bytes + len + 1));
	memcpy(b + user_bytes, BUF_BYTES(*raw), len); /* the NUL is there: gc_alloc zeroes */
	user_bytes = (snek_len_t)(user_bytes + len + 1);
	return id;
}

/* Whether name id has a dot; print it too when asked (printing never
 * allocates, so the text stays good). One frame for both uses. */
static bool name_use(uint16_t id, bool print)
{
	char buf[NAME_BUILTIN_MAX];
	const char *t = name_find(&id, NULL, 0, buf);

	if (print)
		print_cstr(t);
	while (*t && *t != '.') /* not strchr: on the Uno nothing else needs it */
		t++;
	return *t;
}

void name_print(uint16_t id)
{
	name_use(id, true);
}

bool name_has_dot(uint16_t id)
{
	return name_use(id, false);
}

struct builtin builtin_get(uint8_t f)
{
	struct builtin b;
	builtin_row_t row = BUILTIN_ROW(&builtin_rows[f]);
	uint8_t args = SNEK_ROM_BYTE(&builtin_args[row >> BUILTIN_FN_BITS]);

	b.fn = SNEK_ROM_PTR(&builtin_fns[row & ((1u << BUILTIN_FN_BITS) - 1)]);
	b.min = args & 15;
	b.max = (uint8_t)((args >> 4) - 1); /* 255 from 0 */
	return b;
}

uint8_t global_builtin_index(uint16_t id)
{
	uint8_t v = SNEK_ROM_BYTE(&name_value[id]);

	return v & 0x80 ? 0xFF : v;
}

value_t name_builtin_value(uint16_t id)
{
	uint8_t v = SNEK_ROM_BYTE(&name_value[id]);

	if (v == 0xFF)
		return VAL_UNSET;
	if (!(v & 0x80))
		return VAL_BUILTIN(v);
	if (v >= NAME_SMALL_INT)
		return val_from_num((float)(v & 0x3F));
	return val_from_num(SNEK_ROM_FLOAT(&builtin_const[v & 0x3F]));
}

/* The slot holding global id, or NULL when it has none and create is
 * false. Names programs add index global_vals; built-in names programs
 * rebind live in global_shadow: indexed by their number
 * (SNEK_GLOBALS_DIRECT), or the few as (id, value) pairs, the unused
 * pairs (id unset) last. The id is kept as its bare bits (a tiny float
 * to the collector): no tag to add or compare. None reads as a block of
 * no values (see gc_init). */
static value_t *global_slot(uint16_t id, bool create)
{
	value_t *root = &global_vals, *b;
	uint16_t i = (uint16_t)(id - NAME_BUILTIN_COUNT);

	if (id < NAME_BUILTIN_COUNT) {
		root = &global_shadow;
#if SNEK_GLOBALS_DIRECT
		/* A slot per built-in name, by its number. */
		i = id;
#else
		/* Only rebound built-ins pay for the search. */
		value_t v;
		uint16_t n;

		for (i = 1, n = block_count(root); i < n; i += 2) {
			v = block_ptr(global_shadow)[i - 1];
			if (v == id || (create && v == VAL_UNSET))
				break;
		}
#endif
	}
	if (i >= block_count(root)) {
		if (!create)
			return NULL;
		block_grow(root, (uint16_t)(i + 1));
	}
	b = &block_ptr(*root)[i];
#if !SNEK_GLOBALS_DIRECT
	if (root == &global_shadow)
		b[-1] = id;
#endif
	return b;
}

/* One function, out of line, for the VM's three global arms, with
 * global_slot inside it: one register save per access keeps a loop over
 * globals as fast as when the arms held their own copies. The VM's acc is
 * already a root: no GC_PUSH for a store. */
__attribute__((noinline)) bool global_op(uint16_t id, uint8_t op, value_t *acc)
{
	value_t *s = global_slot(id, op == GLOBAL_STORE), old = s ? *s : VAL_UNSET;
	bool bound = old != VAL_UNSET;

	if (op == GLOBAL_READ) {
		if (!bound && id < NAME_BUILTIN_COUNT)
			old = name_builtin_value(id);
		*acc = old;
		return old != VAL_UNSET;
	}
	if (s) {
		gc_barrier(old);
		*s = op == GLOBAL_STORE ? *acc : VAL_UNSET;
	}
	return bound;
}

void global_set(uint16_t id, value_t v)
{
	GC_PUSH(v);
	global_op(id, GLOBAL_STORE, &GC_TEMP(0));
	(void)GC_POP();
}
