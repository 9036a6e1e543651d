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

/* Keywords in one string: each preceded by its token number. */
static const struct keyword {
	char name[9];
	uint8_t tok;
} keywords[] SNEK_ROM = {
	{ "False", TOK_FALSE }, { "None", TOK_NONE }, { "True", TOK_TRUE },
	{ "and", TOK_AND }, { "assert", TOK_ASSERT }, { "break", TOK_BREAK },
	{ "continue", TOK_CONTINUE }, { "def", TOK_DEF }, { "del", TOK_DEL },
	{ "elif", TOK_ELIF }, { "else", TOK_ELSE }, { "for", TOK_FOR },
	{ "from", TOK_FROM }, { "global", TOK_GLOBAL }, { "if", TOK_IF },
	{ "import", TOK_IMPORT }, { "in", TOK_IN }, { "is", TOK_IS },
	{ "not", TOK_NOT }, { "or", TOK_OR }, { "pass", TOK_PASS },
	{ "range", TOK_RANGE }, { "return", TOK_RETURN }, { "while", TOK_WHILE },
};

/* name equals the flash string kw. */
static bool rom_equal(const char *name, const char *kw)
{
	char c;

	do {
		c = (char)SNEK_ROM_BYTE(kw++);
		if (c != *name++)
			return false;
	} while (c);
	return true;
}

static void lex_name(int16_t c)
{
	char name[NAME_MAX + 1];
	uint8_t len = 0, i;

	do {
		if (len == NAME_MAX)
			err_format("name too long");
		name[len++] = (char)c;
		c = get();
	} while (is_name_start(c) || is_digit(c) || c == '.');
	unget(c);
	name[len] = '\0';
	for (i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
		if (rom_equal(name, keywords[i].name)) {
			set(SNEK_ROM_BYTE(&keywords[i].tok), 0);
			return;
		}
	}
	set(TOK_NAME, 0);
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
		err_format("Syntax error at \"%s\".", buf_text());
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

/* Two-character operators: c is the first, the next decides. */
static void lex_op(int16_t c)
{
	int16_t n = get();
	uint8_t op;

	switch (c) {
	case '+': op = OP_ADD; goto add;
	case '-': op = OP_SUB;
	add:
		if (n == '=')
			return set(TOK_AUGASSIGN, op == OP_ADD ? OP_IADD : op);
		unget(n);
		return set(TOK_ADDOP, op);
	case '*':
		if (n == '*') {
			n = get();
			if (n == '=')
				return set(TOK_AUGASSIGN, OP_POW);
			unget(n);
			return set(TOK_POWOP, OP_POW);
		}
		op = OP_MUL;
		goto mul;
	case '%': op = OP_MOD; goto mul;
	case '/':
		op = OP_DIV;
		if (n == '/') {
			op = OP_FLOORDIV;
			n = get();
		}
	mul:
		if (n == '=')
			return set(TOK_AUGASSIGN, op == OP_MUL ? OP_IMUL : op);
		unget(n);
		return set(TOK_MULOP, op);
	case '<':
	case '>':
		if (n == c) {
			op = c == '<' ? OP_SHL : OP_SHR;
			n = get();
			if (n == '=')
				return set(TOK_AUGASSIGN, op);
			unget(n);
			return set(TOK_SHIFTOP, op);
		}
		if (n == '=')
			return set(TOK_COMPOP, c == '<' ? OP_LE : OP_GE);
		unget(n);
		return set(TOK_COMPOP, c == '<' ? OP_LT : OP_GT);
	case '=':
		if (n == '=')
			return set(TOK_COMPOP, OP_EQ);
		unget(n);
		return set(TOK_ASSIGN, 0);
	case '!':
		if (n == '=')
			return set(TOK_COMPOP, OP_NE);
		break;
	case '|': op = OP_BOR; c = TOK_PIPE; goto bit;
	case '^': op = OP_BXOR; c = TOK_CARET; goto bit;
	case '&': op = OP_BAND; c = TOK_AMP;
	bit:
		if (n == '=')
			return set(TOK_AUGASSIGN, op);
		unget(n);
		return set((uint8_t)c, op);
	}
	unget(n);
	err_format("Syntax error at \"%c\".", (int32_t)c);
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
			err_format("Syntax error at \"\\\".");
		case '\n':
			if (parens)
				continue;
			line_start = true;
			lex_tok.line = line_of_newline();
			return set(TOK_NEWLINE, 0);
		case '(': parens++; return set(TOK_LPAREN, 0);
		case '[': parens++; return set(TOK_LBRACK, 0);
		case '{': parens++; return set(TOK_LBRACE, 0);
		case ')': if (parens) parens--; return set(TOK_RPAREN, 0);
		case ']': if (parens) parens--; return set(TOK_RBRACK, 0);
		case '}': if (parens) parens--; return set(TOK_RBRACE, 0);
		case ':': return set(TOK_COLON, 0);
		case ',': return set(TOK_COMMA, 0);
		case ';': return set(TOK_SEMI, 0);
		case '~': return set(TOK_TILDE, OP_INVERT);
		case '\'':
		case '"':
			return lex_string(c);
		case '.':
			c = get();
			unget(c);
			if (is_digit(c))
				return lex_number('.');
			err_format("Syntax error at \".\".");
		default:
			if (is_name_start(c))
				return lex_name(c);
			if (is_digit(c))
				return lex_number(c);
			return lex_op(c);
		}
	}
}
