/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The compiler: parser actions that emit bytecode as the parser goes. */
#ifndef SNEK_COMPILE_H
#define SNEK_COMPILE_H

#include "lex.h"

/* The token the parser matched last: actions read their operands here. */
extern struct token comp_tok;

/* Growable buffers of a unit (code, constants, line table, local and
 * global name ids): their lengths in bytes. */
enum { R_CODE, R_CONSTS, R_LINES, R_LOCALS, R_GLOBALS, R_PER_UNIT };

#if SNEK_COMP_STACK < 256
typedef uint8_t cindex_t;
#else
typedef uint16_t cindex_t;
#endif

/* A unit being compiled: a top-level statement or a function. len[]
 * counts the bytes in each buffer: code, 4 per constant, 4 per line
 * entry, 2 per local or global name id. */
struct unit {
	snek_len_t len[R_PER_UNIT];
	uint16_t depth, maxdepth;
	uint16_t last_line;
	uint16_t last_op;  /* offset of the newest instruction, or NO_OP */
	uint16_t name;
	uint8_t nparams, ndefaults;
	cindex_t loop_base; /* innermost loop record + 1, 0 for none */
	bool in_func;
};

/* What the compiler needs only while a statement compiles: the parser
 * keeps it in its frame (parse.c), which is gone before the statement
 * runs, so it takes no static RAM and the VM's C stack never sits on it. */
struct comp_frame {
	struct unit waiting; /* the top-level statement while a def is open */
};

/* A statement starts: the compiler keeps its state in *frame. */
void comp_begin(struct comp_frame *frame);

void comp_action(uint8_t action);

/* The statement is complete (@top_end): its code, to run. */
value_t comp_end(void);

/* Forget any half-compiled statement (after an error). */
void comp_reset(void);

/* Roots of the statement and function being compiled: the buffers of
 * the open unit, then those of the one waiting (the statement around a
 * def). */
#define COMP_ROOTS (2 * R_PER_UNIT)
extern value_t comp_roots[COMP_ROOTS];

/* Parse the whole input, running each top-level statement. */
void parse_run(void);
#if SNEK_CHECK_ONLY
/* Compile each statement, run none (the host's `snek --check FILE`). */
extern bool parse_check_only;
#endif
const char *parse_token_text(uint8_t type);

/* The keyword token for a name, or TOK_NAME. */
uint8_t parse_keyword(const char *name);

/* "Syntax error at ..." naming the token, on its line. */
__attribute__((noreturn)) void parse_syntax_error(const struct token *t);

#endif
