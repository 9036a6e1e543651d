/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Memory: one fixed pool, one allocator, a compacting mark-sweep collector. */
#ifndef SNEK_GC_H
#define SNEK_GC_H

#include "value.h"
#include "error.h"

#if SNEK_LEN16
typedef uint16_t snek_len_t;
typedef uint16_t gc_hdr_t;
#else
typedef uint32_t snek_len_t;
typedef uint32_t gc_hdr_t;
#endif

/* Object kinds as the collector sees them (the value tag says it again for
 * the objects programs can hold; the rest are internal blocks). */
enum gc_type {
	GC_FREE,   /* a hole */
	GC_STRING, /* struct snek_string */
	GC_LIST,   /* struct snek_list */
	GC_TUPLE,  /* struct snek_tuple */
	GC_DICT,   /* struct snek_dict */
	GC_CODE,   /* struct snek_code */
	GC_VALUES, /* an array of values: list items, dict entries */
	GC_RAW,    /* bytes the collector does not look into */
};

/* Header of every object: the kind in the top 3 bits, the mark below
 * them, the size in bytes (header included, a multiple of SNEK_GRANULE)
 * in the rest, so reading the size is one mask. The size lets the
 * collector walk the heap in order. */
#define GC_HDR_BITS (8 * sizeof(gc_hdr_t))
#define GC_HDR_TYPE(h) ((uint8_t)((h) >> (GC_HDR_BITS - 3)))
#define GC_HDR_MARK ((gc_hdr_t)1 << (GC_HDR_BITS - 4))
#define GC_HDR_SIZE(h) ((snek_len_t)((h) & (GC_HDR_MARK - 1)))
#define GC_HDR(type, bytes) ((gc_hdr_t)((gc_hdr_t)(type) << (GC_HDR_BITS - 3) | (bytes)))

extern uint8_t gc_pool[];

static inline void *gc_ptr(value_t v)
{
	return gc_pool + (snek_len_t)VAL_PAYLOAD(v) * SNEK_GRANULE;
}

/* With 16-bit offsets a reference is made of two 16-bit halves, out of
 * line (value.c): VAL_MAKE with a variable tag is a 32-bit shift, a loop
 * on 8-bit chips. */
#if SNEK_LEN16
__attribute__((noinline)) value_t gc_ref(uint8_t tag, const void *p);
#else
static inline value_t gc_ref(uint8_t tag, const void *p)
{
	return VAL_MAKE(tag, (snek_len_t)((const uint8_t *)p - gc_pool) / SNEK_GRANULE);
}
#endif

/* Allocate a zeroed object of `bytes` (header included; a GC_STRING's
 * bytes are its maker's to fill, all but its NUL). Raises
 * "out of memory" rather than returning NULL. Every raw pointer into the
 * pool is stale after this returns: the collector moves objects. */
void *gc_alloc(uint8_t type, snek_len_t bytes);

/* Collect now: full mark, then compaction. */
void gc_collect(void);

/* The heap ends at gc_limit (bytes from the pool's start, a multiple of a
 * value): the VM's value stack has the rest of the pool. The stack keeps
 * SNEK_STACK_SIZE values for itself, so a statement such as `big = None`
 * runs even with the heap full, and borrows the heap's free room for deep
 * calls: gc_lower_limit moves the end down toward `want`, collecting first
 * if objects are in the way, never below them, and returns the new end.
 * The VM gives the room back (gc_limit = GC_HOME_LIMIT) when a statement
 * ends. The collector never writes above gc_limit: while a statement
 * compiles, the compiler keeps its action stack there. */
#define GC_HOME_LIMIT ((snek_len_t)(SNEK_POOL_SIZE - SNEK_STACK_SIZE * sizeof(value_t)))
extern snek_len_t gc_limit;
snek_len_t gc_lower_limit(snek_len_t want);

/* Bytes at the heap's end that only compiling may take (parse_run sets
 * gc_reserve to this while a statement runs, to 0 while one compiles): a
 * program that fills the heap with data still leaves the room for a
 * statement such as `big = None` to compile. */
#define GC_RESERVE ((snek_len_t)48)
extern snek_len_t gc_reserve;

/* Call with the reference an object is about to lose (an overwritten or
 * removed slot): while a cycle marks, it keeps the snapshot whole. Inline
 * unless SNEK_SMALL_CODE: most of the time nothing marks. */
#if SNEK_SMALL_CODE
void gc_barrier(value_t old);
#else
extern bool gc_marking;
void gc_barrier_mark(value_t old);
static inline void gc_barrier(value_t old)
{
	if (gc_marking)
		gc_barrier_mark(old);
}
#endif

/* What the collector has done, for tests and size reports. */
struct gc_stats {
	uint32_t allocs; /* allocations */
	uint32_t cycles; /* incremental cycles finished */
	uint32_t full;   /* full (compacting) collections */
	uint32_t holes;  /* holes made by sweeping */
};
extern struct gc_stats gc_stats;

/* Memory the collector lends: the forwarding table of a compaction, which
 * runs only once marking has emptied its stack; outside compactions, the
 * mark stack and the raise being unwound and printed (no collection runs
 * between a raise and its printing). */
struct gc_forward {
	snek_len_t from; /* offset in bytes */
	snek_len_t by;   /* granules moved down */
};
union gc_scratch {
	struct gc_forward forward[SNEK_FORWARD_MAX];
	struct {
		struct err_pending err;
		snek_len_t mark[SNEK_MARK_STACK]; /* offsets of gray objects */
	};
};
extern union gc_scratch gc_scratch;

/* Values held by C code across an allocation live in these slots
 * (SNEK_GC_TEMPS of them). The core nests them GC_TEMP_SMALL deep at
 * most: the gc-stress builds check every allocation against that, and
 * posix-small's sanitizers catch any store beyond its 6. */
#define GC_TEMP_SMALL 6
_Static_assert(SNEK_GC_TEMPS >= GC_TEMP_SMALL, "room for the core's temporaries");
extern value_t gc_temp[SNEK_GC_TEMPS];
extern uint8_t gc_ntemp;
#define GC_PUSH(v) (gc_temp[gc_ntemp++] = (v))
#define GC_POP() (gc_temp[--gc_ntemp])
#define GC_TEMP(i) (gc_temp[gc_ntemp - 1 - (i)])

/* Static roots: every global value_t the interpreter keeps, listed once
 * (repl.c): a value, or an array of n of them. The list ends with NULL. */
struct gc_root {
	value_t *at;
	uint8_t n;
};
extern const struct gc_root gc_roots[];

/* Forget all objects (fresh heap). */
void gc_init(void);

#endif
