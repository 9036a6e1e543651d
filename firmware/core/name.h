/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Names: every identifier becomes a number at compile time. Built-in
 * names come first (sorted, in flash); names programs add follow. Global
 * variables are indexed by the same numbers. */
#ifndef SNEK_NAME_H
#define SNEK_NAME_H

#include "value.h"

#define NAME_MAX 64
#define NAME_NONE 0xFFFF
/* Never a name either: the compiler's hidden local that holds the value
 * of x[i] = v while x and i are found (compile.c, value_first). */
#define NAME_STORE_VALUE 0xFFFE

typedef value_t (*builtin_fn_t)(uint8_t nargs, value_t *args);
struct builtin {
	builtin_fn_t fn;
	uint8_t min, max; /* max 255: any number */
};
/* Builtin function f (VAL_BUILTIN_INDEX): its C function and how many
 * arguments it takes. */
struct builtin builtin_get(uint8_t f);

#include "names.h" /* generated: enum builtin_name */

/* The number of the name in the first len bytes of the raw buffer at
 * *raw (a root: the buffer may move when the name is added). */
uint16_t name_intern(const value_t *raw, uint8_t len);

/* Write the name's text through print_char. */
void name_print(uint16_t id);

/* Globals, for the VM: GLOBAL_READ puts the value of global id in *acc
 * and returns whether it has one. GLOBAL_STORE binds it to *acc, which
 * is read after the slot may grow, so it must be a root (the VM's acc).
 * GLOBAL_DEL unbinds it and returns whether the program had bound it. */
enum { GLOBAL_READ, GLOBAL_STORE, GLOBAL_DEL };
bool global_op(uint16_t id, uint8_t op, value_t *acc);
/* Bind global id to v, which needs no root of its own. */
void global_set(uint16_t id, value_t v);

/* Roots. */
extern value_t name_user;   /* byte buffer: names added by programs, each ended by a NUL */
extern value_t global_vals; /* block of values, by id - NAME_BUILTIN_COUNT */
extern value_t global_shadow; /* block of rebound built-in names' values: by
				 number (SNEK_GLOBALS_DIRECT), or (id, value) pairs */

/* The REPL keeps the last value printed in _ (a built-in name, so it
 * needs no interning at start). */
#define name_underscore NAME__

void name_init(void);

/* The value a built-in name has before a program rebinds it: a function,
 * a number, or VAL_UNSET for a name with none. */
value_t name_builtin_value(uint16_t id);


/* The builtin function a built-in name stands for, or 0xFF. */
uint8_t global_builtin_index(uint16_t id);
bool name_has_dot(uint16_t id);

#endif
