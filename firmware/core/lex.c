/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lexer. Reads one character at a time from the console (or a file on
 * the host) so a program never has to fit in memory as text. */
#include "snek.h"

struct token lex_tok;
uint16_t lex_line;
uint8_t lex_source;
bool lex_interactive;
bool lex_main_prompt;
value_t lex_buf;

static int16_t peeked;          /* pushed-back character, or NO_CHAR */
#define NO_CHAR (-2)
static bool line_start;         /* next character starts a line */
static bool need_prompt;
static uint16_t parens;         /* open ( [ { : newlines are spaces */
static uint16_t indents[SNEK_INDENT_MAX];
static uint8_t nindent;
static uint8_t dedents;         /* DEDENT tokens still owed */
static bool at_eof;
static bool mid_line;            /* read part of a line */
static bool after_cr;            /* \r\n is one newline */
static uint16_t storage_at;

static int16_t get(void);

void lex_init(void)
{
	lex_line = 1;
	lex_buf = VAL_NONE;
	/* reset() can come mid-parse: no token may point into the old heap. */
	lex_tok.val = VAL_NONE;
	lex_reset();
}

void lex_set_source(uint8_t source)
{
	lex_source = source;
	lex_interactive = source == SOURCE_CONSOLE;
	storage_at = 0;
	lex_line = 1;
	lex_reset();
}

void lex_recover(void)
{
	int16_t c = peeked;

	/* An error in the stored program ends it: over to the console. */
	if (lex_source == SOURCE_STORAGE) {
		lex_set_source(SOURCE_CONSOLE);
		return;
	}
	if (c == NO_CHAR && mid_line && !at_eof)
		c = get();
	while (c >= 0 && c != '\n')
		c = get();
	lex_reset();
}

static int16_t source_getc(void)
{
	int16_t c;

	switch (lex_source) {
	case SOURCE_CONSOLE:
		c = console_getc();
		if (c == CONSOLE_INTR) {
			mid_line = false;
			err_interrupt();
		}
		return c;
	case SOURCE_FILE:
		return (int16_t)hal_file_getc();
	}
	if (storage_at >= hal_storage_size())
		return -1;
	c = hal_storage_read(storage_at++);
	return c == 0xFF ? -1 : c;
}

void lex_reset(void)
{
	peeked = NO_CHAR;
	line_start = true;
	need_prompt = true;
	parens = 0;
	nindent = 0;
	dedents = 0;
	at_eof = false;
	mid_line = false;
}

static int16_t get(void)
{
	int16_t c;

	if (peeked != NO_CHAR) {
		c = peeked;
		peeked = NO_CHAR;
		return c;
	}
	if (at_eof)
		return -1;
	if (need_prompt && lex_interactive) {
		if (lex_main_prompt)
			print_str("> ");
		else
			print_str("+ ");
		hal_flush();
	}
	need_prompt = false;
	c = source_getc();
	if (c == '\n' && after_cr)
		c = source_getc();
	after_cr = c == '\r';
	err_line = lex_line;
	if (c == '\r')
		c = '\n';
	mid_line = c >= 0 && c != '\n';
	if (c == '\n') {
		need_prompt = true;
		lex_line++;
	}
	if (c < 0)
		at_eof = true;
	return c;
}

static void unget(int16_t c)
{
	peeked = c;
}

/* The line counter moves when '\n' is read; tokens ending a line belong
 * to the line before. */
static uint16_t line_of_newline(void)
{
	return at_eof ? lex_line : (uint16_t)(lex_line - 1);
}

/* Strings and numbers are read into lex_buf. */
static snek_len_t buf_len;

static const char *buf_text(void)
{
	return (const char *)BUF_BYTES(lex_buf);
}

