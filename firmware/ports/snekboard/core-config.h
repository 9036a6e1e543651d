/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The core as the SAMD21 boards run it (32 KB of RAM, 256 KB of flash),
 * shared with the QEMU build (ports/qemu-arm), which runs this same core
 * with this same heap so that what passes there predicts the board.
 *
 * SNEK_SMALL stays 0: 32-bit lengths, hashed dicts, the VM's fast paths
 * and the full math module. They cost about 10 KB of the 256 KB of flash
 * (the image stays under 70,000 bytes) and make the core a few times
 * faster; 16-bit lengths would also cap strings at 32 KB, which RAM does
 * anyway, but save nothing that matters here. */
#ifndef SNEK_ARM_CORE_CONFIG_H
#define SNEK_ARM_CORE_CONFIG_H

/* The pool (heap and value stack): what RAM leaves beside the other
 * static data and the C stack. The build fits it (tools/armsize.py links
 * once, measures, and passes -DSNEK_POOL_SIZE); this is only the first
 * guess. */
#ifndef SNEK_POOL_SIZE
#define SNEK_POOL_SIZE (24 * 1024)
#endif
/* The value stack keeps 128 values for itself and borrows the heap's
 * free room for deep recursion (vm.c). */
#define SNEK_STACK_SIZE (128)
/* The parse stack is an array in the C frame of the function compiling a
 * statement: 256 symbols take 512 bytes of C stack while a statement
 * compiles and allow about 80 levels of nesting. */
#define SNEK_PARSE_STACK (256)
#define SNEK_COMP_STACK (128)
#define SNEK_INDENT_MAX (32)
#define SNEK_NEST_MAX (32)
#define SNEK_MARK_STACK (32)
#define SNEK_FORWARD_MAX (32)
#define SNEK_GC_BINS (16)
#define SNEK_MATH (1)
#define SNEK_MATH_FULL (1)
#define SNEK_RANDOM (1)
#define SNEK_TIME (1)
#define SNEK_INPUT (1)
/* A USB packet is 64 bytes: the ring holds four. */
#define SNEK_CONSOLE_RING (256)

#endif
