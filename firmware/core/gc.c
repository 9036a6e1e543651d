/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The collector: incremental mark-sweep, with compaction as the last resort.
 *
 * Objects sit one after another from the bottom of the pool up to `top`;
 * each header holds its size, so the heap can be walked in address order.
 *
 * Ordinary allocation bumps `top` or takes a hole, and pays for it with a
 * bounded step of collection work. A cycle starts after every eighth of the
 * pool has been allocated: it marks from a
 * snapshot of the roots (a deletion barrier, gc_barrier, keeps the snapshot
 * whole while programs overwrite references), then sweeps dead objects into
 * holes. Marking uses a bounded explicit stack, never the C stack; when it
 * overflows, marked objects are rescanned. Only when no hole fits and `top`
 * cannot move does one allocation pay for a full collection: mark, then
 * slide live objects down (compaction), which also mends fragmentation.
 *
 * Small chips (SNEK_GC_INCREMENTAL 0) keep only the last resort: they
 * bump `top`, and a full collection runs when the pool is full. */
#include "snek.h"

uint8_t gc_pool[SNEK_POOL_SIZE] __attribute__((aligned(8)));
_Static_assert(SNEK_POOL_SIZE < GC_HDR_MARK, "an object's size must fit its header");
value_t gc_temp[GC_TEMP_MAX];
uint8_t gc_ntemp;
struct gc_stats gc_stats;

/* Statistics for the host's SNEK_GC_STATS report; small chips skip them. */
#if SNEK_SMALL
#define COUNT(field) ((void)0)
#else
#define COUNT(field) (gc_stats.field++)
#endif

/* The first granule stays unused so that no reference has payload 0. */
#define HEAP_START SNEK_GRANULE
#define NONE ((snek_len_t)0)
static snek_len_t top; /* gc_init sets it: no initial value to keep in RAM */
static snek_len_t rescan_at;

/* VAL_IS_HEAP, reading the tag from one byte (cheaper on 8-bit chips). */
static bool is_heap(value_t v)
{
	uint8_t tag = (uint8_t)(v >> 16) >> (VAL_TAG_SHIFT - 16) & 7;

	return !VAL_IS_NUM(v) && tag != TAG_SPECIAL && tag != TAG_INT;
}

static inline gc_hdr_t *hdr_at(snek_len_t off) { return (gc_hdr_t *)(gc_pool + off); }

#if SNEK_GC_INCREMENTAL
/* A hole: a free object on the free list. */
struct hole {
	gc_hdr_t hdr;
	snek_len_t next;
};
#define MIN_SIZE ((sizeof(struct hole) + SNEK_GRANULE - 1) & ~(SNEK_GRANULE - 1))
static inline struct hole *hole_at(snek_len_t off) { return (struct hole *)(gc_pool + off); }

/* Holes by size: bin n holds holes of exactly n granules, bin 0 the
 * larger ones (first fit). Small objects come and go in a few sizes, so
 * most allocations pop a bin. */
static snek_len_t bins[SNEK_GC_BINS];
#define BIN_OF(size) ((size) / SNEK_GRANULE < SNEK_GC_BINS ? (size) / SNEK_GRANULE : 0)

/* Bytes allocated since the last cycle began. */
static snek_len_t since_cycle;

enum { IDLE, MARK, SWEEP };
static uint8_t phase;
static snek_len_t sweep_at, last_hole;

static void hole_add(snek_len_t off)
{
	snek_len_t *bin = &bins[BIN_OF(GC_HDR_SIZE(*hdr_at(off)))];

	hole_at(off)->next = *bin;
	*bin = off;
}

/* Forget the holes and any cycle. */
static void cycle_reset(void)
{
	memset(bins, 0, sizeof bins);
	since_cycle = 0;
	phase = IDLE;
}
#else
#define cycle_reset() ((void)0)
#endif

