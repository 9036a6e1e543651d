/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The core as the SAMD21 boards run it (32 KB of RAM, 256 KB of flash),
 * shared with the QEMU build (ports/qemu-arm), which runs this same core
 * with this same heap so that what passes there predicts the board.
 *
 * Flags mean what core/config_default.h says. Speed over bytes, within
 * the image's aim of 70,000 bytes (tests/firmware/test_samd21.py): about
 * 10 KB of the 256 KB of flash buys a core a few times faster than the
 * Uno's. The choices are written out so that the next port sees them. */
#ifndef SNEK_ARM_CORE_CONFIG_H
#define SNEK_ARM_CORE_CONFIG_H

/* 32-bit lengths: 16-bit ones would save a little RAM and cap strings at
 * 32 KB, which RAM does anyway. */
#define SNEK_LEN16 (0)
/* The VM's fast paths: the flash is there. Helpers out of line, though:
 * the host's inlined helpers and extra fast paths (integer // and %,
 * sequences copied in one go) took the image 2.2 KB over its aim, for a
 * few percent of speed. */
#define SNEK_VM_FAST_PATHS (1)
#define SNEK_SMALL_CODE (1)
/* Hashed dicts, hole lists by size, growing room and [...] for a
 * container inside itself: Python's speed and output, for a few hundred
 * bytes of the heap. */
#define SNEK_DICT_LINEAR (0)
#define SNEK_GC_FIRST_FIT (0)
#define SNEK_GROW_SPARE (1)
#define SNEK_PRINT_CYCLES (1)
/* One-character strings kept and rebound built-in names by number: both
 * made only when a program uses them. */
#define SNEK_CHAR_STRINGS (1)
#define SNEK_GLOBALS_DIRECT (1)
/* The checks for input no program means: the flash is there. */
#define SNEK_RANGE_CHECK (1)
#define SNEK_FORMAT_CHR (1)
#define SNEK_UPLOAD_TEXT_CHECK (1)
/* x[i] = v finds v first, as Python does. */
#define SNEK_STORE_ORDER (1)

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
/* Sixteen hole lists by size: small objects, which most are, reuse
 * holes without a walk. */
#define SNEK_GC_BINS (16)
#define SNEK_MATH (1)
#define SNEK_MATH_FULL (1)
#define SNEK_RANDOM (1)
#define SNEK_TIME (1)
#define SNEK_INPUT (1)
/* A USB packet is 64 bytes: the ring holds four. */
#define SNEK_CONSOLE_RING (256)

#endif
