/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The hardware layer each port provides. */
#ifndef SNEK_HAL_H
#define SNEK_HAL_H

#include <stdint.h>
#include <stdbool.h>

/* Console output. */
void hal_putc(char c);
void hal_flush(void);

/* HAL_RX_ANSWER(c) answers the host from the console's receive
 * interrupt (config_default.h). */

/* Error output: the console on boards, stderr when the host runs a file. */
void hal_err_putc(char c);

/* Block until a console byte has been handed to console_rx; false at
 * the end of input. */
bool hal_console_wait(void);

/* Program storage: size in bytes, read one byte, and replace the stored
 * program with len bytes followed by 0xFF (the caller checks the size). */
uint16_t hal_storage_size(void);
uint8_t hal_storage_read(uint16_t addr);
void hal_storage_write(const uint8_t *data, uint16_t len);

/* Write one byte of program storage: with SNEK_STORAGE_STREAM the upload
 * is stored byte by byte as it arrives. */
void hal_storage_put(uint16_t addr, uint8_t byte);

/* Program text from a host file (ports without files return -1). */
int hal_file_getc(void);

/* Seconds since start, and sleeping (none for zero, negative or nan
 * seconds). */
float hal_monotonic(void);
void hal_sleep(float seconds);

/* Leave the interpreter (host only). */
void hal_exit(int status);

/* reset(): restart as at power-up. Boards reset the chip and never come
 * back; the host returns and the core unwinds to the port's boot loop. */
void hal_reset(void);

#endif
