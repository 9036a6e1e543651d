/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Arduino Uno / Duemilanove (ATmega328P at 16 MHz: 32 KB flash, 2 KB RAM,
 * 1 KB EEPROM). See uno.mk for the build and README.md for the pins.
 * Flags mean what core/config_default.h says; the chip chooses flash and
 * RAM over speed wherever the two part. */

/* The pool is under 2 KB: 16-bit lengths halve every object header and
 * spare the 8-bit core 32-bit arithmetic. No alignment rules: objects
 * start on any even byte. */
#define SNEK_LEN16 (1)
#define SNEK_GRANULE (2)
/* The VM without fast paths (acc and sp kept in memory, every operator
 * through val_apply) is half the flash; helpers stay out of line. */
#define SNEK_VM_FAST_PATHS (0)
#define SNEK_SMALL_CODE (1)
/* Dicts of a handful of keys: a linear search needs neither an index nor
 * the hashing code. Holes by first fit: no free lists to keep. */
#define SNEK_DICT_LINEAR (1)
#define SNEK_GC_FIRST_FIT (1)
#define SNEK_GC_COUNTS (0)
/* Every byte of heap is a program's: containers grow to fit exactly, and
 * a container inside itself is "too deeply nested" (no path kept). */
#define SNEK_GROW_SPARE (0)
#define SNEK_PRINT_CYCLES (0)
/* One-character strings made when needed, not kept; the few rebound
 * built-in names searched for. */
#define SNEK_CHAR_STRINGS (0)
#define SNEK_GLOBALS_DIRECT (0)

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
#define SNEK_GC_TEMPS (6)
/* 32 bytes: two ENQ-paced pieces of 16; XOFF at 16, XON at 8. */
#define SNEK_CONSOLE_RING (32)
#define SNEK_CONSOLE_XONXOFF (1)
/* Uploads go to the EEPROM byte by byte: no heap to hold a program. */
#define SNEK_STORAGE_STREAM (1)
#define SNEK_GPIO (1)
#define SNEK_GPIO_PINS (20)
/* The timers' PWM takes a byte. */
#define SNEK_GPIO_BYTE_LEVELS (1)
#define SNEK_PORT_PINS (1)
#define SNEK_TONE (1)
#define SNEK_MATH (1)
/* The subset: the trigonometry's 570 bytes did not fit. */
#define SNEK_MATH_FULL (0)
#define SNEK_RANDOM (1)
#define SNEK_INPUT (1)
#define SNEK_EXIT (0)
/* Programs come from the console and the EEPROM only. */
#define SNEK_FILES (0)
/* No flash left for these checks of input no program means
 * (config_default.h; docs/language.md says what then differs). */
#define SNEK_RANGE_CHECK (0)
#define SNEK_FORMAT_CHR (0)
#define SNEK_UPLOAD_TEXT_CHECK (0)
/* x[i] = v finds x and i before v (docs/language.md): Python's order
 * takes ~350 bytes the chip does not have. */
#define SNEK_STORE_ORDER (0)
