/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Errors: one path. A raise prints "FILE:LINE message" and unwinds to the
 * top level through longjmp; the REPL keeps its globals. */
#ifndef SNEK_ERROR_H
#define SNEK_ERROR_H

#include "value.h"

/* Run the top level: 0 when run returns, or (ERR_RAISED, ERR_RESET) what
 * the err_throw that unwound it gave. Not nested. A port may provide
 * these two (SNEK_PORT_UNWIND): the Uno's keep only the registers its C
 * code must keep, where setjmp keeps them all. */
uint8_t err_try(void (*run)(void));
__attribute__((noreturn)) void err_throw(uint8_t why);

/* ERR_TRY_BODY marks the function err_try runs (config_default.h). */

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
};

/* Unwind after ^C: the console shows ^C and a fresh prompt. */
__attribute__((noreturn, noinline)) void err_interrupt(void);

/* Unwind to the port's boot: reset() on the host. */
__attribute__((noreturn)) void err_reset(void);

/* err_try's answers. */
#define ERR_RAISED 1
#define ERR_RESET 2

/* After ERR_RAISED: print the error (before vm_reset, which forgets the
 * line it happened on). The raise printed nothing: unwinding first keeps
 * the code that raised off the C stack while the message is written. */
void err_print(void);

/* Raise a fixed message. */
__attribute__((noreturn)) void err_raise(uint8_t code);

/* Raise with a format (a literal: it is kept in flash): %s string in RAM
 * (a global or in the pool: it is printed after unwinding),
 * %S string in flash, %v repr of a value, %n name id,
 * %d integer (int32_t), %o operator text, %t a token (a global one),
 * %c a character (int32_t). Keep formats short. */
/* Up to three arguments, each widened to err_arg_t: fixed signatures, not
 * C varargs, which avr-gcc 5.4 reads wrongly under -mcall-prologues (and
 * which costs more flash at every call). Pointers go through ERR_PTR.
 * err_format picks the function taking as many arguments as it is given,
 * so no call site loads zeros for arguments its format does not read. */
#if UINTPTR_MAX > UINT32_MAX
typedef uintptr_t err_arg_t;
#else
typedef uint32_t err_arg_t;
#endif
#define ERR_PTR(p) ((err_arg_t)(uintptr_t)(p))
__attribute__((noreturn, noinline)) void err_format0(const char *fmt);
__attribute__((noreturn, noinline)) void err_format1(const char *fmt, err_arg_t a);
__attribute__((noreturn, noinline)) void err_format3(const char *fmt, err_arg_t a, err_arg_t b, err_arg_t c);
#define ERR_PICK(zero, a, b, c, call, ...) call
#define ERR_CALL0(fmt) err_format0(fmt)
#define ERR_CALL1(fmt, a) err_format1(fmt, (err_arg_t)(a))
#define ERR_CALL2(fmt, a, b) err_format3(fmt, (err_arg_t)(a), (err_arg_t)(b), 0)
#define ERR_CALL3(fmt, a, b, c) err_format3(fmt, (err_arg_t)(a), (err_arg_t)(b), (err_arg_t)(c))
#define err_format(fmt, ...) \
	ERR_PICK(0, ##__VA_ARGS__, ERR_CALL3, ERR_CALL2, ERR_CALL1, ERR_CALL0)(ROM_STR(fmt), ##__VA_ARGS__)

/* A raise on its way to err_print: kept in gc_scratch (no collection
 * runs between a raise and its printing). */
struct err_pending {
	const char *fmt; /* NULL: ^C */
	err_arg_t args[3];
};

/* The common messages: one call each, no format at the call site. */
__attribute__((noreturn)) void err_invalid_type(value_t v);
__attribute__((noreturn)) void err_invalid_value(value_t v);
__attribute__((noreturn)) void err_undefined(uint16_t id);
/* A call's arguments: a named one not wanted or named twice (id), or
 * the wrong count. */
__attribute__((noreturn)) void err_bad_arg(uint16_t id);
__attribute__((noreturn)) void err_bad_args(uint8_t wanted, uint8_t got);

/* The file name errors carry; NULL (at start) stands for "<stdin>", the
 * console. */
extern const char *err_file;

/* Line of a compile-time error; runtime errors ask the VM. */
extern uint16_t err_line;

#endif
