/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The gpio module. `talkto` picks a pin, or a (power, direction) pair for
 * a motor; every pin remembers its power level (default 1), so `off`
 * keeps it for the next `on`. */
#include "snek.h"

#if SNEK_GPIO
/* A power level from 0..1. */
#if SNEK_SMALL
#define LEVEL_FROM(f) ((uint8_t)((f) * 255 + 0.5f))
#else
#define LEVEL_FROM(f) (f)
#endif

static uint8_t power_pin, dir_pin;
static gpio_level_t level[SNEK_GPIO_PINS];
static uint8_t on_bits[(SNEK_GPIO_PINS + 7) / 8]; /* a bit per pin: on */

#define NO_PIN 0xFF

void gpio_init(void)
{
	uint8_t i;

	power_pin = dir_pin = NO_PIN;
	for (i = 0; i < SNEK_GPIO_PINS; i++)
		level[i] = GPIO_LEVEL_MAX;
	memset(on_bits, 0, sizeof on_bits);
}

/* The pin's bit in on_bits[pin / 8]. */
static uint8_t on_bit(uint8_t pin)
{
	return (uint8_t)(1 << (pin % 8));
}

static bool on_now(uint8_t pin)
{
	return on_bits[pin / 8] & on_bit(pin);
}

static uint8_t pin_of(value_t v)
{
	int32_t p = val_to_int(v);

	if (p < 0 || p >= hal_gpio_pins())
		err_invalid_value(v);
	return (uint8_t)p;
}

static uint8_t current(void)
{
	if (power_pin == NO_PIN)
		err_format("no pin: use talkto(pin) first");
	return power_pin;
}

static void set(uint8_t pin, bool on)
{
	uint8_t *b = &on_bits[pin / 8];

	*b = (uint8_t)(on ? *b | on_bit(pin) : *b & ~on_bit(pin));
	hal_gpio_write(pin, level[pin], on);
}

/* talkto(pin) or talkto((power, direction)) for a motor. */
value_t builtin_talkto(uint8_t nargs, value_t *args)
{
	snek_len_t n;
	value_t *pair;

	(void)nargs;
	dir_pin = NO_PIN;
	if (VAL_IS(args[0], TAG_TUPLE) || VAL_IS(args[0], TAG_LIST)) {
		/* Nothing here allocates: pair stays good. */
		pair = seq_items(args[0], &n);
		if (n != 2)
			err_invalid_value(args[0]);
		power_pin = pin_of(pair[0]);
		dir_pin = pin_of(pair[1]);
	} else {
		power_pin = pin_of(args[0]);
	}
	return VAL_NONE;
}

value_t builtin_setpower(uint8_t nargs, value_t *args)
{
	float p = val_to_num(args[0]);
	uint8_t pin = current();

	(void)nargs;
	level[pin] = LEVEL_FROM(p < 0 ? 0 : p > 1 ? 1 : p);
	set(pin, on_now(pin));
	return VAL_NONE;
}

/* setleft(), setright() */
value_t builtin_direction(uint8_t nargs, value_t *args)
{
	(void)nargs;
	current();
	if (dir_pin != NO_PIN)
		set(dir_pin, BUILTIN_NTH(direction) == 0);
	return VAL_NONE;
}

/* on(), off(), onfor(seconds) */
value_t builtin_on(uint8_t nargs, value_t *args)
{
	float s = nargs ? val_to_num(args[0]) : 0;
	uint8_t pin = current();

	set(pin, BUILTIN_NTH(on) != 1);
	if (nargs) {
		hal_flush();
		hal_sleep(s);
		set(pin, false);
	}
	return VAL_NONE;
}

value_t builtin_read(uint8_t nargs, value_t *args)
{
	(void)nargs;
	return val_from_num(hal_gpio_read(pin_of(args[0])));
}

/* pullnone(pin), pullup(pin), pulldown(pin) */
value_t builtin_pull(uint8_t nargs, value_t *args)
{
	(void)nargs;
	hal_gpio_pull(pin_of(args[0]), BUILTIN_NTH(pull));
	return VAL_NONE;
}

value_t builtin_stopall(uint8_t nargs, value_t *args)
{
	uint8_t i;

	(void)nargs;
	(void)args;
	for (i = 0; i < hal_gpio_pins(); i++)
		if (on_now(i))
			set(i, false);
	hal_tone(0);
	return VAL_NONE;
}
#endif

#if SNEK_NEOPIXEL
/* neopixel((r, g, b)) or neopixel([(r, g, b), ...]), levels 0..1. */
value_t builtin_neopixel(uint8_t nargs, value_t *args)
{
	uint8_t grb[3 * SNEK_NEOPIXEL_MAX];
	snek_len_t n = 1, i, k, parts;
	value_t pixel, *rgb;
	bool many = VAL_IS(args[0], TAG_LIST);
	float f;

	(void)nargs;
	if (many)
		seq_items(args[0], &n);
	if (n > SNEK_NEOPIXEL_MAX)
		err_invalid_value(args[0]);
	for (i = 0; i < n; i++) {
		pixel = many ? seq_items(args[0], &parts)[i] : args[0];
		if (!VAL_IS(pixel, TAG_TUPLE) && !VAL_IS(pixel, TAG_LIST))
			err_invalid_type(pixel);
		rgb = seq_items(pixel, &parts);
		if (parts != 3)
			err_invalid_value(pixel);
		for (k = 0; k < 3; k++) {
			f = val_to_num(rgb[k]);
			f = f < 0 ? 0 : f > 1 ? 1 : f;
			/* Wire order is green, red, blue. */
			grb[3 * i + (k == 0 ? 1 : k == 1 ? 0 : 2)] = (uint8_t)(f * 255 + 0.5f);
		}
	}
	hal_neopixel(grb, (uint16_t)n);
	return VAL_NONE;
}
#endif

#if SNEK_TONE
/* tone(hz), tonefor(hz, seconds) */
value_t builtin_tone(uint8_t nargs, value_t *args)
{
	hal_tone(val_to_num(args[0]));
	if (nargs == 2) {
		hal_flush();
		hal_sleep(val_to_num(args[1]));
		hal_tone(0);
	}
	return VAL_NONE;
}
#endif
