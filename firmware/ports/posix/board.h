/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host's virtual boards. */
#ifndef SNEK_BOARD_H
#define SNEK_BOARD_H

#include <stdbool.h>
#include <stdint.h>

/* "uno" or "snekboard"; false for anything else. */
bool board_select(const char *name);

/* Report outputs and take inputs on this file descriptor. */
void board_set_io_fd(int fd);

/* After each boot: bind pin names, describe the board. */
void board_start(void);

/* Take input values waiting on the side channel. */
void board_poll(void);

/* The side channel (-1 when there is none, or it closed), and a line to
 * send on it now. */
int board_io_fd(void);
void board_send(const char *line);

/* The value of "key" (with its quotes) in a side channel line: a JSON
 * number, finite; or a whole number, digits only. False if the line has
 * none, or what follows the key is not that, all of it. */
bool board_json_number(const char *line, const char *key, double *number);
bool board_json_whole(const char *line, const char *key, uint64_t *number);

#endif
