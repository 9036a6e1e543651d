/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Feature flags and sizes: the one place for their defaults and their
 * meaning. Each port's config.h sets what it chooses (and says why);
 * this file fills in the rest. Every flag is 0 or 1: test it with #if,
 * never #ifdef, so that -Wundef catches a misspelt name.
 *
 * The defaults suit a chip or host with room (tens of KB of RAM, 64 KB
 * of flash or more). The small-chip choices, as ports/uno makes them:
 *
 *   SNEK_LEN16 1, SNEK_VM_FAST_PATHS 0, SNEK_DICT_LINEAR 1,
 *   SNEK_GC_FIRST_FIT 1, SNEK_PRINT_CYCLES 0, SNEK_GROW_SPARE 0,
 *   SNEK_SMALL_CODE 1, SNEK_GC_COUNTS 0, SNEK_GPIO_BYTE_LEVELS 1,
 *   SNEK_CHAR_STRINGS 0, SNEK_GLOBALS_DIRECT 0, SNEK_STORAGE_STREAM 1,
 *   SNEK_GRANULE 2, SNEK_GC_TEMPS 6. */
#ifndef SNEK_CONFIG_DEFAULT_H
#define SNEK_CONFIG_DEFAULT_H

/* Memory layout */

/* Lengths, object sizes and pool offsets in 16 bits (snek_len_t): object
 * headers of 2 bytes instead of 4, and 8-bit chips spared 32-bit
 * arithmetic. The pool must then stay below 32 KB. */
#ifndef SNEK_LEN16
#define SNEK_LEN16 (0)
#endif

/* Bytes in the pool: the heap (objects, code, strings) and, at its end,
 * the VM's value stack. */
#ifndef SNEK_POOL_SIZE
#define SNEK_POOL_SIZE (1024)
#endif

/* Objects start on multiples of this many bytes; references count in
 * these units, so the pool can be 2^20 of them. 2 suits a chip without
 * alignment rules (the AVR); values want 4 elsewhere. */
#ifndef SNEK_GRANULE
#define SNEK_GRANULE (4)
#endif

/* Values the VM stack keeps for itself at the pool's end (locals,
 * temporaries, call frames); deeper calls borrow the heap's free room. */
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

/* The collector */

/* Gray objects the marker keeps; on overflow it rescans the heap. */
#ifndef SNEK_MARK_STACK
#define SNEK_MARK_STACK (16)
#endif

/* Forwarding entries per compaction pass. */
#ifndef SNEK_FORWARD_MAX
#define SNEK_FORWARD_MAX (16)
#endif

/* Holes are found by walking the heap, the first that fits taken (1):
 * no free lists, a hole is a bare header. 0 keeps SNEK_GC_BINS lists of
 * holes by size: faster when the heap holds many objects. */
#ifndef SNEK_GC_FIRST_FIT
#define SNEK_GC_FIRST_FIT (0)
#endif

/* Without first fit: exact-size hole lists (sizes in granules). */
#ifndef SNEK_GC_BINS
#define SNEK_GC_BINS (8)
#endif

/* Slots for values C code holds across an allocation (gc_temp); the
 * core nests at most GC_TEMP_SMALL (gc.h) of them. */
#ifndef SNEK_GC_TEMPS
#define SNEK_GC_TEMPS (16)
#endif

/* Count what the collector does (gc_stats, the host's SNEK_GC_STATS
 * report). */
#ifndef SNEK_GC_COUNTS
#define SNEK_GC_COUNTS (1)
#endif

/* Debug builds: 1 = a full collection on every allocation, 2 = an
 * incremental cycle always running. Both check every reference after. */
#ifndef SNEK_GC_STRESS
#define SNEK_GC_STRESS (0)
#endif

/* Speed and flash */

/* The VM keeps acc, sp and the code's bytes in C locals and runs numbers,
 * list items, locals and globals inline (1). 0 keeps acc and sp in
 * vm_regs and sends every operator through val_apply: about half the
 * VM's flash, for roughly a third of its speed. */
#ifndef SNEK_VM_FAST_PATHS
#define SNEK_VM_FAST_PATHS (1)
#endif

/* Computed-goto dispatch (GCC hosts); 0 uses a switch. */
#ifndef SNEK_COMPUTED_GOTO
#define SNEK_COMPUTED_GOTO (0)
#endif

/* Prefer smaller code where it costs some speed: helpers kept out of
 * line that would otherwise be copied into their callers, sequences
 * copied item by item, named arguments found parameter by parameter. */
#ifndef SNEK_SMALL_CODE
#define SNEK_SMALL_CODE (0)
#endif

/* Containers */

/* Dicts without a hash index (1): their entries are searched in order,
 * and deleting a key closes its gap (a for loop over a dict that deletes
 * from it then skips entries, where CPython raises RuntimeError). 0: an
 * open-addressed index, deleted entries left as holes. */
#ifndef SNEK_DICT_LINEAR
#define SNEK_DICT_LINEAR (0)
#endif

/* Lists growing by += and the globals' table keep spare room, so a run
 * of appends copies each item only a few times (1); 0 sizes them
 * exactly, which spends no heap on room not yet used. */
#ifndef SNEK_GROW_SPARE
#define SNEK_GROW_SPARE (1)
#endif

/* The one-character strings that indexing, for loops and chr() make are
 * made once per byte value and kept (a block of 256 values, and the
 * strings); 0 makes a new one each time. */
#ifndef SNEK_CHAR_STRINGS
#define SNEK_CHAR_STRINGS (1)
#endif

/* A built-in name a program rebinds (pi, e, seed, a pin name...) gets a
 * slot of its own, indexed by its number, in a block of one value per
 * built-in name made the first time (1): no search at each use. 0 keeps
 * (name, value) pairs for the few rebound, searched. */