static bool is_name_start(int16_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_digit(int16_t c)
{
	return c >= '0' && c <= '9';
}

static void set(uint8_t type, uint8_t op)
{
	lex_tok.type = type;
	lex_tok.op = op;
}

static void lex_name(int16_t c)
{
	char name[NAME_MAX + 1];
	uint8_t len = 0;

	do {
		if (len == NAME_MAX)
			err_format("name too long");
		name[len++] = (char)c;
		c = get();
	} while (is_name_start(c) || is_digit(c) || c == '.');
	unget(c);
	name[len] = '\0';
	set(parse_keyword(name), 0);
	if (lex_tok.type == TOK_NAME)
		lex_tok.val = VAL_INT(name_intern(name, len));
}

static void lex_number(int16_t c)
{
	float f;
	int16_t prev = 0;

	buf_len = 0;
	while (is_digit(c) || c == '.' || c == '_' || c == 'e' || c == 'E' ||
	       ((c == '+' || c == '-') && (prev == 'e' || prev == 'E'))) {
		buf_add(&lex_buf, &buf_len, (char)c);
		prev = c;
		c = get();
	}
	unget(c);
	if (!num_parse(buf_text(), buf_len, &f, NUM_PARSE_UNDERSCORE)) {
		buf_add(&lex_buf, &buf_len, '\0');
		err_format("Syntax error at \"%s\".", ERR_PTR(buf_text()));
	}
	set(TOK_NUMBER, 0);
	lex_tok.val = val_from_num(f);
}

static int16_t hex_digit(int16_t c)
{
	if (is_digit(c))
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static void lex_string(int16_t quote)
{
	int16_t c, h, l;

	buf_len = 0;
	for (;;) {
		c = get();
		if (c == quote)
			break;
		if (c == '\n' || c < 0)
			err_raise(ERR_STRING);
		if (c == '\\') {
			c = get();
			switch (c) {
			case 'n': c = '\n'; break;
			case 'r': c = '\r'; break;
			case 't': c = '\t'; break;
			case '\n': continue; /* a backslash joins lines */
			case 'x':
				h = hex_digit(get());
				l = hex_digit(get());
				if (h < 0 || l < 0)
					err_format("bad \\x escape");
				c = (int16_t)(h * 16 + l);
				break;
			default:
				if (c < 0)
					err_raise(ERR_STRING);
			}
		}
		buf_add(&lex_buf, &buf_len, (char)c);
	}
	set(TOK_STRING, 0);
	lex_tok.val = str_from_raw(&lex_buf, buf_len);
	/* Don't keep a huge literal's buffer alive. */
	if (buf_len > 256)
		lex_buf = VAL_NONE;
}

static __attribute__((noreturn)) void bad_char(int16_t c)
{
	err_format("Syntax error at \"%c\".", (int32_t)c);
}

/* Operators and punctuation, one or two characters. AUG: followed by '='
 * it is an augmented assignment. */
#define AUG 0x80
static const struct op_text {
	char text[2];
	uint8_t tok, op;
} ops[] SNEK_ROM = {
	{ "+", TOK_ADDOP, OP_ADD | AUG }, { "-", TOK_ADDOP, OP_SUB | AUG },
	{ "*", TOK_MULOP, OP_MUL | AUG }, { "/", TOK_MULOP, OP_DIV | AUG },
	{ "//", TOK_MULOP, OP_FLOORDIV | AUG }, { "%", TOK_MULOP, OP_MOD | AUG },
	{ "**", TOK_POWOP, OP_POW | AUG },
	{ "<<", TOK_SHIFTOP, OP_SHL | AUG }, { ">>", TOK_SHIFTOP, OP_SHR | AUG },
	{ "|", TOK_PIPE, OP_BOR | AUG }, { "^", TOK_CARET, OP_BXOR | AUG },
	{ "&", TOK_AMP, OP_BAND | AUG }, { "~", TOK_TILDE, OP_INVERT },
	{ "<", TOK_COMPOP, OP_LT }, { "<=", TOK_COMPOP, OP_LE },
	{ ">", TOK_COMPOP, OP_GT }, { ">=", TOK_COMPOP, OP_GE },
	{ "==", TOK_COMPOP, OP_EQ }, { "!=", TOK_COMPOP, OP_NE },
	{ "=", TOK_ASSIGN, 0 },
	{ "(", TOK_LPAREN, 0 }, { ")", TOK_RPAREN, 0 },
	{ "[", TOK_LBRACK, 0 }, { "]", TOK_RBRACK, 0 },
	{ "{", TOK_LBRACE, 0 }, { "}", TOK_RBRACE, 0 },
	{ ":", TOK_COLON, 0 }, { ",", TOK_COMMA, 0 }, { ";", TOK_SEMI, 0 },
};

static const struct op_text *find_op(int16_t a, int16_t b)
{
	const struct op_text *o;

	for (o = ops; o < ops + sizeof ops / sizeof ops[0]; o++)
		if (SNEK_ROM_BYTE(&o->text[0]) == a && SNEK_ROM_BYTE(&o->text[1]) == b)
			return o;
	return NULL;
}

/* The longest operator starting with c. Brackets count: inside them
 * newlines are spaces. */
static void lex_op(int16_t c)
{
	const struct op_text *o = NULL;
	int16_t n = get();
	uint8_t op;

	if (n > 0)
		o = find_op(c, n);
	if (o) {
		n = NO_CHAR;
	} else if (!(o = find_op(c, 0))) {
		unget(n);
		bad_char(c);
	}
	op = SNEK_ROM_BYTE(&o->op);
	set(SNEK_ROM_BYTE(&o->tok), op & ~AUG);
	if (op & AUG) {
		if (n == NO_CHAR)
			n = get();
		if (n == '=') {
			op &= ~AUG;
			return set(TOK_AUGASSIGN, op == OP_ADD ? OP_IADD : op == OP_MUL ? OP_IMUL : op);
		}
	}
	unget(n);
	if (lex_tok.type >= TOK_LPAREN && lex_tok.type <= TOK_LBRACE)
		parens++;
	if (lex_tok.type >= TOK_RPAREN && lex_tok.type <= TOK_RBRACE && parens)
		parens--;
}

/* Count the indentation of a new line and queue INDENT/DEDENTs. Returns
 * false when the line is blank or a comment. */
static bool lex_indent(void)
{
	uint16_t col = 0;
	int16_t c;

	for (;;) {
		c = get();
		if (c == ' ')
			col++;
		else if (c == '\t')
			err_raise(ERR_TAB);
		else
			break;
	}
	if (c == '#') {
		while (c != '\n' && c >= 0)
			c = get();
		return false;
	}
	if (c == '\n') {
		/* At the console a blank line ends the open blocks. */
		if (lex_interactive && (nindent || !lex_main_prompt)) {
			dedents = nindent;
			nindent = 0;
			unget(c);
			line_start = false;
			return true;
		}
		return false;
	}
	if (c < 0) {
		dedents = nindent;
		nindent = 0;
		unget(c);
		return true;
	}
	unget(c);
	line_start = false;
	if (col > (nindent ? indents[nindent - 1] : 0)) {
		if (nindent == SNEK_INDENT_MAX)
			err_raise(ERR_NESTED);
		indents[nindent++] = col;
		set(TOK_INDENT, 0);
		return true;
	}
	while (nindent && col < indents[nindent - 1]) {
		nindent--;
		dedents++;
	}
	if (col != (nindent ? indents[nindent - 1] : 0))
		err_raise(ERR_INDENT);
	return true;
}

void lex_next(void)
{
	int16_t c;

	lex_tok.val = VAL_NONE;
	for (;;) {
		if (dedents) {
			dedents--;
			lex_tok.line = lex_line;
			return set(TOK_DEDENT, 0);
		}
		if (line_start && !parens) {
			lex_tok.type = TOK_END; /* overwritten by an INDENT */
			if (!lex_indent())
				continue;
			if (lex_tok.type == TOK_INDENT) {
				lex_tok.line = lex_line;
				return;
			}
			if (dedents)
				continue;
		}
		c = get();
		lex_tok.line = lex_line;
		switch (c) {
		case -1:
			if (!line_start) {
				line_start = true;
				return set(TOK_NEWLINE, 0);
			}
			if (nindent) {
				dedents = nindent;
				nindent = 0;
				continue;
			}
			/* The stored program ends: the console takes over. The
			 * NEWLINE finishes its last statement without waiting for
			 * a line from the console. */
			if (lex_source == SOURCE_STORAGE) {
				lex_set_source(SOURCE_CONSOLE);
				return set(TOK_NEWLINE, 0);
			}
			return set(TOK_END, 0);
		case ' ':
			continue;
		case '\t':
			continue;
		case '#':
			while (c != '\n' && c >= 0)
				c = get();
			unget(c);
			continue;
		case '\\':
			c = get();
			if (c == '\n')
				continue;
			unget(c);
			bad_char('\\');
		case '\n':
			if (parens)
				continue;
			line_start = true;
			lex_tok.line = line_of_newline();
			return set(TOK_NEWLINE, 0);
		case '\'':
		case '"':
			return lex_string(c);
		case '.':
			c = get();
			unget(c);
			if (is_digit(c))
				return lex_number('.');
			bad_char('.');
		default:
			if (is_name_start(c))
				return lex_name(c);
			if (is_digit(c))
				return lex_number(c);
			return lex_op(c);
		}
	}
}
