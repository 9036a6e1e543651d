/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Snekboard and the other SAMD21 boards (boards/BOARD.def, chosen by
 * the build): the core of core-config.h and the board's devices. */
#include "core-config.h"

#define ARM_CPU_HZ 48000000u

/* Pins, motors and pixels, as each board's table says. Names are bound
 * when the board starts (board.c), from that table: one name list in
 * the core for every board, and the host simulator's Snekboard reads
 * the same table. No board here has a speaker: no tone(). */
#define SNEK_GPIO (1)
#define SNEK_GPIO_PINS (32)
#define SNEK_NEOPIXEL (1)
#ifndef SNEK_TONE
#define SNEK_TONE (0)
#endif
#define SNEK_BOARD_PINS_AT_RUN_TIME (1)
/* USB holds the host back itself (an OUT packet waits in its endpoint
 * until there is room): no XON/XOFF, which a binary-clean USB serial line
 * should not carry. Output newlines are plain LF, as the host's. */
#define SNEK_CONSOLE_XONXOFF (0)
#define SNEK_EXIT (0)
/* The receive path answers from the USB interrupt: queue, never wait
 * (usb_samd21.c; declared in port.h). */
#define HAL_RX_ANSWER(c) usb_serial_answer((uint8_t)(c))
/* Every millisecond: go on with input the console had no room for. */
#define ARM_TICK_HOOK() usb_tick()
