/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The gpio module. `talkto` picks a pin, or a (power, direction) pair for
 * a motor; every pin remembers its power level (default 1), so `off`
 * keeps it for the next `on`. */
#include "snek.h"

#if SNEK_GPIO || SNEK_TONE
/* Flush, then wait: what onfor and tonefor do before stopping. */
static void gpio_wait(float seconds)
{
	hal_flush();
	hal_sleep(seconds);
}
#endif

#if (SNEK_GPIO && !SNEK_GPIO_BYTE_LEVELS) || SNEK_NEOPIXEL
/* A level from 0..1, clamped; nan is 1, as byte levels read it below. */
static float level_clamp(float f)
{
	return f < 0 ? 0 : f >= 0 && f <= 1 ? f : 1;
}
#endif

#if SNEK_GPIO
/* A power level from 0..1, clamped; nan is 1, as byte levels have it:
 * they clamp by the float's bits (no float compares): sign set is 0,
 * from 1.0 up (inf and nan too) 255. */
#if SNEK_GPIO_BYTE_LEVELS
static uint8_t level_from(float f)
{
	int32_t bits;

	memcpy(&bits, &f, sizeof bits);
	if (bits < 0)
		return 0;
	if (bits >= 0x3F800000) /* 1.0 */
		return 255;
	return (uint8_t)(f * 255 + 0.5f);
}
#else
#define level_from level_clamp
#endif

#define NO_PIN 0xFF

/* Byte levels are kept complemented, so every pin's state is
 * zero at start and a board that starts from a reset (bss cleared) need
 * not call gpio_init. Floats keep the level itself: exact. */
#if SNEK_GPIO_BYTE_LEVELS
#define LEVEL_KEPT(l) ((gpio_level_t)~(l)) /* both ways */
#else
#define LEVEL_KEPT(l) (l)
#endif

/* The pins talkto chose, kept complemented so that NO_PIN is zero: bss,
 * nothing to copy at start. */
#define PIN_KEPT(p) ((uint8_t)~(p)) /* both ways */
static uint8_t power_kept, dir_kept;
static gpio_level_t kept[SNEK_GPIO_PINS]; /* LEVEL_KEPT(level) */
static uint8_t on_bits[(SNEK_GPIO_PINS + 7) / 8]; /* a bit per pin: on */

void gpio_init(void)
{
	uint8_t i;

	power_kept = dir_kept = PIN_KEPT(NO_PIN);
	for (i = 0; i < SNEK_GPIO_PINS; i++)
		kept[i] = LEVEL_KEPT(GPIO_LEVEL_MAX);
	memset(on_bits, 0, sizeof on_bits);
}

#define ON_READ 2

/* The pin's on bit, written first unless on is ON_READ: one lookup for
 * both. */
__attribute__((noinline)) static bool on_bit(uint8_t pin, uint8_t on)
{
	uint8_t bit = (uint8_t)(1 << (pin % 8)), *b = &on_bits[pin / 8];

	if (on != ON_READ)
		*b = (uint8_t)(on ? *b | bit : *b & ~bit);
	return *b & bit;
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
	if (power_kept == PIN_KEPT(NO_PIN))
		err_format("no pin: use talkto(pin) first");
	return PIN_KEPT(power_kept);
}

static void set(uint8_t pin, bool on)
{
	on_bit(pin, on);
	hal_gpio_write(pin, LEVEL_KEPT(kept[pin]), on);
}

/* talkto(pin) or talkto((power, direction)) for a motor. */
static void talk_to(value_t v)
{
	snek_len_t n;
	value_t *pair;

	dir_kept = PIN_KEPT(NO_PIN);
	if ((uint8_t)(val_type(v) - TYPE_LIST) <= TYPE_TUPLE - TYPE_LIST) { /* a list or tuple */
		/* Nothing here allocates: pair stays good. */
		pair = seq_items(v, &n);
		if (n != 2)
			err_invalid_value(v);
		power_kept = PIN_KEPT(pin_of(pair[0]));
		dir_kept = PIN_KEPT(pin_of(pair[1]));
	} else {
		power_kept = PIN_KEPT(pin_of(v));
	}
}

