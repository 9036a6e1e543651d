/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The top level. */
#ifndef SNEK_REPL_H
#define SNEK_REPL_H

/* Start with a fresh heap and no globals. */
void snek_init(void);

/* Read and run statements to the end of input. With console input an
 * error is reported and reading goes on; otherwise it returns false. */
bool snek_run(void);

#endif
