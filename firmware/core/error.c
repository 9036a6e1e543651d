/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Raising errors: print "FILE:LINE message", then unwind to the top. */
#include "snek.h"

const char *err_file; /* NULL: the console, "<stdin>" (kept in flash) */
uint16_t err_line;

#if !SNEK_PORT_UNWIND
#include <setjmp.h>

static jmp_buf *err_catch;

uint8_t err_try(void (*run)(void))
{
	jmp_buf catch;
	uint8_t why;

	err_catch = &catch;
	why = (uint8_t)setjmp(catch);
	if (!why)
		run();
	return why;
}

void err_throw(uint8_t why)
{
	longjmp(*err_catch, why);
}
#endif

/* The fixed messages, in enum err_code order, one flash string (no %:
 * err_raise passes one as the format). */
static const char messages[] SNEK_ROM =
	"out of memory\0"
	"stack overflow\0"
	"too deeply nested\0"
	"not in loop\0"
	"return outside function\0"
	"AssertionError\0"
	"tab in indentation\0"
	"bad indentation\0"
	"unterminated string\0"
	"too big";

/* %c: the character, or \xHH when it would not show. */
static void print_char_seen(uint8_t ch)
{
	if (ch < ' ' || ch >= 0x7f)
		print_hex_escape(ch);
	else
		print_char((char)ch);
}

/* %t: a token prints as the directive for its kind would print its
 * value. Returns that directive, *a its argument. */
static char token_directive(const struct token *t, err_arg_t *a)
{
	uint8_t type = t->type;

	*a = t->val;
	if (type == TOK_NAME) {
		*a = (uint16_t)VAL_INT_GET(t->val);
		return 'n';
	}
	if (type == TOK_NUMBER || type == TOK_STRING)
		return 'v'; /* a number's repr is its text */
	*a = t->op;
	if (t->op) /* only operator tokens carry one */
		return 'o';
	*a = ERR_PTR(parse_token_text(type));
	return 'S';
}

/* fmt is in flash. Each directive takes the next argument, fetched once
 * whole and read as its type. */
static void vformat(const char *fmt, const err_arg_t *arg)
{
	const struct token *t;
	err_arg_t a;
	const void *p;
	char c;

	while ((c = (char)SNEK_ROM_BYTE(fmt++))) {
		if (c != '%') {
			print_char(c);
			continue;
		}
		c = (char)SNEK_ROM_BYTE(fmt++);
		a = *arg++;
		t = NULL;
		if (c == 't') {
			t = (const void *)(uintptr_t)a;
			c = token_directive(t, &a);
		}
		p = (const void *)(uintptr_t)a;
		if (c == 'v')
			print_value((value_t)a, true);
		else if (c == 'n')
			name_print((uint16_t)a);
		else if (c == 's')
			print_cstr(p);
		else if (c == 'S')
			print_rom(p);
		else if (c == 'd')
			print_num((float)(int32_t)a);
		else if (c == 'o')
			print_op((uint8_t)a);
		else
			print_char_seen((uint8_t)a);
		/* += and *= have operators of their own */
		if (t && t->type == TOK_AUGASSIGN && t->op < OP_IADD)
			print_char('=');
	}
}

/* The raise being unwound, gc_scratch.err: the top level prints it once
 * the stack of the code that raised it is gone. */

/* Every raise ends here; arguments the format does not read are left as
 * they were. */
void err_format0(const char *fmt)
{
	gc_scratch.err.fmt = fmt;
	err_throw(ERR_RAISED);
}

void err_format1(const char *fmt, err_arg_t a)
{
	gc_scratch.err.args[0] = a;
	err_format0(fmt);
}

void err_format3(const char *fmt, err_arg_t a, err_arg_t b, err_arg_t c)
{
	gc_scratch.err.args[1] = b;
	gc_scratch.err.args[2] = c;
	err_format1(fmt, a);
}

void err_interrupt(void)
{
	err_format0(NULL);
}

void err_print(void)
{
	if (!gc_scratch.err.fmt) {
		print_to(SINK_OUT);
		print_str("^C\n");
	} else {
		print_to(SINK_ERR);
		if (err_file)
			print_cstr(err_file);
		else
			print_str("<stdin>");
		print_char(':');
		print_num(vm_active ? vm_line() : err_line);
		print_char(' ');
		vformat(gc_scratch.err.fmt, gc_scratch.err.args);
		print_char('\n');
		print_to(SINK_OUT);
	}
	hal_flush();
}

void err_reset(void)
{
	err_throw(ERR_RESET);
}

void err_raise(uint8_t code)
{
	const char *m = messages;

	while (code--)
		while (SNEK_ROM_BYTE(m++))
			;
	err_format0(m); /* a format with no directives */
}

void err_invalid_type(value_t v)
{
	err_format("invalid type: %v", v);
}

void err_invalid_value(value_t v)
{
	err_format("invalid value: %v", v);
}

void err_undefined(uint16_t id)
{
	err_format("undefined: %n", id);
}

void err_bad_arg(uint16_t id)
{
	err_format("bad arg \"%n\"", id);
}

void err_bad_args(uint8_t wanted, uint8_t got)
{
	err_format("bad args. wanted %d got %d", (int32_t)wanted, (int32_t)got);
}
