/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The LL(1) parser: a loop over the tables tools/llgen.py made from
 * grammar.ll. Terminals are matched, rules expanded by the lookahead,
 * actions handed to the compiler. No recursion: nesting lives on `stack`. */
#define PARSE_WANT_TOKEN_TEXT
#include "snek.h"

#define PARSE_READ16(p) SNEK_ROM_WORD(p)
#define PARSE_READ_ANY(p) (sizeof(*(p)) == 1 ? SNEK_ROM_BYTE(p) : SNEK_ROM_WORD(p))
#define PARSE_READ_ENTRY(p) PARSE_READ_ANY(p)
#define PARSE_READ_PROD(p) PARSE_READ_ANY(p)
#define PARSE_READ_SYM(p) PARSE_READ_ANY(p)

static parse_sym_t stack[SNEK_PARSE_STACK];
static uint16_t sp;

/* The token's text, in flash. */
const char *parse_token_text(uint8_t type)
{
	return parse_token_string_text + SNEK_ROM_WORD(&parse_token_string_offset[type]);
}

static bool have_token;

static void need_token(bool statement_start)
{
	if (have_token)
		return;
	lex_main_prompt = statement_start;
	lex_next();
	have_token = true;
}

static void syntax_error(void)
{
	err_line = lex_tok.line;
	if (lex_tok.type == TOK_NEWLINE || lex_tok.type == TOK_END ||
	    lex_tok.type == TOK_INDENT || lex_tok.type == TOK_DEDENT)
		err_format("Syntax error at %t.", &lex_tok);
	err_format("Syntax error at \"%t\".", &lex_tok);
}

static parse_prod_t predict(uint16_t nt, uint8_t tok)
{
	uint16_t i = PARSE_READ16(&parse_nt_start[nt]), end = PARSE_READ16(&parse_nt_start[nt + 1]);

	for (; i < end; i += 2)
		if (PARSE_READ_ENTRY(&parse_nt_entries[i]) == tok)
			return (parse_prod_t)PARSE_READ_ENTRY(&parse_nt_entries[i + 1]);
	return (parse_prod_t)PARSE_READ_PROD(&parse_nt_default[nt]);
}

void parse_run(void)
{
	parse_sym_t sym;
	parse_prod_t prod;
	uint16_t i, start;

	sp = 0;
	have_token = false;
	stack[sp++] = PARSE_START_SYMBOL;
	while (sp) {
		sym = stack[--sp];
		if (sym < PARSE_FIRST_NONTERM) {
			need_token(false);
			if (lex_tok.type != sym)
				syntax_error();
			comp_tok = lex_tok;
			have_token = false;
		} else if (sym < PARSE_FIRST_ACTION) {
			need_token(sym == PARSE_START_SYMBOL && sp == 0);
			prod = predict((uint16_t)(sym - PARSE_FIRST_NONTERM), lex_tok.type);
			if (prod == PARSE_NO_PROD)
				syntax_error();
			start = PARSE_READ16(&parse_prod_start[prod]);
			i = PARSE_READ16(&parse_prod_start[prod + 1]);
			if (sp + (i - start) > SNEK_PARSE_STACK) {
				err_line = lex_tok.line;
				err_raise(ERR_NESTED);
			}
			/* Stored reversed: the first symbol lands on top. */
			for (; start < i; start++)
				stack[sp++] = (parse_sym_t)PARSE_READ_SYM(&parse_rhs[start]);
		} else {
			comp_action((uint8_t)(sym - PARSE_FIRST_ACTION));
		}
	}
}
