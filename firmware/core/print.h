/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Printing values: to the console, to errors, or into a new string. */
#ifndef SNEK_PRINT_H
#define SNEK_PRINT_H

#include "value.h"

enum print_sink { SINK_OUT, SINK_ERR, SINK_COUNT, SINK_BUF };
void print_to(uint8_t sink);

void print_char(char c);
/* A string in RAM. */
void print_cstr(const char *s);
/* A string in flash (ROM_STR), and the shorthand for literals. */
void print_rom(const char *s);
#define print_str(literal) print_rom(ROM_STR(literal))
void print_num(float f);
/* \xHH, how repr shows a character that would not show. */
void print_hex_escape(uint8_t c);
void print_value(value_t v, bool repr);
/* Raise now if printing v would fail part way (a container nested too
 * deeply), so nothing half-printed reaches the console. */
void print_check(value_t v);

/* The text of each operator from OP_ADD to OP_NOT, in opcode order,
 * each ended by a NUL (in flash); the lexer finds operators in it. */
extern const char op_texts[];
/* Text of an operator opcode. */
void print_op(uint8_t op);

/* str(v) or repr(v) as a new string. */
value_t print_to_string(value_t v, bool repr);
/* fmt % args. */
value_t print_format(value_t fmt, value_t args);

#endif