void gc_init(void)
{
	top = HEAP_START;
	gc_ntemp = 0;
	cycle_reset();
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
		n = (GC_HDR_SIZE(h) - sizeof(struct snek_values)) / sizeof(value_t);
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

	for (r = gc_roots; SNEK_ROM_PTR(r); r++)
		fn(SNEK_ROM_PTR(r));
	for (i = 0; i < gc_ntemp; i++)
		fn(&gc_temp[i]);
	for (v = vm_stack; v <= vm_sp; v++)
		fn(v);
}

#if SNEK_GC_STRESS
static void verify(bool compacted);
#else
#define verify(compacted) ((void)0)
#endif

/* Marking. */

/* Marking and compaction never overlap (a full collection finishes its
 * marking before it moves anything), so they share gc_scratch. */
union gc_scratch gc_scratch;
#define forward gc_scratch.forward
#if SNEK_GC_INCREMENTAL
static snek_len_t mark_stack[SNEK_MARK_STACK];
#else
#define mark_stack gc_scratch.mark
#endif
#if SNEK_MARK_STACK < 256 && SNEK_FORWARD_MAX < 256
typedef uint8_t gc_count_t;
#else
typedef snek_len_t gc_count_t;
#endif
static gc_count_t mark_sp;
static bool mark_overflow;

static void mark_slot(value_t *v)
{
	gc_hdr_t *h;

	if (!is_heap(*v))
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

static void mark_begin(void)
{
	mark_sp = 0;
	mark_overflow = false;
	rescan_at = NONE;
	for_each_root(mark_slot);
}

/* One unit of marking work; false when marking is complete. Gray objects
 * come off the stack; after an overflow, a pass over the heap rescans
 * every marked object (it may overflow again: then another pass). */
static bool mark_step(void)
{
	snek_len_t off;

	if (mark_sp) {
		for_each_slot(gc_pool + mark_stack[--mark_sp], mark_slot);
		return true;
	}
	if (rescan_at != NONE) {
		if (rescan_at >= top) {
			rescan_at = NONE;
			return true;
		}
		off = rescan_at;
		rescan_at += GC_HDR_SIZE(*hdr_at(off));
		if (*hdr_at(off) & GC_HDR_MARK)
			for_each_slot(gc_pool + off, mark_slot);
		return true;
	}
	if (mark_overflow) {
		mark_overflow = false;
		rescan_at = HEAP_START;
		return true;
	}
	return false;
}

#if SNEK_GC_INCREMENTAL
void gc_barrier(value_t old)
{
	if (phase == MARK)
		mark_slot(&old);
}

/* Sweeping: dead objects become holes, neighbouring holes merge. */

static void sweep_begin(void)
{
	phase = SWEEP;
	sweep_at = HEAP_START;
	last_hole = NONE;
	memset(bins, 0, sizeof bins);
}

/* The hole being swept together is complete: file it, or give it back to
 * the bump area when it reaches the top. */
static void hole_done(void)
{
	if (last_hole == NONE)
		return;
	if (last_hole + GC_HDR_SIZE(*hdr_at(last_hole)) == top)
		top = last_hole;
	else
		hole_add(last_hole);
	last_hole = NONE;
}

static bool sweep_step(void)
{
	gc_hdr_t *h;
	snek_len_t size;

	if (sweep_at >= top) {
		hole_done();
		return false;
	}
	h = hdr_at(sweep_at);
	size = GC_HDR_SIZE(*h);
	if (*h & GC_HDR_MARK) {
		*h &= (gc_hdr_t)~GC_HDR_MARK;
		hole_done();
	} else if (last_hole != NONE) {
		*hdr_at(last_hole) = GC_HDR(GC_FREE, GC_HDR_SIZE(*hdr_at(last_hole)) + size);
	} else {
		*h = GC_HDR(GC_FREE, size);
		last_hole = sweep_at;
		COUNT(holes);
	}
	sweep_at += size;
	return true;
}

/* Do up to `work` units of the current cycle. */
static void gc_step(snek_len_t work)
{
	while (work--) {
		if (phase == MARK && !mark_step())
			sweep_begin();
		else if (phase == SWEEP && !sweep_step()) {
			phase = IDLE;
			COUNT(cycles);
			verify(false);
			return;
		}
	}
}
#endif

/* Compaction. */

/* forward[]: where objects move, in granules (the unit references count
 * in), sorted by where they come from. */
static gc_count_t nforward;

static void forward_slot(value_t *v)
{
	snek_len_t g, lo = 0;

	if (!is_heap(*v))
		return;
	g = (snek_len_t)VAL_PAYLOAD(*v);
	/* Most references point outside this pass's run: skip the search. */
	if (g < forward[0].from || g > forward[nforward - 1].from)
		return;
#if SNEK_SMALL
	/* A few entries: a linear search is as quick and smaller. */
	while (forward[lo].from < g)
		lo++;
#else
	snek_len_t hi = nforward, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (forward[mid].from < g)
			lo = mid + 1;
		else
			hi = mid;
	}
#endif
	if (forward[lo].from == g)
		*v = (*v & ~VAL_PAYLOAD_MASK) | forward[lo].to;
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
	snek_len_t dst = HEAP_START, src = HEAP_START, run, size, i, from, to;

	while (src < top) {
		run = src;
		nforward = 0;
		for (; src < top && nforward < SNEK_FORWARD_MAX; src += size) {
			size = GC_HDR_SIZE(*hdr_at(src));
			if (*hdr_at(src) & GC_HDR_MARK) {
				forward[nforward].from = src / SNEK_GRANULE;
				forward[nforward].to = dst / SNEK_GRANULE;
				nforward++;
				dst += size;
			}
		}
		if (!nforward)
			break;
		forward_all(forward[0].to * SNEK_GRANULE, run);
		for (i = 0; i < nforward; i++) {
			from = forward[i].from * SNEK_GRANULE;
			to = forward[i].to * SNEK_GRANULE;
			*hdr_at(from) &= (gc_hdr_t)~GC_HDR_MARK;
			memmove(gc_pool + to, gc_pool + from, GC_HDR_SIZE(*hdr_at(from)));
		}
	}
#if SNEK_GC_STRESS
	/* Poison the freed space so stale pointers show up as garbage. */
	memset(gc_pool + dst, 0xA5, SNEK_POOL_SIZE - dst);
#endif
	top = dst;
}

