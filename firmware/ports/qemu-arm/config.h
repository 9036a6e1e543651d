/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Snekboard's core on QEMU's micro:bit (a Cortex-M0): the same
 * sizes and language (core-config.h, with the Snekboard's pool, which the
 * build passes in), no pins. `snek-qemu FILE` stands in for `snek FILE`,
 * so it behaves as the host does: exit() is there, and the console does
 * not echo until ^O (a terminal echoes for itself). */
#include "core-config.h"

#define ARM_CPU_HZ 16000000u /* the micro:bit's 16 MHz clock */
#define SNEK_EXIT (1)
#define SNEK_GPIO (0)
#define SNEK_CONSOLE_ECHO (0)
/* The stored program: a RAM image of up to this many bytes, kept in the
 * host file --eeprom names. */
#define QEMU_STORAGE_MAX (16 * 1024)
