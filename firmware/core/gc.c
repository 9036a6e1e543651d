/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The collector: incremental mark-sweep, with compaction as the last resort.
 *
 * Objects sit one after another from the bottom of the pool up to `top`;
 * each header holds its size, so the heap can be walked in address order.
 *
 * Ordinary allocation bumps `top` or takes a hole, and pays for it with a
 * bounded number of steps of a collection cycle. A cycle starts after
 * every eighth of the pool has been allocated: it marks from a snapshot of
 * the roots (a deletion barrier, gc_barrier, keeps the snapshot whole
 * while programs overwrite references), then sweeps dead objects into
 * holes. Marking uses a bounded explicit stack, never the C stack; when it
 * overflows, marked objects are rescanned from the first one left out.
 *
 * Only when no hole fits and `top` cannot move does one allocation pay for
 * a full collection: the same cycle run to its end, with compaction (live
 * objects slid down, which also mends fragmentation) between its marking
 * and its sweep. */
#include "snek.h"

/* Aligned for any object (8 bytes on 64-bit hosts, none on the AVR, where
 * padding before the pool would be RAM lost). */
uint8_t gc_pool[SNEK_POOL_SIZE] __attribute__((aligned(_Alignof(max_align_t))));
_Static_assert(SNEK_POOL_SIZE < GC_HDR_MARK, "an object's size must fit its header");
value_t gc_temp[SNEK_GC_TEMPS];
uint8_t gc_ntemp;
struct gc_stats gc_stats;
union gc_scratch gc_scratch;

/* Statistics for the host's SNEK_GC_STATS report (SNEK_GC_COUNTS). */
#if SNEK_GC_COUNTS
#define COUNT(field) (gc_stats.field++)
#else
#define COUNT(field) ((void)0)
#endif

/* The first granule holds no object, so that no reference has payload
 * 0: there gc_init writes the header of an empty block, which is what
 * None (payload 0) reads as where a block or buffer is expected. */
#define HEAP_START SNEK_GRANULE
#define NONE ((snek_len_t)0)
#define FAR ((snek_len_t)-1) /* beyond any object: nothing to rescan */

static snek_len_t top; /* gc_init sets it: no initial value to keep in RAM */
snek_len_t gc_limit;
snek_len_t gc_reserve;
static snek_len_t since_cycle; /* bytes allocated since the last cycle began */
/* A cycle begins after every eighth of the pool allocated; with much
 * live data (!SNEK_SMALL_CODE), only once as much again has been
 * allocated (within half the room left), so that marking it costs each
 * byte allocated about the same. */
#if SNEK_SMALL_CODE
#define CYCLE_EVERY ((snek_len_t)(SNEK_POOL_SIZE / 8))
#else
static snek_len_t cycle_every = SNEK_POOL_SIZE / 8;
static snek_len_t live_bytes; /* found live by the sweep under way */
#define CYCLE_EVERY cycle_every
#endif
/* Marking: the next object to rescan; compaction: the end of the run
 * being moved; sweeping: the next object to sweep. */
static snek_len_t scan_at;

/* Marking never overlaps compaction, which finds the mark stack empty, so
 * the mark stack (gc_scratch.mark) lives beside the error being printed,
 * where the forwarding table (gc_scratch.forward) is during a compaction. */
#if SNEK_MARK_STACK < 256 && SNEK_FORWARD_MAX < 256
typedef uint8_t gc_count_t;
#else
typedef snek_len_t gc_count_t;
#endif
static gc_count_t mark_sp;
#if !SNEK_SMALL_CODE
static gc_count_t nforward; /* entries in the forwarding table, for the binary search */
#endif

/* Where the cycle is, which also says what visiting a slot does.
 * MARK_FULL marks for a full collection, which compacts (FORWARD) before
 * it sweeps; the stress builds VERIFY when marking ends. */
enum { IDLE, SWEEP, FORWARD, VERIFY, MARK, MARK_FULL };
static uint8_t phase;
#if !SNEK_SMALL_CODE
bool gc_marking; /* phase >= MARK, for gc.h's inline barrier */
#endif

static void set_phase(uint8_t p)
{
	phase = p;
#if !SNEK_SMALL_CODE
	gc_marking = p >= MARK;
#endif
}

static inline gc_hdr_t *hdr_at(snek_len_t off) { return (gc_hdr_t *)(gc_pool + off); }
static inline snek_len_t size_at(snek_len_t off) { return GC_HDR_SIZE(*hdr_at(off)); }
static inline bool marked(snek_len_t off) { return *hdr_at(off) & GC_HDR_MARK; }

