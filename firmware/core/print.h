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
/* A number's repr (number.h says the names of the number functions). */
void print_num(float f);
/* num_format's conversion of f written into buf with a NUL (not while
 * printing: it takes the sink), returning the text's length. buf must
 * hold them: size, its room, is checked unless SNEK_SMALL_CODE. */
uint16_t print_num_to_buf(char *buf, uint16_t size, float f, char conv, uint8_t flags, int16_t prec);
#define print_num_repr_to_buf(buf, f) print_num_to_buf(buf, NUM_REPR_MAX, f, 'r', 0, -1)
/* The posix port's name for it until ports/posix/board.c says
 * print_num_repr_to_buf. */
#define num_repr(buf, f) print_num_repr_to_buf(buf, f)
/* \xHH, how repr shows a character that would not show. */
void print_hex_escape(uint8_t c);
void print_value(value_t v, bool repr);
/* Raise now if printing v would fail part way (a container nested too
 * deeply), so nothing half-printed reaches the console. */
void print_check(value_t v);

/* The text of each operator from OP_ADD to OP_NOT, in opcode order,
 * each ended by a NUL (in flash, made from opcodes.h); the lexer finds
 * operators in it. */
extern const char op_texts[];
/* Text of an operator opcode. */
void print_op(uint8_t op);

/* str(v) or repr(v) as a new string. */
value_t print_to_string(value_t v, bool repr);
/* fmt % args. */
value_t print_format(value_t fmt, value_t args);

#endif
