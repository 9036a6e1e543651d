/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The console: the serial protocol between the IDE and the REPL, shared by
 * every port (see docs/protocol.md). Ports hand each received byte to
 * console_rx (from their receive interrupt, or by polling) and the core
 * reads data bytes with console_getc. */
#ifndef SNEK_CONSOLE_H
#define SNEK_CONSOLE_H

#include <stdint.h>
#include <stdbool.h>

/* One byte, two roles: the host's ^C, and the board's ETX. */
#define CTRL_C 0x03   /* interrupt (from the host) */
#define CTRL_STX 0x02 /* before eeprom.show(1)'s text (from the board) */
#define CTRL_ETX 0x03 /* after it */
#define CTRL_D 0x04   /* ends eeprom.write() */
#define CTRL_ENQ 0x05 /* answered by ACK once all before it was read */
#define CTRL_ACK 0x06
#define CTRL_N 0x0E   /* raw mode: no echo */
#define CTRL_O 0x0F   /* echo on */
#define CTRL_DC4 0x14 /* echoed at once: autobaud ping */

/* console_getc's answer after ^C. */
#define CONSOLE_INTR (-3)

/* A byte arrived. ^C interrupts and empties the buffer, DC4 is echoed at
 * once; the rest waits for console_getc. Safe from an interrupt handler. */
void console_rx(uint8_t c);

/* Bytes console_rx can still take. Ports that can hold input back (the
 * host) read no more than this, so nothing is dropped. */
uint32_t console_room(void);

/* The next data byte: -1 at end of input, CONSOLE_INTR after ^C. Answers
 * ENQ, follows ^N/^O, echoes when echo is on. */
int16_t console_getc(void);

/* Raise the ^C interrupt if one is pending (after sleeps and builtins). */
void console_check_interrupt(void);

/* The same for long work outside the VM's loop (walks over nested values,
 * reset()): the port looks at its input first where it polls for ^C. */
#define CONSOLE_POLL() do { \
		SNEK_POLL(); \
		console_check_interrupt(); \
	} while (0)

/* At boot, before the stored program: wait SNEK_BOOT_WINDOW seconds for a
 * ^C. True if one came: the program is not to run (the ^C stays pending,
 * so the REPL answers it as any other). */
bool console_boot_window(void);

void console_init(void);

#endif