#if !SNEK_GC_FIRST_FIT
/* A hole: a free object on a free list. */
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
#define FORGET_HOLES() memset(bins, 0, sizeof bins)

static void hole_add(snek_len_t off)
{
	snek_len_t *bin = &bins[BIN_OF(size_at(off))];

	hole_at(off)->next = *bin;
	*bin = off;
}
#else
/* First fit keeps no lists: a hole is a free object, found by walking
 * the heap (see place), so it needs nothing but its header, and a sweep
 * joins it to the dead objects beside it. */
#define MIN_SIZE SNEK_GRANULE
_Static_assert(sizeof(gc_hdr_t) <= SNEK_GRANULE, "a hole is a header");
#define FORGET_HOLES() ((void)0)
static inline void hole_add(snek_len_t off) { (void)off; }
#endif

void gc_init(void)
{
	*hdr_at(0) = GC_HDR(GC_RAW, sizeof(struct snek_raw));
	top = HEAP_START;
	gc_limit = GC_HOME_LIMIT;
	gc_ntemp = 0;
	FORGET_HOLES();
	since_cycle = 0;
#if !SNEK_SMALL_CODE
	cycle_every = SNEK_POOL_SIZE / 8;
#endif
	set_phase(IDLE);
}

#if SNEK_GC_STRESS
/* Object starts, for VERIFY. */
static uint8_t starts[SNEK_POOL_SIZE / SNEK_GRANULE / 8 + 1];
#endif

/* Visit the value of a slot: mark what it refers to, or check it, or
 * forward it to where a compaction moved its object (phase says which).
 * Returns the value the slot is to hold (taking it by value keeps
 * gc_barrier's copy out of memory). */
static value_t visit(value_t val)
{
	uint8_t tag = VAL_TAG(val);
	snek_len_t g = (snek_len_t)VAL_PAYLOAD(val), off = g * SNEK_GRANULE;

	if (VAL_IS_NUM(val) || tag == TAG_SPECIAL || tag == TAG_INT) /* !VAL_IS_HEAP */
		return val;
	if (phase == FORWARD) {
		/* Most references point outside this pass's run: skip the search. */
		if (off < gc_scratch.forward[0].from || off >= scan_at)
			return val;
		/* Inside the run, every live reference is to a moved object. */
#if SNEK_SMALL_CODE
		/* A few entries: a linear search is as quick and smaller. */
		struct gc_forward *f = gc_scratch.forward;

		while (f->from < off)
			f++;
#else
		snek_len_t lo = 0, hi = nforward, mid;

		while (lo < hi) {
			mid = lo + (hi - lo) / 2;
			if (gc_scratch.forward[mid].from < off)
				lo = mid + 1;
			else
				hi = mid;
		}
		struct gc_forward *f = &gc_scratch.forward[lo];
#endif
		return val - f->by;
	}
#if SNEK_GC_STRESS
	if (phase == VERIFY) {
		if (off >= top || !(starts[g / 8] & (1 << (g % 8))))
			__builtin_trap();
		return val;
	}
#endif
	if (!marked(off)) {
		*hdr_at(off) |= GC_HDR_MARK;
		if (mark_sp < SNEK_MARK_STACK)
			gc_scratch.mark[mark_sp++] = off;
		else if (off < scan_at)
			scan_at = off; /* left out: rescan from here */
	}
	return val;
}

/* Visit n value slots from v (out of line for small code: it is called
 * from three places). */
#if SNEK_SMALL_CODE
__attribute__((noinline))
#endif
static void visit_all(value_t *v, snek_len_t n)
{
	for (; n; n--, v++)
		*v = visit(*v);
}

/* Where each kind of object keeps its value slots: from this offset to
 * its end (the slots of lists and dicts end their structs, tuples and
 * value blocks are allocated to fit), except code, whose constants
 * come first; 0 for objects without values. */
static const uint8_t first_slot[] SNEK_ROM = {
	[GC_LIST] = offsetof(struct snek_list, items),
	[GC_TUPLE] = offsetof(struct snek_tuple, items),
	[GC_DICT] = offsetof(struct snek_dict, entries),
	[GC_CODE] = offsetof(struct snek_code, consts),
	[GC_VALUES] = offsetof(struct snek_values, v),
	[GC_RAW] = 0,
};
_Static_assert(offsetof(struct snek_list, items) + sizeof(value_t) == sizeof(struct snek_list) &&
	       offsetof(struct snek_dict, index) + sizeof(value_t) == sizeof(struct snek_dict) &&
	       offsetof(struct snek_dict, entries) + sizeof(value_t) == offsetof(struct snek_dict, index),
	       "list and dict slots end their structs");

