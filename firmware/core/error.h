/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Errors: one path. A raise prints "FILE:LINE message" and unwinds to the
 * top level through longjmp; the REPL keeps its globals. */
#ifndef SNEK_ERROR_H
#define SNEK_ERROR_H

#include <setjmp.h>
#include "value.h"

/* Where the top level catches errors. */
extern jmp_buf *err_catch;
#define ERR_TRY(buf, why) (err_catch = &(buf), ((why) = setjmp(buf)) == 0)

/* Fixed messages, shared by every raise site. */
enum err_code {
	ERR_NO_MEMORY,
	ERR_STACK,
	ERR_NESTED,
	ERR_NOT_IN_LOOP,
	ERR_RETURN,
	ERR_ASSERT,
	ERR_TAB,
	ERR_INDENT,
	ERR_STRING,
	ERR_TOO_BIG,
	ERR_RANGE,
};

/* Unwind after ^C: the console shows ^C and a fresh prompt. */
__attribute__((noreturn)) void err_interrupt(void);

/* Unwind to the port's boot: reset() on the host. */
__attribute__((noreturn)) void err_reset(void);

/* setjmp's answers at ERR_TRY. */
#define ERR_RAISED 1
#define ERR_RESET 2

/* Raise a fixed message. */
__attribute__((noreturn)) void err_raise(uint8_t code);

/* Raise with a format (a literal: it is kept in flash): %s string in RAM,
 * %S string in flash, %v repr of a value, %n name id,
 * %d integer (int32_t), %o operator text, %t a token,
 * %c a character (int32_t). Keep formats short. */
/* Up to three arguments, each widened to err_arg_t: a fixed signature, not
 * C varargs, which avr-gcc 5.4 reads wrongly under -mcall-prologues (and
 * which costs more flash at every call). Pointers go through ERR_PTR. */
#if UINTPTR_MAX > UINT32_MAX
typedef uintptr_t err_arg_t;
#else
typedef uint32_t err_arg_t;
#endif
#define ERR_PTR(p) ((err_arg_t)(uintptr_t)(p))
__attribute__((noreturn)) void err_format_rom(const char *fmt, err_arg_t a, err_arg_t b, err_arg_t c);
#define ERR_ARGS3(zero, a, b, c, ...) (err_arg_t)(a), (err_arg_t)(b), (err_arg_t)(c)
#define err_format(fmt, ...) err_format_rom(ROM_STR(fmt), ERR_ARGS3(0, ##__VA_ARGS__, 0, 0, 0))

/* The common messages: one call each, no format at the call site. */
__attribute__((noreturn)) void err_invalid_type(value_t v);
__attribute__((noreturn)) void err_invalid_value(value_t v);
__attribute__((noreturn)) void err_undefined(uint16_t id);

/* The file name errors carry; NULL (at start) stands for "<stdin>", the
 * console. */
extern const char *err_file;

/* Line of a compile-time error; runtime errors ask the VM. */
extern uint16_t err_line;

#endif
