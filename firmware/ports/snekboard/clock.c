/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Clocks: the CPU at 48 MHz from the DFLL, closed loop on USB's 1 kHz
 * start-of-frame (the "crystalless" set-up: no crystal needed, and USB
 * needs 48 MHz within 0.25 %, which SOF recovery keeps). Until the host
 * sends frames the DFLL runs from its factory calibration. */
#include "samd21.h"
#include "board.h"

static void dfll_wait(void)
{
	while (!(SYSCTRL_PCLKSR & SYSCTRL_PCLKSR_DFLLRDY))
		;
}

void clock_init(void)
{
	uint32_t coarse = NVM_CALIB_HIGH >> 26 & 0x3F; /* NVM calibration bits 63:58 */

	/* One flash wait state at 48 MHz; page writes only on command. */
	NVMCTRL_CTRLB = NVMCTRL_CTRLB_RWS(1) | NVMCTRL_CTRLB_MANW;
	/* Errata: the DFLL must be enabled with ONDEMAND clear before its
	 * other registers are written. */
	SYSCTRL_DFLLCTRL = SYSCTRL_DFLLCTRL_ENABLE;
	dfll_wait();
	if (coarse == 0x3F)
		coarse = 0x1F;
	SYSCTRL_DFLLVAL = SYSCTRL_DFLLVAL_COARSE(coarse) | SYSCTRL_DFLLVAL_FINE(512);
	dfll_wait();
	/* 48 MHz = 48,000 times the 1 kHz start-of-frame; small steps. */
	SYSCTRL_DFLLMUL = SYSCTRL_DFLLMUL_MUL(48000) | SYSCTRL_DFLLMUL_FSTEP(10) | SYSCTRL_DFLLMUL_CSTEP(7);
	dfll_wait();
	SYSCTRL_DFLLCTRL = SYSCTRL_DFLLCTRL_ENABLE | SYSCTRL_DFLLCTRL_MODE | SYSCTRL_DFLLCTRL_USBCRM |
			   SYSCTRL_DFLLCTRL_CCDIS | SYSCTRL_DFLLCTRL_BPLCKC;
	dfll_wait();
	/* Generator 0 (the CPU and buses, USB, timers, ADC) from the DFLL. */
	GCLK_GENDIV = GCLK_GENDIV_ID(0) | GCLK_GENDIV_DIV(1);
	while (GCLK_STATUS & GCLK_STATUS_SYNCBUSY)
		;
	GCLK_GENCTRL = GCLK_GENCTRL_ID(0) | GCLK_GENCTRL_SRC(GCLK_SRC_DFLL48M) | GCLK_GENCTRL_GENEN |
		       GCLK_GENCTRL_IDC;
	while (GCLK_STATUS & GCLK_STATUS_SYNCBUSY)
		;
}

/* reset(): the watchdog, clocked from generator 2 (the ultra-low-power
 * 32 kHz oscillator), enabled and then fed a wrong key, which resets the
 * chip at once (18.6.2.3). */
void samd21_reset(void)
{
	arm_irq_disable();
	GCLK_GENDIV = GCLK_GENDIV_ID(2) | GCLK_GENDIV_DIV(4);
	while (GCLK_STATUS & GCLK_STATUS_SYNCBUSY)
		;
	GCLK_GENCTRL = GCLK_GENCTRL_ID(2) | GCLK_GENCTRL_SRC(GCLK_SRC_OSCULP32K) | GCLK_GENCTRL_GENEN |
		       GCLK_GENCTRL_DIVSEL;
	while (GCLK_STATUS & GCLK_STATUS_SYNCBUSY)
		;
	GCLK_CLKCTRL = GCLK_CLKCTRL_ID(GCLK_ID_WDT) | GCLK_CLKCTRL_GEN(2) | GCLK_CLKCTRL_CLKEN;
	WDT_CONFIG = 0; /* the shortest period: 8 clocks */
	WDT_CTRL = WDT_CTRL_ENABLE;
	while (WDT_STATUS & WDT_STATUS_SYNCBUSY)
		;
	WDT_CLEAR = 0; /* not the key 0xA5 */
	for (;;)
		;
}