/* Visit every value slot inside the object at off: the one walk that
 * marking, forwarding and checking share. */
static void visit_object(snek_len_t off)
{
	uint8_t type = GC_HDR_TYPE(*hdr_at(off)), first = SNEK_ROM_BYTE(&first_slot[type]);
	snek_len_t n = (size_at(off) - first) / sizeof(value_t);

	if (type == GC_CODE)
		n = ((struct snek_code *)(gc_pool + off))->nconst;
	if (first)
		visit_all((value_t *)(gc_pool + off + first), n);
}

/* Visit every root slot. */
static void visit_roots(void)
{
	const struct gc_root *r;
	value_t *v;

	for (r = gc_roots; (v = SNEK_ROM_PTR(&r->at)); r++)
		visit_all(v, SNEK_ROM_BYTE(&r->n));
	visit_all(gc_temp, gc_ntemp);
	visit_all(vm_stack + 1, (snek_len_t)(vm_sp - vm_stack)); /* [0] is unused */
}

/* Visit every root slot and every slot of a marked object. */
static void visit_live(void)
{
	snek_len_t off;

	visit_roots();
	for (off = HEAP_START; off < top; off += size_at(off))
		if (marked(off))
			visit_object(off);
}

#if SNEK_SMALL_CODE
void gc_barrier(value_t old)
{
	if (phase >= MARK)
		visit(old);
}
#else
void gc_barrier_mark(value_t old)
{
	visit(old);
}
#endif

static void step(void);

static __attribute__((noinline)) void finish_cycle(void)
{
	while (phase != IDLE)
		step();
}

/* Start a cycle of the given marking phase. */
static __attribute__((noinline)) void cycle_begin(uint8_t mark)
{
	set_phase(mark);
	since_cycle = 0;
	mark_sp = 0;
	scan_at = FAR;
	visit_roots();
}

/* Compaction: slide marked objects down, a table of them at a time, then
 * rewrite the references to them. The table (gc_scratch.forward) says
 * where each came from (sorted) and by how many granules (the unit
 * references count in) it moved down. Between the moved objects and the
 * rest lies dead space: a free header over it keeps the heap walkable.
 * Objects stay marked for the sweep. */
static void compact(void)
{
	snek_len_t src = HEAP_START, dst = HEAP_START, size;
	gc_count_t n;

	set_phase(FORWARD);
	do {
		n = 0;
		for (; src < top && n < SNEK_FORWARD_MAX; src += size) {
			size = size_at(src);
			if (marked(src)) {
				/* Live objects below the first dead one stay where
				 * they are: no table entries for them (old objects
				 * gather at the bottom). */
				if (src != dst) {
					gc_scratch.forward[n].from = src;
					gc_scratch.forward[n].by = (src - dst) / SNEK_GRANULE;
					n++;
					/* Only dead or moved-from space lies below src. */
					memmove(gc_pool + dst, gc_pool + src, size);
				}
				dst += size;
			}
		}
		if (src != dst)
			*hdr_at(dst) = GC_HDR(GC_FREE, src - dst);
		scan_at = src;
#if !SNEK_SMALL_CODE
		nforward = n;
#endif
		if (n)
			visit_live();
	} while (src < top);
#if SNEK_GC_STRESS
	/* Poison the freed space so stale pointers show up as garbage. */
	memset(gc_pool + dst, 0xA5, gc_limit - dst);
#endif
	top = dst;
}

#if SNEK_GC_STRESS
/* Debug builds check, whenever marking ends, that every reference from a
 * root or a marked object points at the start of a marked object, and
 * after compaction that no dead space is left. */
static void verify(bool compacted)
{
	snek_len_t off, g;

	memset(starts, 0, sizeof starts);
	for (off = HEAP_START; off < top; off += size_at(off)) {
		g = off / SNEK_GRANULE;
		if (marked(off))
			starts[g / 8] |= (uint8_t)(1 << (g % 8));
		else if (compacted)
			__builtin_trap();
	}
	set_phase(VERIFY);
	visit_live();
}
#else
static inline void verify(bool compacted) { (void)compacted; }
#endif