#if SNEK_GC_STRESS
/* Debug builds check that every reference points at the start of a live
 * object, after every full collection and every finished cycle. */
static uint8_t starts[SNEK_POOL_SIZE / SNEK_GRANULE / 8 + 1];

static void verify_slot(value_t *v)
{
	snek_len_t g;

	if (!is_heap(*v))
		return;
	g = (snek_len_t)VAL_PAYLOAD(*v);
	if (g * SNEK_GRANULE >= top || !(starts[g / 8] & (1 << (g % 8))))
		__builtin_trap();
}

static void verify(bool compacted)
{
	snek_len_t off;

	memset(starts, 0, sizeof starts);
	for (off = HEAP_START; off < top; off += GC_HDR_SIZE(*hdr_at(off)))
		if (GC_HDR_TYPE(*hdr_at(off)) != GC_FREE)
			starts[off / SNEK_GRANULE / 8] |= (uint8_t)(1 << (off / SNEK_GRANULE % 8));
	for_each_root(verify_slot);
	for (off = HEAP_START; off < top; off += GC_HDR_SIZE(*hdr_at(off))) {
		if (compacted && GC_HDR_TYPE(*hdr_at(off)) == GC_FREE)
			__builtin_trap();
		for_each_slot(gc_pool + off, verify_slot);
	}
}
#endif

void gc_collect(void)
{
	snek_len_t off;

	/* Abandon any cycle: marks from it would hide unscanned objects. */
	if (SNEK_GC_INCREMENTAL)
		for (off = HEAP_START; off < top; off += GC_HDR_SIZE(*hdr_at(off)))
			*hdr_at(off) &= (gc_hdr_t)~GC_HDR_MARK;
	cycle_reset();
	mark_begin();
	while (mark_step())
		;
	compact();
	COUNT(full);
	verify(true);
}

