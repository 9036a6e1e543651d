/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The layout of every heap object. */
#ifndef SNEK_OBJECT_H
#define SNEK_OBJECT_H

#include <stddef.h>
#include "gc.h"

struct snek_string {
	gc_hdr_t hdr;
	snek_len_t len;
	char data[]; /* len bytes and a NUL, for C helpers */
};

/* Lists keep their items in a separate block so they can grow in place. */
struct snek_list {
	gc_hdr_t hdr;
	snek_len_t len, cap;
	value_t items; /* block of cap values, or 0 */
};

struct snek_tuple {
	gc_hdr_t hdr;
	snek_len_t len;
	value_t items[];
};

struct snek_values {
	gc_hdr_t hdr;
	value_t v[];
};

/* Insertion-ordered hash table: entries holds key, value pairs in the order
 * they were added (VAL_DELETED keys are holes); index is an open-addressed
 * table of entry numbers plus one (0 = empty), sized a power of two. */
struct snek_dict {
	gc_hdr_t hdr;
#if SNEK_DICT_LINEAR
	/* Linear dicts leave no holes: every entry filled is live. */
	union {
		snek_len_t len, used;
	};
#else
	snek_len_t len;  /* live entries */
	snek_len_t used; /* entries filled, holes included */
#endif
	snek_len_t cap;  /* entries that fit */
	value_t entries; /* block of 2 * cap values (0 until the first) */
	value_t index;   /* block of 2 * cap snek_len_t slots (0 until then) */
};

/* Bytes start where values would: code treats some byte blocks as
 * values (the compiler's constants), so both must agree on the offset
 * whatever padding the target puts after a 16-bit header. */
struct snek_raw {
	gc_hdr_t hdr;
	uint8_t b[] __attribute__((aligned(__alignof__(value_t))));
};

/* Bytes or values a block has room for. */
#define BLOCK_BYTES(v) (GC_HDR_SIZE(*(gc_hdr_t *)gc_ptr(v)) - sizeof(struct snek_raw))
#define BLOCK_VALUES(v) (BLOCK_BYTES(v) / sizeof(value_t))

_Static_assert(offsetof(struct snek_raw, b) == offsetof(struct snek_values, v),
	       "byte and value blocks must start their data at the same offset");

/* A compiled function, or a top-level statement ready to run.
 * After the constants come: code[ncode] (padded to even), the name ids of
 * the locals (parameters first),
 * lines[nlines] as (code offset, line) pairs of uint16_t. */
struct snek_code {
	gc_hdr_t hdr;
	snek_len_t ncode;
	uint16_t nconst;
	uint16_t nlines;
	uint8_t nparams, ndefaults, nlocals, pad;
	uint16_t maxstack;
	uint16_t name;
	value_t consts[];
};

#define CODE_BYTES(c) ((uint8_t *)((c)->consts + (c)->nconst))
#define CODE_PARAMS(c) ((uint16_t *)(CODE_BYTES(c) + (((c)->ncode + 1) & ~(snek_len_t)1)))
#define CODE_LINES(c) (CODE_PARAMS(c) + (c)->nlocals)

static inline struct snek_string *str_ptr(value_t v) { return gc_ptr(v); }
static inline struct snek_list *list_ptr(value_t v) { return gc_ptr(v); }
static inline struct snek_tuple *tuple_ptr(value_t v) { return gc_ptr(v); }
static inline struct snek_dict *dict_ptr(value_t v) { return gc_ptr(v); }
static inline struct snek_code *code_ptr(value_t v) { return gc_ptr(v); }
static inline value_t *block_ptr(value_t v) { return ((struct snek_values *)gc_ptr(v))->v; }

#endif