/* Sweep the object at off: unmark it if marked, else make it and the dead
 * objects after it one hole, given back to the bump area when it reaches
 * the top. */
static void sweep(snek_len_t off)
{
	snek_len_t end = scan_at;

	if (marked(off)) {
		*hdr_at(off) &= (gc_hdr_t)~GC_HDR_MARK;
#if !SNEK_SMALL_CODE
		live_bytes += size_at(off);
#endif
		return;
	}
	while (end < top && !marked(end))
		end += size_at(end);
	scan_at = end;
	COUNT(holes);
	*hdr_at(off) = GC_HDR(GC_FREE, end - off);
	if (end == top)	/* the sweep ends here too: what is bumped next is new */
		top = scan_at = off;
	else
		hole_add(off);
}

/* One unit of the cycle's work, for incremental and full collections
 * alike: mark a gray object (from the stack, else the next marked object
 * a rescan reaches) or sweep the next object; when the walk reaches the
 * top, marking ends (compacting, for a full collection) and sweeping
 * starts, or the cycle ends. */
static void step(void)
{
	snek_len_t off = scan_at;

	if (mark_sp) { /* only marking fills the stack, and ends with it empty */
		visit_object(gc_scratch.mark[--mark_sp]);
	} else if (off < top) {
		scan_at += size_at(off);
		if (phase == SWEEP)
			sweep(off);
		else if (marked(off))
			visit_object(off);
	} else if (phase == SWEEP) {
		set_phase(IDLE);
		COUNT(cycles);
#if !SNEK_SMALL_CODE
		cycle_every = SNEK_POOL_SIZE / 8;
		if (live_bytes > cycle_every)
			cycle_every = live_bytes < (GC_HOME_LIMIT - live_bytes) / 2 ?
				live_bytes : (snek_len_t)((GC_HOME_LIMIT - live_bytes) / 2);
		if (cycle_every < SNEK_POOL_SIZE / 8)
			cycle_every = SNEK_POOL_SIZE / 8;
#endif
	} else {
		if (phase == MARK_FULL) {
			compact();
			verify(true);
		} else {
			verify(false);
		}
		set_phase(SWEEP);
		scan_at = HEAP_START;
#if !SNEK_SMALL_CODE
		live_bytes = 0;
#endif
		FORGET_HOLES(); /* the sweep files them again */
	}
}

void gc_collect(void)
{
	/* A cycle under way ends first: its marks would hide unscanned
	 * objects from a fresh marking. */
	finish_cycle();
	cycle_begin(MARK_FULL);
	finish_cycle();
	COUNT(full);
}

snek_len_t gc_lower_limit(snek_len_t want)
{
	if (want < top)
		gc_collect();
	if (want < top)
		want = (snek_len_t)((top + sizeof(value_t) - 1) & ~(snek_len_t)(sizeof(value_t) - 1));
	if (want < gc_limit)
		gc_limit = want;
	return gc_limit;
}

/* Whether size bytes fit between the top and the heap's end, less the
 * reserve only compiling may take (see GC_RESERVE). */
static inline bool bump_fits(snek_len_t size)
{
	return size + gc_reserve <= gc_limit - top;
}

#if !SNEK_GC_FIRST_FIT
/* The link to the first hole in bin b that `size` bytes fit, whole or
 * with its end cut off; NULL when none does. */
static snek_len_t *hole_fit(uint8_t b, snek_len_t size)
{
	snek_len_t *link, off, hsize;

	for (link = &bins[b]; (off = *link) != NONE; link = &hole_at(off)->next) {
		hsize = size_at(off);
		if (hsize == size || hsize >= size + MIN_SIZE)
			return link;
		/* A small bin holds one size: its first hole speaks for all. */
		if (b)
			break;
	}
	return NULL;
}

/* A place for `size` bytes: the top, else a hole (what is left of it
 * filed again). Holes are tried in the size's own bin, then the large
 * ones (first fit), then the bins of bigger sizes. NULL when nothing
 * fits. */
