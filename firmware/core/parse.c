/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The LL(1) parser: a loop over the tables tools/llgen.py made from
 * grammar.ll. Terminals are matched, rules expanded by the lookahead,
 * actions handed to the compiler. No recursion: nesting lives on `stack`. */
#define PARSE_WANT_TOKEN_TEXT
#include "snek.h"

#define READ_ROM(p) (sizeof *(p) == 1 ? SNEK_ROM_BYTE(p) : SNEK_ROM_WORD(p))
#define READ_SYM(p) (parse_sym_t)READ_ROM(p)

/* The lookahead is read: a compound statement ends only at the token
 * after it, which waits while the statement runs. */
static bool have_token;
#if SNEK_PARSE_STACK < 256
typedef uint8_t parse_sp_t;
#else
typedef uint16_t parse_sp_t;
#endif

/* The token's text, in flash: skip `type` texts. */
const char *parse_token_text(uint8_t type)
{
	const char *s = parse_token_string_text;

	while (type--)
		while (SNEK_ROM_BYTE(s++))
			;
	return s;
}

/* Keywords are the token texts after DEDENT's (grammar.ll). */
uint8_t parse_keyword(const char *name)
{
	const char *s = parse_token_text(TOK_DEDENT + 1), *n;
	uint8_t t;
	char c;

	for (t = TOK_DEDENT + 1; t < TOK_COUNT; t++) {
		n = name;
		while ((c = (char)SNEK_ROM_BYTE(s++)) == *n && c)
			n++;
		if (c == *n)
			return t;
		while (c)
			c = (char)SNEK_ROM_BYTE(s++);
	}
	return TOK_NAME;
}

void parse_syntax_error(const struct token *t)
{
	err_line = t->line;
	if (t->type <= TOK_DEDENT)
		err_format("Syntax error at %t.", ERR_PTR(t));
	err_format("Syntax error at \"%t\".", ERR_PTR(t));
}

/* The production nonterminal nt takes on token tok: its length (plus
 * PARSE_ANY for the default, or PARSE_MATCH), then its symbols reversed.
 * Its block lists each production after the terminals predicting it; the
 * default, last, has its length with PARSE_ANY for them. The blocks are
 * walked, not indexed: a table of where each starts would cost more flash
 * than the walk, and parsing is not where time goes. */
static const parse_sym_t *predict(uint8_t nt, uint8_t tok)
{
	const parse_sym_t *p = parse_table;
	parse_sym_t t, term, prev = 0;

	for (;;) {
		t = READ_SYM(p);
		if (t >= PARSE_ANY) {
			if (!nt--)
				return p;
			p += t - PARSE_ANY + 1; /* the next block */
			continue;
		}
		p++;
		term = t & (parse_sym_t)~(PARSE_RANGE | PARSE_LAST);
		if (nt == 0 && (tok == term || ((t & PARSE_RANGE) && tok > prev && tok < term)))
			break;
		prev = term;
		if (t & PARSE_LAST) /* none of its terminals: skip the production */
			p += (READ_SYM(p) & (PARSE_MATCH - 1)) + 1;
	}
	while (!(t & PARSE_LAST))
		t = READ_SYM(p++);
	return p;
}

/* Parse and compile one statement: its code, or None at the end of the
 * input. The parse stack and part of the compiler's state live in this
 * frame, not in static RAM, and are gone before the statement runs. */
static __attribute__((noinline)) value_t parse_statement(void)
{
	parse_sym_t stack[SNEK_PARSE_STACK];
	struct comp_frame frame;
	parse_sp_t sp = 0;
	parse_sym_t sym, n, match;
	const parse_sym_t *rhs;

	comp_begin(&frame);
	stack[sp++] = PARSE_START_SYMBOL;
	while (sp) {
		sym = stack[--sp];
		if (sym >= PARSE_FIRST_ACTION) {
			sym = (parse_sym_t)(sym - PARSE_FIRST_ACTION);
			if (sym == ACT_top_end)
				return comp_end();
			comp_action((uint8_t)sym);
			continue;
		}
		if (!have_token) {
			/* A new statement starts: the console prompts "> ". */
			lex_main_prompt = sym == PARSE_START_SYMBOL && sp == 0;
			lex_next();
			have_token = true;
		}
		if (sym >= PARSE_FIRST_NONTERM) {
			rhs = predict((uint8_t)(sym - PARSE_FIRST_NONTERM), lex_tok.type);
			n = READ_SYM(rhs);
			if (n >= PARSE_ANY)
				n = (parse_sym_t)(n - PARSE_ANY);
			/* A production that starts with the lookahead stores
			 * the rest: the lookahead is matched at once. */
			match = n & PARSE_MATCH;
			n = (parse_sym_t)(n - match);
			if (sp + n > SNEK_PARSE_STACK) {
				err_line = lex_tok.line;
				err_raise(ERR_NESTED);
			}
			while (n--)
				stack[sp++] = READ_SYM(++rhs);
			if (!match)
				continue;
		} else if (lex_tok.type != sym) {
			parse_syntax_error(&lex_tok);
		}
		comp_tok = lex_tok;
		have_token = false;
	}
	return VAL_NONE; /* END matched */
}

#if SNEK_CHECK_ONLY
bool parse_check_only;
#endif

void parse_run(void)
{
	value_t code;

	have_token = false;
	for (;;) {
		gc_reserve = 0;	/* compiling may take the heap's last bytes */
		code = parse_statement();
		if (code == VAL_NONE)
			break;
		gc_reserve = GC_RESERVE;
#if SNEK_CHECK_ONLY
		if (parse_check_only)
			continue;
#endif
		vm_run(code);
	}
}
