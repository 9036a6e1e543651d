/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pins of the Uno: D0-D7 are PD0-7, D8-D13 PB0-5, A0-A5 (14-19) PC0-5.
 *
 *   PWM   D5 D6 on timer0 (which is also the tick), D9 D10 on timer1,
 *         D3 D11 on timer2: fast PWM at clock / 64 (976 Hz), as analogWrite.
 *   ADC   A0-A5 read 0..1 against AVCC (5 V).
 *   tone  D11, timer2 toggling OC2A in CTC mode: while a tone plays, D3
 *         and D11 are plain digital pins (timer2 is busy).
 *   pulls D2-D13 start with their pull-up, A0-A5 without; no pull-downs.
 * D0 and D1 are the serial line: writing them cuts the console off. */
#include "snek.h"
#include "uno.h"
#include <math.h>

#define NPINS 20
#define FIRST_ANALOG 14

/* A tone plays: timer2 toggles OC2A (its PWM never sets COM2A0). */
#define tone_on (TCCR2A & _BV(COM2A0))

/* The pin's PORTx (PINx and DDRx sit just below it) and its bit there,
 * one lookup for writing, reading and pulls: the data address in the low
 * byte, the bit in the high byte (a register pair, no memory between). */
#define MEM(addr) (*(volatile uint8_t *)(uint16_t)(addr))
#define PORT_OF(r) (&MEM((uint8_t)(r)))
#define BIT_OF(r) ((uint8_t)((r) >> 8))
__attribute__((noinline)) static uint16_t pin_reg(uint8_t pin)
{
	uint8_t port = (uint8_t)_SFR_MEM_ADDR(PORTD);

	if (pin >= 8) {
		pin -= 8;
		port = (uint8_t)_SFR_MEM_ADDR(PORTB);
		if (pin >= FIRST_ANALOG - 8) {
			pin -= FIRST_ANALOG - 8;
			port = (uint8_t)_SFR_MEM_ADDR(PORTC);
		}
	}
	return (uint16_t)((1 << pin) << 8 | port);
}

/* The PWM pins: their timer's control register, compare register (data
 * addresses, all below 0x100) and COMnx1 bit (clear on match, set at
 * bottom), in flash. */
struct pwm {
	uint8_t pin, tccr, ocr, com;
};
_Static_assert(sizeof(struct pwm) == 4, "pwm_set reads an entry as a dword");
#define REG(r) ((uint8_t)_SFR_MEM_ADDR(r))
static const struct pwm pwms[] PROGMEM = {
	{ 3, REG(TCCR2A), REG(OCR2B), _BV(COM2B1) },
	{ 5, REG(TCCR0A), REG(OCR0B), _BV(COM0B1) },
	{ 6, REG(TCCR0A), REG(OCR0A), _BV(COM0A1) },
	{ 9, REG(TCCR1A), REG(OCR1AL), _BV(COM1A1) },
	{ 10, REG(TCCR1A), REG(OCR1BL), _BV(COM1B1) },
	{ 11, REG(TCCR2A), REG(OCR2A), _BV(COM2A1) },
};

/* PWM at duty on the pin, or (duty 0 or 255, or no PWM there) its PWM
 * off: false when the pin is to be driven as a plain one. Each entry is
 * read whole, four bytes in one register quad. */
static bool pwm_set(uint8_t pin, uint8_t duty)
{
	const struct pwm *p;
	struct pwm e;
	uint32_t word;
	volatile uint8_t *tccr;

	if (tone_on && (pin == 3 || pin == 11))
		return false; /* timer2 plays a tone */
	for (p = pwms;; p++) {
		if (p == pwms + sizeof pwms / sizeof pwms[0])
			return false;
		word = pgm_read_dword(p);
		memcpy(&e, &word, sizeof e);
		if (e.pin == pin)
			break;
	}
	tccr = &MEM(e.tccr);
	if (duty > 0 && duty < 255) {
		MEM(e.ocr) = duty;
		*tccr |= e.com;
		return true;
	}
	*tccr &= (uint8_t)~e.com;
	return false;
}

uint8_t hal_gpio_pins(void)
{
	return NPINS;
}

void hal_gpio_write(uint8_t pin, uint8_t level, bool on)
{
	uint8_t duty = on ? level : 0;
	uint16_t r = pin_reg(pin);
	volatile uint8_t *port = PORT_OF(r);
	uint8_t bit = BIT_OF(r);

	if (!pwm_set(pin, duty)) {
		if (duty)
			*port |= bit;
		else
			*port &= (uint8_t)~bit;
	}
	port[-1] |= bit; /* DDR: an output */
}

static float adc_read(uint8_t channel)
{
	ADMUX = _BV(REFS0) | channel; /* against AVCC */
	ADCSRA = _BV(ADEN) | _BV(ADSC) | _BV(ADPS2) | _BV(ADPS1) | _BV(ADPS0);
	while (ADCSRA & _BV(ADSC))
		;
	return (float)ADC / 1023;
}

float hal_gpio_read(uint8_t pin)
{
	uint16_t r;

	if (pin >= FIRST_ANALOG)
		return adc_read((uint8_t)(pin - FIRST_ANALOG));
	r = pin_reg(pin);
	return (PORT_OF(r)[-2] & BIT_OF(r)) ? 1 : 0; /* PINx */
}

void hal_gpio_pull(uint8_t pin, uint8_t pull)
{
	uint16_t r = pin_reg(pin);
	volatile uint8_t *port = PORT_OF(r);
	uint8_t bit = BIT_OF(r);

	if (pull == PULL_DOWN)
		err_format("no pull-down on this board");
	pwm_set(pin, 0);
	port[-1] &= (uint8_t)~bit; /* DDR: an input */
	if (pull == PULL_UP)
		*port |= bit;
	else
		*port &= (uint8_t)~bit;
}

/* Timer2 clock dividers, as shifts from one to the next, and their CS2
 * bits (1 + the index): the first whose compare value fits 8 bits gives
 * the finest pitch. */
static const uint8_t tone_step[] PROGMEM = { 0, 3, 2, 1, 1, 1, 2 };

void hal_tone(float hz)
{
	float half; /* timer clocks per half period */
	uint8_t cs;

	if (!(hz > 0)) {
		if (tone_on) {
			regs_load(REGS_TIMERS);
			PORTB &= (uint8_t)~_BV(PB3);
		}
		return;
	}
	half = (float)(F_CPU / 2) / hz; /* F_CPU / (2 * hz), one rounding */
	for (cs = 0;; cs++) {
		/* Scaling by a power of two (ldexpf) is exact: the same as
		 * dividing F_CPU by the whole divider at once. */
		half = ldexpf(half, -pgm_read_byte(&tone_step[cs]));
		if (half <= 256)
			break;
		if (cs == sizeof tone_step - 1) {
			half = 256; /* below 31 Hz: the lowest it plays */
			break;
		}
	}
	TCCR2A = _BV(COM2A0) | _BV(WGM21); /* CTC, toggle D11 on each match */
	/* Rounded, less one; below one clock, half - 0.5 truncates to 0. */
	OCR2A = (uint8_t)(half - 0.5f);
	TCCR2B = (uint8_t)(cs + 1);
	DDRB |= _BV(PB3);
}