static SNEK_OUTLINE uint8_t *place(snek_len_t size)
{
	uint8_t b = BIN_OF(size);
	snek_len_t *link, off, hsize;

	if (bump_fits(size)) {
		top += size;
		return gc_pool + top - size;
	}
	link = hole_fit(b, size);
	if (b) { /* the size's own bin */
		if (!link)
			link = hole_fit(0, size);
		while (!link && ++b < SNEK_GC_BINS)
			link = hole_fit(b, size);
	}
	if (!link)
		return NULL;
	off = *link;
	hsize = size_at(off);
	if (hsize == size) {
		*link = hole_at(off)->next;
		return gc_pool + off;
	}
	/* Cut the end off; what is left stays filed if its bin is the same. */
	*hdr_at(off) = GC_HDR(GC_FREE, hsize - size);
	if (BIN_OF(hsize - size) != BIN_OF(hsize)) {
		*link = hole_at(off)->next;
		hole_add(off);
	}
	return gc_pool + off + hsize - size;
}

#else
/* A place for `size` bytes: the top, else the end of the first hole it
 * fits (holes are free objects, their headers the bare size, never
 * marked: see sweep). NULL when nothing fits. */
static SNEK_OUTLINE uint8_t *place(snek_len_t size)
{
	snek_len_t off;
	gc_hdr_t hdr;

	if (bump_fits(size)) {
		top += size;
		return gc_pool + top - size;
	}
	for (off = HEAP_START; off < top; off += size_at(off)) {
		hdr = *hdr_at(off);
		if (hdr < GC_HDR_MARK && hdr >= size) {
			/* Cut the end off (all of it: gc_alloc writes the new
			 * header over the hole's). */
			*hdr_at(off) = (gc_hdr_t)(hdr - size);
			return gc_pool + off + hdr - size;
		}
	}
	return NULL;
}
#endif

/* A new object's bytes all 0, but for a string's (which its maker fills
 * whole): only its last granule, where its NUL is. */
static inline void clear(uint8_t *p, uint8_t type, snek_len_t size)
{
	if (!SNEK_SMALL_CODE && type == GC_STRING)
		memset(p + size - SNEK_GRANULE, 0, SNEK_GRANULE);
	else
		memset(p, 0, size);
}

static void *alloc_paid(uint8_t type, snek_len_t size);

void *gc_alloc(uint8_t type, snek_len_t bytes)
{
	snek_len_t size = (bytes + SNEK_GRANULE - 1) & ~(snek_len_t)(SNEK_GRANULE - 1);

	if (size < bytes)
		err_raise(ERR_NO_MEMORY);
	if (MIN_SIZE > SNEK_GRANULE && size < MIN_SIZE) /* (every object has a header) */
		size = MIN_SIZE;
	if (SNEK_GC_STRESS && gc_ntemp > GC_TEMP_SMALL)
		__builtin_trap();
	if (SNEK_GC_STRESS == 1)
		gc_collect();
	since_cycle += size;
#if !SNEK_SMALL_CODE && !SNEK_GC_STRESS
	/* Most of the time: no cycle under way or due, room at the top. */
	if (phase == IDLE && since_cycle < CYCLE_EVERY && bump_fits(size)) {
		uint8_t *p = gc_pool + top;

		top += size;
		clear(p, type, size);
		*(gc_hdr_t *)p = GC_HDR(type, size);
		COUNT(allocs);
		return p;
	}
#endif
	return alloc_paid(type, size);
}

/* The rest of gc_alloc: pay for the allocation with collection work,
 * starting a cycle after every CYCLE_EVERY bytes allocated, then take a
 * place, collecting in full when there is none. Out of line on hosts, so
 * that the fast path above saves no registers. */
#if !SNEK_SMALL_CODE
__attribute__((noinline))
#endif
static void *alloc_paid(uint8_t type, snek_len_t size)
{
	snek_len_t work;
	gc_hdr_t hdr;
	uint8_t *p;

	if (phase == IDLE && (SNEK_GC_STRESS == 2 || since_cycle >= CYCLE_EVERY))
		cycle_begin(MARK);
	for (work = SNEK_GC_STRESS == 2 ? 4 : 16 + 8 * (size / SNEK_GRANULE); work && phase != IDLE; work--)
		step();
	p = place(size);
	if (!p) {
		gc_collect();
		p = place(size);
		if (!p)
			err_raise(ERR_NO_MEMORY);
	}
	clear(p, type, size);
	/* New objects are black while marking, and above the sweeper. */
	hdr = GC_HDR(type, size);
	if (phase >= MARK || (phase == SWEEP && (snek_len_t)(p - gc_pool) >= scan_at))
		hdr |= GC_HDR_MARK;
	*(gc_hdr_t *)p = hdr;
	COUNT(allocs);
	return p;
}
