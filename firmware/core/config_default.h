/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Feature flags and sizes: each port's config.h sets what it needs,
 * this file fills in the rest. Test with #if, never #ifdef. */
#ifndef SNEK_CONFIG_DEFAULT_H
#define SNEK_CONFIG_DEFAULT_H

/* 16-bit lengths on small chips. */
#ifndef SNEK_SMALL
#define SNEK_SMALL (0)
#endif

/* Bytes in the heap pool (objects, code, strings). */
#ifndef SNEK_POOL_SIZE
#define SNEK_POOL_SIZE (1024)
#endif

/* Objects start on multiples of this many bytes; references count in
 * these units, so the pool can be 2^20 of them. */
#ifndef SNEK_GRANULE
#if SNEK_SMALL
#define SNEK_GRANULE (2)
#else
#define SNEK_GRANULE (4)
#endif
#endif

/* Values on the VM stack (locals, temporaries, call frames). */
#ifndef SNEK_STACK_SIZE
#define SNEK_STACK_SIZE (64)
#endif

/* Symbols on the LL(1) parse stack: bounds the nesting of a statement. */
#ifndef SNEK_PARSE_STACK
#define SNEK_PARSE_STACK (96)
#endif

/* Entries of the compiler's own stack (jump targets, counts). */
#ifndef SNEK_COMP_STACK
#define SNEK_COMP_STACK (48)
#endif

/* Indentation levels in a program. */
#ifndef SNEK_INDENT_MAX
#define SNEK_INDENT_MAX (16)
#endif

/* Depth of nested containers that print/compare/hash walk into. */
#ifndef SNEK_NEST_MAX
#define SNEK_NEST_MAX (16)
#endif

/* Gray objects the marker keeps; on overflow it rescans the heap. */
#ifndef SNEK_MARK_STACK
#define SNEK_MARK_STACK (16)
#endif

/* Exact-size hole lists the allocator keeps (sizes in granules). */
#ifndef SNEK_GC_BINS
#define SNEK_GC_BINS (8)
#endif

/* Forwarding entries per compaction pass. */
#ifndef SNEK_FORWARD_MAX
#define SNEK_FORWARD_MAX (16)
#endif

/* Debug builds: 1 = a full collection on every allocation, 2 = an
 * incremental cycle always running. Both check every reference after. */
#ifndef SNEK_GC_STRESS
#define SNEK_GC_STRESS (0)
#endif

/* Computed-goto dispatch (GCC hosts); 0 uses a switch. */
#ifndef SNEK_COMPUTED_GOTO
#define SNEK_COMPUTED_GOTO (0)
#endif

#ifndef SNEK_MATH
#define SNEK_MATH (1)
#endif
#ifndef SNEK_RANDOM
#define SNEK_RANDOM (1)
#endif
#ifndef SNEK_TIME
#define SNEK_TIME (1)
#endif
#ifndef SNEK_INPUT
#define SNEK_INPUT (1)
#endif
#ifndef SNEK_EXIT
#define SNEK_EXIT (0)
#endif

/* parse_check_only: compile without running (the host's --check). */
#ifndef SNEK_CHECK_ONLY
#define SNEK_CHECK_ONLY (0)
#endif

/* Bytes the console holds between reads (a power of two). */
#ifndef SNEK_CONSOLE_RING
#define SNEK_CONSOLE_RING (64)
#endif

/* UART boards: send XOFF when the console ring is half full and XON once
 * it has drained to a quarter (see docs/protocol.md). */
#ifndef SNEK_CONSOLE_XONXOFF
#define SNEK_CONSOLE_XONXOFF (0)
#endif

/* Ports whose console_rx runs in an interrupt handler keep it out while
 * the core takes a byte from the ring (a declaration and a statement). */
#ifndef SNEK_ATOMIC_BEGIN
#define SNEK_ATOMIC_BEGIN() ((void)0)
#define SNEK_ATOMIC_END() ((void)0)
#endif

/* Seconds a board waits after its banner for a ^C that keeps the stored
 * program from running (docs/storage.md): a program that resets or hangs
 * at once can always be replaced. */
