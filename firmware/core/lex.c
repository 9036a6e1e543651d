/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lexer. Reads one character at a time from the console (or a file on
 * the host) so a program never has to fit in memory as text. */
#include "snek.h"

struct token lex_tok;
uint16_t lex_line;
uint8_t lex_source;
bool lex_main_prompt;
value_t lex_buf;

static int16_t peeked;          /* pushed-back character, or NO_CHAR */
#define NO_CHAR (-2)
/* The last character read from the source: '\n' at the start of a line
 * (a prompt is due), negative at the end of input, else mid-line. */
static int16_t last;
static bool line_start;         /* the next token starts a line */
/* Open ( [ { : newlines are spaces. Each takes 3 symbols of the parse
 * stack at least, so a small stack counts them in a byte. */
#if SNEK_PARSE_STACK / 3 < 255
static uint8_t parens;
#else
static uint16_t parens;
#endif
/* Columns of the open blocks; indents[0] is the top level's 0. */
static uint16_t indents[SNEK_INDENT_MAX + 1];
static uint8_t nindent;
/* Block tokens owed: that many DEDENTs, or an INDENT when negative. */
static int8_t owed;
_Static_assert(SNEK_INDENT_MAX < 128, "owed counts DEDENTs in an int8_t");
static bool after_cr;            /* \r\n is one newline */
static uint16_t storage_at;

static int16_t get(void);

/* lex_buf and lex_tok.val are None already: snek_init sets every root
 * (after reset(), too, which can come mid-parse). */
void lex_init(void)
{
	lex_set_source(SOURCE_CONSOLE);
}

void lex_set_source(uint8_t source)
{
	lex_source = source;
	storage_at = 0;
	lex_line = 1;
	lex_reset();
}

/* Skip to the end of the line; returns the '\n' (or end of input). */
static int16_t skip_line(int16_t c)
{
	while (c != '\n' && c >= 0)
		c = get();
	return c;
}

void lex_recover(void)
{
	int16_t c = peeked;

	/* An error in the stored program ends it: over to the console. */
	if (lex_source == SOURCE_STORAGE) {
		lex_set_source(SOURCE_CONSOLE);
		return;
	}
	/* Mid-line: drop the rest of it. */
	if (c == NO_CHAR && last >= 0 && last != '\n')
		c = get();
	skip_line(c);
	lex_reset();
}