#ifndef SNEK_GLOBALS_DIRECT
#define SNEK_GLOBALS_DIRECT (1)
#endif

/* A container inside itself prints as [...] like Python (1), which keeps
 * the path of containers being printed (SNEK_NEST_MAX values of RAM);
 * 0 reports it as too deeply nested. */
#ifndef SNEK_PRINT_CYCLES
#define SNEK_PRINT_CYCLES (1)
#endif

/* Modules */

#ifndef SNEK_MATH
#define SNEK_MATH (1)
#endif
/* The whole math module (1), or the subset small chips keep (0): sqrt
 * floor ceil trunc fabs exp log pow pi e, with their math. names. */
#ifndef SNEK_MATH_FULL
#define SNEK_MATH_FULL (1)
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
/* exit() and sys.exit(): hosts, where there is somewhere to exit to. */
#ifndef SNEK_EXIT
#define SNEK_EXIT (0)
#endif

/* parse_check_only: compile without running (the host's --check). */
#ifndef SNEK_CHECK_ONLY
#define SNEK_CHECK_ONLY (0)
#endif

/* The console */

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

/* x[i] = v finds v before x and i, as Python does (1): the compiler
 * moves the value's code before the target's. 0 finds them in the order
 * written: x, i, then v (about 350 bytes of AVR code less). */
#ifndef SNEK_STORE_ORDER
#define SNEK_STORE_ORDER (1)
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

/* Called at every backward jump and call: a port may look for ^C here
 * (or, fuzzing, count steps) and set vm_interrupt. */
#ifndef SNEK_POLL
#define SNEK_POLL() ((void)0)
#endif
/* SNEK_POLL is called at one backward jump or call in this many (a
 * countdown in the VM: cheaper than a call each time). */
#ifndef SNEK_POLL_INTERVAL
#define SNEK_POLL_INTERVAL (1)
#endif
/* What the VM calls then: SNEK_POLL, unless the port counts the backward
 * jumps and calls (the host's virtual time moves by each). */
#ifndef SNEK_POLL_VM
#define SNEK_POLL_VM() SNEK_POLL()
#endif

/* Pins, motors and sound */

#ifndef SNEK_GPIO
#define SNEK_GPIO (0)
#endif
#ifndef SNEK_GPIO_PINS
#define SNEK_GPIO_PINS (20)
#endif
/* Power levels kept as bytes, 0..255 (1): what an 8-bit PWM takes as it
 * is, and no float arithmetic to clamp them. 0 keeps them as floats, 0..1. */
#ifndef SNEK_GPIO_BYTE_LEVELS
#define SNEK_GPIO_BYTE_LEVELS (0)
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
/* The port's pin names are compiled into the name table, from the
 * port's pins.def (CONST rows, in flash). */
#ifndef SNEK_PORT_PINS
#define SNEK_PORT_PINS (0)
#endif
/* Pin names bound when the board starts, not built into the name table. */
#ifndef SNEK_BOARD_PINS_AT_RUN_TIME
#define SNEK_BOARD_PINS_AT_RUN_TIME (0)
#endif

/* Program storage */

/* Bytes of program storage (EEPROM or flash) when the port has it. */
#ifndef SNEK_STORAGE
#define SNEK_STORAGE (1)
#endif

/* eeprom.write() stores bytes as they arrive instead of holding the whole
 * upload in the heap: small chips have no heap for that. */
#ifndef SNEK_STORAGE_STREAM
#define SNEK_STORAGE_STREAM (0)
#endif

/* What the port's port.h may provide */

/* The port provides err_try and err_throw (1) instead of setjmp's. */
#ifndef SNEK_PORT_UNWIND
#define SNEK_PORT_UNWIND (0)
#endif

/* Marks the function err_try runs: a port's err_try may restore every
 * register itself, so that function need not keep them. */
#ifndef ERR_TRY_BODY
#define ERR_TRY_BODY
#endif

/* Answer the host from the console's receive interrupt (XOFF, XON,
 * DC4's echo): a port may define it to send more simply than hal_putc. */
#ifndef HAL_RX_ANSWER
#define HAL_RX_ANSWER(c) (hal_putc((char)(c)), hal_flush())
#endif

/* A string literal kept in flash on chips with separate program memory;
 * read it with SNEK_ROM_BYTE (print_str, err_format do). */
#ifndef ROM_STR
#define ROM_STR(s) (s)
#endif

/* Flash-resident tables: ports with separate program memory override these. */
#ifndef SNEK_ROM
#define SNEK_ROM
#define SNEK_ROM_BYTE(p) (*(const uint8_t *)(p))
#define SNEK_ROM_WORD(p) (*(const uint16_t *)(p))
#define SNEK_ROM_PTR(p) (*(p))
#endif
#ifndef SNEK_ROM_FLOAT
#define SNEK_ROM_FLOAT(p) (*(p))
#endif

/* Out of line where flash is short (SNEK_SMALL_CODE): a helper that
 * link-time optimisation would otherwise copy into several callers.
 * Elsewhere the compiler decides. */
#if SNEK_SMALL_CODE
#define SNEK_OUTLINE __attribute__((noinline))
#else
#define SNEK_OUTLINE
#endif

/* Keep a pointer to a global struct in a register: an empty asm hides the
 * constant address, so on the AVR each field is a 2-byte displacement load
 * or store instead of a 4-byte lds/sts. Emits nothing. */
#ifdef __AVR__
#define SNEK_HIDE_ADDRESS(p) __asm__("" : "+b"(p))
#else
#define SNEK_HIDE_ADDRESS(p) ((void)0)
#endif

#endif
