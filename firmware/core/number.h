/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Exact float32 <-> decimal conversion for Snek.
 *
 * Everything is done with small fixed-size integer bignums, so results
 * are exact and identical on every target (no double, no libc printf).
 */
#ifndef NUMBER_H
#define NUMBER_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

/* Python repr of a float32: the shortest decimal that reads back to the
 * same float32.  Integral values print without ".0" (3, -7, 1000000).
 * Fixed notation when the decimal exponent is in [-4, 16), else
 * scientific: 1e+16, 1.5e-05, 3.4028235e+38.  'inf', '-inf', 'nan'.
 * -0.0 prints as "0".  Writes a NUL-terminated string, returns its length.
 * buf must hold NUM_REPR_MAX bytes. */
#define NUM_REPR_MAX 32
#define num_repr(buf, f) num_format(buf, NUM_REPR_MAX, f, 'r', 0, -1, -1)

/* Parse a Python float literal or float() argument, correctly rounded to
 * the nearest float32 (ties to even).  Returns true and stores the value
 * if the whole string [s, s+len) is valid, false otherwise. */
bool num_parse(const char *s, size_t len, float *out, uint8_t flags);
#define NUM_PARSE_SPACE 1      /* allow leading/trailing ASCII whitespace */
#define NUM_PARSE_UNDERSCORE 2 /* allow single '_' between digits */
#define NUM_PARSE_WORDS 4      /* allow inf, infinity, nan */

/* Python %-formatting of one number; conv is one of d i u o x X e E f F g G
 * (or 'r' for num_repr's text), flags NUM_FMT_PLUS, _SPACE and _ALT.
 * prec is -1 when absent (clamped to 60).  For the integer conversions
 * the value is first truncated toward zero.  No padding: width is
 * ignored, MINUS and ZERO too (the % operator pads, in print.c).
 * Writes the text and a NUL into buf, which must hold them (size, its
 * room, is checked on the host only), returns the text's length. */
#define NUM_FMT_MINUS 1
#define NUM_FMT_PLUS 2
#define NUM_FMT_SPACE 4
#define NUM_FMT_ZERO 8
#define NUM_FMT_ALT 16
uint16_t num_format(char *buf, uint16_t size, float f, char conv,
		   uint8_t flags, int16_t width, int16_t prec);

/* The same handed to fn one character at a time, no buffer, no limit.
 * False, printing nothing, for an integer conversion of inf or nan. */
bool num_print(void (*fn)(char), float f, char conv, uint8_t flags, int16_t prec);

#endif /* NUMBER_H */
