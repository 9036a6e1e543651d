/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The hardware layer each port provides. */
#ifndef SNEK_HAL_H
#define SNEK_HAL_H

#include <stdint.h>

/* Console output. */
void hal_putc(char c);
void hal_flush(void);

/* Error output: the console on boards, stderr when the host runs a file. */
void hal_err_putc(char c);

/* Next byte of program text, or -1 at the end. */
int hal_getc(void);

/* Next byte typed at the console, for input(); -1 at the end. */
int hal_input_getc(void);

/* Seconds since start, and sleeping. */
float hal_monotonic(void);
void hal_sleep(float seconds);

/* Leave the interpreter (host only). */
void hal_exit(int status);

#endif
