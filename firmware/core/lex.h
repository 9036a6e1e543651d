/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lexer: characters to tokens, indentation to INDENT/DEDENT. */
#ifndef SNEK_LEX_H
#define SNEK_LEX_H

#include "value.h"
#include "grammar.h" /* generated: enum parse_token */

struct token {
	uint8_t type;  /* enum parse_token */
	uint8_t op;    /* opcode for operator tokens */
	uint16_t line;
	value_t val;   /* number, string, or VAL_INT(name id) */
};

/* The token the parser looks at next. */
extern struct token lex_tok;

/* Line of the character being read. */
extern uint16_t lex_line;

/* Where program text comes from. The console is interactive: prompts,
 * and a blank line ends a block. */
enum lex_source { SOURCE_CONSOLE, SOURCE_FILE, SOURCE_STORAGE };
extern uint8_t lex_source;
#define lex_interactive (lex_source == SOURCE_CONSOLE)

/* Read from here on. The stored program hands over to the console at
 * its end, as at boot. */
void lex_set_source(uint8_t source);

/* Set by the parser: the next line starts a new statement ("> "). */
extern bool lex_main_prompt;

/* Buffer for strings and names being read (a GC root). */
extern value_t lex_buf;

void lex_init(void);
void lex_next(void);

/* Forget indentation and any pushed-back character. */
void lex_reset(void);

/* After an error: drop the rest of the line, then reset. */
void lex_recover(void);

#endif
