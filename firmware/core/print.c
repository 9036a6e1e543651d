/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Printing values. Printing never allocates, so a string is made by
 * printing twice: once to count, once into the new string. */
#include "snek.h"
#if !SNEK_SMALL_CODE
#include <stdlib.h>	/* abort */
#endif

static uint8_t sink;
static char *sink_buf;
static snek_len_t sink_len;	/* characters printed since print_to */
/* The characters still allowed (%.3s), complemented: 0 is no limit,
 * and RAM that starts at zero costs no flash */
static snek_len_t sink_over;

/* Containers being printed: nesting is bounded, and a container inside
 * itself prints as [...] like Python (SNEK_PRINT_CYCLES; without it, a
 * list holding itself is "too deeply nested"). */
#if SNEK_NEST_MAX < 255
static uint8_t depth;
#else
static uint16_t depth;
#endif
#if SNEK_PRINT_CYCLES
static value_t path[SNEK_NEST_MAX];
#endif

void print_to(uint8_t s)
{
	sink = s;
	sink_len = 0;
	depth = 0;
	sink_over = 0;
}

/* A string longer than the pool never fits, and its count must not wrap
 * around: '%1000s' * 66 pads past 2^16, and a tuple that holds itself
 * twice, 40 deep, prints 2^40 items. So padding (only ever counted or
 * made into a string) checks the count, and so does every character
 * with 32-bit lengths; one character at a time, a 16-bit count
 * (SNEK_LEN16) stops where sink_over does, at the largest length. */
#define COUNT_CHECK() do { \
		if (sink_len > SNEK_POOL_SIZE) \
			err_raise(ERR_NO_MEMORY); \
	} while (0)

void print_char(char c)
{
	if (sink_over == (snek_len_t)-1)
		return;
	sink_over++;
	if (sink == SINK_OUT)
		hal_putc(c);
	else if (sink == SINK_ERR)
		hal_err_putc(c);
	else if (sink == SINK_BUF)
		sink_buf[sink_len] = c;
	sink_len++;
#if !SNEK_LEN16
	if (sink >= SINK_COUNT)
		COUNT_CHECK();
#endif
}

void print_cstr(const char *s)
{
	while (*s)
		print_char(*s++);
}

void print_rom(const char *s)
{
	char c;

	while ((c = (char)SNEK_ROM_BYTE(s++)))
		print_char(c);
}

void print_num(float f)
{
	num_format(f, 'r', 0, -1);
}

uint16_t print_num_to_buf(char *buf, uint16_t size, float f, char conv, uint8_t flags, int16_t prec)
{
	snek_len_t len;

	print_to(SINK_BUF);
	sink_buf = buf;
	num_format(f, conv, flags, prec);
	len = sink_len;
	buf[len] = '\0';
	sink = SINK_OUT;	/* the console again; the rest print_to resets */
#if !SNEK_SMALL_CODE
	if (len >= size)
		abort();	/* the caller's buffer was too small */
#else
	(void)size;
#endif
	return len;
}

/* The operators are one run of opcodes.h, from OP_ADD to OP_NOT: each in
 * it, and as many as it is long. */