snek_len_t gc_free_bytes(void)
{
	gc_collect();
	return SNEK_POOL_SIZE - top;
}

#if SNEK_GC_INCREMENTAL
/* A hole for `size` bytes: one of exactly that size, or the end cut off a
 * bigger one (what is left moves to its bin). Bins are tried from the
 * size's own upwards, the large holes of bin 0 last (first fit). */
static uint8_t *take_hole(snek_len_t size)
{
	snek_len_t *link, off, hsize;
	uint8_t b = BIN_OF(size);

	for (;;) {
		for (link = &bins[b]; (off = *link) != NONE; link = &hole_at(off)->next) {
			hsize = GC_HDR_SIZE(*hdr_at(off));
			if (hsize == size || hsize >= size + MIN_SIZE) {
				*link = hole_at(off)->next;
				if (hsize == size)
					return gc_pool + off;
				*hdr_at(off) = GC_HDR(GC_FREE, hsize - size);
				hole_add(off);
				return gc_pool + off + hsize - size;
			}
			/* A small bin holds one size: its first hole speaks for all. */
			if (b)
				break;
		}
		if (!b)
			return NULL;
		if (++b == SNEK_GC_BINS)
			b = 0;
	}
}

#endif

static uint8_t *bump(snek_len_t size)
{
	uint8_t *p;

	if (size > SNEK_POOL_SIZE - top)
		return NULL;
	p = gc_pool + top;
	top += size;
	return p;
}

#if SNEK_GC_INCREMENTAL
/* A place for `size` bytes: the top, a hole, or after a full collection. */
static uint8_t *place(snek_len_t size)
{
	uint8_t *p;

	if (SNEK_GC_STRESS == 1)
		gc_collect();
	/* Pay for the allocation with collection work, starting a cycle
	 * after every eighth of the pool allocated. */
	since_cycle += size;
	if (phase == IDLE && (SNEK_GC_STRESS == 2 || since_cycle >= SNEK_POOL_SIZE / 8)) {
		phase = MARK;
		since_cycle = 0;
		mark_begin();
	}
	if (phase != IDLE)
		gc_step(SNEK_GC_STRESS == 2 ? 4 : 16 + 8 * (size / SNEK_GRANULE));
	p = bump(size);
	if (!p)
		p = take_hole(size);
	if (!p) {
		gc_collect();
		p = bump(size);
	}
	return p;
}

/* New objects are black while marking, and above the sweeper. */
static bool born_marked(uint8_t *p)
{
	return phase == MARK || (phase == SWEEP && (snek_len_t)(p - gc_pool) >= sweep_at);
}
#else
/* A place for `size` bytes: the top, after a full collection if need be
 * (the stress builds collect every time). */
static uint8_t *place(snek_len_t size)
{
	uint8_t *p = SNEK_GC_STRESS ? NULL : bump(size);

	if (!p) {
		gc_collect();
		p = bump(size);
	}
	return p;
}

#define MIN_SIZE SNEK_GRANULE
#define born_marked(p) false
#endif

void *gc_alloc(uint8_t type, snek_len_t bytes)
{
	snek_len_t size = (bytes + SNEK_GRANULE - 1) & ~(snek_len_t)(SNEK_GRANULE - 1);
	uint8_t *p;

	if (size < bytes)
		err_raise(ERR_NO_MEMORY);
	if (size < MIN_SIZE)
		size = MIN_SIZE;
	if (SNEK_GC_STRESS && gc_ntemp > GC_TEMP_SMALL)
		__builtin_trap();
	p = place(size);
	if (!p)
		err_raise(ERR_NO_MEMORY);
	memset(p, 0, size);
	*(gc_hdr_t *)p = GC_HDR(type, size);
	if (born_marked(p))
		*(gc_hdr_t *)p |= GC_HDR_MARK;
	COUNT(allocs);
	return p;
}
