/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The board's table (boards/BOARD.def) turned into C: the pins' hardware,
 * the USB identity, the names bound at boot and the status LED. */
#include "snek.h"
#include "samd21.h"
#include "board.h"

#define PORT_A 0
#define PORT_B 1
#define FUNC_0 0
#define FUNC_E PORT_FUNC_E
#define FUNC_F PORT_FUNC_F

#include "boards/rows.h"
#undef BOARD
#define BOARD(id, product, vid, pid) \
	const struct usb_identity board_usb = { vid, pid, "snekide", product };
#include SNEK_BOARD_DEF

/* Rows in order of their pin numbers: test_pins.py checks it. */
const struct pin board_pins[] = {
#include "boards/rows.h"
#undef ANALOG
#undef DIGITAL
#define ANALOG(n, port, bit, ain, timer, cc, func) \
	{ PORT_##port, bit, ain, TIMER_##timer, cc, FUNC_##func },
#define DIGITAL(n, port, bit, timer, cc, func) \
	{ PORT_##port, bit, NO_ADC, TIMER_##timer, cc, FUNC_##func },
#include SNEK_BOARD_DEF
};
const uint8_t board_npins = sizeof board_pins / sizeof board_pins[0];
_Static_assert(sizeof board_pins / sizeof board_pins[0] <= SNEK_GPIO_PINS, "SNEK_GPIO_PINS");

/* A name: one pin, or a motor's (power, direction) pair. */
#define SINGLE 0xFF
struct pin_name {
	uint16_t name;
	uint8_t pin, direction; /* direction SINGLE: a plain pin */
};

static const struct pin_name names[] = {
#include "boards/rows.h"
#undef NAME
#undef MOTOR
#define NAME(name, n) { NAME_##name, n, SINGLE },
#define MOTOR(name, power, direction) { NAME_##name, power, direction },
#include SNEK_BOARD_DEF
};

void board_start(void)
{
	const struct pin_name *p;
	value_t v;
	snek_len_t n;

	for (p = names; p < names + sizeof names / sizeof names[0]; p++) {
		v = val_from_num(p->pin);
		if (p->direction != SINGLE) {
			v = tuple_new(2);
			seq_items(v, &n)[0] = val_from_num(p->pin);
			seq_items(v, &n)[1] = val_from_num(p->direction);
		}
		global_set(p->name, v);
	}
	gpio_init();
}

/* The status LED, if the board has one. */
static const struct {
	uint8_t present, group, bit;
} led = {
#include "boards/rows.h"
#undef STATUS_LED
#define STATUS_LED(port, bit) 1, PORT_##port, bit
#include SNEK_BOARD_DEF
};

void board_led(bool on)
{
	if (!led.present)
		return;
	if (on)
		PORT_OUTSET(led.group) = 1u << led.bit;
	else
		PORT_OUTCLR(led.group) = 1u << led.bit;
	PORT_DIRSET(led.group) = 1u << led.bit;
}
