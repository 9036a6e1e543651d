/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Printing values. Printing never allocates, so a string is made by
 * printing twice: once to count, once into the new string. */
#include "snek.h"

/* Containers being printed, to show a cycle as [...]. */
static value_t path[SNEK_NEST_MAX];
static uint16_t npath;

static uint8_t sink;
static char *sink_buf;
static snek_len_t sink_len;
static snek_len_t sink_limit = (snek_len_t)-1;

void print_to(uint8_t s)
{
	sink = s;
	sink_len = 0;
	npath = 0;
	sink_limit = (snek_len_t)-1;
}

void print_char(char c)
{
	if (!sink_limit)
		return;
	sink_limit--;
	switch (sink) {
	case SINK_OUT:
		hal_putc(c);
		break;
	case SINK_ERR:
		hal_err_putc(c);
		break;
	case SINK_BUF:
		sink_buf[sink_len] = c;
		/* fall through */
	default:
		sink_len++;
	}
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
	char buf[NUM_REPR_MAX];

	num_repr(buf, f);
	print_cstr(buf);
}

static const char op_text[][4] SNEK_ROM = {
	"+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>", "+=", "*=",
	"<", "<=", ">", ">=", "==", "!=", "in", "not", "is", "is", "-", "+", "~", "not",
};

void print_op(uint8_t op)
{
	const char *t = op_text[op - OP_ADD];
	char c;

	while ((c = (char)SNEK_ROM_BYTE(t++)))
		print_char(c);
	if (op == OP_NOT_IN)
		print_str(" in");
	if (op == OP_IS_NOT)
		print_str(" not");
}

/* Python's repr of a string: single quotes unless it holds ' and no ". */
static void print_repr_str(value_t v)
{
	struct snek_string *s = str_ptr(v);
	char quote = '\'';
	snek_len_t i;
	uint8_t c;

	if (memchr(s->data, '\'', s->len) && !memchr(s->data, '"', s->len))
		quote = '"';
	print_char(quote);
	for (i = 0; i < s->len; i++) {
		c = (uint8_t)s->data[i];
		if (c == '\\' || c == (uint8_t)quote) {
			print_char('\\');
			print_char((char)c);
		} else if (c == '\n') {
			print_str("\\n");
		} else if (c == '\r') {
			print_str("\\r");
		} else if (c == '\t') {
			print_str("\\t");
		} else if (c < ' ' || c == 0x7f) {
			print_str("\\x");
			print_char("0123456789abcdef"[c >> 4]);
			print_char("0123456789abcdef"[c & 15]);
		} else {
			print_char((char)c);
		}
	}
	print_char(quote);
}

static void print_builtin_name(uint8_t f)
{
	uint16_t id, best = NAME_NONE;

	for (id = 0; id < NAME_BUILTIN_COUNT; id++)
		if (global_builtin_index(id) == f) {
			best = id;
			if (!name_has_dot(id))
				break;
		}
	name_print(best);
}


/* cycle is in flash. */
static bool enter(value_t v, const char *cycle)
{
	uint16_t i;

	for (i = 0; i < npath; i++) {
		if (path[i] == v) {
			print_rom(cycle);
			return false;
		}
	}
	if (npath == SNEK_NEST_MAX) {
		npath = 0;
		err_raise(ERR_NESTED);
	}
	path[npath++] = v;
	return true;
}

static void print_seq(value_t v)
{
	bool list = VAL_IS(v, TAG_LIST);
	snek_len_t n, i;

	if (!enter(v, list ? ROM_STR("[...]") : ROM_STR("(...)")))
		return;
	print_char(list ? '[' : '(');
	seq_items(v, &n);
	for (i = 0; i < n; i++) {
		if (i)
			print_str(", ");
		print_value(seq_items(v, &n)[i], true);
	}
	if (!list && n == 1)
		print_char(',');
	print_char(list ? ']' : ')');
	npath--;
}

static void print_dict(value_t v)
{
	snek_len_t i = 0;
	value_t k;
	bool first = true;

	if (!enter(v, ROM_STR("{...}")))
		return;
	print_char('{');
	while ((k = dict_key_at(v, &i)) != VAL_UNSET) {
		if (!first)
			print_str(", ");
		first = false;
		print_value(k, true);
		print_str(": ");
		print_value(dict_get(v, k), true);
	}
	print_char('}');
	npath--;
}

void print_value(value_t v, bool repr)
{
	struct snek_string *s;
	snek_len_t i;

	if (VAL_IS_NUM(v))
		return print_num(val_num(v));
	switch (VAL_TAG(v)) {
	case TAG_STRING:
		if (repr)
			return print_repr_str(v);
		s = str_ptr(v);
		for (i = 0; i < s->len; i++)
			print_char(str_ptr(v)->data[i]);
		return;
	case TAG_LIST:
	case TAG_TUPLE:
		return print_seq(v);
	case TAG_DICT:
		return print_dict(v);
	case TAG_FUNC:
		print_str("<function ");
		name_print(code_ptr(v)->name);
		print_char('>');
		return;
	}
	if (v == VAL_NONE)
		print_str("None");
	else if (v == VAL_TRUE)
		print_str("True");
	else if (v == VAL_FALSE)
		print_str("False");
	else if (VAL_IS_BUILTIN(v)) {
		print_str("<built-in function ");
		print_builtin_name((uint8_t)VAL_BUILTIN_INDEX(v));
		print_char('>');
	} else
		print_str("<?>");
}

