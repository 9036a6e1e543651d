/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host build: the test bed and the IDE's simulator. Flags mean what
 * core/config_default.h says. */
#if defined(SNEK_POSIX_SMALL) && SNEK_POSIX_SMALL
/* posix-small (the Makefile sets SNEK_POSIX_SMALL): a small chip's sizes
 * and every choice the Uno makes, tested on the host with sanitizers
 * (4-byte granules: x86 wants values aligned; the AVR does not care). */
#define SNEK_LEN16 (1)
#define SNEK_GRANULE (4)
#define SNEK_VM_FAST_PATHS (0)
#define SNEK_SMALL_CODE (1)
#define SNEK_DICT_LINEAR (1)
#define SNEK_GC_FIRST_FIT (1)
#define SNEK_GC_COUNTS (0)
#define SNEK_GROW_SPARE (0)
#define SNEK_PRINT_CYCLES (0)
#define SNEK_CHAR_STRINGS (0)
#define SNEK_GLOBALS_DIRECT (0)
#define SNEK_GPIO_BYTE_LEVELS (1)
#define SNEK_STORAGE_STREAM (1)
#define SNEK_POOL_SIZE (1280)	/* heap and value stack, as on the Uno */
#define SNEK_STACK_SIZE (16)	/* kept for the stack; it grows into the heap */
#define SNEK_PARSE_STACK (96)
#define SNEK_COMP_STACK (32)
#define SNEK_INDENT_MAX (10)
#define SNEK_NEST_MAX (10)
#define SNEK_MARK_STACK (8)
#define SNEK_FORWARD_MAX (8)
#define SNEK_GC_TEMPS (6)
#else
/* Speed first: every fast path, hole lists by size, 8 MB of pool. */
#define SNEK_GRANULE (8)
#define SNEK_POOL_SIZE (8u * 1024 * 1024 - 64)
#define SNEK_STACK_SIZE (4096)	/* to start with: it grows into the pool */
#define SNEK_PARSE_STACK (4096)
#define SNEK_COMP_STACK (1024)
#define SNEK_INDENT_MAX (100)
#define SNEK_NEST_MAX (1000)
#define SNEK_MARK_STACK (4096)
#define SNEK_FORWARD_MAX (65536)
#define SNEK_GC_BINS (32)
#endif
#define SNEK_EXIT (1)
#define SNEK_CHECK_ONLY (1)
#if !defined(SNEK_COMPUTED_GOTO) && defined(__GNUC__)
#define SNEK_COMPUTED_GOTO (1)
#endif
#define SNEK_CONSOLE_RING (1024 * 1024)
/* A virtual board with every device: pins, motors, lights and sound. */
#define SNEK_GPIO (1)
#define SNEK_GPIO_PINS (20)
#define SNEK_NEOPIXEL (1)
#define SNEK_TONE (1)
#define SNEK_BOARD_PINS_AT_RUN_TIME (1)
#define SNEK_SAFE_START (1)
/* A host terminal echoes for itself; ^O turns our echo on. */
#define SNEK_CONSOLE_ECHO (0)
#define SNEK_POLL() do { extern void posix_poll(uint16_t); posix_poll(1); } while (0)
/* The VM calls posix_poll at every 64th backward jump or call, not at
 * each (a few percent of speed), and says how many it counted: virtual
 * time moves by each. ^C is still seen within a millisecond. */
#define SNEK_POLL_INTERVAL (64)
#define SNEK_POLL_VM() do { extern void posix_poll(uint16_t); posix_poll(SNEK_POLL_INTERVAL); } while (0)
#define HAL_RX_ANSWER(c) do { extern void posix_rx_answer(uint8_t); posix_rx_answer(c); } while (0)
