/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tone() on the board's speaker, if its table has a TONE row (the Circuit
 * Playground Express): TC5 interrupts at twice the frequency and the
 * interrupt flips the speaker's pin (tone_timer.h); the amplifier's
 * enable line is high only while a tone plays. Boards with no speaker
 * have nothing to do: stopall() still asks for silence. */
#include "snek.h"
#include "samd21.h"
#include "cortex_m.h"
#include "board.h"
#include "tone_timer.h"

static const struct {
	uint8_t present, pin, enable_group, enable_bit;
} speaker = {
#include "boards/rows.h"
#undef TONE
#define TONE(n, eport, ebit) 1, n, PORT_##eport, ebit
#include SNEK_BOARD_DEF
};

/* Playing: the speaker's pin is ours until silence gives it back. */
static bool playing;

static void tc5_sync(void)
{
	while (TC_STATUS(TC5_BASE) & TC_STATUS_SYNCBUSY)
		;
}

void tone_isr(void)
{
	const struct pin *p = &board_pins[speaker.pin];

	TC_INTFLAG(TC5_BASE) = TC_INT_MC0;
	PORT_OUTTGL(p->group) = 1u << p->bit;
}

void hal_tone(float hz)
{
	struct tone_timer t = tone_timer(hz, ARM_CPU_HZ);
	const struct pin *p = &board_pins[speaker.pin];

	if (!speaker.present)
		return;
	PORT_OUTCLR(speaker.enable_group) = 1u << speaker.enable_bit;
	PORT_DIRSET(speaker.enable_group) = 1u << speaker.enable_bit;
	if (!t.on && !playing)
		return; /* the pin may be the program's (A0): leave it be */
	NVIC_ICER = 1u << IRQ_TC5;
	TC_CTRLA(TC5_BASE) = 0;
	tc5_sync();
	PORT_OUTCLR(p->group) = 1u << p->bit;
	playing = t.on;
	if (!t.on)
		return;
	/* A plain output: the pin's own PMUX (ADC, PWM) off. */
	PORT_PINCFG(p->group, p->bit) = PORT_PINCFG_INEN | PORT_PINCFG_DRVSTR;
	PORT_DIRSET(p->group) = 1u << p->bit;
	PORT_OUTSET(speaker.enable_group) = 1u << speaker.enable_bit;
	TC_CTRLA(TC5_BASE) = TC_CTRLA_MODE_COUNT16 | TC_CTRLA_WAVEGEN_MFRQ |
			     TC_CTRLA_PRESCALER(t.prescaler);
	tc5_sync();
	TC_COUNT16_CC(TC5_BASE, 0) = t.top;
	tc5_sync();
	TC_INTFLAG(TC5_BASE) = TC_INT_MC0;
	TC_INTENSET(TC5_BASE) = TC_INT_MC0;
	NVIC_ISER = 1u << IRQ_TC5;
	TC_CTRLA(TC5_BASE) |= TC_CTRLA_ENABLE;
	tc5_sync();
}