static int16_t source_getc(void)
{
	int16_t c;

	switch (lex_source) {
	case SOURCE_CONSOLE:
		c = console_getc();
		if (c == CONSOLE_INTR) {
			last = '\n';
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
	last = '\n';
	line_start = true;
	parens = 0;
	nindent = 0;
	owed = 0;
}

static int16_t get(void)
{
	int16_t c = peeked;

	if (c != NO_CHAR) {
		peeked = NO_CHAR;
		return c;
	}
	if (last < 0)
		return -1;
	if (last == '\n' && lex_interactive) {
		print_char(lex_main_prompt ? '>' : '+');
		print_char(' ');
		hal_flush();
	}
	c = source_getc();
	if (c == '\n' && after_cr)
		c = source_getc();
	after_cr = c == '\r';
	err_line = lex_line;
	if (after_cr)
		c = '\n';
	if (c == '\n')
		lex_line++;
	last = c;
	return c;
}

static __attribute__((noinline)) void unget(int16_t c)
{
	peeked = c;
}

/* The next character, left to be read again. */
static int16_t peek(void)
{
	int16_t c = get();

	unget(c);
	return c;
}

/* Strings, names and numbers are read into lex_buf. */
static snek_len_t buf_len;

static __attribute__((noinline)) void buf_put(int16_t c)
{
	buf_add(&lex_buf, &buf_len, (char)c);
}

/* The text read, NUL-ended (the NUL is not counted). */
static const char *buf_text(void)
{
	buf_put('\0');
	buf_len--;
	return (const char *)BUF_BYTES(lex_buf);
}

/* Character classes take the character as a byte: the end of input (-1)
 * becomes 0xFF, which is in none. */
static bool is_name_start(uint8_t c)
{
	return (uint8_t)((c | 0x20) - 'a') < 26 || c == '_';
}

static bool is_digit(uint8_t c)
{
	return (uint8_t)(c - '0') < 10;
}

/* 'e' or 'E'. */
static bool is_exp(uint8_t c)
{
	return (c | 0x20) == 'e';
}

/* Whether c, after prev, goes on a name or a number. */
static bool word_char(uint8_t c, uint8_t prev, bool number)
{
	if (is_digit(c) || c == '.' || c == '_')
		return true;
	if (number)
		return is_exp(c) || ((c == '+' || c == '-') && is_exp(prev));
	return is_name_start(c);
}

/* Read a name or a number (from its first character c) into lex_buf;
 * returns its text. Names stop at NAME_MAX characters. */
static const char *read_word(int16_t c, bool number)
{
	int16_t prev;

	buf_len = 0;
	do {
		if (!number && buf_len == NAME_MAX)
			err_format("name too long");
		buf_put(c);
		prev = c;
		c = get();
	} while (word_char((uint8_t)c, (uint8_t)prev, number));
	unget(c);
	return buf_text();
}

static uint8_t lex_name(int16_t c)
{
	uint8_t type = parse_keyword(read_word(c, false));

	if (type == TOK_NAME)
		lex_tok.val = VAL_INT(name_intern(&lex_buf, (uint8_t)buf_len));
	return type;
}

static uint8_t lex_number(int16_t c)
{
	float f;
	const char *text = read_word(c, true);

	if (!num_parse(text, buf_len, &f, NUM_PARSE_UNDERSCORE))
		err_format("Syntax error at \"%s\".", ERR_PTR(text));
	lex_tok.val = val_from_num(f);
	return TOK_NUMBER;
}

/* The value of a hex digit; 16 or more when c is none. */
static __attribute__((noinline)) uint8_t hex_digit(uint8_t c)
{
	if (is_digit(c))
		return (uint8_t)(c - '0');
	c = (uint8_t)((c | 0x20) - 'a');
	return (uint8_t)(c < 6 ? c + 10 : 16);
}

/* The character the escape \c stands for. Out of line: inlined into the
 * lexer, the linked image was 170 bytes bigger (avr-gcc 5.4, LTO). */
static __attribute__((noinline)) int16_t unescape(int16_t c)
{
	uint8_t h, l;

	switch ((uint8_t)c) {
	case 'n':
		return '\n';
	case 'r':
		return '\r';
	case 't':
		return '\t';
	case 'x':
		h = hex_digit(get());
		l = hex_digit(get());
		if ((h | l) >= 16)
			err_format("bad \\x escape");
		return (int16_t)(h * 16 + l);
	}
	return c;
}

static uint8_t lex_string(int16_t quote)
{
	int16_t c;

	buf_len = 0;
	for (;;) {
		c = get();
		if (c == quote)
			break;
		if (c == '\n')
			c = -1; /* unterminated */
		if (c == '\\') {
			c = get();
			if (c == '\n')
				continue; /* a backslash joins lines */
			c = unescape(c);
		}
		if (c < 0)
			err_raise(ERR_STRING);
		buf_put(c);
	}
	lex_tok.val = str_from_raw(&lex_buf, buf_len);
	/* Don't keep a huge literal's buffer alive. */
	if (buf_len > 256)
		lex_buf = VAL_NONE;
	return TOK_STRING;
}

static __attribute__((noreturn)) void bad_char(int16_t c)
{
	err_format("Syntax error at \"%c\".", (int32_t)c);
}

/* print.c's op_texts up to ~ ("not", last, is a name). The binary
 * operators that take an = after them come first, += and *= next; the
 * first text found is the binary operator (- is OP_SUB, not OP_NEG). */
#define OP_TEXTS_COUNT (OP_INVERT - OP_ADD + 1)
_Static_assert(OP_NOT == OP_INVERT + 1 && OP_IADD == OP_SHR + 1 && OP_IMUL == OP_IADD + 1 &&
	       OP_SUB < OP_NEG && OP_ADD < OP_POS, "the lexer's order of operators");
#define BOTH 0x80 /* c and n made the text */
_Static_assert(TOK_COUNT < BOTH && OP_TEXTS_COUNT < BOTH, "numbers fit below BOTH");

/* The number of the longest of the count texts at t (in flash, each
 * ended by a NUL) that c, or c then n, spell: with BOTH for two
 * characters, count when none (c NUL matches no text). */
static uint8_t find_text(const char *t, uint8_t count, int16_t c, int16_t n)
{
	uint8_t i, found = count;
	char second;

	for (i = 0; i < count; i++) {
		if (SNEK_ROM_BYTE(t) == c && c) {
			second = (char)SNEK_ROM_BYTE(t + 1);
			if (!second && found == count)
				found = i;	/* the first: - is OP_SUB, not OP_NEG */
			else if (second == n)
				return i | BOTH;
		}
		while (SNEK_ROM_BYTE(t++))
			;
	}
	return found;
}

/* The longest operator or punctuation starting with c, n the character
 * after it. Punctuation is a token of its own, found by its text (the
 * parser's): brackets count, inside them newlines are spaces. */
static uint8_t lex_op(int16_t c, int16_t n)
{
	uint8_t i = find_text(op_texts, OP_TEXTS_COUNT, c, n), op, tok;

	if (i & BOTH)
		n = NO_CHAR; /* taken */
	op = (uint8_t)(OP_ADD + (i & ~BOTH));
	if (op == OP_IADD || op == OP_IMUL)
		goto augmented;	/* += and *= have opcodes of their own */
	if (op <= OP_SHR) { /* an augmented assignment when '=' follows */
		if (n == NO_CHAR)
			n = get();
		if (n == '=') {
augmented:
			lex_tok.op = op;
			return TOK_AUGASSIGN;
		}
	}
	unget(n);
	if (op <= OP_INVERT) {
		lex_tok.op = op;
		return TOK_OP;
	}
	tok = find_text(parse_token_text(0), TOK_COUNT, c, NO_CHAR);
	if (tok == TOK_COUNT)
		bad_char(c);
	if (tok >= TOK_LPAREN && tok <= TOK_LBRACE)
		parens++;
	if (tok >= TOK_RPAREN && tok <= TOK_RBRACE && parens)
		parens--;
	return tok;
}

/* End the open blocks: a DEDENT for each. */
static void close_blocks(void)
{
	owed = (int8_t)nindent;
	nindent = 0;
}

/* At the start of a line: count its indentation, owe an INDENT or
 * DEDENTs. Returns true when the line's first token is to be read now. */
static bool lex_indent(void)
{
	uint16_t col = 0;
	int16_t c;

	while ((c = get()) == ' ')
		col++;
	if (c == '\t')
		err_raise(ERR_TAB);
	if (c < 0) {
		/* The end of input: the blocks end there (lex_next). */
		unget(c);
		return true;
	}
	if (c == '#') {
		skip_line(c);
		return false;
	}
	/* At the console a blank line ends the open blocks. */
	if (c == '\n') {
		if (lex_interactive && (nindent || !lex_main_prompt)) {
			close_blocks();
			unget(c);
			line_start = false;
		}
		return false;
	}
	unget(c);
	line_start = false;
	if (col > indents[nindent]) {
		if (nindent == SNEK_INDENT_MAX)
			err_raise(ERR_NESTED);
		indents[++nindent] = col;
		owed = -1;
	}
	while (col < indents[nindent]) {
		nindent--;
		owed++;
	}
	if (col != indents[nindent])
		err_raise(ERR_INDENT);
	return !owed;
}

/* The next token's type; lex_tok's other fields are set on the way. */
static uint8_t scan(void)
{
	int16_t c, n;

	for (;;) {
		lex_tok.line = lex_line;
		if (owed < 0) {
			owed = 0;
			return TOK_INDENT;
		}
		if (owed) {
			owed--;
			return TOK_DEDENT;
		}
		if (line_start && !parens && !lex_indent())
			continue;
		c = get();
		if (c == ' ' || c == '\t')
			continue;
		if (c == '#')
			c = skip_line(c);
		if (c == '\n' && parens)
			continue;
		/* A line ends; at the end of input, the last one. */
		if (c == '\n' || (c < 0 && !line_start)) {
			line_start = true;
			if (c > 0) /* counted when it was read */
				lex_tok.line = (uint16_t)(lex_line - 1);
			return TOK_NEWLINE;
		}
		if (c < 0) {
			if (nindent) {
				close_blocks();
				continue;
			}
			/* The stored program ends: the console takes over. The
			 * NEWLINE finishes its last statement without waiting for
			 * a line from the console. */
			if (lex_source == SOURCE_STORAGE) {
				lex_set_source(SOURCE_CONSOLE);
				return TOK_NEWLINE;
			}
			return TOK_END;
		}
		if (c == '\'' || c == '"')
			return lex_string(c);
		if (is_name_start(c))
			return lex_name(c);
		if (is_digit(c) || (c == '.' && is_digit(peek())))
			return lex_number(c);
		/* Anything else is an operator, or a backslash that joins lines. */
		n = get();
		if (c == '\\' && n == '\n')
			continue;
		return lex_op(c, n);
	}
}

void lex_next(void)
{
	lex_tok.val = VAL_NONE;
	lex_tok.op = 0;
	lex_tok.type = scan();
}
