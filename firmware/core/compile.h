/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The compiler: parser actions that emit bytecode as the parser goes. */
#ifndef SNEK_COMPILE_H
#define SNEK_COMPILE_H

#include "lex.h"

/* The token the parser matched last: actions read their operands here. */
extern struct token comp_tok;

void comp_action(uint8_t action);

/* Forget any half-compiled statement (after an error). */
void comp_reset(void);

/* Roots of the statement and function being compiled. */
#define COMP_ROOTS 10
extern value_t comp_roots[COMP_ROOTS];

/* Run a parse of the whole input, running each top-level statement. */
void parse_run(void);
const char *parse_token_text(uint8_t type);

/* The keyword token for a name, or TOK_NAME. */
uint8_t parse_keyword(const char *name);

/* "Syntax error at ..." naming the token, on its line. */
__attribute__((noreturn)) void parse_syntax_error(const struct token *t);

#endif
