/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The collector: mark from the roots with a bounded explicit stack (never
 * the C stack), then slide live objects down to the bottom of the pool.
 *
 * Objects sit one after another from the bottom of the pool up to `top`;
 * each header holds its size, so the heap can be walked in address order.
 * Allocation bumps `top`. When the pool is full the collector marks what is
 * reachable and compacts: forwarding addresses for a run of live objects go
 * into a fixed table, every reference into that run is rewritten, then the
 * run is moved down; repeat until the heap is walked. */
#include "snek.h"

uint8_t gc_pool[SNEK_POOL_SIZE] __attribute__((aligned(4)));
value_t gc_temp[GC_TEMP_MAX];
uint8_t gc_ntemp;

/* The first granule stays unused so that no reference has payload 0. */
#define HEAP_START SNEK_GRANULE
static snek_len_t top = HEAP_START;

static inline gc_hdr_t *hdr_at(snek_len_t off) { return (gc_hdr_t *)(gc_pool + off); }

void gc_init(void)
{
	top = HEAP_START;
	gc_ntemp = 0;
}

/* Call fn on every value slot inside the object at p. */
static void for_each_slot(uint8_t *p, void (*fn)(value_t *))
{
	gc_hdr_t h = *(gc_hdr_t *)p;
	snek_len_t i, n;
	value_t *v;

	switch (GC_HDR_TYPE(h)) {
	case GC_LIST:
		fn(&((struct snek_list *)p)->items);
		return;
	case GC_DICT:
		fn(&((struct snek_dict *)p)->entries);
		fn(&((struct snek_dict *)p)->index);
		return;
	case GC_TUPLE:
		n = ((struct snek_tuple *)p)->len;
		v = ((struct snek_tuple *)p)->items;
		break;
	case GC_VALUES:
		n = (GC_HDR_SIZE(h) - sizeof(gc_hdr_t)) / sizeof(value_t);
		v = ((struct snek_values *)p)->v;
		break;
	case GC_CODE:
		n = ((struct snek_code *)p)->nconst;
		v = ((struct snek_code *)p)->consts;
		break;
	default:
		return;
	}
	for (i = 0; i < n; i++)
		fn(&v[i]);
}

/* Call fn on every root slot. */
static void for_each_root(void (*fn)(value_t *))
{
	value_t *const *r;
	value_t *v;
	uint8_t i;

	for (r = gc_roots; *r; r++)
		fn(*r);
	for (i = 0; i < gc_ntemp; i++)
		fn(&gc_temp[i]);
	for (v = vm_stack; v <= vm_sp; v++)
		fn(v);
}

/* Marking. */

static snek_len_t mark_stack[SNEK_MARK_STACK];
static uint16_t mark_sp;
static bool mark_overflow;

static void mark_slot(value_t *v)
{
	gc_hdr_t *h;

	if (!VAL_IS_HEAP(*v))
		return;
	h = gc_ptr(*v);
	if (*h & GC_HDR_MARK)
		return;
	*h |= GC_HDR_MARK;
	if (mark_sp < SNEK_MARK_STACK)
		mark_stack[mark_sp++] = (snek_len_t)((uint8_t *)h - gc_pool);
	else
		mark_overflow = true;
}

static void mark_drain(void)
{
	while (mark_sp)
		for_each_slot(gc_pool + mark_stack[--mark_sp], mark_slot);
}

/* After an overflow some marked objects were never scanned: rescan every
 * marked object until a whole pass overflows no more. */
static void mark_all(void)
{
	snek_len_t off;

	mark_sp = 0;
	mark_overflow = false;
	for_each_root(mark_slot);
	mark_drain();
	while (mark_overflow) {
		mark_overflow = false;
		for (off = HEAP_START; off < top; off += GC_HDR_SIZE(*hdr_at(off))) {
			if (*hdr_at(off) & GC_HDR_MARK) {
				for_each_slot(gc_pool + off, mark_slot);
				mark_drain();
			}
		}
	}
}

/* Compaction. */

static struct forward {
	snek_len_t from, to;
} forward[SNEK_FORWARD_MAX];
static snek_len_t nforward;

