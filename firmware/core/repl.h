/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The top level. */
#ifndef SNEK_REPL_H
#define SNEK_REPL_H

#include <stdint.h>
#include <stdbool.h>

/* Start with a fresh heap and no globals. */
void snek_init(void);

/* Boot as a board does: banner, the stored program, then the REPL. */
void snek_boot(void);

/* Set before snek_boot: that boot does not run the stored program (the
 * host's safe start); snek_boot clears it. */
#if SNEK_SAFE_START
extern bool snek_skip_stored;
#endif

enum snek_end { SNEK_DONE, SNEK_FAILED, SNEK_RESET };

/* Read and run statements to the end of input. At the console an error
 * is reported and reading goes on; running a file it ends the run. */
uint8_t snek_run(void);

#endif
