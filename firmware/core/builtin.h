/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built-in functions: each takes its positional arguments as an array
 * (on the VM stack, so they are GC roots) and returns a value. The table
 * is generated from builtins.def; see name.h. */
#ifndef SNEK_BUILTIN_H
#define SNEK_BUILTIN_H

#include "value.h"

/* Seed the random generator (ports call it at boot). */
void random_init(uint32_t seed);

#endif
