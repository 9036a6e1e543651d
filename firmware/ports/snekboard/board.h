/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The board's pins, from its table (boards/BOARD.def, chosen by the
 * build with -DSNEK_BOARD_DEF="boards/BOARD.def"). */
#ifndef SNEK_BOARD_H
#define SNEK_BOARD_H

#include <stdint.h>
#include <stdbool.h>
#include "usb_cdc.h"

enum pin_timer { TIMER_NONE, TIMER_TCC0, TIMER_TCC1, TIMER_TCC2, TIMER_TC3, TIMER_TC4, TIMER_TC5 };
#define NO_ADC 0xFF

/* One pin: where it is on the chip, its ADC input and PWM channel. */
struct pin {
	uint8_t group, bit;  /* PORT group (0 PA, 1 PB) and bit */
	uint8_t adc;         /* ADC input (AINn) or NO_ADC */
	uint8_t timer, cc;   /* enum pin_timer and its compare channel */
	uint8_t func;        /* the pin function giving that timer output */
};

extern const struct pin board_pins[];
extern const uint8_t board_npins;
extern const struct usb_identity board_usb;

/* Bind the pin names (A1, M1, ...) as globals: at every boot. */
void board_start(void);

/* The status LED: on while busy. */
void board_led(bool on);

/* Reset the chip through the watchdog (never returns). */
__attribute__((noreturn)) void samd21_reset(void);

/* The pins' hardware at start (pins.c): ports, timers, the ADC. */
void pins_init(void);

/* The CPU at 48 MHz (clock.c). */
void clock_init(void);

#endif
