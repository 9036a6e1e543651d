/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Arduino Uno / Duemilanove (ATmega328P: 32 KB flash, 2 KB RAM, 1 KB EEPROM).
 * The port itself is not written yet: `make uno-size` compiles the core with
 * these settings and a stub hardware layer to measure what it costs. */
#define SNEK_SMALL (1)
#define SNEK_POOL_SIZE (1100)
#define SNEK_STACK_SIZE (48)
#define SNEK_PARSE_STACK (64)
#define SNEK_COMP_STACK (24)
#define SNEK_INDENT_MAX (8)
#define SNEK_NEST_MAX (8)
#define SNEK_MARK_STACK (8)
#define SNEK_FORWARD_MAX (8)
#define SNEK_GC_BINS (6)
#define SNEK_CONSOLE_RING (32)
#define SNEK_GPIO (1)
#define SNEK_GPIO_PINS (20)
#define SNEK_TONE (1)
#define SNEK_MATH (1)
#define SNEK_RANDOM (1)
#define SNEK_INPUT (1)
#define SNEK_EXIT (0)
#define SNEK_MATH_FULL (0)
