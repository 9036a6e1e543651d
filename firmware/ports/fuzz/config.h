/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The libFuzzer port (fuzz.c): a board-sized heap so that out-of-memory,
 * mark-stack overflow and multi-pass compaction are reached by ordinary
 * programs, and a step budget so that no input runs forever. The flags
 * (core/config_default.h) are the host's: fuzzing finds the bugs of the
 * fast paths the IDE runs. */
#define SNEK_GRANULE (4)
#define SNEK_POOL_SIZE (64u * 1024)
#define SNEK_STACK_SIZE (256)	/* small, so fuzzing moves the stack into the pool */
#define SNEK_PARSE_STACK (256)
#define SNEK_COMP_STACK (128)
#define SNEK_INDENT_MAX (32)
#define SNEK_NEST_MAX (200)
#define SNEK_MARK_STACK (64)
#define SNEK_FORWARD_MAX (32)
#define SNEK_EXIT (1)
#define SNEK_STORAGE (1)
/* A board with every device: pins, motors, lights and sound (no-ops). */
#define SNEK_GPIO (1)
#define SNEK_GPIO_PINS (20)
#define SNEK_NEOPIXEL (1)
#define SNEK_TONE (1)
#if !defined(SNEK_COMPUTED_GOTO) && defined(__GNUC__)
#define SNEK_COMPUTED_GOTO (1)
#endif

/* Backward jumps and calls: count steps; past the budget every poll sets
 * vm_interrupt, so `while 1: pass` and endless recursion end in ^C. */
/* 20,000 loop turns or calls per input: a loop printing a float each turn
 * (exact shortest repr, slow under ASan) still ends well inside the timeout. */
#define SNEK_FUZZ_STEPS (20000u)
/* Output counts too: one step may print a whole list, and a loop printing
 * a list that grows (or shrinks) an item a step is quadratic work that the
 * step budget alone lets run for minutes. */
#define SNEK_FUZZ_OUTPUT (1u << 20)
#define SNEK_POLL() do { extern void fuzz_poll(void); fuzz_poll(); } while (0)