#ifndef SNEK_BOOT_WINDOW
#define SNEK_BOOT_WINDOW (0.2f)
#endif

/* Checks for input no program means, which cost flash a small chip may
 * not have (each port's config.h says which it leaves out, and
 * docs/language.md what then differs):
 * SNEK_RANGE_CHECK: range() refuses ends its float count could never
 *   pass (range(16777216, 16777220) would never end);
 * SNEK_FORMAT_CHR: '%c' % n is chr(n), UTF-8, and an error out of range
 *   (else the byte n);
 * SNEK_UPLOAD_TEXT_CHECK: eeprom.write() refuses a 0xFF byte, which the
 *   storage cannot hold (else the stored program ends there, and the IDE's
 *   read-back finds it). */
#ifndef SNEK_RANGE_CHECK
#define SNEK_RANGE_CHECK (1)
#endif
#ifndef SNEK_FORMAT_CHR
#define SNEK_FORMAT_CHR (1)
#endif
#ifndef SNEK_UPLOAD_TEXT_CHECK
#define SNEK_UPLOAD_TEXT_CHECK (1)
#endif

/* Programs from files (the host's `snek FILE`): an error ends the run. */
#ifndef SNEK_FILES
#define SNEK_FILES (1)
#endif

/* A start that skips the stored program once (snek_skip_stored: the
 * host's --safe). */
#ifndef SNEK_SAFE_START
#define SNEK_SAFE_START (0)
#endif

/* Echo typed bytes back until ^N (boards); the host starts silent. */
#ifndef SNEK_CONSOLE_ECHO
#define SNEK_CONSOLE_ECHO (1)
#endif

/* Pins, motors and sound. */
#ifndef SNEK_GPIO
#define SNEK_GPIO (0)
#endif
#ifndef SNEK_GPIO_PINS
#define SNEK_GPIO_PINS (20)
#endif
#ifndef SNEK_NEOPIXEL
#define SNEK_NEOPIXEL (0)
#endif
#ifndef SNEK_NEOPIXEL_MAX
#define SNEK_NEOPIXEL_MAX (16)
#endif
#ifndef SNEK_TONE
#define SNEK_TONE (0)
#endif
/* Pin names bound when the board starts, not built into the name table. */
#ifndef SNEK_BOARD_PINS_AT_RUN_TIME
#define SNEK_BOARD_PINS_AT_RUN_TIME (0)
#endif

/* Bytes of program storage (EEPROM or flash) when the port has it. */
#ifndef SNEK_STORAGE
#define SNEK_STORAGE (1)
#endif

/* eeprom.write() stores bytes as they arrive instead of holding the whole
 * upload in the heap: small chips have no heap for that. */
#ifndef SNEK_STORAGE_STREAM
#define SNEK_STORAGE_STREAM SNEK_SMALL
#endif

/* The port's pin names are compiled into the name table, from the
 * port's pins.def (CONST rows, in flash). */
#ifndef SNEK_PORT_PINS
#define SNEK_PORT_PINS (0)
#endif

/* Called at every backward jump and call: a port may look for ^C here
 * (or, fuzzing, count steps) and set vm_interrupt. */
#ifndef SNEK_POLL
#define SNEK_POLL() ((void)0)
#endif

/* A string literal kept in flash on chips with separate program memory;
 * read it with SNEK_ROM_BYTE (print_str, err_format do). */
#ifndef ROM_STR
#define ROM_STR(s) (s)
#endif

/* Keep a pointer to a global struct in a register: an empty asm hides the
 * constant address, so on the AVR each field is a 2-byte displacement load
 * or store instead of a 4-byte lds/sts. Emits nothing. */
#ifdef __AVR__
#define SNEK_HIDE_ADDRESS(p) __asm__("" : "+b"(p))
#else
#define SNEK_HIDE_ADDRESS(p) ((void)0)
#endif

/* Flash-resident tables: ports with separate program memory override these. */
#ifndef SNEK_ROM
#define SNEK_ROM
#define SNEK_ROM_BYTE(p) (*(const uint8_t *)(p))
#define SNEK_ROM_WORD(p) (*(const uint16_t *)(p))
#define SNEK_ROM_PTR(p) (*(p))
#endif

#endif
