/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Arduino Uno / Duemilanove (ATmega328P at 16 MHz: 32 KB flash, 2 KB RAM,
 * 1 KB EEPROM). See uno.mk for the build and README.md for the pins. */
#define SNEK_SMALL (1)
/* The pool: the heap, and the value stack at its end. The stack keeps 16
 * values for itself (so `big = None` still runs with the heap full; the
 * compiler's action stack uses them while a statement compiles) and
 * borrows the heap's free room for deeper calls (vm.c), so the heap has
 * up to 1,256 bytes. The pool is what the 2 KB of RAM leave beside the
 * other static RAM and the C stack: its deepest path (nested lists printed
 * through %s) takes ~330 bytes, an interrupt ~30 more
 * (test_c_stack_stays_in_free_ram). */
#ifndef SNEK_POOL_SIZE
#define SNEK_POOL_SIZE (1320)
#endif
#ifndef SNEK_STACK_SIZE
#define SNEK_STACK_SIZE (16)
#endif
/* A statement takes ~10 symbols of the LL(1) parse stack, each nested
 * call, list or parenthesis 3 more, each block 3 (if) to 6 (for). Nesting
 * that fits the compiler's stack (SNEK_COMP_STACK) took at most 49. */
#define SNEK_PARSE_STACK (56)
#define SNEK_COMP_STACK (24)
#define SNEK_INDENT_MAX (8)
#define SNEK_NEST_MAX (8)
#define SNEK_MARK_STACK (8)
#define SNEK_FORWARD_MAX (8)
#define SNEK_GC_BINS (1)
/* 32 bytes: two ENQ-paced pieces of 16; XOFF at 16, XON at 8. */
#define SNEK_CONSOLE_RING (32)
#define SNEK_CONSOLE_XONXOFF (1)
#define SNEK_GPIO (1)
#define SNEK_GPIO_PINS (20)
#define SNEK_PORT_PINS (1)
#define SNEK_TONE (1)
#define SNEK_MATH (1)
#define SNEK_RANDOM (1)
#define SNEK_INPUT (1)
#define SNEK_EXIT (0)
#define SNEK_MATH_FULL (0)
#define SNEK_FILES (0)
/* No flash left for these checks (config_default.h; docs/language.md). */
#define SNEK_RANGE_CHECK (0)
#define SNEK_FORMAT_CHR (0)
#define SNEK_UPLOAD_TEXT_CHECK (0)
