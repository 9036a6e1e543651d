/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built-in functions: each takes its positional arguments as an array
 * (on the VM stack, so they are GC roots) and returns a value. args[-1]
 * is the function being called: functions sharing one C wrapper
 * (FLOAT1 and FLOAT2 rows of builtins.def) tell themselves apart by it. The
 * table is generated from builtins.def; see name.h. */
#ifndef SNEK_BUILTIN_H
#define SNEK_BUILTIN_H

#include "value.h"

/* Which of the builtins sharing the C function builtin_<fn> was called:
 * 0 for the first row of builtins.def naming fn, 1 for the next... */
#define BUILTIN_NTH(fn) ((uint8_t)(VAL_BUILTIN_INDEX(args[-1]) - BUILTIN_FIRST_##fn))

/* Which builtin was called: BUILTIN_<name> (see tools/gennames.py), for
 * the C functions that serve several (one entry and exit for a module). */
#define BUILTIN_CALLED() ((uint8_t)VAL_BUILTIN_INDEX(args[-1]))

/* The C entry builtin_<entry> of a SHARED row of builtins.def: another
 * name for the function builtin_<body>, which serves several rows. */
#define BUILTIN_SHARES(entry, body) \
	value_t builtin_##entry(uint8_t nargs, value_t *args) __attribute__((alias("builtin_" #body)))

/* val_to_num and val_to_int of the argument at arg: one call where
 * each built-in would load the value itself. */
float builtin_arg_num(const value_t *arg);
int32_t builtin_arg_int(const value_t *arg);

/* chr(*v) in UTF-8 (at most 4 bytes) in out; returns their count. */
uint8_t builtin_utf8(const value_t *v, char *out);

/* VAL_NONE, what built-ins with nothing to say return: one copy of its
 * four byte loads, reached by a jump from each. */
value_t builtin_none(void);

/* truncf, never -0 (math.trunc and int). */
float math_trunc(float x);

/* After an error inside eeprom.write(): read the rest of its upload, to
 * its ^D, so that none of it runs as REPL input. */
void eeprom_upload_skip(void);

/* Seed the random generator (ports call it at boot). */
void random_init(uint32_t seed);

#endif
