/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Raising errors: print "FILE:LINE message", then unwind to the top. */
#include "snek.h"
#include <stdarg.h>

jmp_buf *err_catch;
const char *err_file = "<stdin>";
uint16_t err_line;

/* The fixed messages, in enum err_code order, one flash string. */
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
	"too big\0"
	"index out of range";

static void print_token(const struct token *t)
{
	switch (t->type) {
	case TOK_NAME:
		name_print((uint16_t)VAL_INT_GET(t->val));
		return;
	case TOK_NUMBER:
	case TOK_STRING:
		print_value(t->val, t->type == TOK_STRING);
		return;
	case TOK_ADDOP:
	case TOK_MULOP:
	case TOK_POWOP:
	case TOK_SHIFTOP:
	case TOK_COMPOP:
	case TOK_PIPE:
	case TOK_CARET:
	case TOK_AMP:
	case TOK_TILDE:
		print_op(t->op);
		return;
	case TOK_AUGASSIGN:
		print_op(t->op == OP_IADD ? OP_ADD : t->op == OP_IMUL ? OP_MUL : t->op);
		print_char('=');
		return;
	}
	print_rom(parse_token_text(t->type));
}

/* fmt is in flash. */
static void vformat(const char *fmt, va_list ap)
{
	char c;

	while ((c = (char)SNEK_ROM_BYTE(fmt++))) {
		if (c != '%') {
			print_char(c);
			continue;
		}
		switch ((char)SNEK_ROM_BYTE(fmt++)) {
		case 's':
			print_cstr(va_arg(ap, const char *));
			break;
		case 'S':
			print_rom(va_arg(ap, const char *));
			break;
		case 'v':
			print_value(va_arg(ap, value_t), true);
			break;
		case 'n':
			name_print((uint16_t)va_arg(ap, unsigned));
			break;
		case 'd':
			print_num((float)va_arg(ap, int32_t));
			break;
		case 'c': {
			uint8_t ch = (uint8_t)va_arg(ap, int32_t);
			if (ch < ' ' || ch >= 0x7f) {
				print_str("\\x");
				print_char("0123456789abcdef"[ch >> 4]);
				print_char("0123456789abcdef"[ch & 15]);
			} else {
				print_char((char)ch);
			}
			break;
		}
		case 'o':
			print_op((uint8_t)va_arg(ap, int32_t));
			break;
		case 't':
			print_token(va_arg(ap, const struct token *));
			break;
		}
	}
}

/* The common tail of every raise. */
__attribute__((noreturn)) static void raise_with(const char *fmt, va_list ap)
{
	uint16_t line = vm_active ? vm_line() : err_line;

	print_to(SINK_ERR);
	print_cstr(err_file);
	print_char(':');
	print_num(line);
	print_char(' ');
	vformat(fmt, ap);
	print_char('\n');
	print_to(SINK_OUT);
	hal_flush();
	longjmp(*err_catch, ERR_RAISED);
}

void err_interrupt(void)
{
	print_to(SINK_OUT);
	print_str("^C\n");
	hal_flush();
	longjmp(*err_catch, ERR_RAISED);
}

void err_reset(void)
{
	longjmp(*err_catch, ERR_RESET);
}

void err_format_rom(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	raise_with(fmt, ap);
}

/* A helper so err_raise can pass through raise_with's va_list. */
__attribute__((noreturn)) static void raise_fixed(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	raise_with(fmt, ap);
}

void err_raise(uint8_t code)
{
	const char *m = messages;

	while (code--)
		while (SNEK_ROM_BYTE(m++))
			;
	raise_fixed(ROM_STR("%S"), m);
}
