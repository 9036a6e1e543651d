/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pins on the SAMD21 (datasheet 23 PORT, 30 TC, 31 TCC, 33 ADC), as the
 * board's table (board.h) describes them.
 *
 *   output  a plain level, or PWM at 0 < level < 1 on pins with a timer
 *           channel: 8-bit, 48 MHz / 8 / 256 = 23.4 kHz (quiet for the
 *           motors); TCC0-2 and TC3-5 (8-bit mode) all alike
 *   input   digital pins start with their pull-up, analog ones with none
 *           (as the core's gpio module expects); pullup/pulldown/pullnone
 *           make the pin an input with that pull
 *   analog  read() on an ADC pin: 12 bits against VDDANA (reference
 *           VDDANA/2 at gain 1/2), as 0..1 */
#include "snek.h"
#include "samd21.h"
#include "board.h"

#define PWM_STEPS 256

static const uint32_t timer_base[] = {
	[TIMER_TCC0] = TCC0_BASE, [TIMER_TCC1] = TCC1_BASE, [TIMER_TCC2] = TCC2_BASE,
	[TIMER_TC3] = TC3_BASE,   [TIMER_TC4] = TC4_BASE,   [TIMER_TC5] = TC5_BASE,
};

static uint8_t pulls[SNEK_GPIO_PINS]; /* enum gpio_pull of each input */

static void tcc_init(uint32_t t)
{
	TCC_WAVE(t) = TCC_WAVE_NPWM;
	TCC_PER(t) = PWM_STEPS - 1;
	while (TCC_SYNCBUSY(t))
		;
	TCC_CTRLA(t) = TCC_CTRLA_PRESCALER_DIV8 | TCC_CTRLA_ENABLE;
	while (TCC_SYNCBUSY(t))
		;
}

static void tc_init(uint32_t t)
{
	TC_CTRLA(t) = TC_CTRLA_MODE_COUNT8 | TC_CTRLA_WAVEGEN_NPWM | TC_CTRLA_PRESCALER(3);
	while (TC_STATUS(t) & TC_STATUS_SYNCBUSY)
		;
	TC_COUNT8_PER(t) = PWM_STEPS - 1;
	while (TC_STATUS(t) & TC_STATUS_SYNCBUSY)
		;
	TC_CTRLA(t) |= TC_CTRLA_ENABLE;
	while (TC_STATUS(t) & TC_STATUS_SYNCBUSY)
		;
}

/* The ADC with its factory calibration (NVM bits 34:27 linearity, 37:35
 * bias). */
static void adc_init(void)
{
	uint32_t low = NVM_CALIB_LOW, high = NVM_CALIB_HIGH;
	uint16_t linearity = (uint16_t)((low >> 27) | (high & 0x7) << 5), bias = (high >> 3) & 0x7;

	GCLK_CLKCTRL = GCLK_CLKCTRL_ID(GCLK_ID_ADC) | GCLK_CLKCTRL_GEN(0) | GCLK_CLKCTRL_CLKEN;
	ADC_CALIB = (uint16_t)(linearity | bias << 8);
	ADC_REFCTRL = ADC_REFCTRL_INTVCC1;
	ADC_SAMPCTRL = 8; /* time for sensors behind a few kilohms */
	ADC_CTRLB = ADC_CTRLB_PRESCALER_DIV64 | ADC_CTRLB_RESSEL_12BIT;
	while (ADC_STATUS & ADC_STATUS_SYNCBUSY)
		;
	ADC_CTRLA = ADC_CTRLA_ENABLE;
	while (ADC_STATUS & ADC_STATUS_SYNCBUSY)
		;
}

static void pin_input(uint8_t n, uint8_t pull)
{
	const struct pin *p = &board_pins[n];

	PORT_DIRCLR(p->group) = 1u << p->bit;
	if (pull == PULL_UP)
		PORT_OUTSET(p->group) = 1u << p->bit;
	else
		PORT_OUTCLR(p->group) = 1u << p->bit;
	PORT_PINCFG(p->group, p->bit) = PORT_PINCFG_INEN | (pull == PULL_NONE ? 0 : PORT_PINCFG_PULLEN);
	pulls[n] = pull;
}

void pins_init(void)
{
	uint8_t n;

	PM_APBCMASK |= PM_APBCMASK_TCC0 | PM_APBCMASK_TCC1 | PM_APBCMASK_TCC2 | PM_APBCMASK_TC3 |
		       PM_APBCMASK_TC4 | PM_APBCMASK_TC5 | PM_APBCMASK_ADC;
	GCLK_CLKCTRL = GCLK_CLKCTRL_ID(GCLK_ID_TCC0_TCC1) | GCLK_CLKCTRL_GEN(0) | GCLK_CLKCTRL_CLKEN;
	GCLK_CLKCTRL = GCLK_CLKCTRL_ID(GCLK_ID_TCC2_TC3) | GCLK_CLKCTRL_GEN(0) | GCLK_CLKCTRL_CLKEN;
	GCLK_CLKCTRL = GCLK_CLKCTRL_ID(GCLK_ID_TC4_TC5) | GCLK_CLKCTRL_GEN(0) | GCLK_CLKCTRL_CLKEN;
	tcc_init(TCC0_BASE);
	tcc_init(TCC1_BASE);
	tcc_init(TCC2_BASE);
	tc_init(TC3_BASE);
	tc_init(TC4_BASE);
	adc_init();
	for (n = 0; n < board_npins; n++)
		pin_input(n, board_pins[n].adc == NO_ADC ? PULL_UP : PULL_NONE);
}

uint8_t hal_gpio_pins(void)
{
	return board_npins;
}

/* The pin to its timer's output at duty/256. */
static void pwm(const struct pin *p, uint32_t duty)
{
	uint32_t t = timer_base[p->timer];
	uint8_t mux = PORT_PMUX(p->group, p->bit);

	if (p->timer <= TIMER_TCC2) {
		TCC_CC(t, p->cc) = duty;
		while (TCC_SYNCBUSY(t))
			;
	} else {
		TC_COUNT8_CC(t, p->cc) = (uint8_t)duty;
		while (TC_STATUS(t) & TC_STATUS_SYNCBUSY)
			;
	}
	/* Odd pins take the high nibble of their pair's PMUX byte. */
	mux = (p->bit & 1) ? (uint8_t)((mux & 0x0F) | p->func << 4) : (uint8_t)((mux & 0xF0) | p->func);
	PORT_PMUX(p->group, p->bit) = mux;
	PORT_PINCFG(p->group, p->bit) = PORT_PINCFG_PMUXEN | PORT_PINCFG_DRVSTR;
}

void hal_gpio_write(uint8_t n, gpio_level_t level, bool on)
{
	const struct pin *p = &board_pins[n];
	uint32_t duty = on ? (uint32_t)(level * PWM_STEPS + 0.5f) : 0;

	if (p->timer != TIMER_NONE && duty > 0 && duty < PWM_STEPS) {
		pwm(p, duty);
	} else {
		if (duty)
			PORT_OUTSET(p->group) = 1u << p->bit;
		else
			PORT_OUTCLR(p->group) = 1u << p->bit;
		PORT_PINCFG(p->group, p->bit) = PORT_PINCFG_INEN | PORT_PINCFG_DRVSTR;
	}
	PORT_DIRSET(p->group) = 1u << p->bit;
}

static float adc_read(const struct pin *p)
{
	uint8_t mux = PORT_PMUX(p->group, p->bit), i;

	mux = (p->bit & 1) ? (uint8_t)((mux & 0x0F) | PORT_FUNC_B << 4) : (uint8_t)((mux & 0xF0) | PORT_FUNC_B);
	PORT_PMUX(p->group, p->bit) = mux;
	PORT_PINCFG(p->group, p->bit) |= PORT_PINCFG_PMUXEN;
	ADC_INPUTCTRL = p->adc | ADC_INPUTCTRL_MUXNEG_GND | ADC_INPUTCTRL_GAIN_DIV2;
	while (ADC_STATUS & ADC_STATUS_SYNCBUSY)
		;
	/* The first conversion after switching inputs settles the input
	 * stage: keep the second. */
	for (i = 0; i < 2; i++) {
		ADC_INTFLAG = ADC_INTFLAG_RESRDY;
		ADC_SWTRIG = ADC_SWTRIG_START;
		while (!(ADC_INTFLAG & ADC_INTFLAG_RESRDY))
			;
	}
	return (float)ADC_RESULT / 4095;
}

float hal_gpio_read(uint8_t n)
{
	const struct pin *p = &board_pins[n];

	pin_input(n, pulls[n]);
	if (p->adc != NO_ADC)
		return adc_read(p);
	return (PORT_IN(p->group) >> p->bit) & 1;
}

void hal_gpio_pull(uint8_t n, uint8_t pull)
{
	pin_input(n, pull);
}

#if !SNEK_TONE
/* No speaker: stopall() still asks for silence. */
void hal_tone(float hz)
{
	(void)hz;
}
#endif