static void forward_slot(value_t *v)
{
	snek_len_t off, lo, hi, mid;

	if (!VAL_IS_HEAP(*v))
		return;
	off = (snek_len_t)VAL_PAYLOAD(*v) * SNEK_GRANULE;
	if (off < forward[0].from || off > forward[nforward - 1].from)
		return;
	lo = 0;
	hi = nforward;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (forward[mid].from < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < nforward && forward[lo].from == off)
		*v = (*v & ~VAL_PAYLOAD_MASK) | (forward[lo].to / SNEK_GRANULE);
}

/* Rewrite references everywhere: moved objects sit in [HEAP_START, moved),
 * unmoved ones (live if marked) in [rest, top). */
static void forward_all(snek_len_t moved, snek_len_t rest)
{
	snek_len_t off;

	for_each_root(forward_slot);
	for (off = HEAP_START; off < moved; off += GC_HDR_SIZE(*hdr_at(off)))
		for_each_slot(gc_pool + off, forward_slot);
	for (off = rest; off < top; off += GC_HDR_SIZE(*hdr_at(off)))
		if (*hdr_at(off) & GC_HDR_MARK)
			for_each_slot(gc_pool + off, forward_slot);
}

static void compact(void)
{
	snek_len_t dst = HEAP_START, src = HEAP_START, run, size, i;

	while (src < top) {
		run = src;
		nforward = 0;
		for (; src < top && nforward < SNEK_FORWARD_MAX; src += size) {
			size = GC_HDR_SIZE(*hdr_at(src));
			if (*hdr_at(src) & GC_HDR_MARK) {
				forward[nforward].from = src;
				forward[nforward].to = dst;
				nforward++;
				dst += size;
			}
		}
		if (!nforward)
			break;
		forward_all(forward[0].to, run);
		for (i = 0; i < nforward; i++) {
			size = GC_HDR_SIZE(*hdr_at(forward[i].from));
			memmove(gc_pool + forward[i].to, gc_pool + forward[i].from, size);
			*hdr_at(forward[i].to) &= (gc_hdr_t)~GC_HDR_MARK;
		}
	}
#if SNEK_GC_STRESS
	/* Poison the freed space so stale pointers show up as garbage. */
	memset(gc_pool + dst, 0xA5, top - dst);
#endif
	top = dst;
}

#if SNEK_GC_STRESS
/* Debug builds check after every collection that each reference points at
 * the start of an object, so a stale reference fails at once. */
static uint8_t starts[SNEK_POOL_SIZE / SNEK_GRANULE / 8 + 1];

static void verify_slot(value_t *v)
{
	snek_len_t g;

	if (!VAL_IS_HEAP(*v))
		return;
	g = (snek_len_t)VAL_PAYLOAD(*v);
	if (g * SNEK_GRANULE >= top || !(starts[g / 8] & (1 << (g % 8))))
		__builtin_trap();
}

static void verify(void)
{
	snek_len_t off;

	memset(starts, 0, sizeof starts);
	for (off = HEAP_START; off < top; off += GC_HDR_SIZE(*hdr_at(off)))
		starts[off / SNEK_GRANULE / 8] |= (uint8_t)(1 << (off / SNEK_GRANULE % 8));
	for_each_root(verify_slot);
	for (off = HEAP_START; off < top; off += GC_HDR_SIZE(*hdr_at(off)))
		for_each_slot(gc_pool + off, verify_slot);
}
#else
#define verify() ((void)0)
#endif

void gc_collect(void)
{
	mark_all();
	compact();
	verify();
}

snek_len_t gc_free_bytes(void)
{
	gc_collect();
	return SNEK_POOL_SIZE - top;
}

void *gc_alloc(uint8_t type, snek_len_t bytes)
{
	snek_len_t size = (bytes + SNEK_GRANULE - 1) & ~(snek_len_t)(SNEK_GRANULE - 1);
	uint8_t *p;

	if (SNEK_GC_STRESS || size > SNEK_POOL_SIZE - top) {
		gc_collect();
		if (size > SNEK_POOL_SIZE - top || size < bytes)
			err_raise(ERR_NO_MEMORY);
	}
	p = gc_pool + top;
	top += size;
	memset(p, 0, size);
	*(gc_hdr_t *)p = GC_HDR(type, size);
	return p;
}