enum {
#define OP(name, effect, bytes)
#define OPERATOR(name, effect, level, text) OPERATOR_NUMBER_##name,
#include "opcodes.h"
#undef OPERATOR
#undef OP
	OPERATOR_COUNT
};
_Static_assert(OPERATOR_COUNT == OP_NOT - OP_ADD + 1, "the operators run from OP_ADD to OP_NOT");
#define OP(name, effect, bytes)
#define OPERATOR(name, effect, level, text) \
	_Static_assert(OP_##name >= OP_ADD && OP_##name <= OP_NOT, #name " is out of the operators' run");
#include "opcodes.h"
#undef OPERATOR
#undef OP

const char op_texts[] SNEK_ROM =
#define OP(name, effect, bytes)
#define OPERATOR(name, effect, level, text) text "\0"
#include "opcodes.h"
#undef OPERATOR
#undef OP
	;

void print_op(uint8_t op)
{
	const char *t = op_texts;
	uint8_t i;

	for (i = OP_ADD; i < op; i++)
		while (SNEK_ROM_BYTE(t++))
			;
	print_rom(t);
}

static void print_hex(uint8_t d)
{
	print_char((char)(d < 10 ? '0' + d : 'a' - 10 + d));
}

void print_hex_escape(uint8_t c)
{
	print_str("\\x");
	print_hex(c >> 4);
	print_hex(c & 15);
}

/* A string as it is, or as Python's repr: single quotes unless it
 * holds ' and no ", escapes for the quote, \\ and control characters. */
static void print_string(struct snek_string *s, bool repr)
{
	const char *p = s->data, *end = p + s->len;
	char quote = 0, esc;
	uint8_t c;

	if (repr) {
		quote = '\'';
		for (; p < end; p++) {	/* no memchr linked for this */
			if (*p == '"') {
				quote = '\'';
				break;
			}
			if (*p == '\'')
				quote = '"';
		}
		p = s->data;
		print_char(quote);
	}
	for (; p < end; p++) {
		c = (uint8_t)*p;
		esc = !quote ? 0 : c == '\n' ? 'n' : c == '\r' ? 'r' : c == '\t' ? 't' :
			c == '\\' || c == (uint8_t)quote ? (char)c : 0;
		if (esc) {
			print_char('\\');
			print_char(esc);
		} else if (quote && (c < ' ' || c == 0x7f)) {
			print_hex_escape(c);
		} else {
			print_char((char)c);
		}
	}
	if (quote)
		print_char(quote);
}

/* The name of built-in function f: the one without a module prefix if
 * there is one (sqrt rather than math.sqrt) */
static uint16_t builtin_name(uint8_t f)
{
	uint16_t id, best = NAME_NONE;

	for (id = 0; id < NAME_BUILTIN_COUNT; id++)
		if (global_builtin_index(id) == f) {
			best = id;
			if (!name_has_dot(id))
				break;
		}
	return best;
}

/* Starts printing container v: false when it is already being printed. */
static bool enter(value_t v)
{
#if !SNEK_PRINT_CYCLES
	(void)v;
#else
	uint16_t i;

	for (i = 0; i < depth; i++)
		if (path[i] == v)
			return false;
#endif
	/* Containers that share their items print far longer than they
	 * are big: ^C stops it. */
	CONSOLE_POLL();
	if (depth == SNEK_NEST_MAX)
		err_raise(ERR_NESTED);
#if SNEK_PRINT_CYCLES
	path[depth] = v;
#endif
	depth++;
	return true;
}

/* The opening brackets, then the closing texts of a list, a tuple, a
 * dict and a tuple of one item */
static const char brackets[] SNEK_ROM = "[({";
static const char closers[] SNEK_ROM = "]\0)\0}\0,)";

/* A list, tuple or dict: one walk over its values, which for a dict are
 * key, value pairs (a deleted key leaves a hole). */
static void print_items(value_t v, uint8_t kind)	/* 0 list, 1 tuple, 2 dict */
{
	static snek_len_t n;	/* not on the C stack: this recurses */
	value_t *p, *end;

	if (kind == 2) {
		struct snek_dict *d = dict_ptr(v);
		n = 2 * d->used;
		/* no entries block when empty: then any pointer, never read */
		p = n ? block_ptr(d->entries) : (value_t *)d;
	} else {
		p = seq_items(v, &n);
	}
	end = p + n;
	print_char((char)SNEK_ROM_BYTE(brackets + kind));
	if (enter(v)) {
		bool first = true;

		if (kind == 1 && n == 1)
			kind = 3;	/* (x,) */
		for (; p < end; p += 1 + (kind == 2)) {
			if (*p == VAL_DELETED)
				continue;
			if (!first)
				print_str(", ");
			first = false;
			print_value(*p, true);
			if (kind == 2) {
				print_str(": ");
				print_value(p[1], true);
			}
		}
		depth--;
	} else {
		print_str("...");
	}
	print_rom(closers + 2 * kind);
}

/* What print_new prints: fmt % args (format_all, FMT_COUNT only counts
 * conversions), str(v), repr(v), or repr(v) only counted */
enum { FMT_COUNT, FMT_PRINT, PRINT_STR, PRINT_REPR, PRINT_CHECK };
static value_t print_new(value_t a, value_t b, uint8_t mode);

static const char builtin_function[] SNEK_ROM = "built-in function ";

void print_value(value_t v, bool repr)
{
	uint16_t name, special;
	uint8_t tag;
	const char *kind;

	if (VAL_IS_NUM(v))
		return print_num(val_num(v));
	switch (tag = (uint8_t)VAL_TAG(v)) {
	case TAG_STRING:
		return print_string(str_ptr(v), repr);
	case TAG_LIST:
	case TAG_TUPLE:
	case TAG_DICT:
		return print_items(v, tag - TAG_LIST);
	case TAG_FUNC:
		name = code_ptr(v)->name;
		kind = builtin_function + 9;	/* "function " */
		break;
	default:
		special = (uint16_t)VAL_PAYLOAD(v);
		if (tag != TAG_SPECIAL)
			special = VAL_BUILTIN_BASE - 1;	/* prints <?> */
		if (special <= VAL_PAYLOAD(VAL_TRUE))
			/* None, False, True: the keywords' texts, in the
			 * order None, True, False */
			return print_rom(parse_token_text((uint8_t)(TOK_NONE + (special ? 3 - special : 0))));
		if (special < VAL_BUILTIN_BASE)
			return print_str("<?>");
		name = builtin_name((uint8_t)(special - VAL_BUILTIN_BASE));
		kind = builtin_function;
	}
	print_char('<');
	print_rom(kind);
	name_print(name);
	print_char('>');
}

void print_check(value_t v)
{
	if (!VAL_IS_NUM(v))	/* a number cannot fail; its repr is slow */
		print_new(v, VAL_NONE, PRINT_CHECK);
}

/* Index of c in a flash string, or -1 */
static int8_t rom_index(const char *table, char c)
{
	const char *t;
	char x;

	for (t = table; (x = (char)SNEK_ROM_BYTE(t)); t++)
		if (x == c)
			return (int8_t)(t - table);
	return -1;
}

/* Widths and precisions: any above the pool's size are too big for any
 * string, so they are read no further (the count then runs out of
 * memory), and fit the pool's lengths signed. */
#if SNEK_LEN16
typedef int16_t fmt_len_t;
#define PREC16(p) (p)
#else
typedef int32_t fmt_len_t;
#define PREC16(p) ((int16_t)((p) > 0x7fff ? 0x7fff : (p))) /* num_format keeps 60 */
#endif
_Static_assert(10 * (uint32_t)SNEK_POOL_SIZE + 9 <= (fmt_len_t)((1ul << (8 * sizeof(fmt_len_t) - 1)) - 1),
	       "a width read a digit past the pool's size fits fmt_len_t");

static const char conversions[] SNEK_ROM = "oxXdiueEfFgGcsr";
#define CONV_PREFIXED 3	/* below: o x X, which the alt flag prefixes */
#define CONV_TEXT 12	/* from here on: text */

/* The text of %s or %r cut to prec characters, or of %c: a string of
 * one character, or chr of a number (UTF-8). */
static void format_text(char conv, fmt_len_t prec, value_t v)
{
#if SNEK_FORMAT_CHR
	char utf8[4];
	uint8_t i, n;
#endif

	if (conv == 'c') {
		if (val_type(v) != TYPE_STRING || str_ptr(v)->len != 1) {
#if SNEK_FORMAT_CHR
			n = builtin_utf8(&v, utf8);
			for (i = 0; i < n; i++)
				print_char(utf8[i]);
#else
			print_char((char)val_to_int(v));
#endif
			return;
		}
		prec = -1;	/* a string of one character prints as it is */
	}
	if (prec >= 0)
		sink_over = (snek_len_t)~prec;
	print_value(v, conv == 'r');
	sink_over = 0;
}

/* Conversion k of v, padded to width: with spaces, or for a number
 * with the zero flag with zeros after its sign and 0x.  % output goes
 * to a count or a buffer, never straight out: the padding goes into
 * the buffer once the text's length is known (right-aligned text moves
 * right).  False for an integer conversion of inf or nan. */
static bool format_padded(int8_t k, char conv, uint8_t flags, fmt_len_t width, fmt_len_t prec,
			  value_t v)
{
	snek_len_t start = sink_len, len;

	if (k >= CONV_TEXT)
		format_text(conv, prec, v);
	else if (!num_format(val_to_num(v), conv, flags, PREC16(prec)))
		return false;
	len = sink_len - start;
	if (width > (fmt_len_t)len) {
		width -= (fmt_len_t)len;
		if (sink == SINK_BUF) {
			char *at = sink_buf + start, *end = sink_buf + sink_len, fill = ' ';
			if (flags & NUM_FMT_MINUS) {
				at = end;
			} else if ((flags & NUM_FMT_ZERO) && k < CONV_TEXT) {
				fill = '0';
				at += *at < '0';	/* a sign: - + or space */
				if ((flags & NUM_FMT_ALT) && k < CONV_PREFIXED)
					at += 2;	/* 0o, 0x */
			}
			memmove(at + width, at, (size_t)(end - at));
			memset(at, fill, (size_t)width);
		}
		sink_len += (snek_len_t)width;	/* counting, the count is all */
		COUNT_CHECK();
	}
	return true;
}


/* Print fmt % args, t[0] % t[1] (args is one value, or a tuple or list
 * of them); FMT_COUNT prints nothing and raises nothing: it counts the
 * conversions that take a value.  t is print_new's, in gc_temp: the
 * values stay there, and printing does not allocate, so the items stay
 * where they are. */
static snek_len_t format_all(value_t *t, uint8_t mode)
{
	struct snek_string *s = str_ptr(t[0]);
	const char *p = s->data, *end = p + s->len;
	snek_len_t used = 0, nargs = 1, n;
	uint8_t flags;
	fmt_len_t width, prec;
	int8_t k;
	value_t v, *items = t + 1;
	char c;

	/* A tuple is always a list of values; a list only when the format
	 * wants more than one (Snek accepts lists, Python formats them). */
	if (mode) {
		uint8_t type = val_type(t[1]);
		if (type == TYPE_TUPLE || (type == TYPE_LIST && format_all(t, FMT_COUNT) != 1))
			items = seq_items(t[1], &nargs);
	}
	while (p < end) {
		c = *p++;
		if (c == '%') {
			/* the string ends in a NUL, which no loop below takes */
			for (flags = 0;; p++) {
				c = *p;
				uint8_t bit = c == '-' ? NUM_FMT_MINUS : c == '+' ? NUM_FMT_PLUS :
					c == ' ' ? NUM_FMT_SPACE : c == '0' ? NUM_FMT_ZERO :
					c == '#' ? NUM_FMT_ALT : 0;
				if (!bit)
					break;
				flags |= bit;
			}
			/* width, then .prec: the number read so far is the
			 * width when a point comes */
			prec = -1;
			for (n = 0;; p++) {
				uint8_t digit = (uint8_t)(*p - '0');
				if (digit < 10) {
					if (n <= SNEK_POOL_SIZE)
						n = (snek_len_t)(n * 10 + digit);
				} else if (*p == '.' && prec < 0) {
					prec = (fmt_len_t)n;
					n = 0;
				} else {
					break;
				}
			}
			width = (fmt_len_t)n;
			if (prec >= 0) {
				width = prec;
				prec = (fmt_len_t)n;
			}
			c = *p++;	/* at the end, the NUL */
			if (c != '%') {
				if (mode == FMT_COUNT) {
					used += c != 0;
					continue;
				}
				k = rom_index(conversions, c);
				v = t[0];
				if (k < 0)
					goto invalid;
				if (used >= nargs)
					goto count;
				v = items[used];
				used++;
				if (!format_padded(k, c, flags, width, prec, v))
					goto invalid;
				continue;
			}
		}
		if (mode != FMT_COUNT)
			print_char(c);
	}
	if (mode == FMT_COUNT || used == nargs)
		return used;
count:
	err_format("%S values for format",
		   ERR_PTR(used < nargs ? ROM_STR("too many") : ROM_STR("not enough")));
invalid:
	err_invalid_value(v);
}

/* format_all, or print_value for PRINT_STR and PRINT_REPR, of a and b
 * as a new string: counted first, then written.  PRINT_CHECK only
 * counts (print_check drops what it returns). */
static value_t print_new(value_t a, value_t b, uint8_t mode)
{
	value_t s = 0, *t = gc_temp + gc_ntemp;	/* 0: PRINT_CHECK's, unused */
	uint8_t to = SINK_COUNT;

	t[0] = a;	/* GC_PUSH both: the collector keeps them up to date */
	t[1] = b;
	gc_ntemp += 2;
	for (;;) {
		print_to(to);
		if (mode >= PRINT_STR)
			print_value(t[0], mode >= PRINT_REPR);
		else
			format_all(t, mode);
		if (to == SINK_BUF || mode == PRINT_CHECK)
			break;
		s = str_alloc(sink_len);
		sink_buf = str_ptr(s)->data;
		to = SINK_BUF;
	}
	print_to(SINK_OUT);
	gc_ntemp -= 2;
	return s;
}

value_t print_to_string(value_t v, bool repr)
{
	if (VAL_IS(v, TAG_STRING) && !repr)
		return v;
#if !SNEK_SMALL_CODE
	/* A number's text is short: written once, into a buffer. */
	if (VAL_IS_NUM(v)) {
		char buf[NUM_REPR_MAX];
		uint8_t n = num_whole(val_num(v), buf);

		if (!n)
			n = (uint8_t)print_num_to_buf(buf, sizeof buf, val_num(v), 'r', 0, -1);
		return str_new(buf, n);
	}
#endif
	return print_new(v, VAL_NONE, repr ? PRINT_REPR : PRINT_STR);
}

value_t print_format(value_t fmt, value_t args)
{
	return print_new(fmt, args, FMT_PRINT);
}
