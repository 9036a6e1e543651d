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

/* The names: num_ for number.c's two conversions (num_parse, text to
 * float32; num_format, float32 to text through print_char); print_num
 * and print_num_to_buf (print.h) print a number to the console or into
 * a buffer through print.c's sinks. */

/* Python repr of a float32 (num_format's conversion 'r'): the shortest
 * decimal that reads back to the same float32.  Integral values print
 * without ".0" (3, -7, 1000000).  Fixed notation when the decimal
 * exponent is in [-4, 16), else scientific: 1e+16, 1.5e-05,
 * 3.4028235e+38.  'inf', '-inf', 'nan'.  -0.0 prints as "0".  Its text
 * and a NUL take NUM_REPR_MAX bytes at most. */
#define NUM_REPR_MAX 32

/* Hosts (!SNEK_SMALL_CODE): the repr of a whole number below 2^24 in
 * magnitude written into buf (NUM_WHOLE_MAX bytes, no NUL), its length; 0
 * for any other number. */
#define NUM_WHOLE_MAX 9
uint8_t num_whole(float f, char *buf);

/* Parse a Python float literal or float() argument, correctly rounded to
 * the nearest float32 (ties to even).  Returns true and stores the value
 * if the whole string [s, s+len) is valid, false otherwise. */
bool num_parse(const char *s, size_t len, float *out, uint8_t flags);
#define NUM_PARSE_SPACE 1      /* allow leading/trailing ASCII whitespace */
#define NUM_PARSE_UNDERSCORE 2 /* allow single '_' between digits */
#define NUM_PARSE_WORDS 4      /* allow inf, infinity, nan */

/* Python %-formatting of one number, printed with print_char (print.c
 * or, for the tests, their driver's); conv is one of d i u o x X e E f
 * F g G (or 'r' for repr), flags NUM_FMT_PLUS, _SPACE and _ALT.  prec
 * is -1 when absent (clamped to 60).  For the integer conversions the
 * value is first truncated toward zero.  No padding: MINUS and ZERO are
 * ignored (the % operator pads, in print.c).  False, printing nothing,
 * for an integer conversion of inf or nan. */
#define NUM_FMT_MINUS 1
#define NUM_FMT_PLUS 2
#define NUM_FMT_SPACE 4
#define NUM_FMT_ZERO 8
#define NUM_FMT_ALT 16
bool num_format(float f, char conv, uint8_t flags, int16_t prec);
void print_char(char c);

#endif /* NUMBER_H */