/* The C entries of every gpio built-in (builtins.def): builtin_talkto,
 * builtin_setpower, builtin_setleft, builtin_setright, builtin_on,
 * builtin_off, builtin_onfor, builtin_read, builtin_pullnone,
 * builtin_pullup, builtin_pulldown and builtin_stopall are this one
 * function, switching on the called name: they share their checks and
 * one way out (each C function costs its own entry and exit). */
value_t builtin_gpio(uint8_t nargs, value_t *args)
{
	uint8_t id = BUILTIN_CALLED(), pin;
	bool on;
	gpio_level_t l = 0;
	float f;

	switch (id) {
	case BUILTIN_talkto:
		talk_to(args[0]);
		break;
	case BUILTIN_read:
	case BUILTIN_pullnone:
	case BUILTIN_pullup:
	case BUILTIN_pulldown:
		pin = pin_of(args[0]);
		if (id == BUILTIN_read)
			return val_from_num(hal_gpio_read(pin));
		hal_gpio_pull(pin, (uint8_t)(id - BUILTIN_pullnone));
		break;
	case BUILTIN_stopall:
		for (pin = 0; pin < hal_gpio_pins(); pin++)
			if (on_bit(pin, ON_READ))
				set(pin, false);
		hal_tone(0);
		break;
	default:
		/* The power pin's: setpower(p), setleft(), setright(), on(),
		 * off(), onfor(seconds); the argument is checked first (and
		 * read again when needed: no float is kept across calls). */
		if (nargs) {
			f = builtin_arg_num(args);
			if (id == BUILTIN_setpower)
				l = level_from(f);
		}
		pin = current();
		on = id != BUILTIN_off;
		if (id == BUILTIN_setpower) {
			kept[pin] = LEVEL_KEPT(l);
			on = on_bit(pin, ON_READ);
		} else if (id == BUILTIN_setleft || id == BUILTIN_setright) {
			if (dir_kept == PIN_KEPT(NO_PIN))
				break;
			pin = PIN_KEPT(dir_kept);
			on = id == BUILTIN_setleft;
		}
		set(pin, on);
		if (id == BUILTIN_onfor) {
			gpio_wait(builtin_arg_num(args));
			set(pin, false);
		}
	}
	return builtin_none();
}
BUILTIN_SHARES(talkto, gpio);
BUILTIN_SHARES(setpower, gpio);
BUILTIN_SHARES(setleft, gpio);
BUILTIN_SHARES(setright, gpio);
BUILTIN_SHARES(on, gpio);
BUILTIN_SHARES(off, gpio);
BUILTIN_SHARES(onfor, gpio);
BUILTIN_SHARES(read, gpio);
BUILTIN_SHARES(pullnone, gpio);
BUILTIN_SHARES(pullup, gpio);
BUILTIN_SHARES(pulldown, gpio);
BUILTIN_SHARES(stopall, gpio);
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
			f = level_clamp(val_to_num(rgb[k]));
			/* Wire order is green, red, blue. */
			grb[3 * i + (k == 0 ? 1 : k == 1 ? 0 : 2)] = (uint8_t)(f * 255 + 0.5f);
		}
	}
	hal_neopixel(grb, (uint16_t)n);
	return builtin_none();
}
#endif

#if SNEK_TONE
/* The C entries builtin_tone and builtin_tonefor, one body: tone(hz),
 * tonefor(hz, seconds). */
value_t builtin_tone(uint8_t nargs, value_t *args)
{
	hal_tone(builtin_arg_num(args));
	if (nargs == 2) {
		gpio_wait(builtin_arg_num(&args[1]));
		hal_tone(0);
	}
	return builtin_none();
}
BUILTIN_SHARES(tonefor, tone);
#endif
