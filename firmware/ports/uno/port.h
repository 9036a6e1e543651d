/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The ATmega328P keeps tables and string literals in flash, and its
 * console ring is filled by the UART's receive interrupt. */
#include <avr/pgmspace.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#define SNEK_ROM PROGMEM
#define PARSE_ROM PROGMEM
#define SNEK_ROM_BYTE(p) pgm_read_byte(p)
#define SNEK_ROM_WORD(p) pgm_read_word(p)
#define SNEK_ROM_PTR(p) ((void *)pgm_read_word(p))
#define SNEK_ROM_FLOAT(p) pgm_read_float(p)
#define ROM_STR(s) PSTR(s)
#define SNEK_ATOMIC_BEGIN() uint8_t snek_sreg_ = SREG; cli()
#define SNEK_ATOMIC_END() SREG = snek_sreg_
/* console_rx answers from the receive interrupt, which holds the others
 * off: wait for room and write, no call (fewer registers to save). */
#define HAL_RX_ANSWER(c) do { \
		loop_until_bit_is_set(UCSR0A, UDRE0); \
		UDR0 = (c); \
	} while (0)
#include "mathf.h"
/* err_try and err_throw are in unwind.c; what err_try runs need not
 * keep the registers, which err_try restores itself. */
#define SNEK_PORT_UNWIND 1
#define ERR_TRY_BODY __attribute__((OS_task))
