/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Values: every Snek value is one 32-bit word, NaN-boxed. */
#ifndef SNEK_VALUE_H
#define SNEK_VALUE_H

#include <stdint.h>
#include <stdbool.h>
#include <string.h>

/*
 * A value is a float32 unless its bits are one of the negative NaNs, which
 * carry a type tag and a payload instead:
 *
 *   31 30      23 22   20 19                 0
 *  +--+----------+-------+--------------------+
 *  | s| exponent |      fraction              |  number: any bits <= 0xFF800000
 *  +--+----------+-------+--------------------+
 *  | 1| 11111111 |  tag  |      payload       |  reference: bits > 0xFF800000
 *  +--+----------+-------+--------------------+
 *
 * 0xFF800000 itself is -inf, so every reference is numerically above it and
 * "is a number" is one unsigned compare. Arithmetic that makes a NaN gets it
 * canonicalised to the positive quiet NaN, so no computed value lands here.
 * For heap objects the payload is the object's offset in the pool, counted
 * in SNEK_GRANULE units; for specials and builtins it is a small index.
 */
typedef uint32_t value_t;

#define VAL_BOX 0xFF800000u
#define VAL_TAG_SHIFT 20
#define VAL_PAYLOAD_MASK 0xFFFFFu

enum val_tag {
	TAG_BLOCK = 0,    /* internal heap block (list items, dict tables) */
	TAG_SPECIAL = 1,  /* None, True, False, unset, builtin functions */
	TAG_STRING = 2,
	TAG_LIST = 3,
	TAG_TUPLE = 4,
	TAG_DICT = 5,
	TAG_FUNC = 6,
	TAG_INT = 7,      /* internal small integer: call frames, compiler */
};

#define VAL_MAKE(tag, payload) (VAL_BOX | ((uint32_t)(tag) << VAL_TAG_SHIFT) | (uint32_t)(payload))
#define VAL_IS_NUM(v) ((v) <= VAL_BOX)
/* The tag from the one byte that holds it: a 32-bit shift by 20 is a loop
 * on 8-bit chips. */
#define VAL_TAG(v) ((uint8_t)((v) >> 16) >> (VAL_TAG_SHIFT - 16) & 7)
#define VAL_PAYLOAD(v) ((v) & VAL_PAYLOAD_MASK)
/* Tag and box are the top 12 bits: a 16-bit compare of the top half. */
#define VAL_IS(v, tag) (((uint16_t)((v) >> 16) & 0xFFF0) == \
			(uint16_t)(VAL_BOX >> 16 | (uint16_t)(tag) << (VAL_TAG_SHIFT - 16)))
/* Heap references: every tag but SPECIAL and INT. Block references use
 * tag 0 with a non-zero payload (the pool's first granule is never used). */
#define VAL_IS_HEAP(v) (!VAL_IS_NUM(v) && VAL_TAG(v) != TAG_SPECIAL && VAL_TAG(v) != TAG_INT)

#define VAL_NONE VAL_MAKE(TAG_SPECIAL, 0)
#define VAL_FALSE VAL_MAKE(TAG_SPECIAL, 1)
#define VAL_TRUE VAL_MAKE(TAG_SPECIAL, 2)
#define VAL_UNSET VAL_MAKE(TAG_SPECIAL, 3)   /* unbound local or global */
#define VAL_DELETED VAL_MAKE(TAG_SPECIAL, 4) /* removed dict entry */
#define VAL_BUILTIN_BASE 16
#define VAL_BUILTIN(i) VAL_MAKE(TAG_SPECIAL, VAL_BUILTIN_BASE + (i))
#define VAL_IS_BUILTIN(v) (VAL_IS(v, TAG_SPECIAL) && VAL_PAYLOAD(v) >= VAL_BUILTIN_BASE)
#define VAL_BUILTIN_INDEX(v) (VAL_PAYLOAD(v) - VAL_BUILTIN_BASE)
#define VAL_IS_BOOL(v) ((v) == VAL_TRUE || (v) == VAL_FALSE)
#define VAL_BOOL(c) ((c) ? VAL_TRUE : VAL_FALSE)
#define VAL_INT(i) VAL_MAKE(TAG_INT, i)
#define VAL_INT_GET(v) ((uint32_t)VAL_PAYLOAD(v))

#define VAL_CANON_NAN 0x7FC00000u

static inline float val_num(value_t v)
{
	float f;
	memcpy(&f, &v, sizeof f);
	return f;
}

/* Box a float that may be a computed NaN. Small code calls one copy
 * (core/value.c): the 32-bit compare is long in 8-bit code and numbers are
 * made everywhere. */
static inline value_t val_box_num(float f)
{
	value_t v;
	memcpy(&v, &f, sizeof v);
	if (v > VAL_BOX)
		v = VAL_CANON_NAN;
	return v;
}
#if SNEK_SMALL_CODE
__attribute__((noinline)) value_t val_from_num(float f);
#else
#define val_from_num(f) val_box_num(f)
#endif

#endif