void print_check(value_t v)
{
	if (VAL_IS(v, TAG_LIST) || VAL_IS(v, TAG_TUPLE) || VAL_IS(v, TAG_DICT)) {
		print_to(SINK_COUNT);
		print_value(v, true);
		print_to(SINK_OUT);
	}
}

value_t print_to_string(value_t v, bool repr)
{
	value_t s;

	if (VAL_IS(v, TAG_STRING) && !repr)
		return v;
	print_to(SINK_COUNT);
	print_value(v, repr);
	GC_PUSH(v);
	s = str_alloc(sink_len);
	v = GC_POP();
	print_to(SINK_BUF);
	sink_buf = str_ptr(s)->data;
	print_value(v, repr);
	print_to(SINK_OUT);
	return s;
}

/* One %-conversion of v. */
static void format_one(char conv, uint8_t flags, int16_t width, int16_t prec, value_t v)
{
	char buf[128];
	snek_len_t len, save;
	float f;

	switch (conv) {
	case 'c':
		if (VAL_IS(v, TAG_STRING) && str_ptr(v)->len == 1)
			break;
		buf[0] = (char)val_to_int(v);
		buf[1] = '\0';
		goto text;
	case 's':
	case 'r':
		break;
	default:
		f = val_to_num(v);
		if (strchr("dioxX", conv) && !(f - f == 0.0f))
			err_invalid_value(v);
		if (width > 100)
			width = 100;
		num_format(buf, sizeof buf, f, conv, flags, width, prec);
		print_cstr(buf);
		return;
	}
	/* Strings: measure, then pad. */
	save = sink_len;
	{
		uint8_t old = sink;
		snek_len_t old_limit = sink_limit;
		sink = SINK_COUNT;
		sink_len = 0;
		if (prec >= 0)
			sink_limit = (snek_len_t)prec;
		print_value(v, conv == 'r');
		len = sink_len;
		sink = old;
		sink_len = save;
		sink_limit = old_limit;
	}
	if (!(flags & NUM_FMT_MINUS))
		for (; width > (int16_t)len; width--)
			print_char(' ');
	{
		snek_len_t old_limit = sink_limit;
		if (prec >= 0)
			sink_limit = (snek_len_t)prec;
		print_value(v, conv == 'r');
		sink_limit = old_limit;
	}
	for (; width > (int16_t)len; width--)
		print_char(' ');
	return;
text:
	len = (snek_len_t)strlen(buf);
	if (!(flags & NUM_FMT_MINUS))
		for (; width > (int16_t)len; width--)
			print_char(' ');
	print_cstr(buf);
	for (; width > (int16_t)len; width--)
		print_char(' ');
}

static int16_t read_number(struct snek_string *s, snek_len_t *i)
{
	int16_t n = 0;

	while (*i < s->len && s->data[*i] >= '0' && s->data[*i] <= '9') {
		if (n < 1000)
			n = (int16_t)(n * 10 + (s->data[*i] - '0'));
		(*i)++;
	}
	return n;
}

/* Print fmt % args; the argument count is checked. */
static void format_all(value_t fmt, value_t args, snek_len_t nargs, bool many)
{
	struct snek_string *s = str_ptr(fmt);
	snek_len_t i, used = 0, n;
	uint8_t flags;
	int16_t width, prec;
	const char *fl;
	char c;

	for (i = 0; i < s->len; i++) {
		c = s->data[i];
		if (c != '%') {
			print_char(c);
			continue;
		}
		flags = 0;
		while (++i < s->len && (fl = strchr("-+ 0#", s->data[i])) && s->data[i])
			flags |= (uint8_t)(1 << (fl - "-+ 0#"));
		width = read_number(s, &i);
		prec = -1;
		if (i < s->len && s->data[i] == '.') {
			i++;
			prec = read_number(s, &i);
		}
		if (i >= s->len)
			err_invalid_value(fmt);
		c = s->data[i];
		if (c == '%') {
			print_char('%');
			continue;
		}
		if (!strchr("diouxXeEfFgGcsr", c) || !c)
			err_invalid_value(fmt);
		if (used >= nargs)
			err_format("not enough values for format");
		format_one(c == 'u' ? 'd' : c, flags, width ? width : -1, prec,
			   many ? seq_items(args, &n)[used] : args);
		used++;
	}
	if (used != nargs)
		err_format("too many values for format");
}

/* How many conversions take a value. */
static snek_len_t count_conversions(value_t fmt)
{
	struct snek_string *s = str_ptr(fmt);
	snek_len_t i, n = 0;

	for (i = 0; i < s->len; i++) {
		if (s->data[i] != '%')
			continue;
		while (++i < s->len && strchr("-+ 0#.0123456789", s->data[i]) && s->data[i])
			;
		if (i < s->len && s->data[i] != '%')
			n++;
	}
	return n;
}

value_t print_format(value_t fmt, value_t args)
{
	snek_len_t nargs = 1, len;
	bool many = false;
	value_t s;

	/* A tuple is always a list of values; a list only when the format
	 * wants more than one (Snek accepts lists, Python formats them). */
	if (VAL_IS(args, TAG_TUPLE) ||
	    (VAL_IS(args, TAG_LIST) && count_conversions(fmt) != 1)) {
		many = true;
		seq_items(args, &nargs);
	}
	print_to(SINK_COUNT);
	format_all(fmt, args, nargs, many);
	len = sink_len;
	GC_PUSH(fmt);
	GC_PUSH(args);
	s = str_alloc(len);
	args = GC_POP();
	fmt = GC_POP();
	print_to(SINK_BUF);
	sink_buf = str_ptr(s)->data;
	format_all(fmt, args, nargs, many);
	print_to(SINK_OUT);
	return s;
}
