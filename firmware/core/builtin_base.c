/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built-ins of the base and input modules. */
#include "snek.h"
#include <math.h>

__attribute__((noinline)) value_t builtin_none(void)
{
	return VAL_NONE;
}

__attribute__((noinline)) float builtin_arg_num(const value_t *arg)
{
	return val_to_num(*arg);
}

__attribute__((noinline)) int32_t builtin_arg_int(const value_t *arg)
{
	return val_to_int(*arg);
}

value_t builtin_len(uint8_t nargs, value_t *args)
{
	(void)nargs;
	return val_from_num((float)val_len(args[0]));
}

value_t builtin_print(uint8_t nargs, value_t *args)
{
	value_t end;
	uint8_t i, pass;

	/* Pass 0 checks every value, pass 1 prints them: an error prints
	 * nothing. (One loop for both is the smaller code.) */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < nargs; i++) {
			if (!pass) {
				print_check(args[i]);
			} else {
				if (i)
					print_char(' ');
				print_value(args[i], false);
			}
		}
	/* Asked for last: fewer values live across the loops. */
	end = vm_named_arg(NAME_end);
	if (end == VAL_UNSET)
		print_char('\n');
	else if (end != VAL_NONE)
		print_value(end, false);
	return builtin_none();
}

value_t builtin_flush(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	hal_flush();
	return builtin_none();
}

/* chr(*v) in UTF-8: its bytes in out, their count returned (chr, and
 * format's %c where SNEK_FORMAT_CHR). */
uint8_t builtin_utf8(const value_t *v, char *out)
{
	uint32_t c = (uint32_t)builtin_arg_int(v);
	uint8_t n = 1, bit, i;

	if (c > 0x10FFFF) /* negative ones too */
		err_invalid_value(*v);
	/* Its bytes: seven bits fit one, eleven two, sixteen three. */
	n += (c > 0x7F) + (c > 0x7FF) + (c > 0xFFFF);
	/* Continuation bytes from the last; the lead byte gets a one more
	 * for each (0xC0, 0xE0, 0xF0) and the code's rest. */
	for (i = n, bit = 0; --i; bit = bit >> 1 | 0xC0) {
		out[i] = (char)(0x80 | (c & 0x3F));
		c >>= 6;
	}
	out[0] = (char)(bit | c);
	return n;
}

/* The C entries builtin_ord and builtin_chr: one body (one entry and
 * exit), switching on BUILTIN_chr. Both speak UTF-8, so text typed on a
 * PC round-trips. */
value_t builtin_ord(uint8_t nargs, value_t *args)
{
	struct snek_string *s;
	char utf8[4];
	uint32_t c;
	uint8_t n = 1, bit = 0x40, i;

	(void)nargs;
	if (BUILTIN_CALLED() == BUILTIN_chr) {
		n = builtin_utf8(args, utf8);
#if SNEK_CHAR_STRINGS
		if (n == 1)
			return str_char((uint8_t)utf8[0]);
#endif
		return str_new(utf8, n);
	}
	if (val_type(args[0]) != TYPE_STRING)
		err_invalid_type(args[0]);
	s = str_ptr(args[0]);
	c = (uint8_t)s->data[0];
	/* A lead byte's ones after the first count the continuation bytes
	 * (three at most); its bits below the zero that ends them are
	 * the code's. */
	if (c >= 0xC0) {
		while (n < 4 && (c & bit)) {
			n++;
			bit >>= 1;
		}
		c &= bit - 1;
	}
	if (s->len != n)
		err_invalid_value(args[0]);
	for (i = 1; i < n; i++)
		c = c << 6 | ((uint8_t)s->data[i] & 0x3F);
	return val_from_num(c);
}
BUILTIN_SHARES(chr, ord);

/* The C entries builtin_float and builtin_int, one body: float(x) and
 * int(x) of a number, or of a string as float() reads it. */
value_t builtin_float(uint8_t nargs, value_t *args)
{
	value_t v = args[0];
	struct snek_string *s;
	float f;

	(void)nargs;
	if (val_type(v) == TYPE_STRING) {
		s = str_ptr(v);
		if (!num_parse(s->data, s->len, &f, NUM_PARSE_SPACE | NUM_PARSE_UNDERSCORE | NUM_PARSE_WORDS))
			err_invalid_value(v);
	} else {
		f = val_to_num(v);
	}
	if (BUILTIN_CALLED() == BUILTIN_int) {
		if (!isfinite(f))
			err_invalid_value(v);
		f = math_trunc(f);
	}
	return val_from_num(f);
}
BUILTIN_SHARES(int, float);

value_t builtin_str(uint8_t nargs, value_t *args)
{
	(void)nargs;
	return print_to_string(args[0], false);
}

/* Like Python: round the exact decimal value (half to even) and read it
 * back; round(x, -n) rounds x / 10^n to a whole number the same way.
 * From 2^23 up (and inf, nan) floats are whole already. */
value_t builtin_round(uint8_t nargs, value_t *args)
{
	float x = builtin_arg_num(args), p = 1;
	int32_t digits = 0;
	bool whole = nargs == 1 || args[1] == VAL_NONE;
	char buf[50]; /* -8388607. and 40 digits, NUL */

	if (!whole) {
		digits = builtin_arg_int(&args[1]);
		if (digits > 40)
			return args[0];
		if (digits < 0) {
			/* 10^39 is inf as a float: 10^38 rounds every float
			 * below 5e37 to 0 all the same. */
			p = powf(10.0f, (float)(digits < -38 ? 38 : -digits));
			x /= p;
			digits = 0;
		}
	}
	if (fabsf(x) < 8388608.0f) {
		num_parse(buf, print_num_to_buf(buf, sizeof buf, x, 'f', 0, (int16_t)digits), &x, 0);
	}
	x *= p;
	/* round(x) is never -0; round(x, n) may be, as in Python. */
	return val_from_num(whole ? x + 0.0f : x);
}

#if SNEK_INPUT
value_t builtin_input(uint8_t nargs, value_t *args)
{
	snek_len_t len = 0;
	int16_t c;
	value_t *line, s; /* line: a root, the text read so far */

	if (nargs)
		print_value(args[0], false);
	hal_flush();
	GC_PUSH(VAL_NONE);
	line = &GC_TEMP(0);
	while ((c = console_getc()) >= 0 && c != '\n')
		if (c != '\r')
			buf_add(line, &len, (char)c);
	if (c == CONSOLE_INTR)
		err_interrupt();
	/* An empty line too: its root is still None, whose payload 0 reads
	 * as the pool's start, and no byte is copied. */
	s = str_from_raw(line, len);
	gc_ntemp--;
	return s;
}
#endif

#if SNEK_EXIT
value_t builtin_exit(uint8_t nargs, value_t *args)
{
	int status = 0;

	if (nargs && VAL_IS(args[0], TAG_STRING)) {
		print_to(SINK_ERR);
		print_value(args[0], false);
		print_char('\n');
		print_to(SINK_OUT);
		status = 1;
	} else if (nargs && args[0] != VAL_NONE) {
		status = (int)val_to_int(args[0]);
	}
	hal_flush();
	hal_exit(status);
	return builtin_none();
}
#endif
